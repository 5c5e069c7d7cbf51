// The recording library's terminal mode (lib/record/pass_observer.h, IR_TRACE=terminal|both): each changed
// pass as a unified diff on stderr as it happens, a [FAILED] block for a throwing pass, no files in terminal
// mode, the dump and report too in both; colour only when stderr is a terminal (a real pseudo-terminal
// here) and never under NO_COLOR. Each session runs in a forked child whose stderr the test reads.
#include "record/pass_observer.h"

#include <catch2/catch.hpp>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "record/irtrace/session.h"
#include "test_util.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::ReadFile;
using test::TempDir;

// Runs `body` in a forked child whose stderr is `stderr_fd`; returns its exit code (0 when body returned).
int InChild(int stderr_fd, const std::function<void()>& body) {
  std::fflush(stderr);
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::dup2(stderr_fd, STDERR_FILENO);
    try {
      body();
    } catch (...) {
      ::_exit(3);
    }
    std::fflush(stderr);
    ::_exit(0);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// What a child's session printed on stderr, read from a file.
std::string StderrOf(const TempDir& t, const std::function<void()>& body) {
  std::string path = t / "stderr";
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(fd >= 0);
  CHECK(InChild(fd, body) == 0);
  ::close(fd);
  return ReadFile(path);
}

// A small compilation: a frontend, a pass that changes f, one that changes nothing, one in a phase.
void Compile() {
  Session s("k");
  s.Frontend("def f():\n    return 1\n\ndef g():\n    return 0\n", "py");
  s.After("Tile", "def f():\n    return 2\n\ndef g():\n    return 0\n");
  s.After("Verify", "def f():\n    return 2\n\ndef g():\n    return 0\n");
  PhaseScope lowering = s.Phase("lowering");
  s.Pass("Fuse", [] { return std::string("def f():\n    return 2\n\ndef g():\n    return 9\n"); });
}

TEST_CASE("pass_observer: terminal mode prints each changed pass on stderr and writes no file", "[pass_observer]") {
  TempDir t;
  std::string err = StderrOf(t, [&] {
    ::unsetenv("NO_COLOR");
    Enable(Mode::kTerminal, t / "trace");
    Compile();
  });
  CHECK(err ==
        "irtrace: k: pass 1 Tile: +1 -1\n"
        "--- a/00_frontend.py  f\n"
        "+++ b/01_after_Tile.py  f\n"
        "@@ -1,2 +1,2 @@ f\n"
        " def f():\n-    return 1\n+    return 2\n"
        "irtrace: k: pass 3 Fuse (lowering): +1 -1\n"
        "--- a/02_after_Verify.py  g\n"
        "+++ b/03_after_Fuse.py  g\n"
        "@@ -4,2 +4,2 @@ g\n"
        " def g():\n-    return 0\n+    return 9\n");
  CHECK_FALSE(fs::exists(t / "trace"));  // terminal: no files
}

TEST_CASE("pass_observer: a throwing pass prints a FAILED block with the error and the last IR", "[pass_observer]") {
  TempDir t;
  std::string err = StderrOf(t, [&] {
    Enable(Mode::kTerminal, t / "trace");
    Session s("k");
    s.Frontend("def f():\n    return 1\n", "py");
    s.After("Tile", "def f():\n    return 2\n");
    try {
      s.Pass("Alloc", []() -> std::string { throw std::runtime_error("out of tiles"); });
    } catch (const std::runtime_error&) {
    }
  });
  CHECK(err.find("irtrace: k: pass 1 Tile: +1 -1\n") == 0);
  CHECK(err.find("[FAILED] irtrace: k: pass 2 Alloc\n"
                 "error: out of tiles\n"
                 "last IR (02_after_Alloc.py):\n"  // as ir-trace --terminal names the dump's file
                 "def f():\n    return 2\n") != std::string::npos);
}

TEST_CASE("pass_observer: both prints the diffs and writes the dump and the report", "[pass_observer]") {
  TempDir t;
  std::string err = StderrOf(t, [&] {
    Enable(Mode::kBoth, t / "trace");
    Compile();
  });
  // The live report's line first (at the frontend), then the diffs.
  const std::string live = "irtrace: k: report " + t / "trace/k/report.html (live)\n";
  CHECK(err.rfind(live, 0) == 0);
  CHECK(err.find("irtrace: k: pass 1 Tile: +1 -1\n") == live.size());
  CHECK(err.find("irtrace: k: pass 3 Fuse (lowering): +1 -1\n") != std::string::npos);
  CHECK(fs::exists(t / "trace/k/report.html"));
  bool dump = false;
  for (const auto& run : fs::directory_iterator(t / "trace/k/.runs")) {
    dump = fs::exists(run.path() / "03_after_Fuse.py") && fs::exists(run.path() / "report.html");
  }
  CHECK(dump);
}

TEST_CASE("pass_observer: html and off print nothing", "[pass_observer]") {
  CHECK_FALSE(ObserverFor(Settings{Mode::kOff, "x"}));
  CHECK_FALSE(ObserverFor(Settings{Mode::kHtml, "x"}));
  CHECK(ObserverFor(Settings{Mode::kTerminal, "x"}));
  CHECK(ObserverFor(Settings{Mode::kBoth, "x"}));
}

// What a child's session printed on a pseudo-terminal as its stderr.
std::string StderrOnTerminal(const std::function<void()>& body) {
  int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  REQUIRE(master >= 0);
  REQUIRE(::grantpt(master) == 0);
  REQUIRE(::unlockpt(master) == 0);
  int tty = ::open(::ptsname(master), O_RDWR | O_NOCTTY);
  REQUIRE(tty >= 0);
  CHECK(InChild(tty, body) == 0);
  ::close(tty);
  // Every slave end is closed: the master reads what was written, then EIO.
  std::string out;
  char buf[4096];
  for (;;) {
    ssize_t n = ::read(master, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(master);
  return out;
}

TEST_CASE("pass_observer: colour only when stderr is a terminal, and never under NO_COLOR", "[pass_observer]") {
  TempDir t;
  auto compile = [&](const char* no_color) {
    return [&t, no_color] {
      if (no_color) {
        ::setenv("NO_COLOR", no_color, 1);
      } else {
        ::unsetenv("NO_COLOR");
      }
      ::setenv("TERM", "xterm", 1);
      Enable(Mode::kTerminal, t / "trace");
      Compile();
    };
  };
  std::string colored = StderrOnTerminal(compile(nullptr));
  CHECK(colored.find("\033[1mirtrace: k: pass 1 Tile: +1 -1\033[m") != std::string::npos);
  CHECK(colored.find("\033[31m-    return 1\033[m") != std::string::npos);
  CHECK(colored.find("\033[32m+    return 2\033[m") != std::string::npos);
  std::string plain = StderrOnTerminal(compile("1"));
  CHECK(plain.find("irtrace: k: pass 1 Tile: +1 -1") != std::string::npos);
  CHECK(plain.find('\033') == std::string::npos);
  // A file is no terminal: no colour (the first test).
}

}  // namespace
}  // namespace irtrace
