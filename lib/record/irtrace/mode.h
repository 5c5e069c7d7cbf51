// irtrace recording API: which sessions trace, and where (installed as <irtrace/mode.h>).
// Includes only the standard library: a compiler that links irtrace needs none of ir-trace's own
// dependencies' headers.
#pragma once

#include <string>
#include <string_view>

namespace irtrace {

// What a session records (IR_TRACE, case-insensitive; man irtrace(3)).
enum class Mode {
  kOff,       // "0", "false", "no", "off" (and unset or empty): nothing is written; a capture call costs a test
  kHtml,      // "1", "true", "yes", "on", "html": the run directory (a numbered dump) and its report
  kTerminal,  // "terminal": each changed pass as a coloured diff on stderr, no files
  kBoth,      // "both": html and terminal
};

// Where and how sessions started from now on trace.
struct Settings {
  Mode mode = Mode::kOff;
  std::string dir = "ir_trace";  // the trace directory; runs go to <dir>/<name>/.runs/
  unsigned keep = 10;            // runs kept per name when a session starts (0: all); IR_TRACE_KEEP
};

// Parses an IR_TRACE value: "0"/"false"/"no"/"off"/"" -> kOff, "1"/"true"/"yes"/"on"/"html" -> kHtml,
// "terminal", "both", in any case, no spaces around. Returns false (leaving *mode alone) for anything else.
bool ParseMode(std::string_view text, Mode* mode);

// The settings a session started now captures: those given to Enable, else the environment's:
// IR_TRACE (unset: off; an unknown value means html, with one warning on stderr per process naming the
// value, control bytes escaped) and
// IR_TRACE_DIR (unset or empty: "ir_trace", relative to the working directory when the session starts);
// and, with Enable too, IR_TRACE_KEEP (unset or empty: 10; a whole number 0 to 1000000, 0 keeping every run;
// anything else means 10, with one warning per process naming the value). Never throws.
Settings CurrentSettings();

// Overrides the environment for sessions started from now on, in every thread: `dir` "" keeps
// IR_TRACE_DIR (or its default). Sessions already running keep the settings they started with.
void Enable(Mode mode, const std::string& dir = "");

// Drops Enable's override: sessions started from now on read the environment again.
void UseEnvironment();

}  // namespace irtrace
