// The real dumps in ../shared/fixtures (PyPTO, MLIR, LLVM): each converts, and each pass's changed/no-op
// status equals a byte comparison of its two snapshots after CRLF -> LF.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "diff/pass_diff.h"
#include "driver/convert.h"
#include "input/dump_dir.h"
#include "input/snapshot.h"
#include "test_util.h"

#ifndef IRTRACE_SOURCE_DIR
#error "IRTRACE_SOURCE_DIR must name the project root"
#endif

namespace irtrace {
namespace {

namespace fs = std::filesystem;

const std::string kFixtures = IRTRACE_SOURCE_DIR "/../shared/fixtures";

// The fixture dumps that exist, relative to kFixtures.
std::vector<std::string> FixtureDumps() {
  std::vector<std::string> out;
  std::error_code ec;
  if (fs::is_directory(kFixtures + "/pypto", ec)) {
    for (const auto& e : fs::directory_iterator(kFixtures + "/pypto")) {
      if (fs::is_directory(e.path() / "passes_dump"))
        out.push_back("pypto/" + e.path().filename().string() + "/passes_dump");
    }
  }
  for (const char* d : {"mlir/softmax/passes_dump", "llvm/crc/passes_dump"}) {
    if (fs::is_directory(kFixtures + "/" + d, ec)) out.push_back(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string WithoutCr(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\r' && i + 1 < s.size() && s[i + 1] == '\n') continue;
    out.push_back(s[i]);
  }
  return out;
}

// How many passes of `dump` differ from their predecessor after CRLF -> LF, by reading the bytes.
size_t CountChangedBytes(const std::string& dump) {
  DumpListing l = ListDump(dump, {});
  size_t changed = 0;
  std::string before = WithoutCr(test::ReadFile(l.frontend.path));
  for (const DumpPass& p : l.passes) {
    std::string after = WithoutCr(test::ReadFile(p.file.path));
    changed += before != after;
    before = std::move(after);
  }
  return changed;
}

bool HaveFixtures() {
  std::error_code ec;
  if (fs::is_directory(kFixtures, ec)) return true;
  WARN("fixtures directory " << kFixtures << " is missing: skipped");
  return false;
}

TEST_CASE("fixtures: every dump converts", "[fixtures]") {
  if (!HaveFixtures()) return;
  std::vector<std::string> dumps = FixtureDumps();
  CHECK(dumps.size() == 6);
  for (const std::string& d : dumps) {
    INFO(d);
    test::TempDir t;
    ConvertOptions o;
    o.dump_dir = kFixtures + "/" + d;
    o.output = t / "report.html";
    ConvertSummary s;
    REQUIRE_NOTHROW(s = ConvertDump(o));
    DumpListing l = ListDump(o.dump_dir, {});
    CHECK(s.passes == l.passes.size());
    CHECK(s.changed == CountChangedBytes(o.dump_dir));
    CHECK(s.failed == 0);
    CHECK(fs::file_size(o.output) > 0);
  }
}

TEST_CASE("fixtures: changed/no-op equals a byte comparison after CRLF -> LF", "[fixtures]") {
  if (!HaveFixtures()) return;
  for (const std::string& d : FixtureDumps()) {
    DumpListing l = ListDump(kFixtures + "/" + d, {});
    std::unique_ptr<Snapshot> before = LoadSnapshot(l.frontend.name, l.frontend.path, l.frontend.extension);
    std::string before_bytes = WithoutCr(test::ReadFile(l.frontend.path));
    size_t changed = 0;
    for (const DumpPass& p : l.passes) {
      std::unique_ptr<Snapshot> after = LoadSnapshot(p.file.name, p.file.path, p.file.extension);
      std::string after_bytes = WithoutCr(test::ReadFile(p.file.path));
      PassDiff diff = DiffPass(*before, *after);
      bool differs = before_bytes != after_bytes;
      INFO(d << ": " << p.file.name);
      CHECK(!diff.whole.script.Empty() == differs);
      changed += differs;
      before = std::move(after);
      before_bytes = std::move(after_bytes);
    }
    INFO(d << ": " << changed << " of " << l.passes.size() << " passes changed");
    CHECK(changed > 0);
  }
}

TEST_CASE("fixtures: the LLVM dump numbers past 99 sort numerically", "[fixtures]") {
  if (!HaveFixtures()) return;
  std::string dump = kFixtures + "/llvm/crc/passes_dump";
  if (!fs::is_directory(dump)) {
    WARN(dump << " is missing: skipped");
    return;
  }
  DumpListing l = ListDump(dump, {});
  CHECK(l.passes.size() == 236);
  for (size_t k = 0; k < l.passes.size(); ++k) CHECK(l.passes[k].number == k + 1);
}

}  // namespace
}  // namespace irtrace
