// Diffing one pass: the whole file and each function, between the snapshot before and after it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "diff/line_diff.h"
#include "diff/line_pairing.h"

namespace irtrace {

class Snapshot;

// A diff as the report stores it: the edit script and the replace-row pairing of its blocks.
struct DiffData {
  EditScript script;
  std::vector<BlockPairs> pairs;
};

// What a pass did to one function (spelled in the payload by report/payload_writer.cpp).
enum class FunctionStatus {
  kSame,     // identical lines, same relative order
  kChanged,  // lines differ
  kAdded,    // only on the after side
  kRemoved,  // only on the before side
  kMoved,    // identical lines, but not in the longest run of functions that kept their relative order
};

// One function's view of a pass.
struct FunctionDiff {
  std::string key;     // Section::key; "" = lines outside every function
  FunctionStatus status = FunctionStatus::kSame;
  uint64_t ins = 0;    // inserted lines in this function
  uint64_t del = 0;    // deleted lines in this function
  DiffData diff;       // over the function's own lines; empty unless status == kChanged
};

// Everything computed for one pass.
struct PassDiff {
  DiffData whole;                        // whole file, before -> after
  std::vector<FunctionDiff> functions;   // touched first (changed, added, removed, moved), then the rest;
                                         // empty when either side could not be split (its
                                         // Scope::fallback says why)
  std::vector<std::string> notes;        // e.g. "only line endings differ (CRLF vs LF)"
  bool identical = false;                // before and after text are byte-identical
};

// Computes the pass's diffs. Never fails. Time near-linear in the two snapshots' size (see DiffLines).
PassDiff DiffPass(const Snapshot& before, const Snapshot& after);

// The lines of function `key` in `s` (0-based line numbers, ascending): its section's range, or for ""
// every line in no section. Empty when the key is not in `s`.
std::vector<uint32_t> FunctionLines(const Snapshot& s, const std::string& key);

}  // namespace irtrace
