// The run's summary files (--json, --junit, --markdown): written after every dump of the run, whatever
// the dumps' fates, each complete or not at all.
#pragma once

#include <string>
#include <vector>

#include "driver/console.h"
#include "report/run_result.h"

namespace irtrace {

// Where each summary goes: a path as -o takes it (util/output_file.h; "-" is standard output), or "" when
// it was not asked for.
struct SummaryPaths {
  std::string json;
  std::string junit;
  std::string markdown;
};

// Writes each summary asked for from `dumps` (`check`: the run was --check). A summary that cannot be
// written gets an error line on `console` ("--json summary not written: ...") and does not stop the others. Returns 0, or 1 (ExitCode::kInput)
// when any could not be written.
int WriteSummaries(const SummaryPaths& paths, bool check, const std::vector<DumpResult>& dumps, Console* console);

}  // namespace irtrace
