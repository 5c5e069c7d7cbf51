// The --json summary: one JSON document describing a run, for CI scripts and for merging shards. Its
// schema (version 1) is documented in ARCHITECTURE.md ("Run summary") and man/ir-trace.1.
#pragma once

#include <vector>

#include "report/run_result.h"
#include "util/output_sink.h"

namespace irtrace {

// The schema version of the --json document; incremented when a field changes meaning or goes away
// (a new field is added without a change).
constexpr int kJsonSummarySchema = 1;

// Writes the summary of `dumps` (in the run's order) to `out`: {"schema", "tool", "check", "dumps": [...]}.
// `check`: the run was --check (no report written). Every string is valid UTF-8 (paths and error lines
// pass through AsText); '<', '>', '&' are written \u003c... as everywhere ir-trace writes JSON. Throws
// Error on a write failure.
void WriteJsonSummary(const std::vector<DumpResult>& dumps, bool check, OutputSink* out);

}  // namespace irtrace
