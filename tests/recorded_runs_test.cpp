// input/recorded_runs.h and `ir-trace DIR/NAME [--run ...]`, `ir-trace DIR`: the recording library's
// directories as inputs, run through the built binary (a real process) over runs real sessions wrote,
// including the recovery example of man irtrace(3) with three runs.
#include "input/recorded_runs.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "record/irtrace/session.h"
#include "test_util.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::ReadFile;
using test::Run;
using test::RunResult;
using test::ShellQuote;
using test::TempDir;

const std::string kBin = ShellQuote(IRTRACE_BINARY);

// Three sessions of `name` under `trace`, recording 1, 2 and 3 passes. Returns their run directories' names.
std::vector<std::string> ThreeRuns(const std::string& trace, const std::string& name) {
  Enable(Mode::kHtml, trace);
  std::vector<std::string> runs;
  for (int n = 1; n <= 3; ++n) {
    Session s(name);
    s.Frontend("x = 0\n", "py");
    for (int i = 1; i <= n; ++i) s.After("P" + std::to_string(i), "x = " + std::to_string(i) + "\n");
    s.End();
    runs.push_back(fs::path(s.run_dir()).filename().string());
  }
  UseEnvironment();
  return runs;
}

std::string Wrote(const std::string& out, int passes) {
  return "wrote " + out + ": " + std::to_string(passes) + " pass" + (passes == 1 ? "" : "es") + ", " +
         std::to_string(passes) + " changed, 0 warnings\n";
}

TEST_CASE("recorded_runs: ir-trace DIR/NAME converts the newest run, --run picks another", "[recorded_runs]") {
  TempDir t;
  std::vector<std::string> runs = ThreeRuns(t / "trace", "softmax");
  REQUIRE(RecordedRuns(t / "trace/softmax") == runs);
  std::string name = ShellQuote(t / "trace/softmax"), out = t / "r.html";
  RunResult r = Run(kBin + " " + name + " -o " + ShellQuote(out));
  CHECK(r.exit_code == 0);
  CHECK(r.err == Wrote(out, 3));
  // Byte-equal to converting the run directory itself.
  REQUIRE(Run(kBin + " " + ShellQuote(t / ("trace/softmax/.runs/" + runs[2])) + " -o " + ShellQuote(t / "d.html"))
              .exit_code == 0);
  CHECK(ReadFile(out) == ReadFile(t / "d.html"));
  CHECK(Run(kBin + " " + name + " --run latest -o " + ShellQuote(out)).err == Wrote(out, 3));
  CHECK(Run(kBin + " " + name + " --run=-1 -o " + ShellQuote(out)).err == Wrote(out, 3));
  CHECK(Run(kBin + " " + name + " --run=-2 -o " + ShellQuote(out)).err == Wrote(out, 2));
  CHECK(Run(kBin + " " + name + " --run -3 -o " + ShellQuote(out)).err == Wrote(out, 1));
  CHECK(Run(kBin + " " + name + " --run " + RunStamp(runs[1]) + " -o " + ShellQuote(out)).err == Wrote(out, 2));
  RunResult four = Run(kBin + " " + name + " --run=-4 -o " + ShellQuote(out));
  CHECK(four.exit_code == 2);
  CHECK(four.err == "ir-trace: error: --run -4: " + t / "trace/softmax" + " has 3 runs\n");
  RunResult several = Run(kBin + " " + name + " --run 2 -o " + ShellQuote(out));  // every stamp starts with 2
  CHECK(several.exit_code == 2);
  CHECK_THAT(several.err, Catch::StartsWith("ir-trace: error: --run '2' matches 3 runs of "));
  RunResult none = Run(kBin + " " + name + " --run 1999 -o " + ShellQuote(out));
  CHECK(none.exit_code == 2);
  CHECK_THAT(none.err, Catch::Contains("no run of"));
  RunResult bad = Run(kBin + " " + name + " --run=-x -o " + ShellQuote(out));
  CHECK(bad.exit_code == 2);
}

