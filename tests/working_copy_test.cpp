// Edit-and-recompile of generated source (lib/record/working_copy.h): every decision from the files on
// disk, the files each leaves, the backups' generations, the stderr line and its diff command, and the
// lock between processes.
#include "record/working_copy.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "test_util.h"
#include "util/file_lock.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::ReadFile;
using test::TempDir;
using test::WriteFile;
using D = CodegenDecision;

// The names in `dir` other than the lock, sorted.
std::vector<std::string> Files(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().filename() != ".lock") names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

TEST_CASE("working_copy: the decision from the working copy, the baseline and the new output", "[working_copy]") {
  auto state = [](std::optional<std::string> w, std::optional<std::string> o) { return WorkingCopyState{w, o}; };
  CHECK(Decide(state(std::nullopt, std::nullopt), "new") == D::kInit);
  CHECK(Decide(state(std::nullopt, "old"), "new") == D::kInit);  // the working copy deleted: afresh
  CHECK(Decide(state("w", std::nullopt), "new") == D::kInitBackup);
  CHECK(Decide(state("old", "old"), "old") == D::kUnchanged);
  CHECK(Decide(state("edit", "old"), "old") == D::kPatched);
  CHECK(Decide(state("old", "old"), "new") == D::kRegenerated);
  CHECK(Decide(state("new", "old"), "new") == D::kSynced);
  CHECK(Decide(state("edit", "old"), "new") == D::kConflict);
  CHECK(Decide(state("", ""), "") == D::kUnchanged);  // empty files are files
}

TEST_CASE("working_copy: each decision builds the right text and leaves the right files", "[working_copy]") {
  TempDir t;
  const std::string dir = t.path(), w = t / "k.cpp";
  auto decide = [&](const std::string& output) {
    CodegenOutcome o = DecideWorkingCopy(dir, "k.cpp", output);
    INFO(o.failure);
    REQUIRE(o.failure.empty());
    REQUIRE(o.decided);
    CHECK(o.working == w);
    return o;
  };

  CodegenOutcome o = decide("v1\n");
  CHECK(o.decision == D::kInit);
  CHECK(o.text == "v1\n");
  CHECK(Files(dir) == std::vector<std::string>{"k.cpp", "k.cpp.latest", "k.cpp.original"});
  CHECK(ReadFile(w) == "v1\n");
  CHECK(ReadFile(w + ".original") == "v1\n");
  CHECK(ReadFile(w + ".latest") == "v1\n");

  o = decide("v1\n");
  CHECK(o.decision == D::kUnchanged);
  CHECK(o.text == "v1\n");

  WriteFile(w, "v1 edited\n");
  o = decide("v1\n");
  CHECK(o.decision == D::kPatched);
  CHECK(o.text == "v1 edited\n");  // the edit is built
  CHECK(ReadFile(w) == "v1 edited\n");
  CHECK(ReadFile(w + ".original") == "v1\n");

  WriteFile(w, "v1\n");  // the edit undone by hand
  o = decide("v2\n");
  CHECK(o.decision == D::kRegenerated);
  CHECK(o.text == "v2\n");
  CHECK(ReadFile(w) == "v2\n");
  CHECK(ReadFile(w + ".original") == "v2\n");
  CHECK(ReadFile(w + ".latest") == "v2\n");

  WriteFile(w, "v3\n");  // the user made by hand what the compiler makes next
  o = decide("v3\n");
  CHECK(o.decision == D::kSynced);
  CHECK(o.text == "v3\n");
  CHECK(ReadFile(w + ".original") == "v3\n");
  CHECK(decide("v3\n").decision == D::kUnchanged);

  WriteFile(w, "v3 edit A\n");
  o = decide("v4\n");
  CHECK(o.decision == D::kConflict);
  CHECK(o.backup == 1);
  CHECK(o.text == "v4\n");  // the new output is built
  CHECK(ReadFile(w) == "v4\n");
  CHECK(ReadFile(w + ".original") == "v4\n");
  CHECK(ReadFile(w + ".bak.1") == "v3 edit A\n");
  CHECK(ReadFile(w + ".original.bak.1") == "v3\n");

  WriteFile(w, "v4 edit B\n");
  o = decide("v5\n");
  CHECK(o.decision == D::kConflict);
  CHECK(o.backup == 2);  // every generation kept
  CHECK(ReadFile(w + ".bak.1") == "v3 edit A\n");
  CHECK(ReadFile(w + ".bak.2") == "v4 edit B\n");
  CHECK(ReadFile(w + ".original.bak.2") == "v4\n");

  fs::remove(w + ".original");  // a working copy of unknown origin
  WriteFile(w, "someone else's\n");
  o = decide("v6\n");
  CHECK(o.decision == D::kInitBackup);
  CHECK(o.backup == 3);
  CHECK(ReadFile(w + ".bak.3") == "someone else's\n");
  CHECK(ReadFile(w) == "v6\n");
  CHECK(ReadFile(w + ".original") == "v6\n");
  CHECK(Files(dir) == std::vector<std::string>{"k.cpp", "k.cpp.bak.1", "k.cpp.bak.2", "k.cpp.bak.3", "k.cpp.latest",
                                               "k.cpp.original", "k.cpp.original.bak.1", "k.cpp.original.bak.2"});

  fs::remove(w);  // deleting the working copy starts afresh
  CHECK(decide("v7\n").decision == D::kInit);
  CHECK(ReadFile(w + ".original") == "v7\n");
}

