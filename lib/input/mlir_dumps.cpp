#include "input/mlir_dumps.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <regex>

#include "input/log_listing.h"

namespace irtrace {
namespace {

constexpr std::string_view kNewBanner = "// -----// IR Dump ";
constexpr std::string_view kNewBannerEnd = " //----- //";
constexpr std::string_view kOldBanner = "// *** IR Dump ";

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool EndsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}
std::string_view TrimCr(std::string_view s) { return EndsWith(s, "\r") ? s.substr(0, s.size() - 1) : s; }

// The pass name of a banner in the form MLIR prints after llvm PR #195198 ("CSEPass: cse",
// "CanonicalizerPass: canonicalize{max-iterations=3}"): `name` without a trailing ": <argument>{options}",
// an argument being a pipeline name (letters, digits, '-', '_', '.'); a ':' inside the name
// ("(anonymous namespace)::X") stays.
std::string WithoutArgument(const std::string& name) {
  static const std::regex re(R"(^(.*\S): [A-Za-z0-9_.-]+(\{.*\})?$)");
  std::smatch m;
  return std::regex_match(name, m, re) ? std::string(m[1]) : name;
}

bool IsBlank(std::string_view s) { return s.find_first_not_of(" \t\r") == std::string_view::npos; }

// The symbol an operation's first line names: the first @name (quotes kept off); in generic form its
// `sym_name = "NAME"` property; else "".
std::string FirstSymbol(std::string_view line) {
  size_t at = line.find('@');
  if (at == std::string_view::npos) {
    size_t s = line.find("sym_name = \"");
    if (s == std::string_view::npos) return "";
    s += 12;
    size_t e = line.find('"', s);
    return std::string(line.substr(s, e == std::string_view::npos ? std::string_view::npos : e - s));
  }
  ++at;
  if (at < line.size() && line[at] == '"') {
    size_t end = line.find('"', at + 1);
    return std::string(line.substr(at + 1, end == std::string_view::npos ? std::string_view::npos : end - at - 1));
  }
  size_t end = at;
  while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || std::strchr("_$.-", line[end])))
    ++end;
  return std::string(line.substr(at, end - at));
}

}  // namespace

std::optional<MlirBanner> ParseMlirBanner(std::string_view line) {
  line = TrimCr(line);
  std::string middle, rest;
  size_t end = line.find(kNewBannerEnd);
  if (StartsWith(line, kNewBanner) && end != std::string_view::npos) {
    // ClangIR writes text after the banner on its line: `//----- // !s32i = !cir.int<s, 32>`.
    middle = std::string(line.substr(kNewBanner.size(), end - kNewBanner.size()));
    rest = std::string(line.substr(end + kNewBannerEnd.size()));
    if (!rest.empty() && rest[0] != ' ') return std::nullopt;
    rest.erase(0, rest.find_first_not_of(' ') == std::string::npos ? rest.size() : rest.find_first_not_of(' '));
  } else if (StartsWith(line, kOldBanner) && EndsWith(line, " ***")) {
    middle = std::string(line.substr(kOldBanner.size(), line.size() - kOldBanner.size() - 4));
  } else {
    return std::nullopt;
  }
  // "After NAME[ Failed] (ARG)[ ('OP' operation[: @SYM])]"; NAME may hold parentheses, ARG does not (nor
  // quotes); the newer form has no "(ARG)" but "NAME: ARG" (WithoutArgument).
  static const std::regex re(R"(^(Before|After) (.*?)(?: \(([^()']*)\))?(?: \('([^']*)' operation(?:: @(.*))?\))?$)");
  std::smatch m;
  if (!std::regex_match(middle, m, re)) return std::nullopt;
  MlirBanner b;
  b.before = m[1] == "Before";
  b.pass = m[2];
  if (!m[3].matched) b.pass = WithoutArgument(b.pass);
  if (!b.before && EndsWith(b.pass, " Failed")) {
    b.failed = true;
    b.pass.resize(b.pass.size() - 7);
  }
  b.op = m[4];
  b.sym = m[5];
  b.rest = std::move(rest);
  return b;
}

