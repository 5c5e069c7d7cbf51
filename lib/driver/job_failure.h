// The one place that catches: what stopped a job (a dump's conversion, a comparison, a terminal run, a
// summary or index write, the command line's set-up) turned into a dump's result and its error line.
// Every job kind calls CatchFailure once at its top; nothing else in lib/ or cmd/ catches an Error and
// keeps it (the annotating catches that rethrow with more context, util/error.h NamingWhatFailed and the
// readers' "in which part" ones, aside). The recording library (record/) is the exception by design: a
// guest in a compiler's process, it catches every Error of its writes into one warning.
// tests/arch/catch_boundaries.txt lists every catch clause and every call of CatchFailure in lib/ and cmd/.
#pragma once

#include <exception>
#include <string>
#include <utility>

#include "report/run_result.h"

namespace irtrace {

// What stopped a job; status kOk when nothing did.
struct JobFailure {
  // kInvalid: an Error that is not a WriteError (the dump is bad, or a path cannot be read);
  // kError: a WriteError (an output not written), out of memory, or any other exception (an internal error).
  DumpStatus status = DumpStatus::kOk;
  std::string message;  // the message as a result stores it: names inside the dump relative to it; no
                        // "ir-trace: error: " prefix ("pass 7 is missing (...)", "out of memory")
  std::string line;     // the error line to print (Console::Error adds the prefix): the message after
                        // "<dump>: " when it names files inside the dump (ErrorPlace::kInInput): the
                        // dump-first rule
  int code = 0;         // the exit code class (ExitCode): the Error's own; kInput for the others
};

// The failure `thrown` (a caught exception, not null) stands for, in the job on `dump` (the dump as given,
// or "" for a job without one: its errors name no file inside a dump).
JobFailure FailureOf(const std::exception_ptr& thrown, const std::string& dump);

// Runs `job` (a callable taking nothing) and returns what stopped it, or a JobFailure with status kOk when
// it returned. `dump` as FailureOf takes it.
template <class F>
JobFailure CatchFailure(const std::string& dump, F&& job) {
  try {
    std::forward<F>(job)();
    return {};
  } catch (...) {
    return FailureOf(std::current_exception(), dump);
  }
}

}  // namespace irtrace
