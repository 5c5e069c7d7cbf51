// The --markdown summary: a GitHub-flavoured Markdown table of the run's dumps, problems first, for
// $GITHUB_STEP_SUMMARY or a merge-request comment. Nothing a dump's name or log holds can break the
// table or become markup (see MarkdownCell).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "report/run_result.h"

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

// GitHub's limit on a step summary ($GITHUB_STEP_SUMMARY): a larger one is dropped whole.
constexpr size_t kMarkdownLimit = 1048576;

// The longest a text cell (status with its error line, title, path, divergence) may be, in bytes.
constexpr size_t kMarkdownCellLimit = 1024;

// `text` (valid UTF-8) as MarkdownCell escapes it, in at most `max_bytes` (>= 3) bytes: when longer, cut
// between two characters (never inside a UTF-8 sequence, an escape or an entity) and ended with "…"
// (U+2026), so the cell is still one cell of plain text.
std::string MarkdownCellCut(std::string_view text, size_t max_bytes);

struct MarkdownOptions {
  std::string markdown_path = "-";  // where the summary goes ("-": standard output), for the report links
  std::string index;                // batch mode: the index page's path as written ("" when none), named
                                    // as text when some dumps are left out
  bool check = false;               // the run was --check
  size_t limit = kMarkdownLimit;    // bytes the summary may take (less the bytes already in a file
                                    // appended to)
};

// The summary of `dumps`: a heading with the counts, then one row per dump (status with the error line or
// first failed pass, title, path, passes, changed, failed, warnings, report link), invalid dumps and
// errors first, then dumps with failed passes, with warnings, clean ones, each group in the run's order.
// At most `options.limit` bytes: each text cell is cut to kMarkdownCellLimit bytes, and the rows that do
// not fit are left out, counted in a last line that names the index page (as text: a link would work only
// beside the reports). When not even the heading, the table's head and that line fit, the summary is the
// line kLeftOutLine, or "" when that does not fit either.
std::string MarkdownSummary(const std::vector<DumpResult>& dumps, const MarkdownOptions& options);

// The line that stands for a summary with no room left (MarkdownSummary).
extern const char kLeftOutLine[];

}  // namespace irtrace
