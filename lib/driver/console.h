// The command's printer: every line ir-trace writes to its diagnostic stream (the summary, the one-line
// error, the progress line and the -v diagnostics) is written here, to the stream handed in. Names in those
// lines are whatever bytes a file name or an argument holds, so every line passes through EscapeControls:
// no name can colour the terminal or forge a line.
#pragma once

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "driver/convert.h"

namespace spdlog {
class logger;
}

namespace irtrace {

// `text` with what a terminal would act on written as C escapes: backslash as \\, tab, newline and
// carriage return as \t \n \r, other C0 controls and DEL as \xNN, C1 controls (U+0080 to U+009F) as
// \u00NN, bytes that are not UTF-8 as \xNN. Everything else (printable ASCII, other UTF-8) is kept.
std::string EscapeControls(std::string_view text);

class Console {
 public:
  // Writes to `err` (not owned; must outlive the console). `verbose` (-v): diagnostics are printed as
  // "ir-trace: <line>"; `quiet` (-q): no summary line; `terminal`: `err` is a terminal, so a progress line
  // "ir-trace: k/n snapshots" may be shown (redrawn in place, and only once a run has taken a second).
  Console(std::FILE* err, bool verbose, bool quiet, bool terminal);
  ~Console();
  Console(const Console&) = delete;
  Console& operator=(const Console&) = delete;

  // The callbacks ConvertDump reports through; valid while the console lives.
  ConvertObserver Observer();
  // "wrote report.html: 13 passes, 4 changed, 1 warning" (with ", N failed" and ", N codegen" when any),
  // unless quiet. `output` names the report ("standard output" for -o -).
  // With `verb` "checked" (--check), `output` is the dump: "checked DUMP: 13 passes, ...".
  void Summary(const std::string& output, const ConvertSummary& s, const char* verb = "wrote");
  // `line` as it is (control characters escaped), unless quiet: a run's closing line ("wrote ...").
  void Line(const std::string& line);
  // "ir-trace: error: <message>" as one line (control characters escaped, see EscapeControls).
  void Error(const std::string& message);
  // "ir-trace: warning: <message>" as one line, even when quiet (what the input says is doubtful: --input
  // disagreeing with the first dump).
  void Warning(const std::string& message);
  // True when -v diagnostics are printed.
  bool Verbose() const;
  // A -v diagnostic "ir-trace: <line>", or nothing without -v.
  void Diagnostic(const std::string& line);
  // Batch mode, on a terminal and unless quiet: "ir-trace: k/n dumps, <current>" redrawn in place (once the
  // run has taken a second, as the snapshot progress).
  void DumpProgress(size_t done, size_t total, const std::string& current);
  // How a batch ended, for its closing line (report/run_result.h DumpStatus: each dump is ok, invalid or
  // error; `with_failed` and `with_warnings` count ok dumps).
  struct BatchCounts {
    size_t dumps = 0, reports = 0;  // dumps of the run; reports written
    size_t invalid = 0, errors = 0, with_failed = 0, with_warnings = 0;
  };
  // Batch mode, unless quiet: "wrote 11 of 12 reports to OUTDIR/: 1 invalid, 1 error, 2 with failed passes,
  // 3 with warnings" (each count only when not 0); "checked 12 dumps: ..." with --check.
  void BatchSummary(const std::string& out_dir, bool checked, const BatchCounts& n);

 private:
  void Progress(size_t done, size_t total);
  void ClearProgress();

  std::FILE* err_;
  bool verbose_;
  bool quiet_;
  bool terminal_;
  bool progress_shown_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::shared_ptr<spdlog::logger> log_;  // -v diagnostics, to err_ (a logger of its own, not spdlog's default)
};

}  // namespace irtrace
