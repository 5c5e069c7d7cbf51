// The Markdown summary's cells and links (lib/report/markdown_summary.h). The whole table is checked
// through the command line in summary_files_test.cpp.
#include "report/markdown_summary.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

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
  CHECK(MarkdownCell("a\x01"
                     "b\x7f"
                     "c\td") ==
        "a\xEF\xBF\xBD"
        "b\xEF\xBF\xBD"
        "c\xEF\xBF\xBD"
        "d");
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

// Splits a table row at its unescaped '|' (a cell's "\|" stays in it). Returns the cells between the
// first and the last '|'.
std::vector<std::string> Cells(const std::string& row) {
  std::vector<std::string> cells;
  std::string cell;
  for (size_t i = 1; i < row.size(); ++i) {
    if (row[i] == '\\' && i + 1 < row.size()) {
      cell += row.substr(i, 2);
      ++i;
    } else if (row[i] == '|') {
      cells.push_back(cell);
      cell.clear();
    } else {
      cell += row[i];
    }
  }
  return cells;
}

// True when `text` is valid UTF-8 (RFC 3629 lengths; enough to catch a cut sequence).
bool ValidUtf8(const std::string& text) {
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (n == 0 || i + n > text.size()) return false;
    for (size_t k = 1; k < n; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    }
    i += n;
  }
  return true;
}

