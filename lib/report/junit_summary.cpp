#include "report/junit_summary.h"

#include <cstdio>

namespace irtrace {
namespace {

std::string Attr(std::string_view text) { return XmlEscape(AsText(std::string(text)), true); }
std::string Text(std::string_view text) { return XmlEscape(AsText(std::string(text)), false); }

std::string Seconds(double s) {
  char text[64];
  std::snprintf(text, sizeof text, "%.3f", s >= 0 ? s : 0.0);
  return text;
}

// "NN PassName", the number at least two digits wide as in the dump's file names.
std::string CaseName(const PassResult& p) {
  char num[32];
  std::snprintf(num, sizeof num, "%02ld", p.num);
  return std::string(num) + " " + p.name;
}

// The warnings of pass `num` (or, for num -1, of every entry that is not a pass), one after another.
std::string WarningsOf(const DumpResult& d, long num) {
  std::string out;
  for (const WarningResult& w : d.warning_list) {
    bool pass = w.num > 0;
    if (num >= 0 ? w.num != num : pass) continue;
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += num >= 0 ? w.text : w.entry + ": " + w.text;
  }
  return out;
}

size_t Tests(const DumpResult& d) { return d.status == DumpStatus::kOk ? d.pass_results.size() : 1; }
size_t Failures(const DumpResult& d) { return d.status == DumpStatus::kOk ? d.failed : 0; }
size_t Errors(const DumpResult& d) { return d.status == DumpStatus::kOk ? 0 : 1; }

void WritePass(const DumpResult& d, const PassResult& p, std::string* x) {
  *x += "    <testcase classname=\"" + Attr(d.path) + "\" name=\"" + Attr(CaseName(p)) + "\" time=\"0\"";
  std::string warnings = WarningsOf(d, p.num);
  if (p.status != PassStatus::kFailed && warnings.empty()) {
    *x += "/>\n";
    return;
  }
  *x += ">\n";
  if (p.status == PassStatus::kFailed) {
    std::string first = FirstErrorLine(p.error);
    if (first.empty()) first = "failed (its log is empty)";
    *x += "      <failure message=\"" + Attr(first) + "\" type=\"failed\">" + Text(p.error) + "</failure>\n";
  }
  if (!warnings.empty()) *x += "      <system-out>" + Text(warnings) + "</system-out>\n";
  *x += "    </testcase>\n";
}

void WriteSuite(const DumpResult& d, std::string* x) {
  *x += "  <testsuite name=\"" + Attr(d.path) + "\" tests=\"" + std::to_string(Tests(d)) + "\" failures=\"" +
        std::to_string(Failures(d)) + "\" errors=\"" + std::to_string(Errors(d)) + "\" skipped=\"0\" time=\"" +
        Seconds(d.seconds) + "\">\n";
  if (!d.title.empty() || !d.report.empty()) {
    *x += "    <properties>\n";
    if (!d.title.empty()) *x += "      <property name=\"title\" value=\"" + Attr(d.title) + "\"/>\n";
    if (!d.report.empty()) *x += "      <property name=\"report\" value=\"" + Attr(d.report) + "\"/>\n";
    *x += "    </properties>\n";
  }
  if (d.status != DumpStatus::kOk) {
    // One testcase stands for the dump: GitLab and Jenkins count errors per testcase.
    const char* name = d.status == DumpStatus::kInvalid ? "dump contract" : "conversion";
    *x += "    <testcase classname=\"" + Attr(d.path) + "\" name=\"" + name + "\" time=\"" + Seconds(d.seconds) +
          "\">\n      <error message=\"" + Attr(d.error) + "\" type=\"" + StatusName(d.status) + "\">" + Text(d.error) +
          "</error>\n    </testcase>\n";
  }
  for (const PassResult& p : d.pass_results) WritePass(d, p, x);
  std::string other = WarningsOf(d, -1);
  if (!other.empty()) *x += "    <system-out>" + Text(other) + "</system-out>\n";
  *x += "  </testsuite>\n";
}

}  // namespace

std::string XmlEscape(std::string_view text, bool attribute) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    switch (c) {
      case '&': out += "&amp;"; continue;
      case '<': out += "&lt;"; continue;
      case '>': out += "&gt;"; continue;
      case '"': out += "&quot;"; continue;
      case '\'': out += "&apos;"; continue;
      case '\t': out += attribute ? "&#9;" : "\t"; continue;
      case '\n': out += attribute ? "&#10;" : "\n"; continue;
      case '\r': out += "&#13;"; continue;  // a literal CR, even in text, would be read as LF
      default: break;
    }
    if (c < 0x20) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", c);
      out += hex;
    } else if (c == 0xEF && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xBF &&
               (static_cast<unsigned char>(text[i + 2]) & 0xFE) == 0xBE) {
      out += "\xEF\xBF\xBD";  // U+FFFE, U+FFFF
      i += 2;
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  return out;
}

void WriteJunitSummary(const std::vector<DumpResult>& dumps, OutputSink* out) {
  size_t tests = 0, failures = 0, errors = 0;
  double seconds = 0;
  for (const DumpResult& d : dumps) {
    tests += Tests(d);
    failures += Failures(d);
    errors += Errors(d);
    seconds += d.seconds;
  }
  std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  x += "<testsuites name=\"ir-trace\" tests=\"" + std::to_string(tests) + "\" failures=\"" + std::to_string(failures) +
       "\" errors=\"" + std::to_string(errors) + "\" time=\"" + Seconds(seconds) + "\">\n";
  out->Write(x);
  for (const DumpResult& d : dumps) {
    x.clear();
    WriteSuite(d, &x);
    out->Write(x);
  }
  out->Write("</testsuites>\n");
}

}  // namespace irtrace
