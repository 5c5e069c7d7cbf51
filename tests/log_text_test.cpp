// A log read once in order and again by range (lib/input/log_text.h): lines and their offsets across the
// reader's 8 MiB chunks, a last line without its '\n', ranges read back.
#include "input/log_text.h"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <fstream>
#include <unistd.h>

#include <string>
#include <sys/stat.h>
#include <thread>
#include <vector>

#include "test_util.h"

namespace irtrace {
namespace {

using test::TempDir;

std::vector<std::pair<std::string, uint64_t>> AllLines(std::shared_ptr<const LogText> log) {
  LineReader r(std::move(log));
  std::vector<std::pair<std::string, uint64_t>> out;
  std::string_view line;
  uint64_t at = 0;
  while (r.Next(&line, &at)) out.emplace_back(std::string(line), at);
  return out;
}

TEST_CASE("log_text: lines and offsets from a file, across chunks, and ranges read back", "[log_text]") {
  TempDir t;
  std::string long_line(9u << 20, 'x');  // longer than a chunk
  std::string text = "a\n\n" + long_line + "\nlast";
  test::WriteFile(t / "l.log", text);
  auto file = LogText::OpenFile(t / "l.log", "l.log");
  CHECK(file->size() == text.size());
  auto lines = AllLines(file);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == std::make_pair(std::string("a"), uint64_t{0}));
  CHECK(lines[1] == std::make_pair(std::string(""), uint64_t{2}));
  CHECK(lines[2].first == long_line);
  CHECK(lines[2].second == 3);
  CHECK(lines[3] == std::make_pair(std::string("last"), uint64_t{text.size() - 4}));
  CHECK(file->Read(text.size() - 4, 100) == "last");
  CHECK(file->Read(text.size() + 5, 10).empty());
  // The same text held in memory reads the same.
  CHECK(AllLines(LogText::InMemory(text, "m")) == lines);
  CHECK_THROWS_WITH(LogText::OpenFile(t / "none.log", "none.log"), "cannot read 'none.log': No such file or directory");
}

// bash's <(opt ... 2>&1) and a named pipe: their size is 0, their bytes arrive once.
TEST_CASE("log_text: a named pipe is read as it arrives, and its ranges read back", "[log_text]") {
  TempDir t;
  std::string fifo = t / "p.log";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::string text = "a\nbb\nccc";  // less than a pipe's buffer: the writer never waits for the reader
  std::thread writer([&] { test::WriteFile(fifo, text); });
  auto log = LogText::OpenFile(fifo, "p.log");
  writer.join();
  auto lines = AllLines(log);
  REQUIRE(lines.size() == 3);
  CHECK(lines[2] == std::make_pair(std::string("ccc"), uint64_t{5}));
  CHECK(log->Read(2, 2) == "bb");
  CHECK(log->size() == text.size());
}

// A pipe's bytes read in order go straight into the reader's buffer and are copied aside as they come; a
// range read ahead of the reader (copied aside first) or behind it (read back) gives the same bytes, and
// the lines read after it go on where they were.
TEST_CASE("log_text: a pipe over several chunks, read in order and by range ahead of and behind the reader",
          "[log_text]") {
  TempDir t;
  std::string fifo = t / "p.log";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::string text;
  for (int i = 0; text.size() < (20u << 20); ++i) text += "line " + std::to_string(i) + " of the pipe\n";
  std::thread writer([&] { test::WriteFile(fifo, text); });
  auto log = LogText::OpenFile(fifo, "p.log");
  LineReader r(log);
  std::string_view line;
  uint64_t at = 0;
  std::string seen;
  size_t n = 0;
  while (r.Next(&line, &at)) {
    CHECK(at == seen.size());
    seen.append(line).push_back('\n');
    if (++n == 1000) {
      // 10 MiB ahead of the reader, past its first chunk: copied aside before the reader gets there.
      CHECK(log->Read(10u << 20, 100) == text.substr(10u << 20, 100));
    }
  }
  writer.join();
  CHECK(seen == text);
  CHECK(log->Read((8u << 20) - 50, 100) == text.substr((8u << 20) - 50, 100));  // across two chunks, behind
  CHECK(log->size() == text.size());
}

// ReadInto writes a range into the caller's buffer, as Read returns it; lines across three refills of the
// reader's one buffer, a line spanning two chunks, keep their offsets.
TEST_CASE("log_text: ReadInto and lines across several chunks of one buffer", "[log_text]") {
  TempDir t;
  std::string text;
  std::vector<uint64_t> starts;
  for (size_t k = 0; text.size() < (20u << 20); ++k) {
    starts.push_back(text.size());
    text += "line " + std::to_string(k) + std::string(k % 97, '.') + "\n";
  }
  test::WriteFile(t / "l.log", text);
  auto file = LogText::OpenFile(t / "l.log", "l.log");
  auto lines = AllLines(file);
  REQUIRE(lines.size() == starts.size());
  for (size_t k = 0; k < starts.size(); k += 4999) {
    CHECK(lines[k].second == starts[k]);
    CHECK(lines[k].first == text.substr(starts[k], text.find('\n', starts[k]) - starts[k]));
  }
  std::string buf(16, '?');
  CHECK(file->ReadInto(starts[3], buf.data(), 6) == 6);
  CHECK(buf.substr(0, 6) == text.substr(starts[3], 6));
  CHECK(file->ReadInto(text.size() - 3, buf.data(), 16) == 3);
  CHECK(buf.substr(0, 3) == text.substr(text.size() - 3));
  CHECK(file->ReadInto(text.size(), buf.data(), 16) == 0);
  CHECK(LogText::InMemory(text, "m")->ReadInto(starts[3], buf.data(), 6) == 6);
  CHECK(buf.substr(0, 6) == text.substr(starts[3], 6));
}

// A pipe's buffer is enlarged (where the system allows 1 MiB): its writer waits less often.
TEST_CASE("log_text: a pipe read is given a 1 MiB buffer", "[log_text]") {
  std::ifstream max_file("/proc/sys/fs/pipe-max-size");
  long max = 0;
  if (!(max_file >> max) || max < (1 << 20)) return;  // not Linux, or a lower limit: nothing to check
  TempDir t;
  std::string fifo = t / "p.log";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  int writer = ::open(fifo.c_str(), O_RDWR | O_CLOEXEC);  // a FIFO opened for both never blocks
  REQUIRE(writer >= 0);
  auto log = LogText::OpenFile(fifo, "p.log");
  CHECK(::fcntl(writer, F_GETPIPE_SZ) >= (1 << 20));
  ::close(writer);
}

// has_break: the line's '\n' is the byte after its view, but not for a last line without one (in memory
// and from a file alike).
TEST_CASE("log_text: has_break tells a line ending in its newline from a last line without one", "[log_text]") {
  TempDir t;
  test::WriteFile(t / "l.log", "ab\nc");
  for (auto log : {LogText::OpenFile(t / "l.log", "l.log"), LogText::InMemory("ab\nc", "m")}) {
    LineReader r(log);
    std::string_view line;
    uint64_t at = 0;
    REQUIRE(r.Next(&line, &at));
    CHECK(r.has_break());
    CHECK(line.data()[line.size()] == '\n');
    REQUIRE(r.Next(&line, &at));
    CHECK(line == "c");
    CHECK_FALSE(r.has_break());
  }
}

}  // namespace
}  // namespace irtrace
