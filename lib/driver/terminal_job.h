// `ir-trace DUMP --terminal`: the dump's passes as unified diffs for a terminal (report/terminal_diff.h),
// per pass and function, written to standard output (or a pager) instead of, or before, the HTML report.
// Reads the dump as a conversion does (input/input_format.h ListInput, driver/dump_reading.h LoadFile,
// diff/pass_diff.h DiffPass).
#pragma once

#include "input/input_format.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "driver/console.h"
#include "input/dump_dir.h"
#include "report/terminal_diff.h"
#include "util/output_sink.h"

namespace irtrace {

struct TerminalOptions {
  std::string dump_dir;                 // the pass dump to read, as given
  std::string input;                    // --input FILE ("" none: input/input_format.h ListInput)
  InputFormat format = InputFormat::kAuto;  // --format (input/input_format.h)
  std::vector<std::string> passes;      // --pass: each a number (all digits) or a pass name; a name selects
                                        // every pass of that name; empty: every pass
  std::optional<std::string> function;  // --function NAME (ResolveFunction); unset: every function
  TerminalStyle style;                  // colours and --context
  unsigned threads = 0;                 // 0: all cores
};

// One function key of a dump, with the language of a snapshot that has it.
struct DumpFunction {
  std::string key;
  ScopeLanguage lang = ScopeLanguage::kNone;
};

// The key --function `name` names among `functions` (every function of the dump's snapshots): the full key
// ("Class.member", "crc32", "ns::f"); the function selector's label ("@crc32" for MLIR and LLVM, "(outside
// functions)" for the lines outside every function); or a bare name, the part after the last '.' (Python-
// like) or "::" (C-like), when one function has it. Throws Error (ExitCode::kUsage, ErrorPlace::kInInput)
// naming `name`: no such function, or a bare name several functions share (listing them, sorted).
std::string ResolveFunction(const std::string& name, const std::vector<DumpFunction>& functions);

// A dump listed and its --pass and --function selections resolved, ready to print.
class TerminalJob {
 public:
  // Lists and validates the dump; with --function, reads every snapshot for the dump's functions. Throws
  // Error: ExitCode::kInput for a dump that is invalid or cannot be read (ErrorPlace::kInInput: names inside
  // the dump), ExitCode::kUsage (ErrorPlace::kInInput) for a --pass that names no pass of the dump (a number
  // out of range, an unknown name) and for a --function ResolveFunction refuses.
  explicit TerminalJob(const TerminalOptions& options);

  // Writes each selected pass, in order, to `out`: its diff (WritePassDiff); a failed pass (a log with
  // "error:") then its [FAILED] block with its log and its snapshot; the crashed pass (a log one past the
  // last snapshot) its [FAILED] block with its log and the last snapshot. Passes with nothing to show are
  // left out, unless --pass named them ("pass 2 B: no change"). Throws Error as LoadFile does, or as `out`.
  void Run(OutputSink* out);

  // The warnings about the input as a whole (DumpListing::warnings: --input disagreeing with the first dump).
  const std::vector<std::string>& Warnings() const { return listing_.warnings; }

 private:
  void SelectPasses();
  void FindFunction();
  void RunUnits(OutputSink* out);
  // The crashed pass's [FAILED] block against the last snapshot (held_last when loaded, else loaded here).
  void WriteCrashed(const Snapshot* held_last, OutputSink* out);
  std::string Title(const DumpPass& p) const;

  TerminalOptions options_;
  DumpListing listing_;
  std::vector<const DumpFile*> files_;  // the frontend, then the passes: files_[n] is pass n's snapshot
  std::vector<size_t> selected_;        // pass numbers to print, ascending (the crashed one: crashed_)
  bool crashed_ = false;                // print the crashed pass
  std::optional<std::string> key_;      // the resolved --function key
};

// Runs the job and prints an error through `console`: for an error about the dump's contents or a
// selection, after the dump as given ("DUMP: no pass 99 ..."). `open` is called once the dump is listed
// and the selections resolved (so an error never starts a pager) and returns where the diff goes; it may
// throw Error. `close` (may be empty) is called after the last write, also when one failed, before the
// error line is printed. Returns the exit code: 0; 1 (ExitCode::kInput) for a dump that is invalid or
// cannot be read or an output that cannot be written; 2 (ExitCode::kUsage) for a --pass or --function that
// names nothing in the dump or a bare function name several functions share.
int RunTerminal(const TerminalOptions& options, Console* console, const std::function<OutputSink*()>& open,
                const std::function<void()>& close = {});

}  // namespace irtrace
