// The report's destination (lib/util/output_file.h): each kind of path -o can name, judged after following
// every link, and how each is written.
#include "util/output_file.h"

#include <catch2/catch.hpp>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>

#include "test_util.h"
#include "util/error.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::ReadFile;
using test::TempDir;
using test::WriteFile;

// The message of the Error ResolveOutput throws for `given`, which must be of class `code`.
std::string ResolveError(const std::string& given, ExitCode code = ExitCode::kInput) {
  try {
    ResolveOutput(given);
  } catch (const Error& e) {
    CHECK(e.code() == code);
    CHECK(e.place() == ErrorPlace::kAsGiven);
    return e.what();
  }
  FAIL("no error for '" << given << "'");
  return "";
}

// A character device like /dev/null (1, 3) at `path`; false where mknod is not allowed (no CAP_MKNOD).
bool MakeNullDevice(const std::string& path) { return ::mknod(path.c_str(), S_IFCHR | 0666, ::makedev(1, 3)) == 0; }

// A listening Unix socket bound to `path`; returns its descriptor.
int MakeSocket(const std::string& path) {
  int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  REQUIRE(path.size() < sizeof addr.sun_path);
  std::strcpy(addr.sun_path, path.c_str());
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  return fd;
}

mode_t TypeOf(const std::string& path) {
  struct stat st;
  REQUIRE(::lstat(path.c_str(), &st) == 0);
  return st.st_mode & S_IFMT;
}

size_t EntryCount(const std::string& dir) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir)) n += !e.path().empty();
  return n;
}

TEST_CASE("output_file: a regular file or a new name is replaced at the end of its links", "[output_file]") {
  TempDir t;
  WriteFile(t / "real/r.html", "old");
  fs::create_symlink("real/r.html", t / "link");
  fs::create_symlink("link", t / "link2");
  fs::create_symlink("real/new.html", t / "dangling");
  struct Case {
    std::string given, path;
  };
  for (const Case& c : {Case{t / "new.html", t / "new.html"}, Case{t / "real/r.html", t / "real/r.html"},
                        Case{t / "link", t / "real/r.html"}, Case{t / "link2", t / "real/r.html"},
                        Case{t / "dangling", t / "real/new.html"}}) {
    INFO(c.given);
    OutputTarget target = ResolveOutput(c.given);
    CHECK(target.kind == OutputKind::kReplace);
    CHECK(target.shown == c.given);
    CHECK(target.path == c.path);
  }
}

TEST_CASE("output_file: a symbolic link stays a link and its target is replaced beside it", "[output_file]") {
  TempDir t;
  WriteFile(t / "real/r.html", "old");
  fs::create_directory(t / "links");
  fs::create_symlink("../real/r.html", t / "links/out.html");
  fs::create_symlink("../real/created.html", t / "links/dangling.html");
  for (const std::string& name : {std::string("out.html"), std::string("dangling.html")}) {
    OutputFile out(ResolveOutput(t / ("links/" + name)));
    out.Write("new report");
    out.Commit();
  }
  CHECK(TypeOf(t / "links/out.html") == S_IFLNK);
  CHECK(TypeOf(t / "links/dangling.html") == S_IFLNK);
  CHECK(ReadFile(t / "real/r.html") == "new report");
  CHECK(ReadFile(t / "real/created.html") == "new report");
  CHECK(EntryCount(t / "real") == 2);  // no temporary file left in the target's directory
  CHECK(EntryCount(t / "links") == 2);
}

TEST_CASE("output_file: a FIFO is written in place once the report is complete", "[output_file]") {
  TempDir t;
  std::string fifo = t / "pipe";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  fs::create_symlink("pipe", t / "to_pipe");  // like /dev/stdout: a link to a pipe
  OutputTarget target = ResolveOutput(t / "to_pipe");
  CHECK(target.kind == OutputKind::kStream);
  SECTION("complete") {
    std::string got;
    std::thread reader([&] { got = ReadFile(fifo); });
    {
      OutputFile out(target);
      out.Write("<!DOCTYPE html>");
      out.Write(std::string(200000, 'x'));  // more than a pipe holds
      out.Commit();
    }
    reader.join();
    CHECK(got == "<!DOCTYPE html>" + std::string(200000, 'x'));
  }
  SECTION("abandoned: the FIFO is never opened") {
    {
      OutputFile out(target);
      out.Write("partial");
    }
    int fd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    REQUIRE(fd >= 0);
    char c;
    CHECK(::read(fd, &c, 1) == 0);  // no writer, nothing written
    ::close(fd);
  }
  CHECK(TypeOf(fifo) == S_IFIFO);
  CHECK(EntryCount(t.path()) == 2);
}