TEST_CASE("recorded_runs: the recovery example of man irtrace works with three runs", "[recorded_runs]") {
  TempDir t;
  ThreeRuns(t / "ir_trace", "softmax");
  std::ifstream man(std::string(IRTRACE_SOURCE_DIR) + "/man/irtrace.3");
  std::string line, example;
  while (std::getline(man, line)) {
    if (line.rfind("ir-trace ir_trace/softmax -o softmax.html", 0) == 0) example = line;
  }
  REQUIRE(!example.empty());
  example =
      kBin + example.substr(std::string("ir-trace").size(), example.find("   #") - std::string("ir-trace").size());
  RunResult r = Run(example, t.path());
  CHECK(r.exit_code == 0);
  CHECK(r.err == Wrote("softmax.html", 3));
  CHECK(fs::exists(t / "softmax.html"));
}

TEST_CASE("recorded_runs: ir-trace DIR lists the names and their runs and exits 0", "[recorded_runs]") {
  TempDir t;
  ThreeRuns(t / "trace", "softmax");
  Enable(Mode::kHtml, t / "trace");
  {
    Session s("gemm");
    s.After("P", "y\n");
  }
  UseEnvironment();
  std::string dir = t / "trace";
  RunResult r = Run(kBin + " " + ShellQuote(dir));
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK(r.out == dir +
                     ": a trace directory of the recording library (man irtrace), 2 names:\n"
                     "  gemm  1 run, the newest complete\n"
                     "  softmax  3 runs, the newest complete\n"
                     "convert one: ir-trace " +
                     dir +
                     "/NAME (its newest run; --run -K the K-th newest, --run "
                     "TIME by its start time; NAME/runs.txt lists them)\n");
  RunResult run = Run(kBin + " " + ShellQuote(dir) + " --run=-1");
  CHECK(run.exit_code == 2);
}

TEST_CASE("recorded_runs: ir-trace DIR says whether each name's newest run is in progress or crashed",
          "[recorded_runs]") {
  TempDir t;
  std::string dir = t / "trace";
  Enable(Mode::kHtml, dir);
  // A process that dies without its session's end (its lock freed by the kernel, runs.txt "in progress").
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    Session s("dead");
    s.After("P", "y\n");
    ::_exit(0);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  Session running("live");
  running.After("P", "y\n");
  RunResult r = Run(kBin + " " + ShellQuote(dir));
  CHECK(r.out.find("  dead  1 run, the newest crashed\n  live  1 run, the newest in progress\n") != std::string::npos);
  running.End();
  CHECK(Run(kBin + " " + ShellQuote(dir)).out.find("  live  1 run, the newest complete\n") != std::string::npos);
  UseEnvironment();
}

TEST_CASE("recorded_runs: --run on a dump that is no name directory is a usage error", "[recorded_runs]") {
  TempDir t;
  test::WriteFile(t / "d/00_frontend.py", "x\n");
  test::WriteFile(t / "d/01_after_A.py", "y\n");
  RunResult r = Run(kBin + " " + ShellQuote(t / "d") + " --run latest -o " + ShellQuote(t / "r.html"));
  CHECK(r.exit_code == 2);
  CHECK(r.err ==
        "ir-trace: error: --run picks a run of a name directory of the recording library (DIR/NAME, "
        "holding .runs/) (see ir-trace --help)\n");
}

TEST_CASE("recorded_runs: runs.txt lines and run stamps are parsed, anything else skipped", "[recorded_runs]") {
  std::vector<RunRecord> r = ParseRunsList(
      "20261201T000000.000001Z\tcomplete\t3\trun_20261201T000000.000001Z_7_ab\n"
      "garbage\n"
      "a\tb\tx\tc\n"
      "20261201T000001.000001Z\tin progress\t0\trun_b");
  REQUIRE(r.size() == 2);
  CHECK(r[0].status == "complete");
  CHECK(r[0].passes == 3);
  CHECK(r[1].status == "in progress");
  CHECK(r[1].run == "run_b");
  CHECK(RunStamp("run_20261201T000000.000001Z_7_ab") == "20261201T000000.000001Z");
  CHECK(RunStamp("nope").empty());
}

}  // namespace
}  // namespace irtrace
