// Helpers shared by the unit and CLI tests: a scratch directory, small file writers, and running the
// built binary with its output captured. Header-only: tests/CMakeLists.txt compiles tests/*_test.cpp only.
#pragma once

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "util/line_index.h"

namespace irtrace::test {

// A fresh directory under /tmp (/tmp/irtrace-test-<pid>-<n>-XXXXXX). The destructor removes it, except
// while a failed REQUIRE unwinds or right after a failed assertion: then it is kept and its path printed.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    std::string templ = "/tmp/irtrace-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-XXXXXX";
    char* made = ::mkdtemp(templ.data());
    REQUIRE(made != nullptr);
    path_ = made;
  }
  ~TempDir() {
    if (std::uncaught_exceptions() > 0 || !Catch::getResultCapture().lastAssertionPassed()) {
      std::fprintf(stderr, "kept test directory %s\n", path_.c_str());
      return;
    }
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  // path() joined with `rel`.
  std::string operator/(const std::string& rel) const { return path_ + "/" + rel; }

 private:
  std::string path_;
};

// Writes `bytes` to `path`, creating parent directories; REQUIREs success.
inline void WriteFile(const std::string& path, const std::string& bytes) {
  std::filesystem::path p(path);
  std::error_code ec;
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  REQUIRE(f.good());
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  f.close();
  REQUIRE(!f.fail());
}

// The whole file; REQUIREs that it can be read.
inline std::string ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  REQUIRE(f.good());
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// A text split into lines as the snapshot layer does: on '\n' only ("a" and "a\n" are one line).
struct Text {
  explicit Text(std::string t) : data(std::move(t)), lines(data, '\n') {}
  Text(const Text&) = delete;  // lines point into data
  Text& operator=(const Text&) = delete;
  std::string data;
  LineIndex lines;
};
// Writes each of `names` under `dir` as a one-line Python snapshot naming itself.
inline void WriteDump(const std::string& dir, const std::vector<std::string>& names) {
  for (const std::string& n : names) WriteFile(dir + "/" + n, "x = '" + n + "'\n");
}

// Single-quotes `s` for /bin/sh.
inline std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out.push_back(c);
    }
  }
  out += "'";
  return out;
}

// Result of running a shell command.
struct RunResult {
  int exit_code = -1;  // the exit status, or -1 when the command did not exit normally
  std::string out;     // everything written to stdout
  std::string err;     // everything written to stderr
};

// Runs `command` with /bin/sh in `cwd` (empty: the current directory) under umask `umask_bits`,
// capturing stdout and stderr through files in a scratch directory.
inline RunResult Run(const std::string& command, const std::string& cwd = "", int umask_bits = 022) {
  TempDir io;
  std::string out_path = io / "stdout", err_path = io / "stderr";
  char mask[8];
  std::snprintf(mask, sizeof mask, "%03o", umask_bits);
  std::string full = "umask " + std::string(mask) + " && ";
  if (!cwd.empty()) full += "cd " + ShellQuote(cwd) + " && ";
  full += "( " + command + " ) >" + ShellQuote(out_path) + " 2>" + ShellQuote(err_path) + " </dev/null";
  int status = std::system(full.c_str());
  RunResult r;
  if (status != -1 && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  r.out = ReadFile(out_path);
  r.err = ReadFile(err_path);
  return r;
}

// Runs `cmd` in `dir` (Run), which must succeed: a failure names the command and its stderr.
inline void Shell(const TempDir& dir, const std::string& cmd) {
  RunResult r = Run(cmd, dir.path());
  INFO(cmd << "\n" << r.err);
  REQUIRE(r.exit_code == 0);
}

// The lines of `text`, split on '\n' (a final '\n' does not start another line).
inline std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

// A valid dump of two passes in `dir` (A changes f, B changes nothing); `log` (when not empty) is pass 1's
// log. The CLI tests' smallest real input.
inline void WriteTwoPassDump(const std::string& dir, const std::string& log = "") {
  WriteFile(dir + "/00_frontend.py", "def f():\n    return 1\n");
  WriteFile(dir + "/01_after_A.py", "def f():\n    return 2\n");
  WriteFile(dir + "/02_after_B.py", "def f():\n    return 2\n");
  if (!log.empty()) WriteFile(dir + "/01_after_A.log", log);
}

// The real dumps beside the repository (../shared/fixtures; see its README), or "" when this clone has
// none beside it (the tests that need them then warn and skip).
inline std::string SharedFixtures() {
  std::string root = std::string(IRTRACE_SOURCE_DIR) + "/../shared/fixtures";
  return std::filesystem::is_directory(root) ? root : std::string();
}

// True when /proc/locks shows process `pid` blocked on an flock ("->" lines are waiting requests): how a
// test knows, without a timed sleep, that another process is waiting for a lock it holds.
inline bool WaitsForFlock(pid_t pid) {
  std::ifstream locks("/proc/locks");
  std::string line;
  const std::string who = " " + std::to_string(pid) + " ";
  while (std::getline(locks, line)) {
    if (line.find("-> FLOCK") != std::string::npos && line.find(who) != std::string::npos) return true;
  }
  return false;
}

// Polls WaitsForFlock until it holds (0.1 ms apart, at most 10 s: a safety net, not the test's timing).
inline bool AwaitFlockWaiter(pid_t pid) {
  for (int i = 0; i < 100000; ++i) {
    if (WaitsForFlock(pid)) return true;
    ::usleep(100);
  }
  return false;
}

}  // namespace irtrace::test
