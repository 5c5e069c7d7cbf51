// The edit script and its one walk (lib/diff/edit_script.h).
#include "diff/edit_script.h"

#include <catch2/catch.hpp>

#include <vector>

namespace irtrace {
namespace {

TEST_CASE("edit_script: ForEachBlock gives every triple with its positions on both sides", "[edit_script]") {
  // Triples (2 equal, 2 deleted, 0 inserted), (1 equal, 0 deleted, 3 inserted), (0 equal, 1 deleted, 1 inserted).
  EditScript s{{2, 2, 0, 1, 0, 3, 0, 1, 1}};
  std::vector<EditBlock> seen;
  EditEnd end = ForEachBlock(s, [&](const EditBlock& b) { seen.push_back(b); });
  REQUIRE(seen.size() == 3);
  CHECK(seen[0].equal == 2);
  CHECK(seen[0].del == 2);
  CHECK(seen[0].ins == 0);
  CHECK(seen[0].before == 2);
  CHECK(seen[0].after == 2);
  CHECK(seen[0].index == 0);
  CHECK(seen[0].inserted_before == 0);
  CHECK(seen[1].before == 5);  // 2 equal + 2 deleted + 1 equal
  CHECK(seen[1].after == 3);   // 2 equal + 1 equal
  CHECK(seen[1].index == 1);
  CHECK(seen[1].inserted_before == 0);
  CHECK(seen[2].before == 5);
  CHECK(seen[2].after == 6);
  CHECK(seen[2].index == 2);
  CHECK(seen[2].inserted_before == 3);
  CHECK(end.before == 6);
  CHECK(end.after == 7);
  CHECK(s.Inserted() == 4);
  CHECK(s.Deleted() == 3);
}

TEST_CASE("edit_script: block numbers skip triples that change nothing", "[edit_script]") {
  // DiffLines never writes (E, 0, 0), but the numbering rule ("pairs" refer to triples with D + I > 0)
  // must hold for any script.
  EditScript s{{1, 0, 0, 1, 1, 1}};
  std::vector<size_t> index;
  ForEachBlock(s, [&](const EditBlock& b) { index.push_back(b.index); });
  CHECK(index == std::vector<size_t>{0, 0});
}

TEST_CASE("edit_script: an empty script walks nothing and ends at 0", "[edit_script]") {
  EditScript s;
  int calls = 0;
  EditEnd end = ForEachBlock(s, [&](const EditBlock&) { ++calls; });
  CHECK(calls == 0);
  CHECK(end.before == 0);
  CHECK(end.after == 0);
  CHECK(s.Empty());
}

}  // namespace
}  // namespace irtrace
