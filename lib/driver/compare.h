// `ir-trace compare BASE HEAD -o cmp.html`: two runs of one program (two dumps) in one report. The two
// pipelines are aligned by pass name (diff/pass_alignment.h); each aligned pass shows BASE's snapshot after
// it against HEAD's, per function, in the same viewer; a pass only one run has shows its own diff in that
// run, as added (HEAD only) or removed (BASE only). The report opens at the first divergence. Prints
// nothing: -v lines go to the ConvertObserver handed in.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "driver/console.h"
#include "driver/convert.h"

namespace irtrace {

struct CompareOptions {
  std::string base_dump;                 // BASE: the run compared against (e.g. main's compiler)
  std::string head_dump;                 // HEAD: the run under review
  std::string output = "ir_trace_compare.html";  // as ConvertOptions::output ("-": standard output)
  int context = 3;                       // unchanged lines kept around each change, >= 0
  unsigned threads = 0;                  // 0: all cores
  bool compress = true;                  // as ConvertOptions::compress
  InputFormat format = InputFormat::kAuto;  // --format, for both runs (input/input_format.h)
};

// The first divergence: the first row of both runs (frontend, pass, codegen file) after which their texts
// differ; when there is none, the first pass or codegen file only one run has that changes something.
struct Divergence {
  bool found = false;     // false: every aligned pass leaves equal IR in both runs (and the frontends are equal)
  bool frontend = false;  // the frontends already differ
  std::string name;       // the pass name ("frontend" when `frontend`; codegen: "codegen <path>")
  long base_num = -1;     // its number in BASE (0: frontend; -1 for codegen)
  long head_num = -1;     // its number in HEAD
};

// What a comparison found, for the summary line and tests.
struct CompareSummary {
  std::string base_title, head_title;  // each run's report title (input/program_name.h)
  size_t base_passes = 0, head_passes = 0;  // passes of each run (a crashed pass counted)
  size_t aligned = 0;                  // passes both runs ran (matched by name)
  size_t differ = 0;                   // aligned passes after which the runs' IR differs
  size_t added = 0, removed = 0;       // passes only HEAD ran, only BASE ran
  size_t codegen_differ = 0;           // codegen files (matched by role and path) whose texts differ (a file
                                       // one run lacks: when it is not empty)
  size_t failed_base = 0, failed_head = 0;  // passes that failed or crashed in each run
  Divergence first;
  std::vector<std::string> inputs;     // every file read (BASE's, then HEAD's), paths as opened
};

// Lists and validates both dumps (input/dump_dir.h), aligns their passes and writes the compare report:
// complete or not at all, as ConvertDump. Rows, in order: the frontend (BASE's frontend against HEAD's),
// then one per alignment step, then codegen files matched by role and path. A pass that failed or crashed
// in either run is noted on its row ("failed in HEAD: <first error line>"); a crashed pass compares the IR
// before it (it wrote none). Throws Error as ConvertDump does; an error about one dump's contents is
// re-thrown as ErrorPlace::kAsGiven with that dump, as given, put first ("BASE_DUMP: pass 7 is missing").
CompareSummary CompareDumps(const CompareOptions& options, const ConvertObserver& observer = {});

// Where the runs first diverge, in words: "pass 8 ExpandMixedKernel" (HEAD's number; "X (BASE pass 7, HEAD
// pass 8)" when the numbers differ; "pass 9 X (not in BASE)", "X (BASE pass 9, not in HEAD)" for a pass one
// run lacks), "the frontend", "codegen <path>"; "" when they never diverge.
std::string DivergenceText(const Divergence& d);

// The summary line of a comparison: "wrote cmp.html: 13 aligned passes, 6 differ, 1 added, 0 removed;
// first divergence: pass 8 ExpandMixedKernel" (HEAD's number; "BASE pass 7, HEAD pass 8" when they differ),
// or "...; no divergence". `output` names the report ("standard output" for -o -).
std::string CompareLine(const std::string& output, const CompareSummary& s);

// What besides an error makes `ir-trace compare` exit 1 (--fail-on diverged,failed).
struct CompareFailOn {
  bool diverged = false;  // the runs diverge (CompareSummary::first.found)
  bool failed = false;    // a pass failed or crashed in HEAD
};

// Runs CompareDumps and prints through `console`: the summary line, or the error line. Each condition of
// `fail_on` that holds is an error line too ("the runs diverge (--fail-on diverged)") and makes the exit
// code 1; the report is written either way. Returns the exit code: 0; 1 for a dump that is invalid or
// cannot be read, an output that cannot be written, or a condition of `fail_on`; 2 for an output that is
// one of the dumps' own files.
int RunCompare(const CompareOptions& options, CompareFailOn fail_on, Console* console);

}  // namespace irtrace
