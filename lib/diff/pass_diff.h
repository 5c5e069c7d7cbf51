// Diffing one pass: the whole file and each function, between the snapshot before and after it.
#pragma once

#include <cstdint>
#include <optional>
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
  bool paired = true;  // false: `pairs` was not computed (the viewer pairs the blocks itself, by the same rule)
  // LLVM IR: the script over the same lines with `#N` / `!N` references compared by what they name
  // (input/llvm_refs.h), present when it differs from `script` (some change is only their renumbering by
  // the printer). The status and counts of its pass or function are this script's.
  std::optional<EditScript> meaning;
};

// What a pass did to one function (spelled in the payload by report/payload_writer.cpp).
enum class FunctionStatus {
  kSame,     // identical lines, same relative order
  kChanged,  // lines differ (LLVM IR: by meaning, DiffData::meaning)
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
  DiffData diff;       // over the function's own lines; empty unless status == kChanged, or kSame with
                       // diff.meaning set (an LLVM function whose every change is renumbering: listed so the
                       // raw diff can be shown; its meaning script is empty)
};

// Everything computed for one pass.
struct PassDiff {
  DiffData whole;                        // whole file, before -> after
  bool by_function = false;              // functions were compared: both sides could be split (their
                                         // Scope::fallback is empty) and either side has sections
  std::vector<FunctionDiff> functions;   // the touched functions only (changed, added, moved in the after
                                         // side's order, then removed in the before side's order; then, in
                                         // LLVM IR, the functions only renumbering changed, kSame); every
                                         // other key of FunctionKeys(after) is kSame. Empty unless
                                         // by_function; empty for a byte-identical pass
  EditScript sections;                   // before's sections -> after's, each section compared as (key,
                                         // lines since the end of the section before it, or since line 0;
                                         // its line count): equal entries keep their place relative to the
                                         // section before them. Empty when the lists compare equal
  std::vector<std::string> notes;        // e.g. "only line endings differ (CRLF vs LF)"
  bool identical = false;                // before and after text are byte-identical
};

// Computes the pass's diffs. Never fails. Time near-linear in the two snapshots' size (see DiffLines).
// `pair_lines` false leaves the replace-row pairing (diff/line_pairing.h) to the viewer: DiffData::paired
// is false and `pairs` empty (a log of 100,000 passes spends a third of its diff time pairing).
// LLVM IR (both sides' lang): when a changed line holds a `#N` / `!N` reference, the pass is compared again
// with references by what they name (IrRefMode::kByContent when both sides hold their definitions and were
// each printed at once, else kCanonical); where that differs, `whole.meaning` is set and `functions` gives
// statuses and counts by meaning (the lines outside every function compared without the definition lines,
// which are compared through the references to them).
// MLIR (both sides' lang): when either side defines an alias (`#map = ...`) and a changed line holds '#' or
// '!', or the lines outside every function changed, the pass is compared again with aliases by what they stand for (input/mlir_aliases.h),
// the same way: a renamed alias, one dropped with its last use and a blank line outside every function
// are no change of those lines.
PassDiff DiffPass(const Snapshot& before, const Snapshot& after, bool pair_lines = true);

// The function keys of `s`, in the order the viewer offers them: its sections' keys in file order, then ""
// when any line lies outside every section. The unchanged functions of a pass are the after side's keys
// that PassDiff::functions does not list, in this order.
std::vector<std::string> FunctionKeys(const Snapshot& s);

// The lines of function `key` in `s` (0-based line numbers, ascending): its section's range, or for ""
// every line in no section. Empty when the key is not in `s`.
std::vector<uint32_t> FunctionLines(const Snapshot& s, const std::string& key);

}  // namespace irtrace
