// The ir-trace job: a dump directory in, one self-contained HTML report out. Prints nothing: what it has
// to say goes to the ConvertObserver handed in (the command's Console prints it).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "input/input_format.h"
#include "report/run_result.h"
#include "util/error.h"

namespace irtrace {

struct ConvertOptions {
  std::string dump_dir;                   // the pass dump to read: a directory, a log file, "-" (stdin)
  InputFormat format = InputFormat::kAuto;  // --format (input/input_format.h)
  std::string part;                       // one of InputParts(dump_dir): the report of that part ("" for all)
  bool all_runs = false;                  // --all-runs: every TileLang run a part (input/input_format.h)
  std::string input;                      // --input FILE: the IR before the first pass ("" none)
  std::string output = "ir_trace.html";   // report path (see ResolveOutput in util/output_file.h): a
                                          // regular file or new name (its directory must exist), a
                                          // symbolic link, a character device, a FIFO; "-" = standard output
  int context = 3;                        // unchanged lines kept around each change, >= 0
  std::vector<std::string> codegen_dirs;  // --codegen: PyPTO build directories
  unsigned threads = 0;                   // 0: all cores
  bool compress = true;                   // payload deflated + base64 (false: plain JSON, --no-compress)
  bool write_report = true;               // false (--check): everything is read and compared, `output` is
                                          // neither judged nor written
  std::vector<std::string> side_outputs;  // files the caller writes after the report (the depfile): judged
                                          // like `output` before anything is written, never written here
};

// What a conversion found, for the summary line and tests.
struct ConvertSummary {
  size_t passes = 0;
  size_t changed = 0;
  size_t failed = 0;
  size_t warnings = 0;  // warning messages over all entries
  size_t codegen = 0;
  std::string title;                     // the report's title (valid UTF-8)
  uint64_t input_bytes = 0;              // sizes of every file of the dump read (snapshots and logs)
  std::vector<PassResult> pass_results;  // each pass in order, the crashed one included
  std::vector<WarningResult> warning_list;  // every warning message, in entry order
  std::vector<std::string> inputs;  // every file read (snapshots, logs, codegen), paths as opened, in order
};

// Where a conversion reports what it is doing; either callback may be empty. Both are called on the
// thread that called ConvertDump, never from a worker.
struct ConvertObserver {
  // One diagnostic line for -v, without prefix or newline: each ignored file ("ignored notes.txt"), then
  // the counts and timings at the end.
  std::function<void(const std::string& line)> diagnostic;
  // `done` of `total` snapshots (frontend and passes) converted; called after each batch.
  std::function<void(size_t done, size_t total)> progress;
  // One warning about the input as a whole, also in the report (DumpListing::warnings: --input disagreeing
  // with the first dump), once it is listed; the message without prefix.
  std::function<void(const std::string& message)> warning;
};

// Converts and writes the report: it appears complete or not at all (util/output_file.h). Throws Error
// (ExitCode::kInput) for an invalid dump (ErrorPlace::kInInput: the message names files inside the dump),
// an output (or side output) that cannot be written, or any I/O failure; (ExitCode::kUsage) for an empty
// output path or an output or side output that would replace one of the dump's own files, or take a name
// the dump would read as one (driver/report_sink.h RefuseDumpFileName). Then no file is left behind,
// nothing is written to a stream, and an existing report is untouched. What concerns the outputs is a
// WriteError (util/error.h) "report not written: ..." (or "depfile not written: ..." for a side output); the
// rest is the input's.
ConvertSummary ConvertDump(const ConvertOptions& options, const ConvertObserver& observer = {});

// Parses a --context value: decimal digits only (a leading 0 is still decimal), 0 to 1000000. Returns
// false (leaving *context alone) for anything else.
bool ParseContext(const std::string& text, int* context);

// Parses a --jobs value: decimal digits only, 1 to 1024. Returns false (leaving *jobs alone) otherwise.
bool ParseJobs(const std::string& text, unsigned* jobs);

}  // namespace irtrace
