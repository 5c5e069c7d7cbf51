// The one place that catches (lib/driver/job_failure.h): what a job threw as a dump's status, its message,
// the error line with the dump first when the message names files inside it, and the exit code class.
#include "driver/job_failure.h"

#include <catch2/catch.hpp>

#include <new>
#include <stdexcept>
#include <string>

#include "util/error.h"

namespace irtrace {
namespace {

TEST_CASE("job_failure: nothing thrown is kOk", "[job_failure]") {
  bool ran = false;
  JobFailure f = CatchFailure("d", [&] { ran = true; });
  CHECK(ran);
  CHECK(f.status == DumpStatus::kOk);
  CHECK(f.code == 0);
  CHECK(f.line.empty());
}

TEST_CASE("job_failure: an Error naming files in the dump is invalid, its line after the dump", "[job_failure]") {
  JobFailure f = CatchFailure("build/k3/passes_dump", [] {
    throw Error("pass 7 is missing (between '06_after_A.py' and '08_after_B.py')", ExitCode::kInput,
                ErrorPlace::kInInput);
  });
  CHECK(f.status == DumpStatus::kInvalid);
  CHECK(f.message == "pass 7 is missing (between '06_after_A.py' and '08_after_B.py')");
  CHECK(f.line == "build/k3/passes_dump: pass 7 is missing (between '06_after_A.py' and '08_after_B.py')");
  CHECK(f.code == 1);
  // A job with no one dump (ir-trace index, a summary) puts nothing first.
  CHECK(CatchFailure("", [] { throw Error("x", ExitCode::kInput, ErrorPlace::kInInput); }).line == "x");
  // Paths as given: the message alone, its own exit class.
  JobFailure usage = CatchFailure("d", [] { throw Error("--context takes a number", ExitCode::kUsage); });
  CHECK(usage.line == "--context takes a number");
  CHECK(usage.code == 2);
}

TEST_CASE("job_failure: a WriteError, out of memory and anything else are errors", "[job_failure]") {
  JobFailure w = CatchFailure("d", [] { throw WriteError("report not written: disk full"); });
  CHECK(w.status == DumpStatus::kError);
  CHECK(w.line == "report not written: disk full");
  CHECK(w.code == 1);
  JobFailure m = CatchFailure("d", [] { throw std::bad_alloc(); });
  CHECK(m.status == DumpStatus::kError);
  CHECK(m.line == "out of memory");
  CHECK(m.code == 1);
  JobFailure x = CatchFailure("d", [] { throw std::logic_error("bad index"); });
  CHECK(x.line == "internal error: bad index");
  JobFailure n = CatchFailure("d", [] { throw 42; });
  CHECK(n.line == "internal error: an unknown exception");
}

}  // namespace
}  // namespace irtrace
