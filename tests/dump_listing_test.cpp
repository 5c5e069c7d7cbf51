// The dump contract's listing rules (input/dump_dir.h ListDump) on an in-memory disk (tests/memory_disk.h):
// what the directory holds and what kind each name is, without a file on the real disk.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "input/dump_dir_disk.h"
#include "memory_disk.h"
#include "util/error.h"

namespace irtrace {
namespace {

using test::MemoryDisk;

// The message of the Error ListDump throws for `dir` on `disk`; FAILs when it throws none.
std::string ListError(const MemoryDisk& disk, const std::string& dir = "d") {
  try {
    ListDump(dir, {}, disk);
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kInput);
    CHECK(e.place() == ErrorPlace::kInInput);
    return e.what();
  }
  FAIL("ListDump did not throw for " << dir);
  return "";
}

MemoryDisk TwoPasses() {
  MemoryDisk disk;
  disk.Add("d/00_frontend.py");
  disk.Add("d/01_after_A.py");
  disk.Add("d/02_after_B.py");
  return disk;
}

TEST_CASE("dump_listing: names listed in any order come out in pass order, widths numeric", "[dump_listing]") {
  MemoryDisk disk;
  disk.Add("d/00_frontend.py");
  for (int i = 1; i <= 10; ++i) disk.Add("d/" + std::string(i < 10 ? "0" : "") + std::to_string(i) + "_after_P.py");
  disk.Add("d/100_after_Last.py");
  for (int i = 11; i < 100; ++i) disk.Add("d/" + std::to_string(i) + "_after_P.py");
  DumpListing l = ListDump("d", {}, disk);
  REQUIRE(l.passes.size() == 100);
  CHECK(l.frontend.name == "00_frontend.py");
  CHECK(l.frontend.path == "d/00_frontend.py");
  CHECK(l.passes[9].file.name == "10_after_P.py");
  CHECK(l.passes[99].file.name == "100_after_Last.py");
  CHECK(l.passes[99].pass_name == "Last");
}

TEST_CASE("dump_listing: a gap, a directory snapshot and a FIFO snapshot are errors naming them", "[dump_listing]") {
  MemoryDisk gap;
  gap.Add("d/00_frontend.py");
  gap.Add("d/02_after_B.py");
  CHECK(ListError(gap) == "pass 1 is missing (between '00_frontend.py' and '02_after_B.py')");

  MemoryDisk dir = TwoPasses();
  dir.Add("d/03_after_C.py", FileKind::kDirectory);
  CHECK(ListError(dir) == "snapshot '03_after_C.py' is a directory");

  MemoryDisk fifo = TwoPasses();
  fifo.Add("d/03_after_C.py", FileKind::kFifo);
  CHECK(ListError(fifo) == "snapshot '03_after_C.py' is not a regular file");
}

TEST_CASE("dump_listing: logs: attached, a FIFO ignored, a dangling link a warning", "[dump_listing]") {
  MemoryDisk disk = TwoPasses();
  disk.Add("d/01_after_A.log");
  disk.Add("d/00_frontend.log", FileKind::kFifo);
  disk.Link("d/02_after_B.log", "gone.log");
  disk.Add("d/notes.txt");
  disk.Add("d/.01_after_A.py.swp");
  DumpListing l = ListDump("d", {}, disk);
  REQUIRE(l.passes.size() == 2);
  CHECK(l.passes[0].file.log_name == "01_after_A.log");
  CHECK(l.passes[0].file.log_path == "d/01_after_A.log");
  CHECK(l.frontend.log_name.empty());
  CHECK(l.passes[1].file.log_warning == "its log is a dangling link: 02_after_B.log -> gone.log");
  CHECK(l.ignored ==
        std::vector<std::string>{".01_after_A.py.swp", "00_frontend.log (not a regular file)", "notes.txt"});
}

TEST_CASE("dump_listing: a directory that cannot be read, or is not one, says why", "[dump_listing]") {
  MemoryDisk disk = TwoPasses();
  disk.FailListing("d", std::errc::permission_denied);
  CHECK(ListError(disk) == "cannot read the dump: " + std::make_error_code(std::errc::permission_denied).message());
  MemoryDisk file;
  file.Add("d");
  CHECK(ListError(file) == "the dump is not a directory");
  CHECK(ListError(MemoryDisk(), "nowhere") == "cannot read the dump: No such file or directory");
}

}  // namespace
}  // namespace irtrace
