// What a session tells an observer about each pass it records: the seam the terminal mode's printer
// (IR_TRACE=terminal|both) plugs into.
#pragma once

#include <functional>
#include <string_view>

#include "record/irtrace/mode.h"

namespace irtrace {

// One pass, as recorded (After, or Pass when it returned or threw). Views are valid during the call only.
struct PassEvent {
  std::string_view session;  // the session's name, as given
  unsigned long number = 0;  // the pass's number in the dump (1 = first pass)
  std::string_view pass;     // the pass's name, as given
  std::string_view phase;    // the innermost Phase scope's name, "" outside any
  std::string_view before;   // the IR before the pass (the frontend's, or the previous pass's after)
  std::string_view after;    // the IR after it; a failed pass: equal to `before`
  bool failed = false;       // the pass threw
  std::string_view error;    // failed: "error: <exception text>", as written into its .log
};

// Called on the session's thread after each recorded pass. Must not throw (an exception is caught and
// ends the session's tracing with its one warning).
using PassObserver = std::function<void(const PassEvent&)>;

// HOOK (issue 12, terminal mode; not built yet): the observer a session notifies, chosen from the
// settings it started with. The terminal printer (a coloured unified diff of each changed pass on stderr,
// colour only on a terminal and never under NO_COLOR, a [FAILED] block with the error and the last IR)
// returns itself here for Mode::kTerminal and Mode::kBoth. Today: an empty function for every mode, so
// "terminal" records nothing and "both" records as "html".
PassObserver ObserverFor(const Settings& settings);

}  // namespace irtrace
