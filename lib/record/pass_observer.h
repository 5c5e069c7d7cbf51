// What a session tells an observer about each pass it records, and the terminal mode's printer that
// observes them (IR_TRACE=terminal|both): a coloured unified diff of each changed pass on stderr as it
// happens, and a [FAILED] block for a pass that threw (report/terminal_diff.h prints both).
#pragma once

#include <cstdio>
#include <functional>
#include <string_view>

#include "record/irtrace/mode.h"

namespace irtrace {

// One pass, as recorded (After, or Pass when it returned or threw), or the frontend (number 0: Frontend,
// `before` empty). Views are valid during the call only.
struct PassEvent {
  std::string_view session;  // the session's name, as given
  unsigned long number = 0;  // the pass's number in the dump (1 = first pass); 0: the frontend
  std::string_view pass;     // the pass's name, as given ("frontend" for number 0)
  std::string_view phase;    // the innermost Phase scope's name, "" outside any
  std::string_view ext;      // the extension of `after` (without the dot), as given: it selects the language
  std::string_view before;   // the IR before the pass (the frontend's, or the previous pass's after)
  std::string_view after;    // the IR after it; a failed pass: equal to `before`
  bool failed = false;       // the pass threw
  std::string_view error;    // failed: "error: <exception text>", as written into its .log
};

// Called on the session's thread after each recorded pass. Must not throw (an exception is caught and
// ends the session's tracing with its one warning).
using PassObserver = std::function<void(const PassEvent&)>;

// The observer a session notifies, chosen from the settings it started with: for Mode::kTerminal and
// Mode::kBoth the terminal printer on stderr, coloured when AutoColor(stderr) says so (a terminal, NO_COLOR
// unset or empty, TERM not "dumb"); for the other modes an empty function.
PassObserver ObserverFor(const Settings& settings);

// The terminal printer writing to `out` (not owned; it must outlive the observer), one fwrite and fflush
// per pass: a pass that changed its IR as "irtrace: <session>: pass N <name> (<phase>): +I -D" and its
// unified diff per function (3 lines of context), headed by the file names the dump has or would have
// (00_frontend.<ext>, NN_after_<pass>.<ext>); an unchanged pass prints nothing; a pass that threw its
// [FAILED] block with the error and the last IR. Keeps the last snapshot's name and extension between calls,
// so one observer serves one session.
PassObserver TerminalObserver(std::FILE* out, bool color);

}  // namespace irtrace
