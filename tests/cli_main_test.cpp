// The command line in-process, through the same entry point main() calls (cmd/ir-trace/cli.h).
// tests/cli_test.cpp runs the built binary end to end.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli_in_process.h"
#include "test_util.h"

namespace {

using irtrace::test::ReadFile;
using irtrace::test::TempDir;
using irtrace::test::WriteFile;

using irtrace::test::CliResult;
using irtrace::test::RunMain;

const std::string kSample = std::string(IRTRACE_SOURCE_DIR) + "/testdata/sample_dump";

void CheckOneErrorLine(const CliResult& r) {
  CHECK(r.err.rfind("ir-trace: error: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

}  // namespace

TEST_CASE("cli_main: --help and --version print to out and return 0", "[cli_main]") {
  CliResult h = RunMain({"--help"});
  CHECK(h.code == 0);
  CHECK_THAT(h.out, Catch::Contains("PASSES_DUMP"));
  CHECK_THAT(h.out, Catch::Contains("--no-compress"));
  CHECK(h.err.empty());
  CliResult v = RunMain({"--version"});
  CHECK(v.code == 0);
  CHECK(v.out == "ir-trace " IRTRACE_VERSION "\n");
}

TEST_CASE("cli_main: argument errors return 2 with one error line", "[cli_main]") {
  for (const auto& args : std::vector<std::vector<std::string>>{{},
                                                                {"--bogus", "d"},
                                                                {"d", "--context", "-1"},
                                                                {"d", "--context", "abc"},
                                                                {"d", "--context", "1000001"},
                                                                {"d", "e"},
                                                                {"d", "-o"},
                                                                {"-dash"},
                                                                {"d", "-o", ""},
                                                                {""},
                                                                {"d", "--codegen", ""},
                                                                {"d", "--output="}}) {
    INFO("args: " << args.size() << (args.empty() ? "" : " " + args[0] + (args.size() > 1 ? " " + args[1] : "")));
    CliResult r = RunMain(args);
    CHECK(r.code == 2);
    CheckOneErrorLine(r);
  }
}

// The command line is wrong in itself: said so, naming what is wrong (not a missing PASSES_DUMP when an
// option is unknown).
TEST_CASE("cli_main: argument errors name what is wrong", "[cli_main]") {
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  for (const Case& c : std::vector<Case>{
           {{"-dash"}, "unknown option '-dash'"},
           {{"-dash", "d"}, "unknown option '-dash'"},
           {{"d", "--bogus=3"}, "unknown option '--bogus=3'"},
           {{}, "PASSES_DUMP is required"},
           {{"d", "e"}, "several reports need -o OUTDIR/"},
           {{"--", "d", "-x"}, "several reports need -o OUTDIR/"},  // after --, "-x" is a dump, not an option
           {{"d", "-o", ""}, "--output is an empty path"},
           {{""}, "PASSES_DUMP is an empty path"},
           {{"d", "--codegen", ""}, "--codegen is an empty path"},
           {{"d", "-o", "-q"}, "--output takes a path, got the option '-q' (write ./-q for a file of that name)"},
           {{"d", "--codegen", "-v"},
            "--codegen takes a directory, got the option '-v' (write ./-v for one of that name)"}}) {
    CliResult r = RunMain(c.args);
    CHECK(r.code == 2);
    CHECK(r.err == "ir-trace: error: " + c.message + " (see ir-trace --help)\n");
  }
}

// A repeated -o or --context is not an error: the last one wins (README, man page).
TEST_CASE("cli_main: a repeated -o or --context - the last one wins", "[cli_main]") {
  TempDir t;
  CliResult r = RunMain(
      {kSample, "-q", "--no-compress", "-o", t / "a.html", "--context", "7", "-o", t / "b.html", "--context=0"});
  CHECK(r.code == 0);
  CHECK_FALSE(std::filesystem::exists(t / "a.html"));
  CHECK_THAT(ReadFile(t / "b.html"), Catch::Contains("\"context\":0,"));
}

TEST_CASE("cli_main: converts the sample dump with the summary line on err", "[cli_main]") {
  TempDir t;
  CliResult r = RunMain({kSample, "-o", t / "r.html", "--context", "007"});
  CHECK(r.code == 0);
  CHECK(r.err == "wrote " + (t / "r.html") + ": 5 passes, 4 changed, 2 codegen, 1 warning\n");
  CHECK(r.out.empty());
  CliResult q = RunMain({kSample, "-q", "-o", t / "q.html"});
  CHECK(q.code == 0);
  CHECK(q.err.empty());
}

TEST_CASE("cli_main: an invalid dump returns 1 naming it", "[cli_main]") {
  TempDir t;
  CliResult r = RunMain({t / "missing", "-o", t / "r.html"});
  CHECK(r.code == 1);
  CHECK(r.err == "ir-trace: error: " + (t / "missing") + ": cannot read the dump: No such file or directory\n");
}

// With make -j or xargs -P, lines from several runs interleave: an error about a dump's contents starts
// with the dump exactly as given; one about the output or the arguments does not.
TEST_CASE("cli_main: errors about the dump's contents start with the dump as given", "[cli_main]") {
  TempDir t;
  irtrace::test::WriteDump(t / "build/k3/passes_dump", {"00_frontend.py", "01_after_A.py", "03_after_C.py"});
  for (const std::string& spelling :
       {t / "build/k3/passes_dump", t / "build/k3/passes_dump/", t / "build/k3/../k3/passes_dump"}) {
    CliResult r = RunMain({spelling, "-o", t / "r.html"});
    CHECK(r.code == 1);
    CHECK(r.err ==
          "ir-trace: error: " + spelling + ": pass 2 is missing (between '01_after_A.py' and '03_after_C.py')\n");
  }
  std::filesystem::rename(t / "build/k3/passes_dump/03_after_C.py", t / "build/k3/passes_dump/02_after_B.py");
  std::filesystem::create_directory(t / "out.html");
  CliResult out = RunMain({t / "build/k3/passes_dump", "-o", t / "out.html"});
  CHECK(out.code == 1);
  CHECK(out.err == "ir-trace: error: report not written: cannot write '" + (t / "out.html") + "': it is a directory\n");
}

// Names are bytes. In the terminal (and a log) control characters are escaped, so a name can neither
// colour the terminal nor forge an "ir-trace: error:" line; the report keeps them as they are.
TEST_CASE("cli_main: names with control characters are escaped on err, kept in the report", "[cli_main]") {
  TempDir t;
  std::string dump = t / "dump";
  irtrace::test::WriteDump(
      dump, {"00_frontend.py", "01_after_A\tB.py", "notes\x1b[31m.txt", "x\nir-trace: error: forged.txt"});
  CliResult r = RunMain({dump, "-v", "--no-compress", "-o", t / "r.html"});
  CHECK(r.code == 0);
  std::vector<std::string> lines = irtrace::test::SplitLines(r.err);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "ir-trace: ignored notes\\x1b[31m.txt");
  CHECK(lines[1] == "ir-trace: ignored x\\nir-trace: error: forged.txt");
  CHECK(r.err.find('\x1b') == std::string::npos);
  for (const std::string& line : lines) CHECK(line.rfind("ir-trace: error:", 0) != 0);
  CHECK_THAT(ReadFile(t / "r.html"), Catch::Contains("\"name\":\"A\\tB\""));  // JSON for the tab itself

  WriteFile(dump + "/02_\x1b[2JB.py", "x\n");
  CliResult bad = RunMain({dump, "-o", t / "r.html"});
  CHECK(bad.code == 1);
  CHECK(bad.err == "ir-trace: error: " + dump +
                       ": '02_\\x1b[2JB.py': malformed snapshot name (expected "
                       "NN_after_<Pass>.<ext> or 00_frontend.<ext>)\n");
}

TEST_CASE("cli_main: -v diagnostics go to the err stream handed in", "[cli_main]") {
  TempDir t;
  std::string dump = t / "dump";
  irtrace::test::WriteDump(dump, {"00_frontend.py", "01_after_A.py", "notes.txt"});
  CliResult r = RunMain({dump, "-v", "-o", t / "r.html"});
  CHECK(r.code == 0);
  std::vector<std::string> lines = irtrace::test::SplitLines(r.err);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "ir-trace: ignored notes.txt");
  CHECK(lines[1].rfind("ir-trace: 2 snapshots, 1 pass (1 changed), 0 codegen; read ", 0) == 0);
  CHECK(lines[2] == "wrote " + (t / "r.html") + ": 1 pass, 1 changed, 0 warnings");

  SECTION("-q keeps the diagnostics and drops the summary") {
    CliResult q = RunMain({dump, "-v", "-q", "-o", t / "q.html"});
    CHECK(q.code == 0);
    CHECK(irtrace::test::SplitLines(q.err).size() == 2);
    CHECK(q.err.find("wrote ") == std::string::npos);
  }
  SECTION("without -v only the summary") {
    CliResult n = RunMain({dump, "-o", t / "n.html"});
    CHECK(irtrace::test::SplitLines(n.err).size() == 1);
  }
}
