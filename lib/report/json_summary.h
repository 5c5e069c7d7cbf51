// The --json summary: one JSON document describing a run, for CI scripts and for merging shards. Its
// schema (version 1) is documented in lib/report/PAYLOAD.md ("Run summary") and man/ir-trace.1.
#pragma once

#include <vector>

#include "report/run_result.h"
#include "util/json_writer.h"
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

// The key "failed_passes" and its array as the summary spells it: per failed pass its number, name and
// first error line (FirstErrorLine). The batch index's data has the same. `w` is inside a dump's object.
void WriteFailedPasses(JsonWriter& w, const DumpResult& d);

}  // namespace irtrace
