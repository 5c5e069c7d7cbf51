// Edit-and-recompile of generated source (Session::Codegen): the compiler's output for one file is kept in
// the session's name directory as a working copy the user may edit, beside the baseline it was made from,
// and each compilation decides, under a lock, whether to build the output or the edit. TileLang's IR Lower
// Trace has the same workflow for Python; here every conflict's edit is kept (.bak.N), not only the last.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace irtrace {

// The decisions, as printed (DecisionName).
enum class CodegenDecision {
  kInit,         // no working copy: working copy, baseline and latest written, the output built
  kUnchanged,    // working copy unedited, output as before: the output built
  kPatched,      // working copy edited, output as before: the edit built
  kRegenerated,  // working copy unedited, output changed: working copy and baseline follow the output
  kSynced,       // both changed, the edit equals the new output: the baseline follows, the edit stays
  kConflict,     // both changed differently: edit and baseline to .bak.N, the new output installed and built
  kInitBackup,   // a working copy without a baseline (not written here): moved to .bak.N, then as kInit
};

// "INIT", "UNCHANGED", "PATCHED", "REGENERATED", "SYNCED", "CONFLICT", "INIT-BACKUP".
const char* DecisionName(CodegenDecision decision);

// The files of one generated source, as read under the lock; nullopt where the file does not exist.
struct WorkingCopyState {
  std::optional<std::string> working;   // <file>
  std::optional<std::string> original;  // <file>.original
};

// The decision for the compiler's new `output` (pure). No working copy is kInit even when a baseline is
// left (deleting the working copy starts afresh; so does a decision cut short before it wrote one).
CodegenDecision Decide(const WorkingCopyState& state, std::string_view output);

// What one decision did.
struct CodegenOutcome {
  bool decided = false;  // false: the files could not be locked or read; `text` is the output
  CodegenDecision decision = CodegenDecision::kInit;
  std::string text;      // what the compiler builds: the output, or the edit (kPatched, kSynced)
  std::string working;   // <name_dir>/<file>
  unsigned backup = 0;   // kConflict, kInitBackup: the N of <file>.bak.N (and <file>.original.bak.N)
  std::string failure;   // non-empty: why the files could not be read or written (text is still right)
};

// One decision for the generated source <name_dir>/<file> (`file` already safe: SafeSourceName), made and
// carried out while holding flock(<name_dir>/.lock), so two processes compiling the same kernel never
// interleave theirs. Writes <file> (the working copy), <file>.original (the baseline) and <file>.latest
// (the last real output) atomically, each in an order that leaves a state the next decision reads right
// if the process dies in between; backups are renamed, never copied. N is one more than the highest N of
// either kind of backup, so every generation is kept. Never throws (except std::bad_alloc): a failure is
// `failure`, with `text` the source to build all the same.
CodegenOutcome DecideWorkingCopy(const std::string& name_dir, const std::string& file, const std::string& output);

// The one stderr line for a decision, without its trailing newline:
//   irtrace: <session>: <file> (<role>): <DECISION>[: what happened, naming the working copy]
// For kConflict it ends with the command that re-applies the edit to the new working copy:
//   diff -u '<file>.original.bak.N' '<file>.bak.N' | patch '<file>'
// Names are printed with control bytes escaped (so a name cannot forge a line) and paths shell-quoted.
std::string DecisionLine(std::string_view session, std::string_view file, std::string_view role,
                         const CodegenOutcome& outcome);

}  // namespace irtrace
