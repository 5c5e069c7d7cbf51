// What an MLIR log cannot show about a pass, as DumpPass::log_notes of kind "not_in_log" (the payload's
// "log_notes", lib/report/PAYLOAD.md), decided from the log's form alone (input/mlir_log.h reads it):
// - no IR before the first pass (an after-only log without --input): the dump that first prints a function
//   or the module-level lines (before or at the first dump of the whole module) shows them as added, and
//   what that pass and any before it changed in them is not in the log; the passes before it do not print
//   them at all (--mlir-print-ir-after-change prints only passes that changed something, and a dump only
//   the operation its pass ran on), nor functions only called (a callee the inliner deletes before any
//   dump prints it). A log with no module dump never shows the module-level lines (with --input neither);
// - a log of before-dumps only: the result of a run that no later dump shows (the last passes);
// - --mlir-print-skip-regions: from the first module dump printed as `module {...}` on, which functions
//   exist and what each holds is in the log only for those the pass's own dumps print.
// Functions are section keys (the symbol without '@'); a note with none is the module-level lines'.
#pragma once

#include <cstddef>

#include "input/dump_dir.h"

namespace irtrace {

// The note ShiftBeforeDumps puts on a before-only log's run whose result no later dump shows.
inline constexpr const char* kBeforeOnlyResultNote =
    "the log holds only before-dumps and none after this pass's: its result is not in the log";
// The note on a pass whose module dump was printed without its regions (`module {...}`).
inline constexpr const char* kSkippedModuleNote =
    "its dump prints the module without its regions (module {...}): what it changed is not in the log";

// What the reader knows of the log's form.
struct MlirLogForm {
  bool has_input = false;        // the IR before pass 1 is known (a first before-dump, --input FILE)
  size_t first_module_pass = 0;  // 1-based number of the first pass a dump of the whole module printed; 0: none
};

// Adds the notes above to `listing`'s passes (their texts held in memory, DumpFile::text; the numbered
// passes of ReadMlirLog, its notes already on them). Throws nothing.
void AddMlirLogNotes(const MlirLogForm& form, DumpListing* listing);

}  // namespace irtrace
