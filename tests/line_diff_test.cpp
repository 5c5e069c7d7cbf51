// Line diffs on ids (lib/line_diff.h): exact scripts for small cases, validity and minimality on random
// input against an LCS table, and worst-case inputs that must finish.
#include "diff/line_diff.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace irtrace {
namespace {

using Ids = std::vector<uint32_t>;
using Ops = std::vector<uint32_t>;

// Ids for a string of single-character lines: "abc" -> {'a', 'b', 'c'}.
Ids L(const std::string& s) { return Ids(s.begin(), s.end()); }

Ops Diff(const std::string& a, const std::string& b) { return DiffLines(L(a), L(b)).ops; }

// Applies `script` to `a` using `b` for inserted lines; checks every structural rule on the way.
// Returns the number of equal (copied) lines, or -1 when the script is malformed.
long long Check(const Ids& a, const Ids& b, const EditScript& script, Ids* rebuilt) {
  const Ops& ops = script.ops;
  if (ops.size() % 3 != 0) return -1;
  size_t i = 0, j = 0;
  long long equal = 0;
  rebuilt->clear();
  for (size_t k = 0; k < ops.size(); k += 3) {
    uint32_t e = ops[k], d = ops[k + 1], n = ops[k + 2];
    if (d + n == 0) return -1;                        // every triple changes something
    if (i + e + d > a.size() || j + e + n > b.size()) return -1;
    for (uint32_t x = 0; x < e; ++x) {
      if (a[i + x] != b[j + x]) return -1;            // copied lines really are equal
      rebuilt->push_back(a[i + x]);
    }
    i += e + d;
    j += e;
    for (uint32_t x = 0; x < n; ++x) rebuilt->push_back(b[j + x]);
    j += n;
    equal += e;
  }
  if (a.size() - i != b.size() - j) return -1;
  for (; i < a.size(); ++i, ++j) {
    if (a[i] != b[j]) return -1;
    rebuilt->push_back(a[i]);
    ++equal;
  }
  return equal;
}

// True when `script` turns a into b and its counts agree with its triples.
bool Valid(const Ids& a, const Ids& b, const EditScript& script) {
  Ids rebuilt;
  long long equal = Check(a, b, script, &rebuilt);
  return equal >= 0 && rebuilt == b && static_cast<uint64_t>(equal) + script.Deleted() == a.size() &&
         static_cast<uint64_t>(equal) + script.Inserted() == b.size();
}

// Length of a longest common subsequence, by the textbook table (two rows at a time).
size_t LcsLength(const Ids& a, const Ids& b) {
  std::vector<uint32_t> prev(b.size() + 1, 0), cur(b.size() + 1, 0);
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1 : std::max(prev[j], cur[j - 1]);
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

TEST_CASE("line_diff: equal sides give an empty script", "[line_diff]") {
  CHECK(Diff("", "").empty());
  CHECK(Diff("abc", "abc").empty());
  CHECK(DiffLines(L("abc"), L("abc")).Empty());
  CHECK(DiffLines(L("abc"), L("abc")).Inserted() == 0);
  CHECK(DiffLines(L("abc"), L("abc")).Deleted() == 0);
}

TEST_CASE("line_diff: empty sides", "[line_diff]") {
  CHECK(Diff("", "abc") == Ops{0, 0, 3});
  CHECK(Diff("abc", "") == Ops{0, 3, 0});
}

TEST_CASE("line_diff: insertions", "[line_diff]") {
  CHECK(Diff("ac", "abc") == Ops{1, 0, 1});
  CHECK(Diff("bc", "abc") == Ops{0, 0, 1});
  CHECK(Diff("ab", "abc") == Ops{2, 0, 1});
  CHECK(Diff("ad", "abcd") == Ops{1, 0, 2});
  CHECK(Diff("ace", "abcde") == Ops{1, 0, 1, 1, 0, 1});
}

TEST_CASE("line_diff: deletions", "[line_diff]") {
  CHECK(Diff("abc", "ac") == Ops{1, 1, 0});
  CHECK(Diff("abc", "bc") == Ops{0, 1, 0});
  CHECK(Diff("abc", "ab") == Ops{2, 1, 0});
  CHECK(Diff("abcde", "ace") == Ops{1, 1, 0, 1, 1, 0});
}

TEST_CASE("line_diff: replacements put deletions before insertions in one block", "[line_diff]") {
  CHECK(Diff("abc", "axc") == Ops{1, 1, 1});
  CHECK(Diff("a", "b") == Ops{0, 1, 1});
  CHECK(Diff("abcd", "axyd") == Ops{1, 2, 2});
  CHECK(Diff("abcd", "axd") == Ops{1, 2, 1});
  CHECK(Diff("abc", "xyz") == Ops{0, 3, 3});
}

TEST_CASE("line_diff: common prefix and suffix are copied", "[line_diff]") {
  CHECK(Diff("pppXsss", "pppYsss") == Ops{3, 1, 1});
  CHECK(Diff("pppsss", "pppYYsss") == Ops{3, 0, 2});
  EditScript s = DiffLines(L("0123456789X0123456789"), L("0123456789Y0123456789"));
  CHECK(s.ops == Ops{10, 1, 1});
  CHECK(s.Inserted() == 1);
  CHECK(s.Deleted() == 1);
}

TEST_CASE("line_diff: repeated lines", "[line_diff]") {
  CHECK(Diff("aaa", "aaaa") == Ops{3, 0, 1});
  CHECK(Diff("aaaa", "aa") == Ops{2, 2, 0});
  CHECK(Diff("abab", "baba").size() % 3 == 0);
  for (auto [a, b] : std::vector<std::pair<std::string, std::string>>{
           {"abab", "baba"}, {"aabb", "bbaa"}, {"abcabc", "cbacba"}, {"xaxbxc", "axbxcx"}, {"}}}}", "}}"}}) {
    INFO(a << " -> " << b);
    EditScript s = DiffLines(L(a), L(b));
    CHECK(Valid(L(a), L(b), s));
    CHECK(a.size() - s.Deleted() == LcsLength(L(a), L(b)));
  }
}

TEST_CASE("line_diff: lines on one side only never match", "[line_diff]") {
  // x and y occur on one side only; the rest must still align.
  EditScript s = DiffLines(L("axbxc"), L("aybyc"));
  CHECK(s.ops == Ops{1, 1, 1, 1, 1, 1});
}

TEST_CASE("line_diff: random inputs give valid minimal scripts", "[line_diff]") {
  std::mt19937 rng(12345);
  for (int round = 0; round < 2000; ++round) {
    uint32_t alphabet = 1 + rng() % 8;
    size_t na = rng() % 40, nb = rng() % 40;
    Ids a(na), b(nb);
    for (auto& x : a) x = rng() % alphabet;
    if (round % 3 == 0) {
      b = a;  // an edited copy of a
      for (int e = 0, edits = 1 + static_cast<int>(rng() % 5); e < edits; ++e) {
        size_t at = b.empty() ? 0 : rng() % (b.size() + 1);
        if (rng() % 2 || b.empty() || at == b.size()) {
          b.insert(b.begin() + static_cast<long>(at), rng() % (alphabet + 3));
        } else {
          b.erase(b.begin() + static_cast<long>(at));
        }
      }
    } else {
      for (auto& x : b) x = rng() % alphabet;
    }
    EditScript s = DiffLines(a, b);
    INFO("round " << round);
    REQUIRE(Valid(a, b, s));
    REQUIRE(a.size() - s.Deleted() == LcsLength(a, b));
  }
}

TEST_CASE("line_diff: 1000-line random inputs are still minimal", "[line_diff]") {
  std::mt19937 rng(2024);
  for (uint32_t alphabet : {3u, 40u, 1000u}) {
    Ids a(1000), b(1000);
    for (auto& x : a) x = rng() % alphabet;
    for (auto& x : b) x = rng() % alphabet;
    EditScript s = DiffLines(a, b);
    INFO("alphabet " << alphabet);
    REQUIRE(Valid(a, b, s));
    CHECK(a.size() - s.Deleted() == LcsLength(a, b));
  }
}

// Past about 1,000 x 1,000 lines with many changes, dtl's path table would overflow; the range is split
// at Myers' middle snake instead, which keeps the script minimal.
TEST_CASE("line_diff: inputs too large for dtl's path table are still minimal", "[line_diff][slow]") {
  std::mt19937 rng(31337);
  struct Case {
    uint32_t na, nb, alphabet;
  };
  for (Case c :
       {Case{2000, 2000, 4}, Case{3000, 2500, 100}, Case{2500, 3000, 20}, Case{1500, 4000, 8}, Case{3001, 3000, 2}}) {
    Ids a(c.na), b(c.nb);
    for (auto& x : a) x = rng() % c.alphabet;
    for (auto& x : b) x = rng() % c.alphabet;
    EditScript s = DiffLines(a, b);
    INFO(c.na << " x " << c.nb << " lines over " << c.alphabet << " ids");
    REQUIRE(Valid(a, b, s));
    CHECK(a.size() - s.Deleted() == LcsLength(a, b));
  }
  SECTION("an edited copy with shared lines on both sides") {
    Ids a(4000);
    for (auto& x : a) x = rng() % 50;
    Ids b = a;
    for (int e = 0; e < 1500; ++e) {
      size_t at = rng() % b.size();
      if (rng() % 2) b.insert(b.begin() + static_cast<long>(at), 1000 + rng() % 60);
      else b[at] = rng() % 50;
    }
    EditScript s = DiffLines(a, b);
    REQUIRE(Valid(a, b, s));
    CHECK(a.size() - s.Deleted() == LcsLength(a, b));
  }
}

TEST_CASE("line_diff: larger random inputs stay valid", "[line_diff]") {
  std::mt19937 rng(777);
  for (int round = 0; round < 20; ++round) {
    size_t n = 2000 + rng() % 3000;
    Ids a(n);
    for (auto& x : a) x = rng() % (round % 2 ? 50 : 100000);
    Ids b = a;
    for (int e = 0; e < 200; ++e) {
      size_t at = rng() % b.size();
      if (rng() % 2) b.insert(b.begin() + static_cast<long>(at), rng() % 1000);
      else b.erase(b.begin() + static_cast<long>(at));
    }
    EditScript s = DiffLines(a, b);
    INFO("round " << round);
    REQUIRE(Valid(a, b, s));
    CHECK(s.Deleted() <= 200);  // no worse than the edits that were made
    CHECK(s.Inserted() <= 200);
  }
}

TEST_CASE("line_diff: worst cases of 50000 lines finish with valid scripts", "[line_diff][slow]") {
  const uint32_t n = 50000;
  Ids a(n), b(n);
  SECTION("fully different") {
    for (uint32_t k = 0; k < n; ++k) a[k] = k, b[k] = n + k;
    EditScript s = DiffLines(a, b);
    CHECK(s.ops == Ops{0, n, n});
  }
  SECTION("reversed") {
    for (uint32_t k = 0; k < n; ++k) a[k] = k, b[k] = n - 1 - k;
    CHECK(Valid(a, b, DiffLines(a, b)));
  }
  SECTION("all lines identical") {
    std::fill(a.begin(), a.end(), 7u);
    std::fill(b.begin(), b.end(), 7u);
    CHECK(DiffLines(a, b).Empty());
    b.push_back(7u);
    CHECK(DiffLines(a, b).ops == Ops{n, 0, 1});
  }
  SECTION("identical lines between different ends") {
    std::fill(a.begin(), a.end(), 7u);
    std::fill(b.begin(), b.end(), 7u);
    a.front() = 1, a.back() = 2, b.front() = 3, b.back() = 4;
    CHECK(Valid(a, b, DiffLines(a, b)));
  }
  SECTION("two repeated lines, interleaved differently") {
    for (uint32_t k = 0; k < n; ++k) a[k] = k % 2, b[k] = (k / 3) % 2;
    CHECK(Valid(a, b, DiffLines(a, b)));
  }
  SECTION("few distinct lines at random") {
    std::mt19937 rng(99);
    for (uint32_t k = 0; k < n; ++k) a[k] = rng() % 4, b[k] = rng() % 4;
    CHECK(Valid(a, b, DiffLines(a, b)));
  }
  SECTION("unique lines shuffled") {
    std::mt19937 rng(5);
    for (uint32_t k = 0; k < n; ++k) a[k] = b[k] = k;
    std::shuffle(b.begin(), b.end(), rng);
    CHECK(Valid(a, b, DiffLines(a, b)));
  }
}

// dtl 1.20 switches to a partial-path mode past 2,000,000 path coordinates and then reports common
// lines out of order or unequal; before the fix DiffLines looped until it ran out of memory on these.
TEST_CASE("line_diff: heavily changed inputs with repeated lines stay valid", "[line_diff][slow]") {
  for (auto [n, alphabet] :
       std::vector<std::pair<uint32_t, uint32_t>>{{3000, 100}, {5000, 100}, {8000, 1000}, {12000, 30}, {20000, 500}}) {
    std::mt19937 rng(1);
    Ids a(n), b(n);
    for (auto& x : a) x = rng() % alphabet;
    for (auto& x : b) x = rng() % alphabet;
    INFO(n << " lines over " << alphabet << " ids");
    EditScript s = DiffLines(a, b);
    CHECK(Valid(a, b, s));
  }
  SECTION("a realistic rewrite: unique lines renamed, braces and blanks kept") {
    Ids a, b;
    for (uint32_t k = 0; k < 6000; ++k) {
      a.push_back(10 + k);
      b.push_back(100000 + k);
      if (k % 3 == 0) a.push_back(1), b.push_back(1);  // "}"
      if (k % 5 == 0) a.push_back(2), b.push_back(2);  // ""
    }
    EditScript s = DiffLines(a, b);
    CHECK(Valid(a, b, s));
  }
}

}  // namespace
}  // namespace irtrace