TEST_CASE("working_copy: a PATCHED build keeps the real output in .latest", "[working_copy]") {
  TempDir t;
  DecideWorkingCopy(t.path(), "k.cpp", "gen\n");
  WriteFile(t / "k.cpp", "mine\n");
  fs::remove(t / "k.cpp.latest");
  CodegenOutcome o = DecideWorkingCopy(t.path(), "k.cpp", "gen\n");
  CHECK(o.decision == D::kPatched);
  CHECK(ReadFile(t / "k.cpp.latest") == "gen\n");
}

TEST_CASE("working_copy: backups count past gaps and either kind", "[working_copy]") {
  TempDir t;
  DecideWorkingCopy(t.path(), "k.cpp", "a\n");
  WriteFile(t / "k.cpp.original.bak.7", "old");
  WriteFile(t / "k.cpp.bak.x", "not a generation");
  WriteFile(t / "k.cpp", "edit\n");
  CodegenOutcome o = DecideWorkingCopy(t.path(), "k.cpp", "b\n");
  CHECK(o.decision == D::kConflict);
  CHECK(o.backup == 8);
  CHECK(ReadFile(t / "k.cpp.bak.8") == "edit\n");
}

TEST_CASE("working_copy: a working copy that cannot be read is a failure, and the output is built", "[working_copy]") {
  TempDir t;
  fs::create_directory(t / "k.cpp");
  CodegenOutcome o = DecideWorkingCopy(t.path(), "k.cpp", "gen\n");
  CHECK_FALSE(o.decided);
  CHECK(o.text == "gen\n");
  CHECK(o.failure == "cannot read '" + (t / "k.cpp") + "': Is a directory");
  o = DecideWorkingCopy(t / "missing", "k.cpp", "gen\n");
  CHECK(o.text == "gen\n");
  CHECK(o.failure.rfind("cannot open the lock '", 0) == 0);
}

TEST_CASE("working_copy: the stderr line of each decision", "[working_copy]") {
  CodegenOutcome o;
  o.working = "/t/k/kernel.cpp";
  auto line = [&](D d, unsigned backup = 0) {
    o.decision = d;
    o.backup = backup;
    return DecisionLine("k", "kernel.cpp", "device", o);
  };
  CHECK(line(D::kInit) ==
        "irtrace: k: kernel.cpp (device): INIT: generated source written to '/t/k/kernel.cpp' "
        "(edit it and compile again to build the edit)");
  CHECK(line(D::kUnchanged) == "irtrace: k: kernel.cpp (device): UNCHANGED: building the generated source");
  CHECK(line(D::kPatched) ==
        "irtrace: k: kernel.cpp (device): PATCHED: building your edit '/t/k/kernel.cpp' "
        "(the generated source is its .latest)");
  CHECK(line(D::kRegenerated) ==
        "irtrace: k: kernel.cpp (device): REGENERATED: the generated source changed; '/t/k/kernel.cpp' follows it");
  CHECK(line(D::kSynced) ==
        "irtrace: k: kernel.cpp (device): SYNCED: your edit '/t/k/kernel.cpp' equals the new "
        "generated source; baseline updated");
  CHECK(line(D::kConflict, 2) ==
        "irtrace: k: kernel.cpp (device): CONFLICT: the generated source changed and '/t/k/kernel.cpp' was edited; "
        "building the new source, your edit kept as .bak.2; re-apply it with: diff -u "
        "'/t/k/kernel.cpp.original.bak.2' '/t/k/kernel.cpp.bak.2' | patch '/t/k/kernel.cpp'");
  CHECK(line(D::kInitBackup, 1) ==
        "irtrace: k: kernel.cpp (device): INIT-BACKUP: '/t/k/kernel.cpp' was not written by irtrace (no "
        ".original): moved to .bak.1; generated source written in its place");
  // Names cannot forge a line or colour the terminal; a quote in a path stays one shell word.
  o.decision = D::kUnchanged;
  CHECK(DecisionLine("k\n\x1b[31m", "a\rb", "host", o) ==
        "irtrace: k\\x0A\\x1B[31m: a\\x0Db (host): UNCHANGED: building the generated source");
  o.working = "/t/it's/k.cpp";
  o.decision = D::kPatched;
  CHECK(DecisionLine("k", "k.cpp", "host", o).find("'/t/it'\\''s/k.cpp'") != std::string::npos);
}

