// The --markdown summary: a GitHub-flavoured Markdown table of the run's dumps, problems first, for
// $GITHUB_STEP_SUMMARY or a merge-request comment. Nothing a dump's name or log holds can break the
// table or become markup (see MarkdownCell).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/run_result.h"
#include "util/output_sink.h"

namespace irtrace {

// `text` (valid UTF-8) as the text of one table cell: '&', '<', '>' as entities (no HTML); '\\', '`',
// '|', '*', '_', '[', ']', '(', ')', '!', '#', '~', '$', '@' backslash-escaped (no code span, no cell
// break, no emphasis, link, image, heading, strike, math or mention); CR and LF as spaces (no new row);
// other control characters and DEL as U+FFFD.
std::string MarkdownCell(std::string_view text);

// The link destination from a Markdown file at `markdown_path` to the report at `report`: the path relative
// to the Markdown file's directory (both resolved, symbolic links followed where they exist), or `report`
// as given when `markdown_path` is "-" (standard output) or no relative path exists; percent-encoded (every
// byte outside [A-Za-z0-9._~/-], so '%' of a report name too). "" when `report` is "".
std::string ReportLink(const std::string& report, const std::string& markdown_path);

// Writes the summary of `dumps` to `out`: a heading with the counts, then one row per dump (status with
// the error line or first failed pass, title, path, passes, changed, failed, warnings, report link),
// invalid dumps first, then dumps with failed passes, with warnings, clean ones, each group in the run's
// order. `markdown_path` is where it goes (for the links), `check` whether the run was --check. Throws
// Error on a write failure.
void WriteMarkdownSummary(const std::vector<DumpResult>& dumps, const std::string& markdown_path, bool check,
                          OutputSink* out);

}  // namespace irtrace
