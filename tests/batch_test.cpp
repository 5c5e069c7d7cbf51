// Batch mode and the exit-code options (lib/driver/batch.h) through the command line, in-process
// (cli::Main, as main() calls it) and once with the real binary.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli_in_process.h"
#include "test_util.h"

namespace {

namespace fs = std::filesystem;
using irtrace::test::ReadFile;
using irtrace::test::Run;
using irtrace::test::ShellQuote;
using irtrace::test::TempDir;
using irtrace::test::WriteFile;
using irtrace::test::WriteTwoPassDump;

using irtrace::test::CliResult;
using irtrace::test::RunMain;

std::vector<std::string> Files(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("batch: several dumps into OUTDIR/, one report each, named by path", "[batch]") {
  TempDir t;
  WriteTwoPassDump(t / "k1/passes_dump");
  WriteTwoPassDump(t / "k2/passes_dump");
  CliResult r = RunMain({t / "k1/passes_dump", t / "k2/passes_dump/", "-o", t / "out/", "-j", "2"});
  CHECK(r.code == 0);
  CHECK(r.err == "wrote 2 of 2 reports to " + t / "out/" + "\n");
  std::string abs = t.path().substr(1);  // without the leading '/', which is written +2F
  std::string prefix = "+2F";
  for (char c : abs) prefix += c == '/' ? std::string("__") : std::string(1, c);
  std::vector<std::string> files = Files(t / "out");
  CHECK(std::count(files.begin(), files.end(), prefix + "__k1__passes_dump.html") == 1);
  CHECK(std::count(files.begin(), files.end(), prefix + "__k2__passes_dump.html") == 1);
  CHECK_THAT(ReadFile(t / "out/" + prefix + "__k1__passes_dump.html"), Catch::Contains("<title>k1 - ir-trace"));
}

TEST_CASE("batch: --find converts every dump under ROOT, names relative to it", "[batch]") {
  TempDir t;
  WriteTwoPassDump(t / "root/a/passes_dump");
  WriteTwoPassDump(t / "root/b/c/passes_dump");
  WriteFile(t / "root/readme.txt", "x\n");
  CliResult r = RunMain({"--find", t / "root", "-o", t / "out/", "-q"});
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(Files(t / "out") == std::vector<std::string>{"a__passes_dump.html", "b__c__passes_dump.html", "index.html"});
}

TEST_CASE("batch: a bad dump does not stop the batch, exit 1 with its error line", "[batch]") {
  TempDir t;
  WriteTwoPassDump(t / "root/good/passes_dump");
  WriteFile(t / "root/bad/passes_dump/00_frontend.py", "x\n");  // no pass
  WriteTwoPassDump(t / "root/zlast/passes_dump");
  CliResult r = RunMain({"--find", t / "root", "-o", t / "out/", "-j", "1"});
  CHECK(r.code == 1);
  CHECK(r.err == "ir-trace: error: " + t / "root/bad/passes_dump" +
                     ": no pass snapshot (NN_after_<Pass>.<ext>)\nwrote 2 of 3 reports to " + t / "out/" +
                     ": 1 invalid\n");
  CHECK(fs::exists(t / "out/good__passes_dump.html"));
  CHECK(fs::exists(t / "out/zlast__passes_dump.html"));
  CHECK_FALSE(fs::exists(t / "out/bad__passes_dump.html"));
}

TEST_CASE("batch: OUTDIR is made if missing, its parent must exist", "[batch]") {
  TempDir t;
  WriteTwoPassDump(t / "d");
  CHECK(RunMain({t / "d", "-o", t / "new/", "-q"}).code == 0);  // one dump with -o DIR/ is a batch too
  CHECK(Files(t / "new").size() == 2);  // the report and index.html
  CliResult r = RunMain({t / "d", t / "d", "-o", t / "no/such/"});
  CHECK(r.code == 1);
  CHECK(r.err == "ir-trace: error: cannot create the directory '" + t / "no/such/" + "': No such file or directory\n");
  // A single dump with -o naming an existing directory (no '/') stays an error, as before.
  CliResult single = RunMain({t / "d", "-o", t / "new"});
  CHECK(single.code == 1);
  CHECK_THAT(single.err, Catch::Contains("it is a directory"));
}

TEST_CASE("batch: --fail-on failed / warning, for one dump and many, reports still written", "[batch]") {
  TempDir t;
  WriteTwoPassDump(t / "failed", "note\nerror: verifier failed\n");
  WriteTwoPassDump(t / "warned", "just a note\n");
  WriteTwoPassDump(t / "clean");
  CHECK(RunMain({t / "failed", "-o", t / "f.html", "-q"}).code == 0);  // default unchanged
  CliResult f = RunMain({t / "failed", "-o", t / "f.html", "-q", "--fail-on", "failed"});
  CHECK(f.code == 1);
  CHECK(f.err == "ir-trace: error: " + t / "failed" + ": pass 1 (A) failed: error: verifier failed (--fail-on)\n");
  CHECK(fs::exists(t / "f.html"));
  CHECK(RunMain({t / "warned", "-o", t / "w.html", "-q", "--fail-on", "failed"}).code == 0);
  CliResult w = RunMain({t / "warned", "-o", t / "w.html", "-q", "--fail-on", "warning"});
  CHECK(w.code == 1);
  CHECK(w.err == "ir-trace: error: " + t / "warned" + ": 1 warning (--fail-on warning)\n");
  CHECK(RunMain({t / "clean", "-o", t / "c.html", "-q", "--fail-on", "warning"}).code == 0);
  CliResult b = RunMain({t / "clean", t / "warned", "-o", t / "out/", "-q", "--fail-on", "warning"});
  CHECK(b.code == 1);
  CHECK(Files(t / "out").size() == 3);
  CHECK(RunMain({t / "clean", "--fail-on", "nope"}).code == 2);
}

TEST_CASE("batch: --check writes no report and no index, same exit codes", "[batch]") {
  TempDir t;
  WriteTwoPassDump(t / "root/a");
  WriteFile(t / "root/b/00_frontend.py", "x\n");
  CliResult r = RunMain({"--find", t / "root", "--check", "-o", t / "out/"});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, Catch::EndsWith("checked 2 dumps: 1 invalid\n"));
  CHECK_FALSE(fs::exists(t / "out"));
  CliResult one = RunMain({t / "root/a", "--check", "-o", t / "r.html"});
  CHECK(one.code == 0);
  CHECK(one.err == "checked " + t / "root/a" + ": 2 passes, 1 changed, 0 warnings\n");
  CHECK_FALSE(fs::exists(t / "r.html"));
}

TEST_CASE("batch: usage errors", "[batch]") {
  CHECK(RunMain({"d", "-j", "0"}).err == "ir-trace: error: --jobs takes a whole number from 1 to 1024, got '0'\n");
  CHECK(RunMain({"d", "e", "-o", "-"}).err ==
        "ir-trace: error: several reports cannot go to standard output: use -o OUTDIR/\n");
  CHECK(RunMain({"--find", "r"}).code == 2);
  CliResult missing = RunMain({"--find", "/nonexistent-root", "-o", "/tmp/never/"});
  CHECK(missing.code == 1);
  CHECK(missing.err == "ir-trace: error: cannot search '/nonexistent-root': No such file or directory\n");
}

TEST_CASE("batch: the real binary on the shared fixtures", "[batch][fixtures]") {
  std::string root = irtrace::test::SharedFixtures();
  if (root.empty()) {
    WARN("no shared fixtures; skipped");
    return;
  }
  TempDir t;
  auto r = Run(ShellQuote(IRTRACE_BINARY) + " --find " + ShellQuote(root) + " -o " + ShellQuote(t / "out/") + " -j 2");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.err, Catch::StartsWith("wrote 6 of 6 reports to " + t / "out/"));
  CHECK_THAT(ReadFile(t / "out/pypto__qwen3_32b_training__passes_dump.html"),
             Catch::Contains("<title>Qwen332BTrainingForwardBackward - ir-trace</title>"));
  CHECK_THAT(ReadFile(t / "out/llvm__crc__passes_dump.html"), Catch::Contains("<title>crc - ir-trace</title>"));
}

