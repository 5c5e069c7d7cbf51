// End-to-end tests of the built ir-trace binary: exit codes, the one-line messages, atomic writes,
// determinism and the file mode.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "driver/convert.h"
#include "test_util.h"

#ifndef IRTRACE_BINARY
#error "IRTRACE_BINARY must name the built ir-trace binary"
#endif

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::ReadFile;
using test::Run;
using test::RunResult;
using test::ShellQuote;
using test::SplitLines;
using test::TempDir;
using test::WriteFile;

const std::string kBin = ShellQuote(IRTRACE_BINARY);

// A small valid dump: frontend, a changing pass, a no-op pass.
void WriteSmallDump(const std::string& dir) {
  WriteFile(dir + "/00_frontend.py", "import pl\n\ndef f(a, b):\n    x = pl.add(a, b)\n    return x\n");
  WriteFile(dir + "/01_after_ConvertToSSA.py",
            "import pl\n\ndef f(a_0, b_0):\n    x_0 = pl.add(a_0, b_0)\n    return x_0\n");
  WriteFile(dir + "/02_after_RunVerifier.py",
            "import pl\n\ndef f(a_0, b_0):\n    x_0 = pl.add(a_0, b_0)\n    return x_0\n");
}

// Files in `dir` whose names start with '.' (temporary files are ".<name>.tmp-XXXXXX").
std::vector<std::string> DotFiles(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    std::string n = e.path().filename().string();
    if (!n.empty() && n[0] == '.') out.push_back(n);
  }
  return out;
}

// Exactly one line on stderr starting "ir-trace: error: ", nothing on stdout.
void CheckOneErrorLine(const RunResult& r) {
  INFO("stderr: " << r.err);
  std::vector<std::string> lines = SplitLines(r.err);
  REQUIRE(lines.size() == 1);
  CHECK_THAT(lines[0], Catch::StartsWith("ir-trace: error: "));
  CHECK(r.err.back() == '\n');
  CHECK(r.out.empty());
}

TEST_CASE("cli: success prints one summary line and exits 0", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "passes_dump");
  std::string out = t / "report.html";
  RunResult r = Run(kBin + " " + ShellQuote(t / "passes_dump") + " -o " + ShellQuote(out));
  CHECK(r.exit_code == 0);
  CHECK(r.err == "wrote " + out + ": 2 passes, 1 changed, 0 warnings\n");
  CHECK(r.out.empty());
  std::string html = ReadFile(out);
  CHECK_THAT(html, Catch::StartsWith("<!DOCTYPE html>") || Catch::StartsWith("<!doctype html>"));
  CHECK_THAT(html, Catch::Contains("<title>"));
  CHECK_THAT(html, Catch::Contains("passes_dump"));
  CHECK(DotFiles(t.path()).empty());
}

TEST_CASE("cli: the summary counts one pass warnings and codegen", "[cli]") {
  TempDir t;
  std::string dump = t / "d";
  WriteFile(dump + "/00_frontend.py", "a = 1\n");
  WriteFile(dump + "/01_after_A.py", "a = 2\n");
  SECTION("one pass, no warning") {
    RunResult r = Run(kBin + " d -o r.html", t.path());
    CHECK(r.exit_code == 0);
    CHECK(r.err == "wrote r.html: 1 pass, 1 changed, 0 warnings\n");
  }
  SECTION("a .log without error: is one warning") {
    WriteFile(dump + "/01_after_A.log", "warning: something odd\n");
    RunResult r = Run(kBin + " d -o r.html", t.path());
    CHECK(r.exit_code == 0);
    CHECK(r.err == "wrote r.html: 1 pass, 1 changed, 1 warning\n");
  }
  SECTION("invalid UTF-8 is a warning, never a failure") {
    WriteFile(dump + "/01_after_A.py", "a = '\xFF'\n");
    RunResult r = Run(kBin + " d -o r.html", t.path());
    CHECK(r.exit_code == 0);
    CHECK(r.err == "wrote r.html: 1 pass, 1 changed, 1 warning\n");
  }
  SECTION("codegen files are counted") {
    WriteFile(dump + "/codegen_device_k.cpp", "void k() {}\n");
    WriteFile(dump + "/codegen_host_k.cpp", "int main() { return 0; }\n");
    RunResult r = Run(kBin + " d -o r.html", t.path());
    CHECK(r.exit_code == 0);
    CHECK(r.err == "wrote r.html: 1 pass, 1 changed, 2 codegen, 0 warnings\n");
  }
}

