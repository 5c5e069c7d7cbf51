// Longest increasing run: the patience-sorting step shared by the line diff (anchors that keep their
// order on both sides) and the function list (functions that did not move).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace irtrace {

// Returns the indices (0-based, into `values`, ascending) of one longest strictly increasing subsequence
// of `values`; empty for empty input. Among several longest ones, the one ending at the latest element
// that ends a longest run, each step back taking the element that was the tail of the previous length
// when that one was placed (patience sorting). Deterministic. Time O(n log n), memory O(n).
std::vector<size_t> LongestIncreasingRun(const std::vector<size_t>& values);

// The same run for 32-bit values (fewer than 2^32 - 1 of them), with 32-bit indices: half the memory, for
// the line diff's anchors (a million of them in a file of a million lines).
std::vector<uint32_t> LongestIncreasingRun32(const std::vector<uint32_t>& values);

}  // namespace irtrace
