// End-to-end tests of the built ir-trace binary: exit codes, the one-line messages, atomic writes,
// determinism and the file mode.
#include <catch2/catch.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

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
  // No program name in the frontend: titled after the dump's parent directory, never "passes_dump".
  CHECK_THAT(html, Catch::Contains("<title>" + std::filesystem::path(t.path()).filename().string() + " - ir-trace"));
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
    expect = "ir-trace: error: dump: pass 1 is missing (between '00_frontend.py' and '02_after_RunVerifier.py')";
  }
  SECTION("malformed name") {
    WriteFile(dump + "/02_B.py", "x\n");
    expect = "ir-trace: error: dump: '02_B.py': malformed snapshot name";
  }
  SECTION("duplicate") {
    WriteFile(dump + "/1_after_Other.py", "x\n");
    expect = "ir-trace: error: dump: pass 1 appears twice: '01_after_ConvertToSSA.py' and '1_after_Other.py'";
  }
  SECTION("no frontend") {
    fs::remove(dump + "/00_frontend.py");
    expect = "ir-trace: error: dump: no frontend snapshot (00_frontend";
  }
  SECTION("snapshot is a directory") {
    fs::create_directory(dump + "/03_after_X.py");
    expect = "ir-trace: error: dump: snapshot '03_after_X.py' is a directory";
  }
  SECTION("does not exist") {
    fs::remove_all(dump);
    expect = "ir-trace: error: dump: cannot read the dump: No such file or directory";
  }
  SECTION("not a directory") {
    fs::remove_all(dump);
    WriteFile(dump, "x\n");
    expect = "ir-trace: error: dump: the dump is not a directory";
  }
  SECTION("a dangling symbolic link") {
    fs::remove_all(dump);
    fs::create_symlink("nowhere", dump);
    expect = "ir-trace: error: dump: the dump is a dangling symbolic link";
  }
  SECTION("a loop of symbolic links") {
    fs::remove_all(dump);
    fs::create_symlink("dump", dump);
    expect = "ir-trace: error: dump: cannot read the dump: Too many levels of symbolic links";
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
    CHECK(r.err == "ir-trace: error: dump: snapshot '03_after_Late.py' is a dangling symbolic link\n");
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
  for (const std::string& out :
       {std::string("dump/00_frontend.py"), std::string("./dump/../dump/02_after_RunVerifier.py"),
        std::string("dump/01_after_ConvertToSSA.log"), std::string("cg/kernels/k.cpp")}) {
    INFO("output: " << out);
    RunResult r = Run(kBin + " dump --codegen cg -o " + ShellQuote(out), t.path());
    CHECK(r.exit_code == 2);
    CheckOneErrorLine(r);
    CHECK_THAT(r.err, Catch::Contains("the dump's own"));
  }
  // Through a symbolic link: the rename would replace the entry the link leads to.
  fs::create_symlink("dump/00_frontend.py", t / "link.html");
  RunResult link = Run(kBin + " dump -o link.html", t.path());
  CHECK(link.exit_code == 2);
  CHECK(link.err ==
        "ir-trace: error: report not written: cannot write 'link.html': it is the dump's own '00_frontend.py'\n");
  CHECK(fs::is_symlink(t / "link.html"));
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

// Issue 24: `-o DUMP/02_after_Report.py` was accepted, and on the next run the report was a snapshot that
// broke the dump. Any name a dump would read as one of its files is refused, exit 2, before anything is
// written; so is OUTDIR inside a dump when a report or depfile would take such a name.
TEST_CASE("cli: no output takes a name the dump would read as one of its own files", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  fs::copy(std::string(IRTRACE_SOURCE_DIR) + "/testdata/tvm_dump", t / "tvm");
  struct Case {
    std::string args, out;
  };
  for (const Case& c : std::vector<Case>{
           {"dump", "dump/02_after_Report.py"},      // a pass snapshot (the next run: pass 2 twice)
           {"dump", "dump/03_after_Report.html"},    // a pass one past the last
           {"dump", "dump/00_frontend.html"},        // a second frontend
           {"dump", "dump/07_after_X.log"},          // a pass log
           {"dump", "dump/codegen_device_r.cpp"},    // a codegen source
           {"dump", "dump/phases.txt"},
           {"dump", "dump/9_report.html"},           // digits and '_': a malformed snapshot name
           {"dump", "./dump/../dump/02_after_Report.py"},
           {"tvm", "tvm/004_report.py"},
           {"dump", "dump/1-5a3c-module-Report-after.ll"},                  // an LLVM dump directory's
           {"dump", "dump/module_0001.r.0000.p.after_a.before_b.txt"},    // an XLA pass file
       }) {
    INFO(c.args << " -o " << c.out);
    RunResult r = Run(kBin + " " + c.args + " -o " + ShellQuote(c.out), t.path());
    CHECK(r.exit_code == 2);
    CHECK(r.err == "ir-trace: error: cannot write '" + c.out + "': the dump '" + c.args + "' would read '" +
                       fs::path(c.out).filename().string() +
                       "' as one of its own files (a snapshot, a .log or a codegen source) on the next run\n");
    CHECK_FALSE(fs::exists(t / c.out));
  }
  // The depfile too.
  RunResult dep = Run(kBin + " dump -o r.html --depfile dump/01_after_D.d", t.path());
  CHECK(dep.exit_code == 2);
  CHECK_THAT(dep.err, Catch::Contains("would read '01_after_D.d'"));
  CHECK_FALSE(fs::exists(t / "r.html"));
  // Names no dump reads are fine, in the dump and beside it.
  for (const char* out : {"dump/report.html", "dump/02_after_Report.py.bak", "02_after_Report.py"}) {
    INFO(out);
    CHECK(Run(kBin + " -q dump -o " + out, t.path()).exit_code == 0);
  }
  CHECK(Run(kBin + " -q dump", t.path()).exit_code == 0);  // and the dump still reads
  // Batch mode: OUTDIR inside a dump, a report named like one of its passes.
  WriteSmallDump(t / "root/01_after_Q");
  WriteSmallDump(t / "root/k");
  RunResult batch = Run(kBin + " --find root -o dump/", t.path());
  CHECK(batch.exit_code == 2);
  CHECK_THAT(batch.err, Catch::Contains("cannot write 'dump/01_after_Q.html': the dump '" + t / "dump" +
                                        "' would read '01_after_Q.html'"));
  CHECK_FALSE(fs::exists(t / "dump/k.html"));
  CHECK(Run(kBin + " -q --find root/k -o dump/", t.path()).exit_code == 0);  // k.html: no dump reads it
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
  // Both dumps sit in a directory named k: the title (their parent's name) is the same.
  std::string one = t / "one/k/passes_dump", two = t / "elsewhere/k/passes_dump";
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
    RunResult a = Run(kBin + flags + " -q passes_dump -o " + ShellQuote(t / "a.html"), t / "one/k");
    RunResult b = Run(kBin + flags + " -q " + ShellQuote(two + "/") + " -o ../b.html", t / "elsewhere/k");
    RunResult c = Run(kBin + flags + " -q ./k/../k/passes_dump -o c.html", t / "elsewhere");
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
    for (int j = 0; j <= k; ++j)
      text += "def f" + std::to_string(j) + "():\n    return " + std::to_string(j * k) + "\n";
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

// A dump that takes the binary about a second (60 passes of 5,000 lines, 200 lines changed by each), so
// that a signal or a kill lands while the report is being written.
void WriteSlowDump(const std::string& dir) {
  std::vector<std::string> lines;
  for (int i = 0; i < 5000; ++i) lines.push_back("    x" + std::to_string(i) + " = op(a, b)");
  auto write = [&](const std::string& name) {
    std::string text = "def f():\n";
    for (const std::string& l : lines) text += l + "\n";
    WriteFile(dir + "/" + name, text);
  };
  write("00_frontend.py");
  unsigned state = 1;
  for (int p = 1; p <= 60; ++p) {
    for (int k = 0; k < 200; ++k) {
      state = state * 1103515245u + 12345u;
      lines[(state >> 8) % lines.size()] += " # p" + std::to_string(p);
    }
    char name[64];
    std::snprintf(name, sizeof name, "%02d_after_P%d.py", p, p);
    write(name);
  }
}

mode_t TypeOf(const std::string& path) {
  struct stat st;
  REQUIRE(::lstat(path.c_str(), &st) == 0);
  return st.st_mode & S_IFMT;
}

// -o judged after following every link: a regular file or new name is replaced atomically (through a
// link, at its end), a character device or FIFO is written in place, "-" is standard output, anything else
// is an error and left alone.
TEST_CASE("cli: each kind of output path", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  REQUIRE(Run(kBin + " -q dump -o plain.html", t.path()).exit_code == 0);
  std::string report = ReadFile(t / "plain.html");
  SECTION("a symbolic link stays a link; its target is replaced") {
    WriteFile(t / "real/r.html", "old");
    fs::create_symlink("real/r.html", t / "out.html");
    RunResult r = Run(kBin + " dump -o out.html", t.path());
    CHECK(r.exit_code == 0);
    CHECK(fs::is_symlink(t / "out.html"));
    CHECK(ReadFile(t / "real/r.html") == report);
    CHECK(DotFiles(t / "real").empty());
  }
  SECTION("a dangling symbolic link creates its target") {
    fs::create_directory(t / "real");
    fs::create_symlink("real/new.html", t / "out.html");
    CHECK(Run(kBin + " -q dump -o out.html", t.path()).exit_code == 0);
    CHECK(fs::is_symlink(t / "out.html"));
    CHECK(ReadFile(t / "real/new.html") == report);
  }
  SECTION("a FIFO is written in place") {
    REQUIRE(::mkfifo((t / "pipe").c_str(), 0644) == 0);
    RunResult r = Run("timeout 10 cat pipe > got & " + kBin + " dump -o pipe; rc=$?; wait; exit $rc", t.path());
    CHECK(r.exit_code == 0);
    CHECK(r.err == "wrote pipe: 2 passes, 1 changed, 0 warnings\n");
    CHECK(ReadFile(t / "got") == report);
    CHECK(TypeOf(t / "pipe") == S_IFIFO);
  }
  SECTION("a character device is written in place") {
    // Never the real /dev/null: a node like it in the scratch directory.
    if (::mknod((t / "null").c_str(), S_IFCHR | 0666, ::makedev(1, 3)) != 0) {
      WARN("mknod is not allowed here (" << std::strerror(errno) << "); skipped");
      return;
    }
    RunResult r = Run(kBin + " dump -o null", t.path());
    CHECK(r.exit_code == 0);
    CHECK(TypeOf(t / "null") == S_IFCHR);
  }
  SECTION("- is standard output") {
    RunResult r = Run(kBin + " dump -o -", t.path());
    CHECK(r.exit_code == 0);
    CHECK(r.out == report);
    CHECK(r.err == "wrote standard output: 2 passes, 1 changed, 0 warnings\n");
  }
  SECTION("a link to /proc/self/fd/1 (what /dev/stdout is) leads to a pipe") {
    // A link of our own, not /dev/stdout itself: a regression would replace the link, not the system's.
    fs::create_symlink("/proc/self/fd/1", t / "stdout");
    RunResult r = Run(kBin + " dump -o stdout | cat", t.path());
    CHECK(r.out == report);
    CHECK(r.err == "wrote stdout: 2 passes, 1 changed, 0 warnings\n");
    CHECK(fs::is_symlink(t / "stdout"));
  }
  SECTION("a socket is an error and left alone") {
    int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::string sock = t / "sock";
    REQUIRE(sock.size() < sizeof addr.sun_path);
    std::strcpy(addr.sun_path, sock.c_str());
    REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    RunResult r = Run(kBin + " dump -o sock", t.path());
    ::close(fd);
    CHECK(r.exit_code == 1);
    CHECK(r.err == "ir-trace: error: report not written: cannot write 'sock': it is a socket\n");
    CHECK(TypeOf(sock) == S_IFSOCK);
  }
  CHECK(DotFiles(t.path()).empty());
}

// Standard output, a FIFO or a device get the report only once it is complete: a run that fails after it
// began writing puts nothing there.
TEST_CASE("cli: a failed run writes nothing to standard output or a FIFO", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  fs::create_symlink(t / "nowhere.py", t / "dump/03_after_Late.py");  // fails when read, after listing
  RunResult out = Run(kBin + " dump -o -", t.path());
  CHECK(out.exit_code == 1);
  CHECK(out.out.empty());
  REQUIRE(::mkfifo((t / "pipe").c_str(), 0644) == 0);
  // The reader is released by an empty write of our own; had the run written, it would have got that.
  RunResult fifo =
      Run("timeout 10 cat pipe > got & " + kBin + " dump -o pipe; rc=$?; timeout 5 sh -c ': > pipe'; wait; exit $rc",
          t.path());
  CHECK(fifo.exit_code == 1);
  CHECK(ReadFile(t / "got").empty());
  CHECK(TypeOf(t / "pipe") == S_IFIFO);
}

// nohup, `cmd &` in a script, make: a signal ignored by the caller must stay ignored (the run completes);
// the cleanup handler is only for signals that would end the run.
TEST_CASE("cli: signals the caller ignores stay ignored (nohup)", "[cli]") {
  TempDir t;
  WriteSlowDump(t / "dump");
  // The shell ignores both too, so that no signal lands before nohup has set SIGHUP aside.
  RunResult r =
      Run("trap '' HUP INT; nohup " + kBin +
              " -q dump -o out.html & pid=$!; "
              "while kill -0 $pid 2>/dev/null; do kill -HUP $pid; kill -INT $pid; sleep 0.01; done 2>/dev/null; "
              "wait $pid",
          t.path());
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK_THAT(ReadFile(t / "out.html"), Catch::StartsWith("<!DOCTYPE html>"));
  CHECK(DotFiles(t.path()).empty());
}

// Past `ulimit -f` a write raises SIGXFSZ, which by default ends the run without a word and leaves its
// temporary file: it must be an error with its cause, exit 1, and nothing left.
TEST_CASE("cli: under ulimit -f the run says File too large and leaves nothing", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  WriteFile(t / "out.html", "previous report\n");
  RunResult r = Run("ulimit -f 16; " + kBin + " dump -o out.html", t.path());
  CHECK(r.exit_code == 1);
  CHECK(r.err == "ir-trace: error: report not written: cannot write 'out.html': File too large\n");
  CHECK(ReadFile(t / "out.html") == "previous report\n");
  RunResult s = Run("ulimit -f 16; " + kBin + " dump -o -", t.path());
  CHECK(s.exit_code == 1);
  CHECK(s.err == "ir-trace: error: report not written: cannot write standard output: File too large\n");
  CHECK(s.out.empty());
  CHECK(DotFiles(t.path()).empty());
}

// kill -9 cannot be caught: the run must leave nothing that outlives the next run for the same output,
// and the old report untouched.
TEST_CASE("cli: kill -9 leaves no temporary file behind", "[cli]") {
  TempDir t;
  WriteSlowDump(t / "dump");
  WriteFile(t / "out.html", "previous report\n");
  WriteFile(t / ".out.html.tmp-K1ll3d", "a temporary file an earlier version left\n");
  RunResult r = Run(kBin + " -q dump -o out.html & pid=$!; sleep 0.2; kill -9 $pid; wait $pid", t.path());
  if (r.exit_code != 128 + 9) {
    WARN("the run ended (" << r.exit_code << ") before it could be killed; skipped");
    return;
  }
  CHECK(ReadFile(t / "out.html") == "previous report\n");
  CHECK(Run(kBin + " -q dump -o out.html", t.path()).exit_code == 0);
  CHECK(DotFiles(t.path()).empty());
}

// Root ignores modes, so the run drops to nobody (setpriv), from a copy of the binary in a world-readable
// directory. The cause must be the real one, never "does not exist".
TEST_CASE("cli: permission denied is reported as such", "[cli]") {
  std::string drop;
  if (::geteuid() == 0) {
    if (Run("command -v setpriv").exit_code != 0) {
      WARN("setpriv (util-linux) is not installed; skipped");
      return;
    }
    drop = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
  }
  TempDir t;
  fs::permissions(t.path(), fs::perms::all);  // everyone may enter, read and write
  fs::copy_file(IRTRACE_BINARY, t / "ir-trace");
  fs::permissions(t / "ir-trace", fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                      fs::perms::others_read | fs::perms::others_exec);
  WriteSmallDump(t / "open/dump");
  WriteSmallDump(t / "secret/dump");
  WriteFile(t / "secret/build/kernels/k.cpp", "void k() {}\n");
  fs::permissions(t / "secret", fs::perms::owner_all);
  fs::create_directory(t / "ro");
  fs::permissions(t / "ro", fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
  WriteSmallDump(t / "locked");
  fs::permissions(t / "locked", fs::perms::owner_all);
  WriteSmallDump(t / "unreadable");
  fs::permissions(t / "unreadable/01_after_ConvertToSSA.py", fs::perms::none);
  struct Case {
    std::string args, message;
  };
  for (const Case& c : std::vector<Case>{
           {"secret/dump -o r.html", "secret/dump: cannot read the dump: Permission denied"},
           {"locked -o r.html", "locked: cannot read the dump: Permission denied"},
           {"unreadable -o r.html", "unreadable: cannot open '01_after_ConvertToSSA.py': Permission denied"},
           {"open/dump -o secret/r.html", "report not written: cannot write 'secret/r.html': Permission denied"},
           {"open/dump -o ro/r.html", "report not written: cannot write 'ro/r.html': Permission denied"},
           {"open/dump --codegen secret/build -o r.html", "cannot read --codegen 'secret/build': Permission denied"}}) {
    INFO(c.args);
    RunResult r = Run(drop + "./ir-trace " + c.args, t.path());
    CHECK(r.exit_code == 1);
    CHECK(r.err == "ir-trace: error: " + c.message + "\n");
  }
  CHECK_FALSE(fs::exists(t / "r.html"));
  CHECK(fs::is_empty(t / "ro"));
}

TEST_CASE("cli: a dangling link is named as one - dump, snapshot, log or output", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  fs::create_symlink("nowhere", t / "gone");
  fs::create_symlink("nowhere/r.html", t / "out.html");
  RunResult dump = Run(kBin + " gone -o r.html", t.path());
  CHECK(dump.err == "ir-trace: error: gone: the dump is a dangling symbolic link\n");
  fs::create_symlink("../gone/01.log", t / "dump/01_after_ConvertToSSA.log");
  // A log is never read when it is not a regular file (issue 8, item 1), but a snapshot's own log that is
  // a dangling link is that pass's warning (issue 24: under -v only, its warnings vanished without a word).
  RunResult log = Run(kBin + " dump -o r.html -v --json run.json", t.path());
  CHECK(log.exit_code == 0);
  CHECK_THAT(log.err, Catch::Contains("wrote r.html: 2 passes, 1 changed, 1 warning\n"));
  CHECK_THAT(log.err, !Catch::Contains("ignored 01_after_ConvertToSSA.log"));
  CHECK_THAT(ReadFile(t / "run.json"),
             Catch::Contains("its log is a dangling link: 01_after_ConvertToSSA.log -\\u003e ../gone/01.log"));
  fs::remove(t / "dump/01_after_ConvertToSSA.log");
  RunResult out = Run(kBin + " dump -o out.html", t.path());
  CHECK(out.err ==
        "ir-trace: error: report not written: cannot write 'out.html' (a dangling symbolic link to 'nowhere/r.html'): "
        "directory 'nowhere': No such file or directory\n");
  for (const RunResult& r : {dump, out}) CHECK(r.exit_code == 1);
}

// One rule: 2 when the command line is wrong in itself, 1 when the dump or the filesystem says no.
TEST_CASE("cli: exit code 2 for the command line, 1 for the dump or the filesystem", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  fs::create_directory(t / "dir.html");
  WriteFile(t / "file", "x\n");
  struct Case {
    std::string args;
    int code;
    std::string message;
  };
  for (const Case& c : std::vector<Case>{
           {"dump -o ''", 2, "--output is an empty path (see ir-trace --help)"},
           {"'' -o r.html", 2, "PASSES_DUMP is an empty path (see ir-trace --help)"},
           {"-dash", 2, "unknown option '-dash' (see ir-trace --help)"},
           {"dump --context 5x", 2, "--context takes a whole number from 0 to 1000000, got '5x'"},
           {"dump dump -o r.html", 2,
            "several reports go to a directory: -o takes an existing directory or a name ending in '/', got 'r.html'"},
           {"dump -o dump/00_frontend.py", 2,
            "report not written: cannot write 'dump/00_frontend.py': it is the dump's own '00_frontend.py'"},
           {"missing -o r.html", 1, "missing: cannot read the dump: No such file or directory"},
           {"dump -o dir.html", 1, "report not written: cannot write 'dir.html': it is a directory"},
           {"dump -o nodir/r.html", 1,
            "report not written: cannot write 'nodir/r.html': directory 'nodir': No such file or directory"},
           {"dump -o file/r.html", 1, "report not written: cannot write 'file/r.html': Not a directory"},
           {"dump --codegen missing -o r.html", 1, "cannot read --codegen 'missing': No such file or directory"}}) {
    INFO(c.args);
    RunResult r = Run(kBin + " " + c.args, t.path());
    CHECK(r.exit_code == c.code);
    CHECK(r.err == "ir-trace: error: " + c.message + "\n");
  }
  CHECK_FALSE(fs::exists(t / "r.html"));
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
  struct rusage ru{};
  if (pid < 0 || ::wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  return ru.ru_maxrss;
}

TEST_CASE("cli: one function of 300k lines with scattered edits stays within its input + 40 MB", "[cli][slow]") {
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer's shadow memory and red zones are most of the peak: the bound is for real builds.
  WARN("skipped under AddressSanitizer");
  return;
#endif
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

namespace irtrace {
namespace {

TEST_CASE("cli: a reader that goes away is a write error, exit 1 (no SIGPIPE death)", "[cli]") {
  TempDir t;
  WriteSmallDump(t / "dump");
  // The report (well over a pipe buffer) to `head -c 10`, which exits after 10 bytes.
  RunResult r =
      Run("bash -c '" + kBin + " dump -o - 2>err.txt | head -c 10 >/dev/null; exit ${PIPESTATUS[0]}'", t.path());
  CHECK(r.exit_code == 1);
  CHECK(test::ReadFile(t / "err.txt") ==
        "ir-trace: error: report not written: cannot write standard output: Broken pipe\n");
}

}  // namespace
}  // namespace irtrace
