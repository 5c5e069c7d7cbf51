#include "report/markdown_summary.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace irtrace {
namespace {

namespace fs = std::filesystem;

// A text cell: `bytes` as valid UTF-8, escaped, cut to kMarkdownCellLimit.
std::string Cell(const std::string& bytes) { return MarkdownCellCut(AsText(bytes), kMarkdownCellLimit); }

// The escape of the one byte `ch` (of valid UTF-8) in a cell; a byte of a multi-byte sequence as it is.
void AppendEscaped(char ch, std::string* out) {
  unsigned char c = static_cast<unsigned char>(ch);
  if (c == '&') {
    *out += "&amp;";
  } else if (c == '<') {
    *out += "&lt;";
  } else if (c == '>') {
    *out += "&gt;";
  } else if (c == '\n' || c == '\r') {
    *out += ' ';
  } else if (c < 0x20 || c == 0x7f) {
    *out += "\xEF\xBF\xBD";
  } else if (std::strchr("\\`|*_[]()!#~$@", ch) != nullptr) {
    *out += '\\';
    *out += ch;
  } else {
    *out += ch;
  }
}

// The status cell: what is wrong first, so a reader sees it without opening anything.
std::string StatusCell(const DumpResult& d) {
  if (d.status != DumpStatus::kOk) {
    return "\xE2\x9D\x8C " + std::string(StatusName(d.status)) + ": " + Cell(d.error);  // red cross
  }
  if (d.failed > 0) {
    for (const PassResult& p : d.pass_results) {
      if (p.status != PassStatus::kFailed) continue;
      char num[32];
      std::snprintf(num, sizeof num, "%02ld", p.num);
      std::string first = FirstErrorLine(p.error);
      return "\xE2\x9D\x8C failed: " + Cell(std::string(num) + " " + p.name + (first.empty() ? "" : ": " + first));
    }
  }
  if (d.warnings > 0) return "\xE2\x9A\xA0\xEF\xB8\x8F warning";  // warning sign
  return "\xE2\x9C\x85 ok";  // check mark
}

std::string Heading(const std::vector<DumpResult>& dumps, bool check) {
  size_t invalid = 0, errors = 0, failed = 0, warned = 0;
  for (const DumpResult& d : dumps) {
    invalid += d.status == DumpStatus::kInvalid;
    errors += d.status == DumpStatus::kError;
    failed += d.status == DumpStatus::kOk && d.failed > 0;
    warned += d.status == DumpStatus::kOk && d.warnings > 0;
  }
  std::string h = std::string("### ir-trace: ") + (check ? "checked " : "") + std::to_string(dumps.size()) +
                  (dumps.size() == 1 ? " dump" : " dumps");
  if (invalid) h += ", " + std::to_string(invalid) + " invalid";
  if (errors) h += ", " + std::to_string(errors) + (errors == 1 ? " error" : " errors");
  if (failed) h += ", " + std::to_string(failed) + " with failed passes";
  if (warned) h += ", " + std::to_string(warned) + " with warnings";
  return h + "\n\n";
}

// One row of the table, with its line break.
std::string Row(const DumpResult& d, bool baseline, const std::string& markdown_path) {
  const std::string dash = "\xE2\x80\x94";
  std::string link = ReportLink(d.report, markdown_path);
  std::string md = "| " + StatusCell(d) + " | " + Cell(d.title) + " | " + Cell(d.path) + " | " +
                   std::to_string(d.passes) + " | " + std::to_string(d.changed) + " | " + std::to_string(d.failed) +
                   " | " + std::to_string(d.warnings) + " | " + (link.empty() ? dash : "[report](" + link + ")") + " |";
  if (baseline) {
    const BaselineResult& b = d.baseline;
    std::string where = !d.has_baseline                         ? dash
                        : b.status == BaselineStatus::kDiverged ? Cell(b.divergence)
                        : b.status == BaselineStatus::kSame     ? "none"
                        : b.status == BaselineStatus::kError    ? "error: " + Cell(b.error)
                                                                : "no baseline";
    std::string cmp = ReportLink(b.report, markdown_path);
    md += " " + (cmp.empty() ? where : "[" + where + "](" + cmp + ")") + " |";
  }
  return md + "\n";
}

// The line after a table cut at the limit: how many dumps are not listed, and where the index is (as text).
std::string LeftOutTail(size_t left_out, const std::string& index) {
  std::string line = "\n" + std::to_string(left_out) + (left_out == 1 ? " more dump is" : " more dumps are") +
                     " not listed here (GitHub drops a step summary over 1 MiB)";
  if (!index.empty()) line += "; every dump is in the index " + MarkdownCell(AsText(index));
  return line + ".\n";
}

}  // namespace