TEST_CASE("cli: a .log with error: marks the pass failed in the summary", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  WriteFile(t / "dump/02_after_RunVerifier.log", "note: checking\nerror: verifier failed on f\n");
  RunResult r = Run(kBin + " dump -o out.html", t.path());
  CHECK(r.exit_code == 0);
  CHECK(r.err == "wrote out.html: 2 passes, 1 changed, 1 failed, 0 warnings\n");
}

TEST_CASE("cli: -q prints nothing on success - -v adds diagnostics", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  RunResult q = Run(kBin + " -q dump -o out.html", t.path());
  CHECK(q.exit_code == 0);
  CHECK(q.err.empty());
  CHECK(q.out.empty());
  CHECK(fs::exists(t / "out.html"));

  WriteFile(t / "dump/notes.txt", "ignored\n");
  RunResult v = Run(kBin + " -v dump -o out2.html", t.path());
  CHECK(v.exit_code == 0);
  CHECK_THAT(v.err, Catch::Contains("notes.txt"));
  CHECK_THAT(v.err, Catch::EndsWith("wrote out2.html: 2 passes, 1 changed, 0 warnings\n"));
}

TEST_CASE("cli: the default output is ir_trace.html in the working directory", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  RunResult r = Run(kBin + " dump", t.path());
  CHECK(r.exit_code == 0);
  CHECK(r.err == "wrote ir_trace.html: 2 passes, 1 changed, 0 warnings\n");
  CHECK(fs::is_regular_file(t / "ir_trace.html"));
}

TEST_CASE("cli: bad arguments exit 2 with one error line", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  SECTION("unknown option") {
    RunResult r = Run(kBin + " --bogus dump -o out.html", t.path());
    CHECK(r.exit_code == 2);
    CheckOneErrorLine(r);
    CHECK_THAT(r.err, Catch::Contains("--bogus"));
  }
  SECTION("missing positional") {
    RunResult r = Run(kBin + " -o out.html", t.path());
    CHECK(r.exit_code == 2);
    CheckOneErrorLine(r);
    CHECK_THAT(r.err, Catch::Contains("PASSES_DUMP"));
  }
  SECTION("--context -1") {
    RunResult r = Run(kBin + " dump --context -1 -o out.html", t.path());
    CHECK(r.exit_code == 2);
    CheckOneErrorLine(r);
    CHECK_THAT(r.err, Catch::Contains("--context"));
  }
  SECTION("--context abc") {
    RunResult r = Run(kBin + " dump --context abc -o out.html", t.path());
    CHECK(r.exit_code == 2);
    CheckOneErrorLine(r);
    CHECK_THAT(r.err, Catch::Contains("--context"));
  }
  SECTION("two positionals") {
    RunResult r = Run(kBin + " dump dump -o out.html", t.path());
    CHECK(r.exit_code == 2);
    CheckOneErrorLine(r);
  }
  CHECK_FALSE(fs::exists(t / "out.html"));
  CHECK(DotFiles(t.path()).empty());
}

TEST_CASE("cli: --context 0 and --context 10 are accepted", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  CHECK(Run(kBin + " dump --context 0 -q -o a.html", t.path()).exit_code == 0);
  CHECK(Run(kBin + " dump --context=10 -q -o b.html", t.path()).exit_code == 0);
}

// CLI11 2.1 converts integers with strtoll(..., 0): "010" would be octal 8 and "08" would not convert.
// A leading zero is still a whole number in base 10.
TEST_CASE("cli: --context with a leading zero is decimal", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  RunResult r = Run(kBin + " dump --context 010 --no-compress -q -o a.html", t.path());
  REQUIRE(r.exit_code == 0);
  std::string html = ReadFile(t / "a.html");
  size_t at = html.find("\"context\":");
  REQUIRE(at != std::string::npos);
  CHECK(std::atoi(html.c_str() + at + 10) == 10);
  RunResult r8 = Run(kBin + " dump --context 08 --no-compress -q -o b.html", t.path());
  CHECK(r8.exit_code == 0);
  RunResult big = Run(kBin + " dump --context 2147483647 -q -o c.html", t.path());
  CHECK(big.exit_code == 2);
  CHECK_THAT(big.err, Catch::Contains("0 to 1000000"));
}