// Found by a new user: a CI gate over a wrong ROOT passed by checking nothing, a second --find silently
// replaced the first, --check refused -o - though it writes nothing, and --fail-on's errors were CLI11's.
TEST_CASE("batch: --find lists an empty passes_dump as an invalid dump, not as nothing found", "[batch]") {
  TempDir t;
  fs::create_directories(t / "root/k/passes_dump");
  for (const std::vector<std::string>& extra : {std::vector<std::string>{"--check"}, {"-o", t / "out/"}}) {
    std::vector<std::string> args{"--find", t / "root", "--json", t / "run.json"};
    args.insert(args.end(), extra.begin(), extra.end());
    CliResult r = RunMain(args);
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Contains("ir-trace: error: " + t / "root/k/passes_dump" +
                                      ": no snapshot (neither "
                                      "00_frontend.<ext> nor NN_after_<Pass>.<ext>: the compiler wrote none)\n"));
    CHECK_THAT(r.err, Catch::Contains("1 invalid"));
    CHECK_THAT(ReadFile(t / "run.json"), Catch::Contains("\"invalid\""));
  }
  WriteTwoPassDump(t / "root/good/passes_dump");
  CliResult both = RunMain({"--find", t / "root", "--check"});
  CHECK(both.code == 1);
  CHECK_THAT(both.err, Catch::Contains("2 dumps"));
}

