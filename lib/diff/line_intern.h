// Interning the lines of two snapshots into small integer ids, so diffing compares integers.
#pragma once

#include <cstdint>
#include <vector>

namespace irtrace {

class Snapshot;

// Assigns ids so that line i of `a` and line j of `b` get the same id exactly when
// Snapshot::SameLine(a, i, b, j) (keys compared byte for byte; hashes only speed it up).
// Fills ids_a (size a.lines.size()) and ids_b. Ids are dense from 0 in first-seen order. Linear.
void InternPair(const Snapshot& a, const Snapshot& b, std::vector<uint32_t>* ids_a, std::vector<uint32_t>* ids_b);

}  // namespace irtrace
