// The library's one error style: functions throw irtrace::Error; irtrace::RunConvert (driver/console.h) is the one place
// that catches it and prints "ir-trace: error: <message>".
#pragma once

#include <stdexcept>
#include <string>

namespace irtrace {

// Exit codes of the ir-trace command, documented in the man page.
enum class ExitCode : int {
  kOk = 0,
  kInput = 1,  // invalid dump contents or any I/O failure
  kUsage = 2,  // bad arguments
};

// An error the user can act on. `message` is one line, names files relative to the dump, and carries no
// "ir-trace: error:" prefix (the printer adds it).
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message, ExitCode code = ExitCode::kInput)
      : std::runtime_error(message), code_(code) {}
  ExitCode code() const { return code_; }

 private:
  ExitCode code_;
};

}  // namespace irtrace