TEST_CASE("cli: --help and --version exit 0", "[cli]") {
  RunResult h = Run(kBin + " --help");
  CHECK(h.exit_code == 0);
  CHECK_THAT(h.out + h.err, Catch::Contains("PASSES_DUMP"));
  CHECK_THAT(h.out + h.err, Catch::Contains("--context"));
  RunResult v = Run(kBin + " --version");
  CHECK(v.exit_code == 0);
  CHECK_THAT(v.out + v.err, Catch::Contains("ir-trace 0.1.0"));
}

TEST_CASE("cli: invalid dumps exit 1 with one line naming the file", "[cli]") {
  TempDir t;
  std::string dump = t / "dump";
  WriteSmallDump(dump);
  std::string expect;
  SECTION("gap") {
    fs::rename(dump + "/01_after_ConvertToSSA.py", dump + "/03_after_ConvertToSSA.py");
    expect = "ir-trace: error: pass 1 is missing (between '00_frontend.py' and '02_after_RunVerifier.py')";
  }
  SECTION("malformed name") {
    WriteFile(dump + "/02_B.py", "x\n");
    expect = "ir-trace: error: '02_B.py': malformed snapshot name";
  }
  SECTION("duplicate") {
    WriteFile(dump + "/1_after_Other.py", "x\n");
    expect = "ir-trace: error: pass 1 appears twice: '01_after_ConvertToSSA.py' and '1_after_Other.py'";
  }
  SECTION("no frontend") {
    fs::remove(dump + "/00_frontend.py");
    expect = "ir-trace: error: dump 'dump' has no frontend snapshot (00_frontend";
  }
  SECTION("snapshot is a directory") {
    fs::create_directory(dump + "/03_after_X.py");
    expect = "ir-trace: error: snapshot '03_after_X.py' is a directory";
  }
  SECTION("does not exist") {
    fs::remove_all(dump);
    expect = "ir-trace: error: dump 'dump' does not exist";
  }
  SECTION("not a directory") {
    fs::remove_all(dump);
    WriteFile(dump, "x\n");
    expect = "ir-trace: error: dump 'dump' is not a directory";
  }
  RunResult r = Run(kBin + " dump -o out.html", t.path());
  CHECK(r.exit_code == 1);
  CheckOneErrorLine(r);
  CHECK_THAT(r.err, Catch::StartsWith(expect));
  CHECK_FALSE(fs::exists(t / "out.html"));
  CHECK(DotFiles(t.path()).empty());
}

TEST_CASE("cli: atomic write failures exit 1 and leave nothing behind", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  SECTION("output directory missing") {
    RunResult r = Run(kBin + " dump -o missing/out.html", t.path());
    CHECK(r.exit_code == 1);
    CheckOneErrorLine(r);
    CHECK_THAT(r.err, Catch::Contains("missing/out.html"));
    CHECK_FALSE(fs::exists(t / "missing"));
  }
  SECTION("output path is a directory") {
    fs::create_directory(t / "out.html");
    RunResult r = Run(kBin + " dump -o out.html", t.path());
    CHECK(r.exit_code == 1);
    CheckOneErrorLine(r);
    CHECK_THAT(r.err, Catch::Contains("out.html"));
    CHECK(fs::is_directory(t / "out.html"));
    CHECK(fs::is_empty(t / "out.html"));
  }
  SECTION("an existing report is untouched when the dump is invalid") {
    WriteFile(t / "out.html", "previous report\n");
    WriteFile(t / "dump/07_B.py", "x\n");
    RunResult r = Run(kBin + " dump -o out.html", t.path());
    CHECK(r.exit_code == 1);
    CheckOneErrorLine(r);
    CHECK(ReadFile(t / "out.html") == "previous report\n");
  }
  SECTION("an existing report is untouched when reading fails after writing began") {
    WriteFile(t / "out.html", "previous report\n");
    // A dangling symlink passes the listing and fails when opened, after the temporary file exists.
    fs::create_symlink(t / "nowhere.py", t / "dump/03_after_Late.py");
    RunResult r = Run(kBin + " dump -o out.html", t.path());
    CHECK(r.exit_code == 1);
    CheckOneErrorLine(r);
    CHECK_THAT(r.err, Catch::Contains("'03_after_Late.py'"));
    CHECK_THAT(r.err, !Catch::Contains(t.path()));  // named inside the dump only
    CHECK(ReadFile(t / "out.html") == "previous report\n");
  }
  CHECK(DotFiles(t.path()).empty());
}