TEST_CASE("working_copy: the CONFLICT line's command re-applies the edit to the new source", "[working_copy]") {
  TempDir t;
  const std::string dir = t / "it's here";
  fs::create_directory(dir);
  std::string v1, v2;
  for (int i = 0; i < 20; ++i) v1 += "line " + std::to_string(i) + "\n";
  v2 = "// new header\n" + v1;
  DecideWorkingCopy(dir, "k.cpp", v1);
  std::string edited = v1;
  edited.replace(edited.find("line 15"), 7, "line 15 edited");
  WriteFile(dir + "/k.cpp", edited);
  CodegenOutcome o = DecideWorkingCopy(dir, "k.cpp", v2);
  REQUIRE(o.decision == D::kConflict);
  std::string line = DecisionLine("k", "k.cpp", "device", o);
  std::string command = line.substr(line.find("with: ") + 6);
  REQUIRE(std::system((command + " >/dev/null").c_str()) == 0);
  std::string expected = v2;
  expected.replace(expected.find("line 15"), 7, "line 15 edited");
  CHECK(ReadFile(dir + "/k.cpp") == expected);
}

char Code(D d) { return static_cast<char>('0' + static_cast<int>(d)); }

// A decision waits for <dir>/.lock: it reads the files only once the other holder is done with them.
TEST_CASE("working_copy: a decision in another process waits for the lock before it reads", "[working_copy]") {
  TempDir t;
  DecideWorkingCopy(t.path(), "k.cpp", "gen\n");
  int go[2], pipe_fds[2];
  REQUIRE(::pipe(go) == 0);
  REQUIRE(::pipe(pipe_fds) == 0);
  pid_t child = ::fork();  // before the lock is taken: a child would inherit it (flock is the open file's)
  REQUIRE(child >= 0);
  if (child == 0) {
    char start;
    (void)!::read(go[0], &start, 1);
    char c = Code(DecideWorkingCopy(t.path(), "k.cpp", "gen\n").decision);
    (void)!::write(pipe_fds[1], &c, 1);
    ::_exit(0);
  }
  auto held = std::make_unique<FileLock>(t / ".lock");  // as another compilation deciding
  (void)!::write(go[1], "g", 1);
  REQUIRE(test::AwaitFlockWaiter(child));  // until it is blocked on the lock
  WriteFile(t / "k.cpp", "edited while the other held the lock\n");
  held.reset();
  char seen = '?';
  REQUIRE(::read(pipe_fds[0], &seen, 1) == 1);
  CHECK(seen == Code(D::kPatched));  // it read the files after the edit: the lock was honoured
  int status = 0;
  ::waitpid(child, &status, 0);
  for (int fd : {go[0], go[1], pipe_fds[0], pipe_fds[1]}) ::close(fd);
}

// Processes compiling one kernel at once, each a different output, against an edited working copy: had two
// decisions interleaved, two would see the edit (two CONFLICTs) or a backup would be lost.
TEST_CASE("working_copy: processes deciding at once never interleave", "[working_copy]") {
  TempDir t;
  DecideWorkingCopy(t.path(), "k.cpp", "gen\n");
  WriteFile(t / "k.cpp", "the edit\n");
  constexpr int kChildren = 8;
  int go[2], results[2];
  REQUIRE(::pipe(go) == 0);
  REQUIRE(::pipe(results) == 0);
  std::vector<pid_t> children;
  for (int i = 0; i < kChildren; ++i) {
    pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      ::close(go[1]);
      char start;
      (void)!::read(go[0], &start, 1);  // all start together when the parent closes its end
      char c = Code(DecideWorkingCopy(t.path(), "k.cpp", "gen " + std::to_string(i) + "\n").decision);
      (void)!::write(results[1], &c, 1);
      ::_exit(0);
    }
    children.push_back(child);
  }
  ::close(go[0]);
  ::close(go[1]);
  std::map<char, int> decisions;
  for (int i = 0; i < kChildren; ++i) {
    char c = '?';
    REQUIRE(::read(results[0], &c, 1) == 1);
    ++decisions[c];
  }
  for (pid_t c : children) ::waitpid(c, nullptr, 0);
  ::close(results[0]);
  ::close(results[1]);
  CHECK(decisions[Code(D::kConflict)] == 1);
  CHECK(decisions[Code(D::kRegenerated)] == kChildren - 1);
  CHECK(ReadFile(t / "k.cpp.bak.1") == "the edit\n");
  CHECK(ReadFile(t / "k.cpp.original.bak.1") == "gen\n");
  CHECK_FALSE(fs::exists(t / "k.cpp.bak.2"));
  CHECK(ReadFile(t / "k.cpp") == ReadFile(t / "k.cpp.original"));
  CHECK(ReadFile(t / "k.cpp") == ReadFile(t / "k.cpp.latest"));
}

}  // namespace
}  // namespace irtrace
