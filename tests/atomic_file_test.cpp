// Atomic report writing (lib/util/atomic_file.h): commit, abandon, failure paths, the file mode, and what
// signals, SIGKILL and the file size limit leave behind.
#include "util/atomic_file.h"

#include <catch2/catch.hpp>

#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_util.h"
#include "util/error.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::ReadFile;
using test::TempDir;
using test::WriteFile;

size_t EntryCount(const std::string& dir) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    (void)e;
    ++n;
  }
  return n;
}

// Restores the process umask on scope exit.
class ScopedUmask {
 public:
  explicit ScopedUmask(mode_t m) : old_(::umask(m)) {}
  ~ScopedUmask() { ::umask(old_); }

 private:
  mode_t old_;
};

mode_t ModeOf(const std::string& path) {
  struct stat st;
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st.st_mode & 0777;
}

// True when `dir`'s filesystem can make unnamed files (O_TMPFILE): then a temporary file has no name
// while it is written. Elsewhere AtomicFile names it from the start.
bool HasUnnamedFiles(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_TMPFILE | O_WRONLY, 0600);
  if (fd < 0) return false;
  ::close(fd);
  return true;
}

std::string ErrorOf(const std::string& path) {
  try {
    AtomicFile f(path);
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kInput);
    return e.what();
  }
  FAIL("no error for " << path);
  return "";
}

TEST_CASE("atomic_file: a destination name of 255 bytes can be written", "[atomic_file]") {
  TempDir t;
  std::string name = std::string(250, 'r') + ".html";
  std::string path = t / name;
  {
    AtomicFile f(path);
    f.Write("long");
    f.Commit();
  }
  CHECK(ReadFile(path) == "long");
  CHECK(EntryCount(t.path()) == 1);
}

TEST_CASE("atomic_file: Commit writes the file and leaves nothing else", "[atomic_file]") {
  TempDir t;
  std::string path = t / "report.html";
  {
    AtomicFile f(path);
    CHECK(EntryCount(t.path()) == (HasUnnamedFiles(t.path()) ? 0 : 1));  // the temporary file, unnamed
    CHECK_FALSE(fs::exists(path));
    f.Write("hello ");
    f.Write("");
    f.Write("world\n");
    f.Commit();
  }
  CHECK(ReadFile(path) == "hello world\n");
  CHECK(EntryCount(t.path()) == 1);
}

TEST_CASE("atomic_file: Commit replaces an existing file", "[atomic_file]") {
  TempDir t;
  std::string path = t / "report.html";
  WriteFile(path, "old");
  {
    AtomicFile f(path);
    f.Write("new");
    CHECK(ReadFile(path) == "old");
    f.Commit();
  }
  CHECK(ReadFile(path) == "new");
  CHECK(EntryCount(t.path()) == 1);
}

TEST_CASE("atomic_file: destroyed without Commit nothing changes", "[atomic_file]") {
  TempDir t;
  std::string path = t / "report.html";
  SECTION("no file before") {
    {
      AtomicFile f(path);
      f.Write("partial");
    }
    CHECK_FALSE(fs::exists(path));
    CHECK(EntryCount(t.path()) == 0);
  }
  SECTION("an existing file is untouched") {
    WriteFile(path, "previous report");
    {
      AtomicFile f(path);
      f.Write("partial");
    }
    CHECK(ReadFile(path) == "previous report");
    CHECK(EntryCount(t.path()) == 1);
  }
  SECTION("an exception on the way") {
    WriteFile(path, "previous report");
    try {
      AtomicFile f(path);
      f.Write("partial");
      throw Error("simulated failure");
    } catch (const Error&) {
    }
    CHECK(ReadFile(path) == "previous report");
    CHECK(EntryCount(t.path()) == 1);
  }
}

TEST_CASE("atomic_file: a missing output directory is an error naming the path", "[atomic_file]") {
  TempDir t;
  std::string path = t / "missing/report.html";
  std::string msg = ErrorOf(path);
  CHECK(msg == "cannot write '" + path + "': directory '" + (t / "missing") + "': No such file or directory");
  CHECK(EntryCount(t.path()) == 0);
}

TEST_CASE("atomic_file: an output path that is a directory is an error naming it", "[atomic_file]") {
  TempDir t;
  std::string path = t / "report.html";
  fs::create_directory(path);
  std::string msg = ErrorOf(path);
  CHECK_THAT(msg, Catch::Contains("'" + path + "'"));
  CHECK_THAT(msg, Catch::Contains("directory"));
  CHECK(fs::is_directory(path));
  CHECK(EntryCount(t.path()) == 1);
}

