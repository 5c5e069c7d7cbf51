// A session's pass logs (record/dump_writer.h BeginLog, KeepLog, DropLog): the empty log a pass makes before
// it runs, so that a crash inside it leaves the crashed pass, is one file renamed from pass to pass, through
// the spare .spare.log between passes (a session makes and frees no file per pass: on ext4 each file made
// while many were freed in the last seconds pays a scan of them, tests/bench/plain_files.c), and removed at
// the end. A run killed between passes converts as if no log had been kept.
#include "record/irtrace/session.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "driver/convert.h"
#include "test_util.h"

namespace fs = std::filesystem;
using namespace irtrace;
using test::ReadFile;
using test::TempDir;

namespace {

std::vector<std::string> Logs(const std::string& run) {
  std::vector<std::string> logs;
  for (const auto& e : fs::directory_iterator(run)) {
    std::string name = e.path().filename().string();
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".log") == 0) logs.push_back(name);
  }
  std::sort(logs.begin(), logs.end());
  return logs;
}

ino_t Inode(const std::string& path) {
  struct stat st{};
  return ::stat(path.c_str(), &st) == 0 ? st.st_ino : 0;
}

}  // namespace

TEST_CASE("session_log: one empty log renamed from pass to pass, none left at the end", "[session_log]") {
  TempDir t;
  Enable(Mode::kHtml, t.path());
  std::string run;
  {
    Session s("k");
    s.Frontend("x = 0\n", "py");
    run = s.run_dir();
    ino_t first = 0;
    s.Pass("A", [&] {
      CHECK(Logs(run) == std::vector<std::string>{"01_after_A.log"});  // made before the pass runs
      first = Inode(run + "/01_after_A.log");
      return std::string("x = 1\n");
    });
    CHECK(Logs(run) == std::vector<std::string>{".spare.log"});  // kept for the next pass
    s.Pass("B", [&] {
      CHECK(Logs(run) == std::vector<std::string>{"02_after_B.log"});
      CHECK(Inode(run + "/02_after_B.log") == first);  // the same file, renamed: none made, none freed
      return std::string("x = 2\n");
    });
    CHECK(ReadFile(run + "/.spare.log").empty());
    s.End();
    CHECK(Logs(run).empty());
  }
  UseEnvironment();
}

TEST_CASE("session_log: killed between passes, the spare log is ignored: the same report as without it",
          "[session_log]") {
  TempDir t;
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    Enable(Mode::kHtml, t.path());
    Session s("k");
    s.Frontend("x = 0\n", "py");
    s.Pass("A", [] { return std::string("x = 1\n"); });
    s.Pass("B", [] { return std::string("x = 2\n"); });
    ::kill(::getpid(), SIGKILL);
    ::_exit(0);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFSIGNALED(status));
  std::string runs = t / "k/.runs";
  std::string run = (*fs::directory_iterator(runs)).path().string();
  REQUIRE(Logs(run) == std::vector<std::string>{".spare.log"});
  ConvertOptions o;
  o.dump_dir = run;
  o.output = t / "kept.html";
  ConvertSummary kept = ConvertDump(o);
  CHECK(kept.passes == 2);
  CHECK(kept.failed == 0);
  CHECK(kept.warnings == 0);
  fs::remove(run + "/.spare.log");
  o.output = t / "none.html";
  ConvertDump(o);
  CHECK(ReadFile(t / "kept.html") == ReadFile(t / "none.html"));
}