TEST_CASE("batch: --find that finds nothing fails, one ROOT only, --check with -o -, --fail-on's errors", "[batch]") {
  TempDir t;
  fs::create_directories(t / "empty/sub");
  WriteFile(t / "empty/sub/notes.txt", "no dump here\n");
  for (const std::vector<std::string>& extra : {std::vector<std::string>{"--check"}, {"-o", t / "out/"}}) {
    std::vector<std::string> args{"--find", t / "empty"};
    args.insert(args.end(), extra.begin(), extra.end());
    CliResult r = RunMain(args);
    CHECK(r.code == 1);
    CHECK(r.err == "ir-trace: error: no dump under '" + t / "empty" +
                       "': no directory there holds a 00_frontend.<ext> (symbolic links are not followed)\n");
  }
  CHECK_FALSE(fs::exists(t / "out/index.html"));
  WriteTwoPassDump(t / "a");
  WriteTwoPassDump(t / "b");
  CliResult two = RunMain({"--find", t / "a", "--find", t / "b", "--check"});
  CHECK(two.code == 2);
  CHECK(two.err == "ir-trace: error: --find takes one ROOT, got 2 (run once per ROOT, or give their common parent)\n");
  CliResult check = RunMain({t / "a", t / "b", "--check", "-o", "-"});
  CHECK(check.code == 0);
  CHECK(check.out.empty());
  CliResult bad = RunMain({t / "a", "--fail-on", "bogus"});
  CHECK(bad.code == 2);
  CHECK(bad.err == "ir-trace: error: --fail-on takes failed, warning or diverged (or a comma list), got 'bogus'\n");
}

TEST_CASE("cli: -o=FILE is refused with the spellings that work (it would write a file named =FILE)", "[batch]") {
  TempDir t;
  WriteTwoPassDump(t / "a");
  CliResult r = RunMain({t / "a", "-o=" + t / "x.html"});
  CHECK(r.code == 2);
  CHECK(r.err == "ir-trace: error: --output got '=" + t / "x.html" + "': write -o " + t / "x.html" +
                     " or --output=" + t / "x.html" + " (see ir-trace --help)\n");
  CHECK_FALSE(fs::exists(t / "x.html"));
  CHECK(RunMain({t / "a", "--output=" + t / "x.html", "-q"}).code == 0);
  CHECK(fs::exists(t / "x.html"));
}