TEST_CASE("markdown_summary: a long cell is cut between characters, never inside an escape", "[markdown_summary]") {
  CHECK(MarkdownCellCut("short", 10) == "short");
  CHECK(MarkdownCellCut("0123456789", 10) == "0123456789");  // exactly the room: not cut
  CHECK(MarkdownCellCut("0123456789x", 10) == "0123456\xE2\x80\xA6");
  // Every cut point of text full of escapes, entities and 2-, 3- and 4-byte characters.
  std::string text;
  for (int i = 0; i < 20; ++i) text += "a|b`c&d<e\\f\xC3\xA9g\xE2\x82\xACh\xF0\x9F\x98\x80i\n";
  std::string whole = MarkdownCell(text);
  // Where the escape of each character of `text` ends in `whole`: the only places a cut may be.
  std::set<size_t> ends{0};
  for (size_t i = 1; i <= text.size(); ++i) {
    if (i == text.size() || (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
      ends.insert(MarkdownCell(text.substr(0, i)).size());
  }
  for (size_t max = 3; max < whole.size(); ++max) {
    INFO(max);
    std::string cut = MarkdownCellCut(text, max);
    REQUIRE(cut.size() <= max);
    CHECK(cut.size() + 8 > max);  // nothing is given up but the last character's escape
    REQUIRE(cut.size() >= 3);
    CHECK(cut.compare(cut.size() - 3, 3, "\xE2\x80\xA6") == 0);
    std::string body = cut.substr(0, cut.size() - 3);
    CHECK(whole.compare(0, body.size(), body) == 0);  // a prefix of the whole escape, cut between two of them
    CHECK(ValidUtf8(cut));
    // No escape, entity or UTF-8 sequence left open: the body ends where a character of the text ends.
    CHECK(ends.count(body.size()) == 1);
    CHECK(Cells("| " + cut + " |").size() == 1);  // still one cell
  }
}

namespace {

DumpResult Failing(size_t i, const std::string& first_error) {
  DumpResult d;
  d.path = "build/kernel_" + std::to_string(i) + "/passes_dump";
  d.title = "kernel_" + std::to_string(i);
  d.report = "out/kernel_" + std::to_string(i) + "__passes_dump.html";
  d.passes = 2;
  d.failed = 1;
  PassResult p;
  p.num = 1;
  p.name = "Canonicalize";
  p.status = PassStatus::kFailed;
  p.error = "note: before\n" + first_error + "\nmore\n";
  d.pass_results.push_back(p);
  return d;
}

}  // namespace

TEST_CASE("markdown_summary: long first error lines are cut, the summary stays within 1 MiB", "[markdown_summary]") {
  // MLIR prints a dense attribute on one line: 60 KB of hex in the failed pass's first error line.
  std::string dense = "error: 'arith.constant' op failed to verify: dense<\"0x" + std::string(60000, 'A') + "\">";
  std::vector<DumpResult> dumps;
  for (size_t i = 0; i < 40; ++i) dumps.push_back(Failing(i, dense));
  MarkdownOptions o;
  o.markdown_path = "summary.md";
  o.index = "out/index.html";
  std::string md = MarkdownSummary(dumps, o);
  CHECK(md.size() <= kMarkdownLimit);
  CHECK(md.size() < 40 * 2 * kMarkdownCellLimit);  // every row fits: nothing is left out
  CHECK(md.find("more dump") == std::string::npos);
  size_t rows = 0;
  for (const std::string& line : test::SplitLines(md)) {
    if (line.rfind("| \xE2\x9D\x8C failed", 0) != 0) continue;
    ++rows;
    std::vector<std::string> cells = Cells(line);
    REQUIRE(cells.size() == 8);
    CHECK(cells[0].size() <= kMarkdownCellLimit + 32);
    CHECK_THAT(
        cells[0],
        Catch::Contains("failed: 01 Canonicalize: error: 'arith.constant' op failed to verify: dense&lt;\"0xAAAA"));
    CHECK_THAT(cells[0], Catch::EndsWith("A\xE2\x80\xA6 "));
  }
  CHECK(rows == 40);
}

TEST_CASE("markdown_summary: a table past 1 MiB lists what fits, then the count left and the index",
          "[markdown_summary]") {
  std::vector<DumpResult> dumps;
  for (size_t i = 0; i < 20000; ++i) {
    DumpResult d;
    d.path = "build/some/long/directory/for/kernel_" + std::to_string(i) + "/passes_dump";
    d.title = "kernel_" + std::to_string(i);
    d.report = "out/kernel_" + std::to_string(i) + ".html";
    d.passes = 12;
    dumps.push_back(d);
  }
  dumps[19999].status = DumpStatus::kInvalid;  // problems first, also when the table is cut
  dumps[19999].error = "no pass snapshot";
  MarkdownOptions o;
  o.markdown_path = "summary.md";
  o.index = "out/my_index.html";
  std::string md = MarkdownSummary(dumps, o);
  CHECK(md.size() <= kMarkdownLimit);
  CHECK(md.size() > kMarkdownLimit - 1000);  // not cut more than needed
  std::vector<std::string> lines = test::SplitLines(md);
  size_t rows = 0;
  for (const std::string& line : lines) {
    if (line.empty() || line[0] != '|') continue;
    CHECK(Cells(line).size() == 8);
    ++rows;
  }
  size_t listed = rows - 2;  // the heading row and the delimiter
  REQUIRE(listed < 20000);
  CHECK_THAT(lines[2], Catch::Contains("| Status |"));
  CHECK_THAT(lines[4], Catch::StartsWith("| \xE2\x9D\x8C invalid: no pass snapshot |"));
  CHECK(md.substr(md.size() - 200)
            .find("\n\n" + std::to_string(20000 - listed) +
                  " more dumps are not listed here (GitHub drops a step summary over 1 MiB); "
                  "every dump is in the index out/my\\_index.html.\n") != std::string::npos);
  CHECK(md.find("[report](out/kernel_0.html)") != std::string::npos);
  CHECK(md.find("(out/my_index.html)") == std::string::npos);  // text, not a link
}

TEST_CASE("markdown_summary: with no room, one short line or nothing", "[markdown_summary]") {
  std::vector<DumpResult> dumps(3);
  MarkdownOptions o;
  o.limit = 100;
  CHECK(MarkdownSummary(dumps, o) == kLeftOutLine);
  CHECK(std::string(kLeftOutLine).size() <= 100);
  o.limit = std::string(kLeftOutLine).size() - 1;
  CHECK(MarkdownSummary(dumps, o).empty());
  o.limit = 0;
  CHECK(MarkdownSummary(dumps, o).empty());
  o.limit = kMarkdownLimit;
  CHECK_THAT(MarkdownSummary(dumps, o), Catch::StartsWith("### ir-trace: 3 dumps\n"));
}

TEST_CASE("markdown_summary: invalid and error are counted apart", "[markdown_summary]") {
  std::vector<DumpResult> dumps(4);
  dumps[0].status = DumpStatus::kInvalid;
  dumps[1].status = DumpStatus::kError;
  dumps[1].error = "report not written: cannot write 'out/b.html': File too large";
  dumps[2].status = DumpStatus::kError;
  std::string md = MarkdownSummary(dumps, MarkdownOptions{});
  CHECK_THAT(md, Catch::StartsWith("### ir-trace: 4 dumps, 1 invalid, 2 errors\n\n"));
  CHECK_THAT(md,
             Catch::Contains("| \xE2\x9D\x8C error: report not written: cannot write 'out/b.html': File too large |"));
}

}  // namespace
}  // namespace irtrace
