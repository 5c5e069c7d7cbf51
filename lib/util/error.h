// The library's one error style: functions throw irtrace::Error; each job catches it once at its top through
// irtrace::CatchFailure (driver/job_failure.h), the one place that turns it into a result and the line
// "ir-trace: error: <message>".
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace irtrace {

// Exit codes of the ir-trace command, documented in the man page.
enum class ExitCode : int {
  kOk = 0,
  kInput = 1,  // the dump or the filesystem says no: invalid dump contents, a path that cannot be read or
               // written (missing, a directory, a socket, permission denied), any I/O failure
  kUsage = 2,  // the command line is wrong in itself: unknown option, bad value, empty path, several
               // dumps, an output that is one of the inputs
};

// What the file names in an error message are relative to.
enum class ErrorPlace {
  kAsGiven,  // paths as the user gave them (arguments, the output), or no path at all
  kInInput,  // names inside the input directory (the dump): the printer puts that directory, as given on
             // the command line, first ("build/k3/passes_dump: pass 7 is missing (...)")
};

// An error the user can act on. `message` is one line, names files as `place` says, and carries no
// "ir-trace: error:" prefix (the printer adds it).
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message, ExitCode code = ExitCode::kInput, ErrorPlace place = ErrorPlace::kAsGiven)
      : std::runtime_error(message), code_(code), place_(place) {}
  ExitCode code() const { return code_; }
  ErrorPlace place() const { return place_; }

 private:
  ExitCode code_;
  ErrorPlace place_;
};

// An Error while writing an output (a report, a depfile, a summary, the index page, a temporary file of
// them): the input was not at fault. Its message names what was not written ("report not written: ...").
// A run's results tell it from an invalid dump by this type (report/run_result.h DumpStatus::kError).
class WriteError : public Error {
 public:
  using Error::Error;
};

// Runs `write` and returns what it returns; an Error it throws (not already a WriteError) is rethrown as a
// WriteError "<what> not written: <its message>" with its exit code. `what` names the output: "report",
// "depfile", "--json summary", "index".
template <class F>
auto NamingWhatFailed(const std::string& what, F&& write) -> decltype(write()) {
  try {
    return std::forward<F>(write)();
  } catch (const WriteError&) {
    throw;
  } catch (const Error& e) {
    throw WriteError(what + " not written: " + e.what(), e.code());
  }
}

}  // namespace irtrace
