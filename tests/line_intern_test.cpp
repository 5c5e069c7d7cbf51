// Interning lines to ids (lib/line_intern.h): equal ids exactly for equal comparison keys.
#include "diff/line_intern.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "input/snapshot.h"

namespace irtrace {
namespace {

using Ids = std::vector<uint32_t>;

TEST_CASE("line_intern: ids are dense in first-seen order shared across both sides", "[line_intern]") {
  auto a = MakeSnapshot("a", "txt", "x\ny\nx\n");
  auto b = MakeSnapshot("b", "txt", "z\ny\nx\n");
  Ids ia, ib;
  InternPair(*a, *b, &ia, &ib);
  CHECK(ia == Ids{0, 1, 0});
  CHECK(ib == Ids{2, 1, 0});
}

TEST_CASE("line_intern: a CR does not change the id - a missing final newline does", "[line_intern]") {
  auto a = MakeSnapshot("a", "txt", "x\r\ny\r\nlast");
  auto b = MakeSnapshot("b", "txt", "x\ny\nlast\n");
  Ids ia, ib;
  InternPair(*a, *b, &ia, &ib);
  REQUIRE(ia.size() == 3);
  REQUIRE(ib.size() == 3);
  CHECK(ia[0] == ib[0]);
  CHECK(ia[1] == ib[1]);
  CHECK(ia[2] != ib[2]);
}

TEST_CASE("line_intern: ids agree with SameLine on many lines", "[line_intern]") {
  std::string ta, tb;
  for (int k = 0; k < 3000; ++k) {
    ta += "line " + std::to_string(k % 700) + (k % 3 ? "\r\n" : "\n");
    tb += "line " + std::to_string((k * 7) % 900) + "\n";
  }
  ta += "line 1";  // no final newline: unequal to "line 1\n"
  auto a = MakeSnapshot("a", "txt", ta);
  auto b = MakeSnapshot("b", "txt", tb);
  Ids ia, ib;
  InternPair(*a, *b, &ia, &ib);
  REQUIRE(ia.size() == a->lines.size());
  REQUIRE(ib.size() == b->lines.size());
  size_t mismatches = 0;
  for (size_t i = 0; i < a->lines.size(); i += 7) {
    for (size_t j = 0; j < b->lines.size(); j += 5) {
      mismatches += (ia[i] == ib[j]) != Snapshot::SameLine(*a, i, *b, j);
    }
  }
  CHECK(mismatches == 0);
  CHECK(ia.back() != ia[1]);  // "line 1" without newline vs "line 1\r\n"
}

TEST_CASE("line_intern: empty snapshots", "[line_intern]") {
  auto a = MakeSnapshot("a", "txt", "");
  auto b = MakeSnapshot("b", "txt", "\n");
  Ids ia{9}, ib;
  InternPair(*a, *b, &ia, &ib);
  CHECK(ia.empty());
  CHECK(ib == Ids{0});
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("line_intern: the table grows past its first size and ids stay exact", "[line_intern]") {
  // One line before, 5,000 distinct lines after: the table is sized for the larger side (at least 1,024
  // slots) and doubles as distinct lines fill it; every line of b is new except the one a has.
  std::string tb;
  for (int k = 0; k < 5000; ++k) tb += "distinct " + std::to_string(k) + "\n";
  auto a = MakeSnapshot("a", "txt", "distinct 4321\n");
  auto b = MakeSnapshot("b", "txt", tb + tb);
  Ids ia, ib;
  InternPair(*a, *b, &ia, &ib);
  REQUIRE(ib.size() == 10000);
  CHECK(ia == Ids{0});
  CHECK(ib[4321] == 0);
  CHECK(ib[0] == 1);
  CHECK(ib[4999] == 4999);  // lines 0 .. 4,998 of b other than 4,321 took ids 1 .. 4,998
  for (size_t j = 0; j < 5000; ++j) CHECK(ib[j] == ib[j + 5000]);  // the second copy finds the first
}

TEST_CASE("line_intern: an interned snapshot against itself", "[line_intern]") {
  auto a = MakeSnapshot("a", "txt", "p\nq\np\n");
  Ids ia, ib;
  InternPair(*a, *a, &ia, &ib);
  CHECK(ia == Ids{0, 1, 0});
  CHECK(ib == ia);
}

}  // namespace
}  // namespace irtrace
