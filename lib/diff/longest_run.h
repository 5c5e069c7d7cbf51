// Longest increasing run: the patience-sorting step shared by the line diff (anchors that keep their
// order on both sides) and the function list (functions that did not move).
#pragma once

#include <cstddef>
#include <vector>

namespace irtrace {

// Returns the indices (0-based, into `values`, ascending) of one longest strictly increasing subsequence
// of `values`; empty for empty input. Among several longest ones, the one ending at the latest element
// that ends a longest run, each step back taking the element that was the tail of the previous length
// when that one was placed (patience sorting). Deterministic. Time O(n log n), memory O(n).
std::vector<size_t> LongestIncreasingRun(const std::vector<size_t>& values);

}  // namespace irtrace
