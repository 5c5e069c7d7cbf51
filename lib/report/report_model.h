// The report model: what the sidebar lists (frontend, passes, codegen), with statuses and diffs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "diff/pass_diff.h"
#include "input/dump_dir.h"

namespace irtrace {

class Snapshot;

// What an entry of the report's list is (spelled in the payload by report/payload_writer.cpp).
enum class EntryKind { kFrontend, kPass, kCodegen };

// An entry's status; a pass is kChanged, kNoop or kFailed, the others have their own.
enum class EntryStatus {
  kFrontend,  // the frontend entry
  kChanged,   // a pass whose script is not empty
  kNoop,      // a pass whose lines compare equal (line endings may differ: see notes)
  kFailed,    // a pass whose .log has an "error:" line
  kCodegen,   // a codegen entry
  // Compare reports only (driver/compare.h), where kChanged means the two runs' snapshots differ and kNoop
  // that they compare equal:
  kAdded,     // a pass only HEAD ran: its own diff in HEAD
  kRemoved,   // a pass only BASE ran: its own diff in BASE
};

// What the log cannot show about a pass, as data (the payload's "log_notes", lib/report/PAYLOAD.md): `kind`
// ("not_in_log": the log did not print what may have changed; "no_input": the log holds no IR before the
// pass; ...), one sentence for people, the section keys it concerns and the entries (indices) it points to.
struct LogNote {
  std::string kind;
  std::string text;
  std::vector<std::string> functions;  // valid UTF-8
  std::vector<long> from;              // entry indices, ascending
};

// One execution of a nested pipeline's pass (the payload's "executions", lib/report/PAYLOAD.md): the operation
// it ran on (its section key), the dump that printed it, and whether that operation's text changed in the
// pass (its function changed, added or removed; a pass run twice on it: changed by the pass as a whole).
struct Execution {
  std::string key;   // valid UTF-8
  std::string dump;  // valid UTF-8
  bool changed = false;
};

// One row of the report's list. Field meanings follow the payload schema in lib/report/PAYLOAD.md.
struct Entry {
  EntryKind kind = EntryKind::kPass;
  long num = -1;               // pass number; 0 for the frontend; -1 for codegen
  std::string name;            // pass name, "frontend", or the codegen path
  CodegenRole role = CodegenRole::kDevice;  // codegen only
  int before = -1;             // snapshot index of the left side (passes only)
  int after = -1;              // snapshot index of this entry's own snapshot
  EntryStatus status = EntryStatus::kNoop;
  uint64_t ins = 0, del = 0;   // whole-file line counts
  std::vector<std::string> notes;
  std::vector<std::string> warnings;
  std::string error;           // failed: the .log text
  std::string log;             // name of the .log file read, if any
  bool crashed = false;        // a pass that wrote no snapshot (only its .log): `after` == `before`
  std::string phase;           // the dump's phases.txt names it (PhaseOf); "" = none, not written
  PassDiff diff;               // passes only
  long base_num = -1;          // compare reports: the pass's number in BASE (0: frontend), -1 when BASE
  long head_num = -1;          // did not run it; likewise in HEAD
  int failed_in[2] = {0, 0};   // compare reports: the pass failed or crashed in BASE ([0]), in HEAD ([1])
  IrUnit unit = IrUnit::kWhole;           // what `before` and `after` hold (input/dump_dir.h)
  std::vector<std::string> unit_keys;     // kFunction, kScc, kMachine: the functions' keys (valid UTF-8)
  int function_after = -1;                // kLoop: snapshot index of its function after it, the loop's
                                          // blocks spliced in (written as "function_after" when >= 0)
  std::vector<LogNote> log_notes;         // written as "log_notes" when not empty
  std::vector<Execution> executions;      // written as "executions" when not empty
};

// Builds a pass entry from its diff and its .log text (`log_text` empty when none). A log with a line
// containing "error:" marks the pass failed and becomes `error`; otherwise it is a warning, verbatim.
// Decoding warnings of `after` are added as warnings.
Entry MakePassEntry(long num, const std::string& pass_name, int before, int after, const Snapshot& after_snap,
                    PassDiff diff, const std::string& log_name, const std::string& log_text);

// The entry of the pass that crashed (DumpListing::crashed): failed, its log (`log_text`, possibly empty)
// as the error, a note that it wrote no snapshot, and no diff: `before` and `after` are both `last`, the
// index of the last snapshot written.
Entry MakeCrashedEntry(long num, const std::string& pass_name, int last, const std::string& log_name,
                       const std::string& log_text);

// The frontend entry (snapshot 0) with its decoding warnings and .log, if any.
Entry MakeFrontendEntry(const Snapshot& snap, const std::string& log_name, const std::string& log_text);

// A codegen entry (generated source shown whole).
Entry MakeCodegenEntry(CodegenRole role, int index, const Snapshot& snap);

// True when any line of `log_text` contains "error:" in any case: a compiler's "error:", "ERROR:", and the
// last line of a Python traceback ("RuntimeError: verifier failed").
bool LogHasError(const std::string& log_text);

}  // namespace irtrace
