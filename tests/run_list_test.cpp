// A name directory's runs (record/run_list.h, input/recorded_runs.h): runs.txt says each run's status as
// sessions in real processes (forked children) leave it, complete, crashed (kill -9) or in progress, and
// IR_TRACE_KEEP prunes old runs, never one in progress, never the link's target, never outside .runs.
#include "record/run_list.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "input/recorded_runs.h"
#include "record/irtrace/session.h"
#include "record/session_report.h"
#include "test_util.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::ReadFile;
using test::TempDir;

int WaitStatus(pid_t child) {
  int status = 0;
  if (::waitpid(child, &status, 0) != child) return -1;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

// A child process running one session of `name` under `trace` with IR_TRACE_KEEP=`keep` ("" unset):
// `passes` passes, then it ends (kEnd), dies by SIGKILL (kKill), or waits for a byte on `hold` before
// ending (kHold). Returns its pid.
enum class Ending { kEnd, kKill, kHold };
pid_t Compile(const std::string& trace, const std::string& name, const std::string& keep, int passes,
              Ending ending = Ending::kEnd, int hold = -1, int started = -1, const std::string& err = "") {
  pid_t child = ::fork();
  if (child != 0) return child;
  if (!err.empty() && !std::freopen(err.c_str(), "w", stderr)) ::_exit(3);
  if (keep.empty()) {
    ::unsetenv("IR_TRACE_KEEP");
  } else {
    ::setenv("IR_TRACE_KEEP", keep.c_str(), 1);
  }
  ::setenv("IR_TRACE", "html", 1);
  ::setenv("IR_TRACE_DIR", trace.c_str(), 1);
  UseEnvironment();
  {
    Session s(name);
    s.Frontend("x = 0\n", "py");
    for (int i = 1; i <= passes; ++i) s.After("P" + std::to_string(i), "x = " + std::to_string(i) + "\n");
    if (started >= 0) (void)!::write(started, "s", 1);
    if (ending == Ending::kKill) ::kill(::getpid(), SIGKILL);
    if (ending == Ending::kHold) {
      char c;
      (void)!::read(hold, &c, 1);
    }
  }
  std::fflush(stderr);  // _exit flushes nothing, and a reopened stderr may be buffered
  ::_exit(0);
}

std::vector<RunRecord> List(const std::string& name_dir) { return ParseRunsList(ReadFile(name_dir + "/runs.txt")); }

TEST_CASE("run_list: runs.txt says complete, crashed and in progress, with the passes recorded", "[run_list]") {
  TempDir t;
  REQUIRE(WaitStatus(Compile(t.path(), "k", "", 3)) == 0);
  REQUIRE(WaitStatus(Compile(t.path(), "k", "", 2, Ending::kKill)) == 128 + SIGKILL);
  int hold[2], started[2];
  REQUIRE(::pipe(hold) == 0);
  REQUIRE(::pipe(started) == 0);
  pid_t running = Compile(t.path(), "k", "", 1, Ending::kHold, hold[0], started[1]);
  char c;
  REQUIRE(::read(started[0], &c, 1) == 1);
  // A fourth session rewrites the list at its start: it sees the others' states as they are now.
  REQUIRE(WaitStatus(Compile(t.path(), "k", "", 4)) == 0);
  std::vector<RunRecord> runs = List(t / "k");
  REQUIRE(runs.size() == 4);
  CHECK(runs[0].status == "complete");
  CHECK(runs[0].passes == 3);
  CHECK(runs[1].status == "crashed");
  CHECK(runs[1].passes == 2);
  CHECK(runs[2].status == "in progress");
  CHECK(runs[2].passes == 1);
  CHECK(runs[3].status == "complete");
  CHECK(runs[3].passes == 4);
  std::vector<std::string> dirs = RecordedRuns(t / "k");
  REQUIRE(dirs.size() == 4);
  for (size_t i = 0; i < 4; ++i) {
    CHECK(runs[i].run == dirs[i]);
    CHECK(runs[i].stamp == RunStamp(dirs[i]));
  }
  REQUIRE(::write(hold[1], "x", 1) == 1);
  CHECK(WaitStatus(running) == 0);
  runs = List(t / "k");
  REQUIRE(runs.size() == 4);
  CHECK(runs[2].status == "complete");
  CHECK(runs[1].status == "crashed");
}

TEST_CASE("run_list: IR_TRACE_KEEP=3 over 10 runs keeps the newest 3", "[run_list]") {
  TempDir t;
  std::vector<std::string> all;
  for (int i = 0; i < 10; ++i) {
    REQUIRE(WaitStatus(Compile(t.path(), "k", "3", 2)) == 0);
    std::vector<std::string> now = RecordedRuns(t / "k");
    CHECK(now.size() == std::min(i + 1, 3));
    all.push_back(now.back());
  }
  std::vector<std::string> kept(all.end() - 3, all.end());
  CHECK(RecordedRuns(t / "k") == kept);
  std::vector<RunRecord> runs = List(t / "k");
  REQUIRE(runs.size() == 3);
  for (const RunRecord& r : runs) CHECK(r.status == "complete");
  CHECK(fs::read_symlink(t / "k/report.html") == fs::path(".runs") / kept.back() / "report.html");
  CHECK(fs::exists(t / "k/report.html"));
}

TEST_CASE("run_list: IR_TRACE_KEEP 0 keeps every run, the default 10, a bad value 10 with a warning", "[run_list]") {
  TempDir t;
  for (int i = 0; i < 12; ++i) REQUIRE(WaitStatus(Compile(t.path(), "all", "0", 1)) == 0);
  CHECK(RecordedRuns(t / "all").size() == 12);
  for (int i = 0; i < 12; ++i) REQUIRE(WaitStatus(Compile(t.path(), "default", "", 1)) == 0);
  CHECK(RecordedRuns(t / "default").size() == 10);
  for (const char* bad : {"-1", "three", "2x", "1000001"}) {
    TempDir b;
    for (int i = 0; i < 11; ++i)
      REQUIRE(WaitStatus(Compile(b.path(), "k", bad, 1, Ending::kEnd, -1, -1, b / "err")) == 0);
    CHECK(RecordedRuns(b / "k").size() == 10);
    CHECK(ReadFile(b / "err") == "irtrace: warning: IR_TRACE_KEEP has a bad value '" + std::string(bad) +
                                     "' (a whole number 0 to 1000000, 0 keeping every run); keeping 10 runs per name\n"
                                     "irtrace: k: report " +
                                     b / "k/report.html (live)\n");
  }
}

TEST_CASE("run_list: pruning spares a run in progress and the link's target, and follows no link", "[run_list]") {
  TempDir t, outside;
  test::WriteFile(outside / "precious", "keep me");
  int hold[2], started[2];
  REQUIRE(::pipe(hold) == 0);
  REQUIRE(::pipe(started) == 0);
  pid_t running = Compile(t.path(), "k", "1", 1, Ending::kHold, hold[0], started[1]);
  char c;
  REQUIRE(::read(started[0], &c, 1) == 1);
  std::string in_progress = RecordedRuns(t / "k").back();
  REQUIRE(WaitStatus(Compile(t.path(), "k", "1", 1)) == 0);
  std::string linked = RecordedRuns(t / "k").back();
  // A link in .runs named like a run, to a directory outside: never a run, never followed.
  fs::create_directory_symlink(outside.path(), t / "k/.runs/run_00000000T000000.000000Z_1_00000000");
  REQUIRE(WaitStatus(Compile(t.path(), "k", "1", 1)) == 0);
  std::string third = RecordedRuns(t / "k").back();
  std::vector<std::string> runs = RecordedRuns(t / "k");
  // At the third's start: the first in progress and the second the link's target, both kept beyond 1.
  CHECK(runs == std::vector<std::string>{in_progress, linked, third});
  REQUIRE(::write(hold[1], "x", 1) == 1);
  CHECK(WaitStatus(running) == 0);  // it ends last, but the link stays at the newest run (issue 21)
  CHECK(fs::read_symlink(t / "k/report.html") == fs::path(".runs") / third / "report.html");
  REQUIRE(WaitStatus(Compile(t.path(), "k", "1", 1)) == 0);
  runs = RecordedRuns(t / "k");
  REQUIRE(runs.size() == 2);
  CHECK(runs[0] == third);  // the link's target at the fourth's start: kept
  CHECK(runs[1] != third);
  CHECK(ReadFile(outside / "precious") == "keep me");
  CHECK(fs::is_symlink(t / "k/.runs/run_00000000T000000.000000Z_1_00000000"));
}

}  // namespace
}  // namespace irtrace
