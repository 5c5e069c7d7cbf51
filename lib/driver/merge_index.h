// `ir-trace index SUMMARY.json... -o OUTDIR/index.html`: one index page for a batch run in shards
// (--shard K/N on several machines), made from the shards' --json summaries.
#pragma once

#include <string>
#include <vector>

#include "driver/console.h"
#include "report/run_result.h"

namespace irtrace {

// The link from the page `index_path` to `report` (a report path as a summary holds it: relative to the
// current directory, or absolute): relative to the index's directory, '/'-separated, e.g.
// "../shard1/a__passes_dump.html". "" when `report` is "" (no report written).
std::string IndexLink(const std::string& report, const std::string& index_path);

// Reads every summary in `summaries`, in order, and writes one index page of all their dumps to
// `index_path` (complete or not at all). Prints one line naming the first summary that cannot be read, is
// not JSON or has another schema, and returns 1 without writing; else a "wrote" line (unless quiet) and 0.
int RunIndex(const std::vector<std::string>& summaries, const std::string& index_path, Console* console);

}  // namespace irtrace
