// Reading a --json summary (report/json_summary.h, schema 1) back, for `ir-trace index`, which merges the
// summaries of a sharded batch into one index page.
#pragma once

#include <string>
#include <vector>

#include "report/run_result.h"

namespace irtrace {

// The dumps of the summary `text` read from `file`: path, report, title, status, error, counts, failed
// passes (with their first error line), warnings, input bytes, seconds. Throws Error (kInput) with one
// line naming `file` when `text` is not JSON, its "schema" is not 1, or a field has the wrong type.
std::vector<DumpResult> ReadJsonSummary(const std::string& text, const std::string& file);

}  // namespace irtrace
