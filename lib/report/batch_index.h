// The batch index, OUTDIR/index.html: one self-contained page listing every dump of a run (title and
// path, status, passes, changed, failed with the first error line, warnings, input size, link), sortable
// and filterable in the page (assets/index/), dumps that are invalid or have failed passes first.
#pragma once

#include <vector>

#include "report/run_result.h"
#include "util/output_sink.h"

namespace irtrace {

// Writes the page to `out`: assets/index/index.html expanded with ctemplate, the dumps as JSON (escaped
// by util/json_writer so no text can close the script element) in <script id="ir-trace-index">:
// {"dumps": [{"path", "title", "report_name", "status", "error", "passes", "changed", "failed",
// "warnings", "input_bytes", "failed_passes": [{"num", "name", "error"}]}]}, where a failed pass's
// "error" is its first error line. Throws Error on a write failure or if the template does not expand.
void WriteBatchIndex(const std::vector<DumpResult>& dumps, OutputSink* out);

}  // namespace irtrace
