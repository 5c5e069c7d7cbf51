// The run's summary files (--json, --junit, --markdown, --markdown-append): written after every dump of
// the run, whatever the dumps' fates, each complete or not at all.
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
  bool markdown_append = false;  // --markdown-append: `markdown` is appended to, not replaced
};

// Writes each summary asked for from `dumps` (`check`: the run was --check; `index`: the batch index page
// as written, "" when none, named by a Markdown summary cut at its limit). The Markdown summary keeps the
// file within report/markdown_summary.h kMarkdownLimit, counting the bytes already there when appended to;
// appending keeps those bytes whatever fails (util/output_file.h AppendToFile). A summary that cannot be
// written gets an error line on `console` ("--json summary not written: ...") and does not stop the
// others. Returns 0, or 1 (ExitCode::kInput) when any could not be written.
int WriteSummaries(const SummaryPaths& paths, bool check, const std::string& index,
                   const std::vector<DumpResult>& dumps, Console* console);

}  // namespace irtrace
