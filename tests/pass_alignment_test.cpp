#include "diff/pass_alignment.h"

#include <catch2/catch.hpp>

namespace irtrace {
namespace {

// The alignment as text: "=A" aligned, "-A" removed (BASE only), "+A" added (HEAD only).
std::string Spell(const std::vector<std::string>& base, const std::vector<std::string>& head) {
  std::string out;
  for (const AlignedPass& s : AlignPasses(base, head)) {
    if (!out.empty()) out += ' ';
    if (s.base >= 0 && s.head >= 0) {
      REQUIRE(base[s.base] == head[s.head]);
      out += "=" + base[s.base];
    } else if (s.base >= 0) {
      out += "-" + base[s.base];
    } else {
      out += "+" + head[s.head];
    }
  }
  return out;
}

TEST_CASE("pass_alignment: equal pipelines align pass for pass", "[compare]") {
  CHECK(Spell({"A", "B", "C"}, {"A", "B", "C"}) == "=A =B =C");
  CHECK(Spell({}, {}) == "");
}

TEST_CASE("pass_alignment: an extra pass shifts no pass after it (by name, never by number)", "[compare]") {
  CHECK(Spell({"A", "B", "C", "D"}, {"A", "X", "B", "C", "D"}) == "=A +X =B =C =D");
  CHECK(Spell({"A", "X", "B", "C"}, {"A", "B", "C"}) == "=A -X =B =C");
  CHECK(Spell({}, {"A", "B"}) == "+A +B");
  CHECK(Spell({"A", "B"}, {}) == "-A -B");
}

TEST_CASE("pass_alignment: a replaced stretch lists BASE's passes before HEAD's", "[compare]") {
  CHECK(Spell({"A", "P", "Q", "D"}, {"A", "R", "D"}) == "=A -P -Q +R =D");
}

TEST_CASE("pass_alignment: repeated names align in order, every index once", "[compare]") {
  std::vector<std::string> base{"SimplifyCFG", "InstCombine", "SimplifyCFG", "GVN", "SimplifyCFG"};
  std::vector<std::string> head{"SimplifyCFG", "InstCombine", "LICM", "SimplifyCFG", "SimplifyCFG"};
  std::vector<AlignedPass> steps = AlignPasses(base, head);
  long b = 0, h = 0;
  size_t aligned = 0;
  for (const AlignedPass& s : steps) {
    if (s.base >= 0) CHECK(s.base == b++);
    if (s.head >= 0) CHECK(s.head == h++);
    aligned += s.base >= 0 && s.head >= 0;
  }
  CHECK(b == 5);
  CHECK(h == 5);
  CHECK(aligned == 4);  // the longest common subsequence: SimplifyCFG InstCombine SimplifyCFG SimplifyCFG
}

}  // namespace
}  // namespace irtrace