TEST_CASE("cli: --codegen adds a build directory's sources - a missing one is an error", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  WriteFile(t / "build/kernels/aiv/k.cpp", "void k() {}\n");
  WriteFile(t / "build/orchestration/host.cpp", "int main() { return 0; }\n");
  RunResult r = Run(kBin + " dump --codegen build -o out.html", t.path());
  CHECK(r.exit_code == 0);
  CHECK(r.err == "wrote out.html: 2 passes, 1 changed, 2 codegen, 0 warnings\n");
  RunResult two = Run(kBin + " dump --codegen build --codegen build -o out2.html", t.path());
  CHECK(two.exit_code == 0);
  CHECK(two.err == "wrote out2.html: 2 passes, 1 changed, 2 codegen, 0 warnings\n");  // added once
  RunResult missing = Run(kBin + " dump --codegen nobuild -o out3.html", t.path());
  CHECK(missing.exit_code == 1);
  CheckOneErrorLine(missing);
  CHECK_THAT(missing.err, Catch::Contains("nobuild"));
  CHECK_FALSE(fs::exists(t / "out3.html"));
  CHECK(DotFiles(t.path()).empty());
}

TEST_CASE("cli: a report written into the dump is ignored by the next run", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  RunResult a = Run(kBin + " dump -o dump/report.html", t.path());
  CHECK(a.exit_code == 0);
  RunResult b = Run(kBin + " dump/ -o dump/report.html", t.path());
  CHECK(b.exit_code == 0);
  CHECK(b.err == "wrote dump/report.html: 2 passes, 1 changed, 0 warnings\n");
  CHECK(DotFiles(t / "dump").empty());
}

TEST_CASE("cli: the report never replaces one of the dump's own files", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  WriteFile(t / "dump/01_after_ConvertToSSA.log", "warning: w\n");
  WriteFile(t / "cg/kernels/k.cpp", "void k() {}\n");
  std::string frontend = ReadFile(t / "dump/00_frontend.py");
  for (const std::string& out : {std::string("dump/00_frontend.py"), std::string("./dump/../dump/02_after_RunVerifier.py"),
                                 std::string("dump/01_after_ConvertToSSA.log"), std::string("cg/kernels/k.cpp")}) {
    INFO("output: " << out);
    RunResult r = Run(kBin + " dump --codegen cg -o " + ShellQuote(out), t.path());
    CHECK(r.exit_code == 2);
    CheckOneErrorLine(r);
    CHECK_THAT(r.err, Catch::Contains("the dump's own"));
  }
  CHECK(ReadFile(t / "dump/00_frontend.py") == frontend);
  CHECK(ReadFile(t / "cg/kernels/k.cpp") == "void k() {}\n");
  CHECK(DotFiles(t / "dump").empty());
  // From inside the dump, by its bare name.
  RunResult r = Run(kBin + " . -o 00_frontend.py", t / "dump");
  CHECK(r.exit_code == 2);
  CHECK(ReadFile(t / "dump/00_frontend.py") == frontend);
  // A new name inside the dump is fine (the next run ignores it, see above).
  CHECK(Run(kBin + " -q dump -o dump/report.html", t.path()).exit_code == 0);
}

