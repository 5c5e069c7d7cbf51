// The end chunk of a live report (lib/record/end_chunk.h): its bytes, the handlers that append it in a
// process that crashes (forked children, a real fault), and AppendFoundEnd, which a later session uses on a
// run killed without a word. The pages these make are read in Chromium by tests/browser/live.test.mjs.
#include "record/end_chunk.h"

#include <catch2/catch.hpp>

#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "report/payload_writer.h"
#include "test_util.h"

namespace fs = std::filesystem;
using namespace irtrace;
using test::ReadFile;
using test::TempDir;
using test::WriteFile;

namespace {

// A live report's text as the library leaves it: a page, the envelope's line, whole chunks.
std::string LiveText(int chunks) {
  std::string text = "<!doctype html><script type=\"text/x-ir-trace-chunks\" id=\"ir-trace-data\">";
  text += kChunksMagic;
  for (int i = 0; i < chunks; ++i) text += ChunkFrame("{\"live\":{\"passes\":" + std::to_string(i) + "}}");
  return text;
}

// Runs `body` (given the slot) in a forked child with the file `path` armed, and returns how the child ended (waitpid's).
template <class F>
int InChild(const std::string& path, F body) {
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    for (int sig : kEndSignals) std::signal(sig, SIG_DFL);  // Catch's handlers are the test runner's, not ours
    int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    int slot = fd < 0 ? -1 : ArmEnd(fd);
    if (slot < 0) ::_exit(99);
    body(slot);
    ::_exit(0);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  return status;
}

int* volatile g_null = nullptr;  // a real fault, not a trap the optimiser put in

}  // namespace

TEST_CASE("end_chunk: the chunks are whole frames of the chunked envelope, one a way of ending", "[end_chunk]") {
  std::string segv = EndChunk(EndHow::kSignal, SIGSEGV);
  CHECK(segv == ChunkFrame("{\"end\":{\"how\":\"signal\",\"signal\":11,\"name\":\"SIGSEGV\"}}"));
  CHECK(EndChunk(EndHow::kSignal, SIGSEGV) == segv);  // made ahead, compared later: deterministic
  CHECK(EndChunk(EndHow::kFound) == ChunkFrame("{\"end\":{\"how\":\"found\"}}"));
  CHECK(EndChunk(EndHow::kExit) == ChunkFrame("{\"end\":{\"how\":\"exit\"}}"));
  CHECK(EndChunk(EndHow::kTerminate) == ChunkFrame("{\"end\":{\"how\":\"terminate\"}}"));
}

TEST_CASE("end_chunk: a process that faults appends the chunk once and still dies of the signal", "[end_chunk]") {
  TempDir t;
  std::string report = t / "report.html";
  WriteFile(report, LiveText(2));
  int status = InChild(report, [](int) { *g_null = 1; });
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGSEGV);
  CHECK(ReadFile(report) == LiveText(2) + EndChunk(EndHow::kSignal, SIGSEGV));
}

TEST_CASE("end_chunk: abort, exit and a disarmed report", "[end_chunk]") {
  TempDir t;
  std::string report = t / "report.html";
  WriteFile(report, LiveText(1));
  int status = InChild(report, [](int) { std::abort(); });
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGABRT);
  CHECK(ReadFile(report) == LiveText(1) + EndChunk(EndHow::kSignal, SIGABRT));
  WriteFile(report, LiveText(1));
  status = InChild(report, [](int) { std::exit(4); });
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 4);
  CHECK(ReadFile(report) == LiveText(1) + EndChunk(EndHow::kExit));
  // Disarmed (the session ended), or mid-append: nothing is written, and the process dies all the same.
  WriteFile(report, LiveText(1));
  status = InChild(report, [](int slot) {
    DisarmEnd(slot);
    std::raise(SIGTERM);
  });
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGTERM);
  CHECK(ReadFile(report) == LiveText(1));
  status = InChild(report, [](int slot) {
    BusyEnd(slot, true);
    std::raise(SIGINT);
  });
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGINT);
  CHECK(ReadFile(report) == LiveText(1));
}

TEST_CASE("end_chunk: AppendFoundEnd marks a dead run's live report once, and nothing else", "[end_chunk]") {
  TempDir t;
  std::string report = t / "report.html";
  WriteFile(report, LiveText(3));
  CHECK(AppendFoundEnd(report));
  CHECK(ReadFile(report) == LiveText(3) + EndChunk(EndHow::kFound));
  CHECK_FALSE(AppendFoundEnd(report));  // ended already
  WriteFile(report, LiveText(3) + EndChunk(EndHow::kSignal, SIGBUS));
  CHECK_FALSE(AppendFoundEnd(report));  // the process said how it ended
  std::string torn = LiveText(2) + ChunkFrame("{\"live\":{\"passes\":9}}").substr(0, 20);
  WriteFile(report, torn);
  CHECK_FALSE(AppendFoundEnd(report));  // after a torn chunk the viewer reads nothing
  CHECK(ReadFile(report) == torn);
  WriteFile(report, "<!doctype html><p>a final report</p>\n</html>\n");
  CHECK_FALSE(AppendFoundEnd(report));  // no chunk last: a finished report is never touched
  std::string bad = LiveText(1);
  bad[bad.size() - 3] ^= 1;  // the checksum fails
  WriteFile(report, bad);
  CHECK_FALSE(AppendFoundEnd(report));
  CHECK_FALSE(AppendFoundEnd(t / "missing.html"));
  WriteFile(t / "real.html", LiveText(1));
  fs::create_symlink("real.html", t / "link.html");
  CHECK_FALSE(AppendFoundEnd(t / "link.html"));  // never through a symbolic link
  CHECK(ReadFile(t / "real.html") == LiveText(1));
}
