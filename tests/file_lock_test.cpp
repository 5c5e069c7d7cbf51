// util/file_lock.h: an flock held for a scope, between processes and between threads.
#include "util/file_lock.h"

#include <catch2/catch.hpp>

#include <csignal>
#include <fstream>
#include <memory>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "test_util.h"
#include "util/error.h"

namespace irtrace {
namespace {

using test::TempDir;

// The child is forked before the parent locks: a child inherits its parent's open files, and with them a
// lock already held (flock belongs to the open file), which the parent's release would then not end.
TEST_CASE("file_lock: a second holder, in another process, waits until the first lets go", "[file_lock]") {
  TempDir t;
  const std::string lock = t / "lock", marker = t / "marker";
  int go[2], result[2];
  REQUIRE(::pipe(go) == 0);
  REQUIRE(::pipe(result) == 0);
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    char start;
    (void)!::read(go[0], &start, 1);
    {
      FileLock mine(lock);  // waits for the parent's
      // The parent wrote the marker before it let go: the child must see it.
      char c = std::ifstream(marker).good() ? '1' : '0';
      (void)!::write(result[1], &c, 1);
    }
    ::_exit(0);
  }
  auto held = std::make_unique<FileLock>(lock);
  (void)!::write(go[1], "g", 1);
  REQUIRE(test::AwaitFlockWaiter(child));  // until the child is blocked on the lock
  std::ofstream(marker) << "x";
  held.reset();
  char seen = '?';
  REQUIRE(::read(result[0], &seen, 1) == 1);
  CHECK(seen == '1');
  int status = 0;
  ::waitpid(child, &status, 0);
  CHECK(WIFEXITED(status));
  for (int fd : {go[0], go[1], result[0], result[1]}) ::close(fd);
}

TEST_CASE("file_lock: a lock that cannot be opened is an Error naming it", "[file_lock]") {
  TempDir t;
  CHECK_THROWS_WITH(FileLock(t / "missing/lock"),
                    "cannot open the lock '" + (t / "missing/lock") + "': No such file or directory");
}

// LockIsHeld: true while another process holds the lock, false once it died (kill -9: the kernel drops it).
TEST_CASE("file_lock: LockIsHeld tells a holder alive from one that died", "[file_lock]") {
  TempDir t;
  const std::string lock = t / "lock";
  CHECK_FALSE(LockIsHeld(lock));  // missing
  int ready[2];
  REQUIRE(::pipe(ready) == 0);
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    FileLock mine(lock);
    (void)!::write(ready[1], "r", 1);
    for (;;) ::pause();
  }
  char c;
  REQUIRE(::read(ready[0], &c, 1) == 1);
  CHECK(LockIsHeld(lock));
  CHECK(LockIsHeld(lock));  // asking does not take it
  ::kill(child, SIGKILL);
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  CHECK_FALSE(LockIsHeld(lock));
  {
    FileLock mine(lock);
    CHECK(LockIsHeld(lock));  // another open file of this process: held too
  }
  CHECK_FALSE(LockIsHeld(lock));
}

}  // namespace
}  // namespace irtrace