TEST_CASE("atomic_file: an unwritable output directory is an error", "[atomic_file]") {
  if (::geteuid() == 0) {
    WARN("running as root: permissions are not enforced; skipped");
    return;
  }
  TempDir t;
  std::string dir = t / "ro";
  fs::create_directory(dir);
  fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec);
  std::string msg = ErrorOf(dir + "/report.html");
  CHECK_THAT(msg, Catch::Contains("report.html"));
  fs::permissions(dir, fs::perms::owner_all);
  CHECK(EntryCount(dir) == 0);
}

TEST_CASE("atomic_file: the mode follows the umask", "[atomic_file]") {
  TempDir t;
  for (auto [mask, mode] : {std::pair<mode_t, mode_t>{022, 0644}, {077, 0600}, {002, 0664}}) {
    ScopedUmask scoped(mask);
    std::string path = t / ("report-" + std::to_string(mask) + ".html");
    AtomicFile f(path);
    f.Write("x");
    f.Commit();
    INFO("umask " << std::oct << mask);
    CHECK(ModeOf(path) == mode);
  }
}

TEST_CASE("atomic_file: a relative path in the current directory works", "[atomic_file]") {
  TempDir t;
  fs::path old = fs::current_path();
  fs::current_path(t.path());
  {
    AtomicFile f("plain.html");
    f.Write("ok");
    f.Commit();
  }
  fs::current_path(old);
  CHECK(ReadFile(t / "plain.html") == "ok");
}

// The exit status of child `pid`: its exit code, or 128 + the signal that ended it.
int WaitStatus(pid_t pid) {
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Ctrl-C during a conversion: the temporary file goes, the old report stays (in a child process, which
// the signal ends).
TEST_CASE("atomic_file: SIGINT while writing removes the temporary file", "[atomic_file]") {
  TempDir t;
  std::string dest = t / "report.html";
  WriteFile(dest, "old report");
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    std::signal(SIGINT, SIG_DFL);  // as in the command (Catch has a handler of its own)
    AtomicFile f(dest);
    f.Write("partial");
    std::raise(SIGINT);
    ::_exit(0);  // not reached: SIGINT's default action ends the process
  }
  CHECK(WaitStatus(child) == 128 + SIGINT);
  CHECK(ReadFile(dest) == "old report");
  CHECK(EntryCount(t.path()) == 1);
}

// kill -9 cannot be caught: what it leaves must be nothing the directory shows, and the old report.
TEST_CASE("atomic_file: SIGKILL while writing leaves no temporary file", "[atomic_file]") {
  TempDir t;
  std::string dest = t / "report.html";
  WriteFile(dest, "old report");
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    AtomicFile f(dest);
    f.Write(std::string(100000, 'x'));
    ::kill(::getpid(), SIGKILL);
    ::_exit(0);
  }
  CHECK(WaitStatus(child) == 128 + SIGKILL);
  CHECK(ReadFile(dest) == "old report");
  if (HasUnnamedFiles(t.path())) {
    CHECK(EntryCount(t.path()) == 1);
  } else {  // a named temporary file is left; the next run for the same output removes it
    AtomicFile next(dest);
    CHECK(EntryCount(t.path()) == 2);
  }
}

// A run killed between naming its temporary file and renaming it (or on a filesystem without unnamed
// files) leaves ".report.html.tmp-XXXXXX"; the next run for the same output removes it, unless a live run
// holds it.
TEST_CASE("atomic_file: leftovers of killed runs are removed - a live run's file is kept", "[atomic_file]") {
  TempDir t;
  std::string dest = t / "report.html";
  WriteFile(t / ".report.html.tmp-DeAd01", "killed run");
  WriteFile(t / ".other.html.tmp-DeAd02", "another output's");
  WriteFile(t / ".report.html.tmp-LiVe03", "live run");
  int ready[2], release[2];
  REQUIRE(::pipe(ready) == 0);
  REQUIRE(::pipe(release) == 0);
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {  // a live run: holds its temporary file locked until released
    int fd = ::open((t / ".report.html.tmp-LiVe03").c_str(), O_RDONLY);
    bool locked = fd >= 0 && ::flock(fd, LOCK_EX) == 0;
    char c = locked ? 'y' : 'n';
    (void)!::write(ready[1], &c, 1);
    (void)!::read(release[0], &c, 1);
    ::_exit(0);
  }
  char c = 0;
  REQUIRE(::read(ready[0], &c, 1) == 1);
  REQUIRE(c == 'y');
  {
    AtomicFile f(dest);
    f.Write("new");
    f.Commit();
  }
  CHECK_FALSE(fs::exists(t / ".report.html.tmp-DeAd01"));
  CHECK(fs::exists(t / ".report.html.tmp-LiVe03"));
  CHECK(fs::exists(t / ".other.html.tmp-DeAd02"));
  CHECK(ReadFile(dest) == "new");
  (void)!::write(release[1], "x", 1);
  CHECK(WaitStatus(child) == 0);
  for (int fd : {ready[0], ready[1], release[0], release[1]}) ::close(fd);
}