TEST_CASE("output_file: a character device is written in place, never replaced", "[output_file]") {
  TempDir t;
  std::string dev = t / "null";
  if (!MakeNullDevice(dev)) {
    WARN("mknod is not allowed here (" << std::strerror(errno) << "); skipped");
    return;
  }
  OutputTarget target = ResolveOutput(dev);
  CHECK(target.kind == OutputKind::kStream);
  CHECK(target.path == dev);
  {
    OutputFile out(target);
    out.Write("report");
    out.Commit();
  }
  CHECK(TypeOf(dev) == S_IFCHR);
  CHECK(EntryCount(t.path()) == 1);
}

TEST_CASE("output_file: - writes to standard output once complete", "[output_file]") {
  TempDir t;
  OutputTarget target = ResolveOutput("-");
  CHECK(target.kind == OutputKind::kStream);
  CHECK(target.path.empty());
  CHECK(target.shown == "standard output");
  std::fflush(stdout);
  int saved = ::dup(STDOUT_FILENO);
  int fd = ::open((t / "stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(fd >= 0);
  ::dup2(fd, STDOUT_FILENO);
  ::close(fd);
  std::string before_commit;
  {
    OutputFile out(target);
    out.Write("<html>");
    out.Write("</html>\n");
    before_commit = ReadFile(t / "stdout");
    out.Commit();
  }
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  CHECK(before_commit.empty());
  CHECK(ReadFile(t / "stdout") == "<html></html>\n");
}

TEST_CASE("output_file: a directory, a socket or a block device is an error, never replaced", "[output_file]") {
  TempDir t;
  fs::create_directory(t / "dir");
  fs::create_symlink("dir", t / "to_dir");
  CHECK(ResolveError(t / "dir") == "cannot write '" + (t / "dir") + "': it is a directory");
  CHECK(ResolveError(t / "to_dir") == "cannot write '" + (t / "to_dir") + "': it is a directory");
  int sock = MakeSocket(t / "sock");
  CHECK(ResolveError(t / "sock") == "cannot write '" + (t / "sock") + "': it is a socket");
  ::close(sock);
  CHECK(TypeOf(t / "sock") == S_IFSOCK);
  if (::mknod((t / "blk").c_str(), S_IFBLK | 0600, ::makedev(7, 0)) == 0) {
    CHECK(ResolveError(t / "blk") == "cannot write '" + (t / "blk") + "': it is a block device");
  }
}

TEST_CASE("output_file: a path that cannot be reached says why", "[output_file]") {
  TempDir t;
  WriteFile(t / "file", "x");
  fs::create_symlink("loop", t / "loop");
  fs::create_symlink("nowhere/r.html", t / "dangling");
  CHECK(ResolveError("", ExitCode::kUsage) == "the output path is empty");
  CHECK(ResolveError(t / "missing/r.html") == "cannot write '" + (t / "missing/r.html") + "': directory '" +
                                                  (t / "missing") + "': No such file or directory");
  CHECK(ResolveError(t / "file/r.html") == "cannot write '" + (t / "file/r.html") + "': Not a directory");
  CHECK(ResolveError(t / "loop") == "cannot write '" + (t / "loop") + "': Too many levels of symbolic links");
  CHECK(ResolveError(t / "dangling") == "cannot write '" + (t / "dangling") + "' (a dangling symbolic link to '" +
                                            (t / "nowhere/r.html") + "'): directory '" + (t / "nowhere") +
                                            "': No such file or directory");
}

}  // namespace
}  // namespace irtrace