TEST_CASE("cli: the report's mode follows the umask", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  struct stat st;
  REQUIRE(Run(kBin + " -q dump -o a.html", t.path(), 022).exit_code == 0);
  REQUIRE(::stat((t / "a.html").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0644);
  REQUIRE(Run(kBin + " -q dump -o b.html", t.path(), 077).exit_code == 0);
  REQUIRE(::stat((t / "b.html").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
}

TEST_CASE("cli: output is byte-identical whatever the path working directory or creation order", "[cli]") {
  TempDir t;
  std::string one = t / "one/passes_dump", two = t / "elsewhere/deeper/passes_dump";
  WriteSmallDump(one);
  WriteFile(one + "/01_after_ConvertToSSA.log", "warning: w\n");
  WriteFile(one + "/codegen_device_k.cpp", "void k() {}\n");
  // The copy is created in the opposite order, with an extra ignored file.
  WriteFile(two + "/codegen_device_k.cpp", "void k() {}\n");
  WriteFile(two + "/01_after_ConvertToSSA.log", "warning: w\n");
  for (const char* name : {"02_after_RunVerifier.py", "01_after_ConvertToSSA.py", "00_frontend.py"}) {
    WriteFile(two + "/" + name, ReadFile(one + "/" + name));
  }
  WriteFile(two + "/notes.txt~", "x\n");

  // Plain JSON shows that no absolute path hides in the payload.
  std::vector<std::string> variants = {"", " --no-compress"};
  for (const std::string& flags : variants) {
    INFO("flags:" << flags);
    RunResult a = Run(kBin + flags + " -q passes_dump -o " + ShellQuote(t / "a.html"), t / "one");
    RunResult b = Run(kBin + flags + " -q " + ShellQuote(two + "/") + " -o ../b.html", t / "elsewhere/deeper");
    RunResult c = Run(kBin + flags + " -q ./deeper/../deeper/passes_dump -o c.html", t / "elsewhere");
    REQUIRE(a.exit_code == 0);
    REQUIRE(b.exit_code == 0);
    REQUIRE(c.exit_code == 0);
    std::string ra = ReadFile(t / "a.html");
    CHECK(ra == ReadFile(t / "elsewhere/b.html"));
    CHECK(ra == ReadFile(t / "elsewhere/c.html"));
    CHECK(ra.find(t.path()) == std::string::npos);
  }
}

TEST_CASE("cli: the thread count does not change the report", "[cli]") {
  TempDir t;
  std::string dump = t / "passes_dump";
  WriteFile(dump + "/00_frontend.py", "def f():\n    return 0\n");
  for (int k = 1; k <= 40; ++k) {
    char name[64];
    std::snprintf(name, sizeof name, "/%02d_after_P%d.py", k, k);
    std::string text;
    for (int j = 0; j <= k; ++j) text += "def f" + std::to_string(j) + "():\n    return " + std::to_string(j * k) + "\n";
    WriteFile(dump + name, text);
  }
  std::string reports[3];
  unsigned threads[3] = {1, 3, 0};
  for (int k = 0; k < 3; ++k) {
    ConvertOptions o;
    o.dump_dir = dump;
    o.output = t / ("r" + std::to_string(k) + ".html");
    o.threads = threads[k];
    ConvertSummary s = ConvertDump(o);
    CHECK(s.passes == 40);
    CHECK(s.changed == 40);
    reports[k] = ReadFile(o.output);
  }
  CHECK(reports[0] == reports[1]);
  CHECK(reports[0] == reports[2]);
}

// Runs the binary with `args` (stdout and stderr to /dev/null) and returns its own peak RSS in KiB
// (wait4's rusage of that one child), or -1 when it did not exit 0.
long PeakRssKib(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  std::string bin = IRTRACE_BINARY;
  argv.push_back(bin.data());
  std::vector<std::string> copy = args;
  for (std::string& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = ::fork();
  if (pid == 0) {
    std::FILE* null = std::freopen("/dev/null", "w", stdout);
    null = std::freopen("/dev/null", "w", stderr);
    (void)null;
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  int status = 0;
  struct rusage ru {};
  if (pid < 0 || ::wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  return ru.ru_maxrss;
}

TEST_CASE("cli: one function of 300k lines with scattered edits stays within its input + 40 MB", "[cli][slow]") {
  // Issue 9's shape at a tenth of the size (the benchmark's million-line case checks input + 64 MB): a
  // module of one function, every 60th line changed or followed by a new one. Beyond the texts the
  // conversion costs ~20 bytes a line (offsets, ids, the line diff's counts and anchors, one diff reused
  // for the function); before, ~150, which is over 80 MB here.
  TempDir t;
  std::string dump = t / "passes_dump";
  const int n = 300000;
  std::string before = "; ModuleID = 'one'\ndefine void @big(ptr %p) {\n", after = before;
  for (int k = 0; k < n; ++k) {
    std::string line = "  %v" + std::to_string(k) + " = add i32 %a, " + std::to_string(k % 97) + "\n";
    before += line;
    if (k % 60 == 7) {
      after += "  %v" + std::to_string(k) + " = mul i32 %a, 3\n";
    } else {
      after += line;
      if (k % 60 == 37) after += "  %w" + std::to_string(k) + " = xor i32 %a, 1\n";
    }
  }
  before += "  ret void\n}\n";
  after += "  ret void\n}\n";
  WriteFile(dump + "/00_frontend.ll", before);
  WriteFile(dump + "/01_after_Edit.ll", after);
  long input_kib = static_cast<long>((before.size() + after.size()) / 1024);
  long rss = PeakRssKib({dump, "-o", t / "report.html", "-q"});
  INFO("peak RSS " << rss << " KiB for " << input_kib << " KiB of input");
  REQUIRE(rss > 0);
  CHECK(rss <= input_kib + 40 * 1024);
}

}  // namespace
}  // namespace irtrace
