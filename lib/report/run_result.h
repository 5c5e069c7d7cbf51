// What a run found, per dump: the one model the summaries (--json, --junit, --markdown) and the batch
// index are written from. Filled by driver/batch.cpp; writers never look at the dump again.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace irtrace {

// A pass's status: the report's entry status of a pass (report/report_model.h EntryStatus: a pass is
// changed, noop or failed). The summaries spell it only as the failed passes they list.
enum class PassStatus {
  kChanged,  // the pass changed the IR
  kNoop,     // it did not
  kFailed,   // its .log holds "error:", or it crashed (the log one past the last snapshot)
};

// One pass of a converted dump (a crashed pass included), in pipeline order.
struct PassResult {
  long num = 0;             // pass number, >= 1
  std::string name;         // pass name (valid UTF-8)
  PassStatus status = PassStatus::kNoop;
  std::string error;        // failed: its .log text (every line); else ""
  size_t warnings = 0;      // warning messages of the entry
  uint64_t ins = 0, del = 0;
};

// The first line of `text` holding "error:" in any case (what marked the pass failed), else its first
// non-empty line, else "" (a crashed pass's empty log). Trimmed, without the line break.
std::string FirstErrorLine(const std::string& text);

// `bytes` (a path, an argument, an error line naming them) as valid UTF-8: each byte of an invalid
// sequence as U+FFFD, NUL as U+2400 (input/text_decode.h). The summaries' writers need valid UTF-8.
std::string AsText(std::string bytes);

// One warning message of a converted dump, with the entry it belongs to.
struct WarningResult {
  long num = 0;             // the entry's pass number; 0 for the frontend; -1 for a codegen entry
  std::string entry;        // the pass name, "frontend", or the codegen file's path (valid UTF-8)
  std::string text;         // the warning, verbatim (a .log's whole text, or a decoding warning)
};

// What comparing a dump with its baseline found, spelled as text by BaselineStatusName.
enum class BaselineStatus {
  kDiverged,  // "diverged": the runs' IR differs after some pass (BaselineResult::divergence says where)
  kSame,      // "same": it never does
  kMissing,   // "missing": no directory at the dump's relative path under ROOT2
  kError,     // "error": the comparison could not be made (BaselineResult::error says why)
};

// "diverged", "same", "missing" or "error".
const char* BaselineStatusName(BaselineStatus status);

// `text` (as BaselineStatusName spells it) into *status. Returns false, leaving *status alone, for
// anything else.
bool ParseBaselineStatus(const std::string& text, BaselineStatus* status);

// A dump compared with its baseline (batch mode, --baseline ROOT2: the dump at the same relative path).
struct BaselineResult {
  std::string path;         // the baseline dump (ROOT2 joined with the dump's relative path)
  BaselineStatus status = BaselineStatus::kMissing;
  std::string divergence;   // diverged: where, as the compare summary line says it ("pass 8 ExpandMixedKernel")
  std::string report;       // the compare report's path as written ("" when none)
  std::string report_name;  // "compare/<name>.html", the link from the index ("" when none)
  std::string error;        // error: the one error line
};

// What became of a dump: the one vocabulary of the summary line, --json, --junit, --markdown and the
// index, spelled as text by StatusName.
enum class DumpStatus {
  kOk,       // "ok": read, and its report (and depfile) written, or checked (failed passes do not change it)
  kInvalid,  // "invalid": the dump is bad: its contents break the dump contract, or it cannot be read
  kError,    // "error": writing failed (a WriteError, util/error.h: the error line names what was not
             // written, "report not written: ..." or "depfile not written: ..."), or ir-trace ran out of memory
};

// "ok", "invalid" or "error".
const char* StatusName(DumpStatus status);

// `text` ("ok", "invalid" or "error", as StatusName spells it) into *status. Returns false, leaving
// *status alone, for anything else.
bool ParseDumpStatus(const std::string& text, DumpStatus* status);

// One dump of a run.
struct DumpResult {
  std::string path;         // the dump as given (or ROOT joined with its path relative to ROOT)
  std::string title;        // the report's title; for an invalid dump, "" (listed by its path)
  std::string report;       // the report's path as written (in batch mode OUTDIR/<name>.html); "" when
                            // none was written (--check, or the dump failed)
  std::string report_name;  // batch mode: "<name>.html", the link from the index; else ""
  DumpStatus status = DumpStatus::kOk;
  std::string error;        // kInvalid / kError: the one error line (names inside the dump relative to it)
  size_t passes = 0, changed = 0, failed = 0, warnings = 0, codegen = 0;
  std::vector<PassResult> pass_results;
  std::vector<WarningResult> warning_list;  // every warning, in the report's entry order (`warnings` of them)
  uint64_t input_bytes = 0; // bytes of every file of the dump read (snapshots and logs)
  double seconds = 0;       // wall time of its conversion
  bool has_baseline = false;  // --baseline was given and the dump has a relative path under it
  BaselineResult baseline;
};

// How urgent a dump is for the lists that put problems first: 0 invalid or not converted, 1 a failed pass,
// 2 a warning, 3 clean.
int ProblemRank(const DumpResult& d);

// The number of passes whose status is PassStatus::kNoop.
size_t NoopPasses(const DumpResult& d);

}  // namespace irtrace
