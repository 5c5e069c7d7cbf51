// Aligning two runs' pipelines by pass name, for `ir-trace compare`: which pass of BASE faces which pass
// of HEAD, and which passes ran in one run only.
#pragma once

#include <string>
#include <vector>

namespace irtrace {

// One step of an alignment, in pipeline order. Exactly one of three shapes: both indices set (the pass
// ran in both runs: aligned), only `base` (removed: BASE ran it, HEAD did not), only `head` (added).
struct AlignedPass {
  long base = -1;  // 0-based index into the BASE name list, or -1
  long head = -1;  // 0-based index into the HEAD name list, or -1
};

// Aligns `base` and `head` (pass names in pipeline order, compared byte for byte) by a longest common
// subsequence of the two name lists: names are matched by name, never by position, so an extra pass in
// one run shifts nothing after it. Every index of both lists appears exactly once, in increasing order on
// each side. Where a stretch of passes differs, BASE's removed passes come before HEAD's added ones.
// Repeated names (SimplifyCFGPass several times) align in order. Near-linear time for similar pipelines
// (the line diff of diff/line_diff.h on interned names). Never fails.
std::vector<AlignedPass> AlignPasses(const std::vector<std::string>& base, const std::vector<std::string>& head);

}  // namespace irtrace