namespace {

// After an operation's last line `end`: the definitions MLIR prints after it that belong to it, location
// aliases (`#loc3 = loc(...)`, with --mlir-print-debuginfo) and a resource block (`{-# ... #-}`), appended to
// `text`. Returns the index of the last line taken (`end` when none).
size_t TrailingDefinitions(const LineIndex& lines, size_t end, std::string* text) {
  size_t last = end;
  for (size_t j = end + 1; j < lines.size() && !ParseMlirBanner(lines[j]); ++j) {
    std::string_view l = TrimCr(lines[j]);
    if (IsBlank(l)) continue;
    if (StartsWith(l, "#") && l.find(" = ") != std::string_view::npos) {
      last = j;
      continue;
    }
    if (!StartsWith(l, "{-#")) break;
    while (j < lines.size() && !ParseMlirBanner(lines[j]) && !StartsWith(TrimCr(lines[j]), "#-}")) ++j;
    last = std::min(j, lines.size() - 1);
  }
  for (size_t k = end + 1; k <= last; ++k) text->append(lines[k]).push_back('\n');
  return last;
}

}  // namespace

// Splits the log into dumps; `trailing` gets the text after the last one (blank lines dropped).
std::vector<MlirDump> SplitMlirDumps(const LineIndex& lines, std::string* trailing) {
  std::vector<MlirDump> dumps;
  std::string pending;  // text after the last dump's end, before the next banner
  size_t i = 0, n = lines.size();
  // Text before the first banner: the diagnostics of a first pass that failed (-after-failure prints only
  // that dump), or the tool's own output; the first pass's log either way.
  for (; i < n && !ParseMlirBanner(lines[i]); ++i) {
    if (!IsBlank(TrimCr(lines[i]))) pending.append(lines[i]).push_back('\n');
  }
  while (i < n) {
    MlirDump d;
    d.banner = *ParseMlirBanner(lines[i]);
    d.line = i + 1;
    d.between = std::move(pending);
    pending.clear();
    if (!d.banner.rest.empty()) d.text = d.banner.rest + "\n";  // part of the dump: its first line
    ++i;
    while (i < n && IsBlank(lines[i]) && !ParseMlirBanner(lines[i])) ++i;
    int depth = 0;
    bool op_seen = false, ended = false;
    for (; i < n && !ParseMlirBanner(lines[i]); ++i) {
      std::string_view l = TrimCr(lines[i]);
      if (!ended) {
        d.text.append(lines[i]).push_back('\n');
        bool alias = !op_seen && (StartsWith(l, "#") || StartsWith(l, "!"));
        if (!op_seen && !alias && !IsBlank(l)) {
          op_seen = true;
          d.module = StartsWith(l, "module") || StartsWith(l, "\"builtin.module\"");
          d.sym = d.banner.sym.empty() ? FirstSymbol(l) : d.banner.sym;
          d.skipped = EndsWith(l, "{...}");
        }
        depth += BraceDelta(l);
        if (op_seen && !alias && depth <= 0) {
          ended = true;
          i = TrailingDefinitions(lines, i, &d.text);
        }
      } else if (IsLlvmDumpLine(l)) {  // the LLVM pipeline's dumps, up to the next MLIR banner
        d.llvm.begin = i;
        while (i + 1 < n && !ParseMlirBanner(lines[i + 1])) ++i;
        d.llvm.end = i + 1;
      } else if (!IsBlank(l)) {
        pending.append(lines[i]).push_back('\n');
      }
    }
    d.truncated = op_seen && !ended;
    dumps.push_back(std::move(d));
  }
  *trailing = std::move(pending);
  return dumps;
}

// The symbols a module dump defines: the `@name` (or generic `sym_name = "name"`) on the first line of each
// operation directly inside the module (`func.func @f(`, `tt.func public @k(`, `gpu.module @g {`,
// `memref.global "private" @x`), an `@` after a `=` being a use (`%0 = call @f()`), not a definition.
std::vector<std::string> MlirDefinedSymbols(const std::string& module) {
  std::vector<std::string> out;
  int depth = 0;
  for (const std::string& l : SplitKeepingBreaks(module)) {
    if (depth == 1) {
      size_t at = l.find('@'), eq = l.find('=');
      bool generic = l.find("sym_name = \"") != std::string::npos;
      if ((at != std::string::npos && (eq == std::string::npos || at < eq)) || generic) {
        std::string sym = FirstSymbol(l);
        if (!sym.empty()) out.push_back(std::move(sym));
      }
    }
    depth += BraceDelta(l);
  }
  return out;
}

}  // namespace irtrace