std::string MarkdownCell(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) AppendEscaped(ch, &out);
  return out;
}

std::string MarkdownCellCut(std::string_view text, size_t max_bytes) {
  std::string out = MarkdownCell(text);
  if (out.size() <= max_bytes) return out;
  static const char kEllipsis[] = "\xE2\x80\xA6";
  size_t room = max_bytes - (sizeof kEllipsis - 1);
  out.clear();
  std::string unit;  // one character: a byte below 0x80 or a whole UTF-8 sequence, escaped
  for (size_t i = 0; i < text.size();) {
    unit.clear();
    size_t n = 1;
    while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80) ++n;
    for (size_t k = 0; k < n; ++k) AppendEscaped(text[i + k], &unit);
    if (out.size() + unit.size() > room) break;
    out += unit;
    i += n;
  }
  return out + kEllipsis;
}

std::string ReportLink(const std::string& report, const std::string& markdown_path) {
  if (report.empty()) return "";
  std::string path = report;
  if (markdown_path != "-") {
    std::error_code ec;
    fs::path from = fs::weakly_canonical(fs::absolute(markdown_path, ec).parent_path(), ec);
    fs::path to = ec ? fs::path() : fs::weakly_canonical(fs::absolute(report, ec), ec);
    fs::path rel = ec ? fs::path() : to.lexically_relative(from);
    if (!rel.empty()) path = rel.string();
  }
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || std::strchr("._~/-", c) != nullptr) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

const char kLeftOutLine[] = "\nir-trace: summary left out (the file already holds GitHub's 1 MiB)\n";

std::string MarkdownSummary(const std::vector<DumpResult>& dumps, const MarkdownOptions& options) {
  std::vector<const DumpResult*> order;
  for (const DumpResult& d : dumps) order.push_back(&d);
  std::stable_sort(order.begin(), order.end(),
                   [](const DumpResult* a, const DumpResult* b) { return ProblemRank(*a) < ProblemRank(*b); });
  // --baseline: a column "First divergence" (where, linking the compare report; none; no baseline; error).
  bool baseline = std::any_of(dumps.begin(), dumps.end(), [](const DumpResult& d) { return d.has_baseline; });
  std::string md = Heading(dumps, options.check);
  if (baseline) {
    size_t diverged = std::count_if(dumps.begin(), dumps.end(), [](const DumpResult& d) {
      return d.has_baseline && d.baseline.status == BaselineStatus::kDiverged;
    });
    md.insert(md.size() - 2, ", " + std::to_string(diverged) + " diverged from the baseline");
  }
  md += std::string("| Status | Title | Path | Passes | Changed | Failed | Warnings | Report |") +
        (baseline ? " First divergence |\n" : "\n");
  md += std::string("|---|---|---|--:|--:|--:|--:|---|") + (baseline ? "---|\n" : "\n");
  // Room for the last line, whatever the count it will give.
  size_t tail_room = LeftOutTail(dumps.size(), options.index).size();
  if (md.size() + tail_room > options.limit) return sizeof kLeftOutLine - 1 <= options.limit ? kLeftOutLine : "";
  size_t listed = 0;
  for (const DumpResult* d : order) {
    std::string row = Row(*d, baseline, options.markdown_path);
    if (md.size() + row.size() + (listed + 1 < order.size() ? tail_room : 0) > options.limit) break;
    md += row;
    ++listed;
  }
  if (listed < order.size()) md += LeftOutTail(order.size() - listed, options.index);
  return md;
}

}  // namespace irtrace
