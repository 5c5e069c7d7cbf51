// A run of ir-trace: one dump to one report, or many dumps to OUTDIR/ (batch mode), with the exit code
// CI reads and the summaries it asked for. A dump's errors are caught into its result (driver/job_failure.h).
#pragma once

#include <string>
#include <vector>

#include "driver/console.h"
#include "driver/convert.h"
#include "driver/shard.h"
#include "driver/summary_files.h"
#include "report/depfile.h"
#include "report/run_result.h"

namespace irtrace {

// What else than an invalid dump makes the exit code 1 (--fail-on).
enum class FailOn {
  kInvalid,  // default: only an invalid dump (or an error)
  kFailed,   // also a failed (or crashed) pass
  kWarning,  // also a warning, or a failed pass
};

struct RunOptions {
  ConvertOptions convert;          // --context, --codegen, --no-compress; single mode: dump_dir and output
  bool batch = false;              // reports go to out_dir/<name>.html, plus out_dir/index.html
  std::vector<std::string> dumps;  // batch: the dumps as given
  std::string find_root;           // batch: --find ROOT ("" when not given): every dump under it
  std::string out_dir;             // batch: OUTDIR as given (created if missing; its parent must exist)
  unsigned jobs = 0;               // dumps converted at a time (-j; 0: cores)
  Shard shard;                     // batch: --shard K/N, only the dumps of shard K (names made over all)
  FailOn fail_on = FailOn::kInvalid;
  bool fail_on_diverged = false;   // --fail-on diverged (with --baseline): a dump that diverges from its
                                   // baseline also makes the exit code 1
  bool check = false;              // --check: read and compare everything, write no report and no index
  SummaryPaths summaries;          // --json, --junit, --markdown: written after every dump, even on exit 1
  std::string depfile;             // single mode: --depfile FILE ("" when not given)
  bool depfiles = false;           // batch: --depfiles, OUTDIR/<name>.d beside each report
  DepfileFormat depfile_format = DepfileFormat::kMake;  // --depfile-format
  std::string baseline;            // batch: --baseline ROOT2 ("" when not given): each dump is also compared
                                   // with ROOT2/<its relative path> into OUTDIR/compare/<name>.html
};

// With --baseline, each converted dump whose relative path (under --find ROOT, or as given when relative)
// names a directory under ROOT2 is compared with it (driver/compare.h, BASE = the baseline), after its own
// report; a baseline that is missing is listed as such, one that cannot be compared is an error line and
// exit code 1 (the dump's own report stays).
// A depfile (report/depfile.h) is written, atomically, after its report and only when the report was
// written (never with --check); its failure to be written fails the dump. Each prerequisite it leaves out
// gets a -v line.
// Runs the conversion(s) and prints through `console`: single mode the summary line (or "checked DUMP: ..." with --check)
// or the error line "DUMP: message"); batch mode an error line per dump that failed, as it fails, and one
// summary line at the end. With --fail-on, an error line names each dump that trips it. A bad dump does
// not stop a batch. Fills `results` (when not null) with one DumpResult per dump, in the order given (or
// found). Then writes the summaries asked for (a run that cannot start writes none). Returns the exit code: 0; 1 when a dump is invalid or could not be converted, or trips
// --fail-on, or the run cannot start (ROOT or OUTDIR unusable), or a summary cannot be written; 2 for a command line wrong in itself
// (several dumps into one existing file; an output that is one of the dump's own files, or that a dump
// would read as one: OUTDIR inside a dump, driver/report_sink.h RefuseDumpFileNames).
int RunDumps(const RunOptions& options, Console* console, std::vector<DumpResult>* results = nullptr);

}  // namespace irtrace
