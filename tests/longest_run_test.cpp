#include "diff/longest_run.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

using irtrace::LongestIncreasingRun;

namespace {

// Length of a longest strictly increasing subsequence, by the O(n^2) recurrence.
size_t LongestLength(const std::vector<size_t>& v) {
  std::vector<size_t> best(v.size(), 1);
  size_t out = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (v[j] < v[i]) best[i] = std::max(best[i], best[j] + 1);
    }
    out = std::max(out, best[i]);
  }
  return out;
}

// The run is ascending indices into `v` whose values strictly increase.
bool IsIncreasingRun(const std::vector<size_t>& v, const std::vector<size_t>& run) {
  for (size_t k = 0; k < run.size(); ++k) {
    if (run[k] >= v.size()) return false;
    if (k > 0 && (run[k - 1] >= run[k] || v[run[k - 1]] >= v[run[k]])) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("longest run of nothing is empty") { CHECK(LongestIncreasingRun({}).empty()); }

TEST_CASE("longest run of one value is that value") { CHECK(LongestIncreasingRun({7}) == std::vector<size_t>{0}); }

TEST_CASE("an increasing sequence is its own longest run") {
  CHECK(LongestIncreasingRun({0, 3, 4, 9}) == std::vector<size_t>{0, 1, 2, 3});
}

TEST_CASE("a decreasing sequence has runs of one: the last element") {
  CHECK(LongestIncreasingRun({5, 4, 3, 2}) == std::vector<size_t>{3});
}

TEST_CASE("equal values do not extend a run (strictly increasing)") {
  CHECK(LongestIncreasingRun({2, 2, 2}) == std::vector<size_t>{2});
  CHECK(LongestIncreasingRun({1, 2, 2, 3}) == std::vector<size_t>{0, 2, 3});
}

TEST_CASE("one moved element is left out of the run") {
  // Functions in before-order positions 0 1 2 3 4, with 4 moved to the front in the after side.
  CHECK(LongestIncreasingRun({4, 0, 1, 2, 3}) == std::vector<size_t>{1, 2, 3, 4});
  // 0 moved to the back.
  CHECK(LongestIncreasingRun({1, 2, 3, 4, 0}) == std::vector<size_t>{0, 1, 2, 3});
}

TEST_CASE("ties go to the run ending at the latest tail (patience order)") {
  // {3, 4} and {1, 2} are both longest; the tails of length 2 end at index 3 (value 2) last.
  CHECK(LongestIncreasingRun({3, 4, 1, 2}) == std::vector<size_t>{2, 3});
  CHECK(LongestIncreasingRun({0, 8, 4, 12, 2, 10, 6, 14, 1, 9}) == std::vector<size_t>{0, 4, 6, 9});
}

TEST_CASE("random sequences: the run is increasing and as long as the longest") {
  std::mt19937 rng(12345);
  for (int round = 0; round < 500; ++round) {
    size_t n = rng() % 40;
    size_t range = 1 + rng() % 50;
    std::vector<size_t> v(n);
    for (size_t& x : v) x = rng() % range;
    std::vector<size_t> run = LongestIncreasingRun(v);
    INFO("round " << round);
    CHECK(IsIncreasingRun(v, run));
    CHECK(run.size() == LongestLength(v));
  }
}