// nohup, a shell's background job, make: a signal ignored at start stays ignored, and a handler the
// caller installed is back afterwards.
TEST_CASE("atomic_file: signals ignored at start stay ignored", "[atomic_file]") {
  TempDir t;
  std::string dest = t / "report.html";
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    std::signal(SIGHUP, SIG_IGN);
    std::signal(SIGINT, SIG_IGN);
    {
      AtomicFile f(dest);
      f.Write("complete");
      std::raise(SIGHUP);
      std::raise(SIGINT);
      f.Commit();
    }
    struct sigaction hup, intr;
    ::sigaction(SIGHUP, nullptr, &hup);
    ::sigaction(SIGINT, nullptr, &intr);
    ::_exit(hup.sa_handler == SIG_IGN && intr.sa_handler == SIG_IGN ? 0 : 3);
  }
  CHECK(WaitStatus(child) == 0);
  CHECK(ReadFile(dest) == "complete");
  CHECK(EntryCount(t.path()) == 1);
}

void HandlerForTest(int) {}

TEST_CASE("atomic_file: the caller's signal handlers are restored", "[atomic_file]") {
  TempDir t;
  auto* previous = std::signal(SIGTERM, HandlerForTest);
  struct sigaction during, after;
  {
    AtomicFile f(t / "r.html");
    ::sigaction(SIGTERM, nullptr, &during);
  }
  ::sigaction(SIGTERM, nullptr, &after);
  std::signal(SIGTERM, previous);
  CHECK(during.sa_handler != HandlerForTest);  // the cleanup handler while the file exists
  CHECK(after.sa_handler == HandlerForTest);
}

// Under `ulimit -f` a write past the limit raises SIGXFSZ, whose default action ends the process without a
// word and leaves the temporary file: it must be an error naming the cause instead.
TEST_CASE("atomic_file: a write past the file size limit is an error - File too large", "[atomic_file]") {
  TempDir t;
  std::string dest = t / "report.html";
  WriteFile(dest, "old report");
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    struct rlimit limit = {4096, 4096};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    try {
      AtomicFile f(dest);
      f.Write(std::string(100000, 'x'));
      f.Commit();
    } catch (const Error& e) {
      ::_exit(std::string(e.what()) == "cannot write '" + dest + "': File too large" ? 0 : 3);
    }
    ::_exit(4);
  }
  CHECK(WaitStatus(child) == 0);
  CHECK(ReadFile(dest) == "old report");
  CHECK(EntryCount(t.path()) == 1);
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

void XfszHandlerForTest(int) {}

// The recording library writes inside a compiler: SIGXFSZ is ignored only while it writes and only when
// its action is the default; a program's own handler or SIG_IGN stays as it was.
TEST_CASE("atomic_file: SIGXFSZ is ignored only over its default action, and put back", "[atomic_file]") {
  auto current = [] {
    struct sigaction a;
    ::sigaction(SIGXFSZ, nullptr, &a);
    return a.sa_handler;
  };
  auto* previous = std::signal(SIGXFSZ, SIG_DFL);
  {
    IgnoreFileSizeSignal outer;
    CHECK(current() == SIG_IGN);
    {
      IgnoreFileSizeSignal inner;
      CHECK(current() == SIG_IGN);
    }
    CHECK(current() == SIG_IGN);  // the outer guard still holds it
  }
  CHECK(current() == SIG_DFL);

  std::signal(SIGXFSZ, XfszHandlerForTest);
  {
    IgnoreFileSizeSignal guard;
    CHECK(current() == XfszHandlerForTest);
  }
  CHECK(current() == XfszHandlerForTest);

  std::signal(SIGXFSZ, SIG_DFL);
  {
    IgnoreFileSizeSignal guard;
    std::signal(SIGXFSZ, XfszHandlerForTest);  // the program installs its own meanwhile: kept
  }
  CHECK(current() == XfszHandlerForTest);
  std::signal(SIGXFSZ, previous);
}

TEST_CASE("atomic_file: without signal cleanup the process's signal actions are untouched", "[atomic_file]") {
  TempDir t;
  auto* previous = std::signal(SIGTERM, HandlerForTest);
  struct sigaction during;
  {
    AtomicFileOptions options;
    options.cleanup_on_signals = false;
    options.sync = false;
    AtomicFile f(t / "r.html", "", options);
    ::sigaction(SIGTERM, nullptr, &during);
    f.Write("unsynced");
    f.Commit();
  }
  std::signal(SIGTERM, previous);
  CHECK(during.sa_handler == HandlerForTest);
  CHECK(ReadFile(t / "r.html") == "unsynced");
  CHECK(EntryCount(t.path()) == 1);
}

}  // namespace
}  // namespace irtrace
