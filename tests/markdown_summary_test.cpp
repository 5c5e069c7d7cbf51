// The Markdown summary's cells and links (lib/report/markdown_summary.h). The whole table is checked
// through the command line in summary_files_test.cpp.
#include "report/markdown_summary.h"

#include <catch2/catch.hpp>

#include <string>

#include "test_util.h"

namespace irtrace {
namespace {

TEST_CASE("markdown_summary: a cell cannot break the table or hold markup", "[markdown_summary]") {
  CHECK(MarkdownCell("a|b") == "a\\|b");
  CHECK(MarkdownCell("`code`") == "\\`code\\`");
  CHECK(MarkdownCell("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert\\(1\\)&gt;");
  CHECK(MarkdownCell("&lt;") == "&amp;lt;");
  CHECK(MarkdownCell("line\nnext\r\n| --- |") == "line next  \\| --- \\|");
  CHECK(MarkdownCell("[x](javascript:1) ![i](u) *e* _u_ # ~s~ $m$ @who \\") ==
        "\\[x\\]\\(javascript:1\\) \\!\\[i\\]\\(u\\) \\*e\\* \\_u\\_ \\# \\~s\\~ \\$m\\$ \\@who \\\\");
  CHECK(MarkdownCell("a\x01" "b\x7f" "c\td") == "a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD" "d");
  CHECK(MarkdownCell("caf\xC3\xA9 Qwen3.32b-x/y") == "caf\xC3\xA9 Qwen3.32b-x/y");
}

TEST_CASE("markdown_summary: report links relative to the Markdown file, percent-encoded", "[markdown_summary]") {
  test::TempDir t;
  test::WriteFile(t / "out/a%2Fb c.html", "x");
  CHECK(ReportLink(t / "out/a%2Fb c.html", t / "summary.md") == "out/a%252Fb%20c.html");
  CHECK(ReportLink(t / "out/a%2Fb c.html", t / "out/summary.md") == "a%252Fb%20c.html");
  CHECK(ReportLink(t / "out/a%2Fb c.html", t / "ci/summary.md") == "../out/a%252Fb%20c.html");
  CHECK(ReportLink("out/r(1).html", "-") == "out/r%281%29.html");  // standard output: as given
  CHECK(ReportLink("", t / "summary.md").empty());
}

}  // namespace
}  // namespace irtrace
