// Line diffs on interned ids: the edit script every pass and function view is built from.
#pragma once

#include <cstdint>
#include <vector>

#include "diff/edit_script.h"

namespace irtrace {

// Diffs `a` against `b` (ids from InternPair; equal ids are equal lines). Trims the common prefix and
// suffix, sets aside lines found on one side only (always deleted or inserted), and runs dtl (Wu,
// Manber, Myers O(NP)) on what remains. When that remainder is too large for O(NP) to stay fast, or
// would need more path coordinates than dtl holds (past dtl::MAX_CORDINATES_SIZE dtl 1.20 falls back to
// a partial-path mode whose script is inconsistent), it is split at lines unique to both sides that keep
// their order (patience anchors) and each gap is diffed the same way; a gap that is still too large and
// has no anchor becomes one delete+insert block. So the result is always a valid edit script, minimal in
// all but those worst cases, in near-linear time.
EditScript DiffLines(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);

}  // namespace irtrace
