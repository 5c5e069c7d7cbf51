#include "driver/job_failure.h"

#include <new>

#include "util/error.h"

namespace irtrace {

JobFailure FailureOf(const std::exception_ptr& thrown, const std::string& dump) {
  JobFailure f;
  f.status = DumpStatus::kError;
  f.code = static_cast<int>(ExitCode::kInput);
  bool in_dump = false;
  try {
    std::rethrow_exception(thrown);
  } catch (const WriteError& e) {
    f.message = e.what();
    f.code = static_cast<int>(e.code());
    in_dump = e.place() == ErrorPlace::kInInput;
  } catch (const Error& e) {
    f.status = DumpStatus::kInvalid;
    f.message = e.what();
    f.code = static_cast<int>(e.code());
    in_dump = e.place() == ErrorPlace::kInInput;
  } catch (const std::bad_alloc&) {
    f.message = "out of memory";
  } catch (const std::exception& e) {
    f.message = std::string("internal error: ") + e.what();
  } catch (...) {
    f.message = "internal error: an unknown exception";
  }
  f.line = in_dump && !dump.empty() ? dump + ": " + f.message : f.message;
  return f;
}

}  // namespace irtrace
