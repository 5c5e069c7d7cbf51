// Atomic report writing (lib/atomic_file.h): commit, abandon, failure paths and the file mode.
#include "util/atomic_file.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <csignal>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/error.h"
#include "test_util.h"

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
    CHECK(EntryCount(t.path()) == 1);  // the temporary file
    CHECK_FALSE(fs::exists(path));
    for (const auto& e : fs::directory_iterator(t.path())) {
      CHECK_THAT(e.path().filename().string(), Catch::StartsWith(".report.html.tmp-"));
    }
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
  CHECK_THAT(msg, Catch::Contains("'" + path + "'"));
  CHECK_THAT(msg, Catch::Contains("does not exist"));
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


// Ctrl-C during a conversion: the temporary file goes, the old report stays (in a child process, which
// the signal ends).
TEST_CASE("atomic_file: SIGINT while writing removes the temporary file", "[atomic_file]") {
  TempDir t;
  std::string dest = t / "report.html";
  WriteFile(dest, "old report");
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    AtomicFile f(dest);
    f.Write("partial");
    std::raise(SIGINT);
    ::_exit(0);  // not reached: SIGINT's default action ends the process
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGINT);
  CHECK(ReadFile(dest) == "old report");
  size_t entries = 0;
  for (const auto& e : std::filesystem::directory_iterator(t.path())) entries += e.exists();
  CHECK(entries == 1);
}

}  // namespace
}  // namespace irtrace
