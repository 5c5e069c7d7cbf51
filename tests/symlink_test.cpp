// Following symbolic links by hand (lib/util/symlink.h).
#include "util/symlink.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "test_util.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::TempDir;
using test::WriteFile;

TEST_CASE("symlink: FollowLinks ends at the last link's target, existing or not", "[symlink]") {
  TempDir t;
  WriteFile(t / "a/real.html", "x");
  fs::create_directory(t / "b");
  fs::create_symlink("../a/real.html", t / "b/one");  // relative to the link's own directory
  fs::create_symlink(t / "b/one", t / "two");         // absolute
  fs::create_symlink("missing/new.html", t / "dangling");
  CHECK(FollowLinks(t / "a/real.html") == t / "a/real.html");
  CHECK(FollowLinks(t / "b/one") == t / "b/../a/real.html");
  CHECK(FollowLinks(t / "two") == t / "b/../a/real.html");
  CHECK(FollowLinks(t / "dangling") == t / "missing/new.html");
  CHECK(FollowLinks(t / "no such name") == t / "no such name");
  fs::create_symlink("loop2", t / "loop1");
  fs::create_symlink("loop1", t / "loop2");
  std::string end = FollowLinks(t / "loop1");  // stops: returns some name in the loop
  CHECK((end == t / "loop1" || end == t / "loop2"));
}

TEST_CASE("symlink: IsDanglingLink only for a link whose chain ends at a missing name", "[symlink]") {
  TempDir t;
  WriteFile(t / "file", "x");
  fs::create_symlink("file", t / "good");
  fs::create_symlink("nowhere", t / "bad");
  fs::create_symlink("bad", t / "to_bad");
  fs::create_symlink("self", t / "self");
  CHECK(IsDanglingLink(t / "bad"));
  CHECK(IsDanglingLink(t / "to_bad"));
  CHECK_FALSE(IsDanglingLink(t / "good"));
  CHECK_FALSE(IsDanglingLink(t / "file"));
  CHECK_FALSE(IsDanglingLink(t / "nowhere"));
  CHECK_FALSE(IsDanglingLink(t / "self"));  // a loop, not dangling
}

}  // namespace
}  // namespace irtrace
