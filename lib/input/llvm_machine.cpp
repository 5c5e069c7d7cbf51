#include "input/llvm_machine.h"

namespace irtrace {
namespace {

bool StartsWith(std::string_view s, std::string_view p) { return s.size() >= p.size() && s.substr(0, p.size()) == p; }

bool EndsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// Whether `name` ends with a legacy pass's argument in parentheses: " (objc-arc-contract)".
bool EndsWithArgument(std::string_view name) {
  if (name.size() < 4 || name.back() != ')') return false;
  size_t open = name.rfind(" (");
  if (open == std::string_view::npos || open + 3 > name.size() - 1) return false;
  for (char c : name.substr(open + 2, name.size() - open - 3)) {
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    if (!ok) return false;
  }
  return true;
}

// Whether `middle` ("P on unit" or a legacy name) is a new pass manager's "P on unit": its pass name, the
// text before the first " on ", holds no space outside <...> (RequireAnalysisPass<a, b> has some inside).
bool NewPassManagerForm(std::string_view middle) {
  size_t on = middle.find(" on ", 1);
  if (on == std::string_view::npos) return false;
  int depth = 0;
  for (char c : middle.substr(0, on)) {
    if (c == '<') ++depth;
    else if (c == '>') --depth;
    else if (c == ' ' && depth == 0) return false;
  }
  return true;
}

}  // namespace

std::optional<BackendBanner> ParseBackendBanner(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  BackendBanner b;
  if (StartsWith(line, "# ")) {
    // The machine printer: "# " + banner + ":".
    if (!EndsWith(line, " ***:")) return std::nullopt;
    line.remove_prefix(2);
    line.remove_suffix(1);
    b.machine = true;
  } else {
    // -print-module-scope: "... *** (function: f)" or "... *** (loop: %x)".
    size_t tail = line.rfind(" *** (");
    if (tail != std::string_view::npos && EndsWith(line, ")") &&
        (line.substr(tail + 6).rfind("function: ", 0) == 0 || line.substr(tail + 6).rfind("loop: ", 0) == 0)) {
      line = line.substr(0, tail + 4);
    }
  }
  if (!StartsWith(line, "*** IR Dump ") || !EndsWith(line, " ***")) return std::nullopt;
  std::string_view middle = line.substr(12, line.size() - 16);
  if (StartsWith(middle, "After ")) {
    middle.remove_prefix(6);
  } else if (StartsWith(middle, "Before ")) {
    middle.remove_prefix(7);
    b.before = true;
  } else {
    return std::nullopt;
  }
  if (middle.empty() || EndsWith(middle, " omitted because no change")) return std::nullopt;
  if (!b.machine) {
    // A legacy name carries its argument ("(objc-arc-contract)", LLVM 15 and later) or, without one, no
    // " on " at all; the new pass manager's names have no spaces before their " on ".
    bool legacy =
        EndsWithArgument(middle) ? !NewPassManagerForm(middle) : middle.find(" on ") == std::string_view::npos;
    if (!legacy) return std::nullopt;
  }
  b.pass = std::string(middle);
  return b;
}

std::optional<std::string> MachineFunctionOf(const std::string& text) {
  static constexpr std::string_view kHead = "# Machine code for function ";
  for (size_t at = 0; at < text.size();) {
    size_t nl = text.find('\n', at);
    if (nl == std::string::npos) nl = text.size();
    std::string_view l(text.data() + at, nl - at);
    if (StartsWith(l, kHead)) {
      l.remove_prefix(kHead.size());
      size_t colon = l.rfind(": ");
      if (colon == std::string_view::npos) colon = EndsWith(l, ":") ? l.size() - 1 : l.size();
      return std::string(l.substr(0, colon));
    }
    at = nl + 1;
  }
  return std::nullopt;
}

}  // namespace irtrace
