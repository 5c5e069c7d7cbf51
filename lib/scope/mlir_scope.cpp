// MLIR: `func.func`, `llvm.func` and `gpu.func` ops with a body, as mlir-opt's printer writes them.
//
// Lines outside function bodies are checked for a func op at their start; everything else there (module
// wrappers, `#map`/`#loc` aliases, `gpu.module` lines, resource blobs) stays outside. A body is found by
// brace matching outside string literals and `//` comments.
#include <optional>
#include <string>
#include <vector>

#include "scope/function_scope.h"
#include "scope/scope_scan.h"

namespace irtrace {
namespace {

constexpr std::string_view kFuncOps[] = {"func.func", "llvm.func", "gpu.func"};

// Index just past a string literal starting at `i` (s[i] == '"'); strings end at their line.
size_t SkipString(std::string_view s, size_t i) {
  for (++i; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == '"') {
      return i + 1;
    }
  }
  return s.size();
}

// When `s` starts (after indentation) with a func op name and a blank, the index of the '@' of its
// symbol; otherwise nullopt. The symbol is the first '@' of the line (visibility and linkage words
// such as `private` or `internal` may come between).
std::optional<size_t> FuncOpSymbol(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && IsBlankChar(s[i])) ++i;
  std::string_view rest = s.substr(i);
  for (std::string_view op : kFuncOps) {
    if (rest.size() > op.size() && rest.substr(0, op.size()) == op && IsBlankChar(rest[op.size()])) {
      size_t at = s.find('@', i + op.size());
      if (at == std::string_view::npos) return std::nullopt;
      return at;
    }
  }
  return std::nullopt;
}

struct Position {
  size_t line = 0;
  size_t pos = 0;
};

enum class SigEnd { kRegion, kDeclaration, kUnbalanced };

// Walks a func op's signature from `from` to its region's '{' (returned in `at`). A '{' at bracket depth
// 0 opens the region unless it follows the `attributes` keyword (then it is an attribute dictionary).
// The signature continues onto the next line only while a bracket is open; a line ending at depth 0
// without a region is a declaration (`at.line` is then its last line).
SigEnd ScanSignature(const LineIndex& lines, Position from, Position* at) {
  std::vector<char> open;  // '(', '[', '<', '{' nesting
  std::string_view last_word;
  size_t ln = from.line;
  size_t i = from.pos;
  for (; ln < lines.size(); ++ln, i = 0) {
    std::string_view s = StripCr(lines[ln]);
    while (i < s.size()) {
      char c = s[i];
      if (c == '"') {
        i = SkipString(s, i);
        last_word = {};
        continue;
      }
      if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') break;
      if (IsIdentStart(c)) {
        size_t start = i;
        while (i < s.size() && (IsIdentChar(s[i]) || s[i] == '.')) ++i;
        last_word = s.substr(start, i - start);
        continue;
      }
      if (c == '{' && open.empty() && last_word != "attributes") {
        *at = Position{ln, i};
        return SigEnd::kRegion;
      }
      if (c == '(' || c == '[' || c == '<' || c == '{') {
        open.push_back(c);
      } else if (c == '>') {
        // `->` is an arrow, not a closing angle bracket.
        if ((i == 0 || s[i - 1] != '-') && !open.empty() && open.back() == '<') open.pop_back();
      } else if (c == ')' || c == ']' || c == '}') {
        char want = c == ')' ? '(' : c == ']' ? '[' : '{';
        // Drop stray '<' (comparisons in affine expressions) the closer crosses, then its opener if it
        // matches; dropping them even without a match keeps the scan linear.
        size_t k = open.size();
        while (k > 0 && open[k - 1] == '<') --k;
        open.resize(k > 0 && open[k - 1] == want ? k - 1 : k);
      }
      if (!IsBlankChar(c)) last_word = {};
      ++i;
    }
    if (open.empty()) {
      *at = Position{ln, 0};
      return SigEnd::kDeclaration;
    }
  }
  *at = Position{from.line, 0};
  return SigEnd::kUnbalanced;
}

// The line holding the '}' that closes the region opened at `open`, or nullopt at end of text.
std::optional<size_t> MatchRegion(const LineIndex& lines, Position open) {
  size_t depth = 0;
  size_t i = open.pos;
  for (size_t ln = open.line; ln < lines.size(); ++ln, i = 0) {
    std::string_view s = StripCr(lines[ln]);
    while (i < s.size()) {
      char c = s[i];
      if (c == '"') {
        i = SkipString(s, i);
        continue;
      }
      if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') break;
      if (c == '{') {
        ++depth;
      } else if (c == '}' && --depth == 0) {
        return ln;
      }
      ++i;
    }
  }
  return std::nullopt;
}

}  // namespace

Scope SplitMlir(const LineIndex& lines) {
  ScopeBuilder out;
  size_t ln = 0;
  while (ln < lines.size() && !out.failed()) {
    std::string_view s = StripCr(lines[ln]);
    std::optional<size_t> at = FuncOpSymbol(s);
    std::string key = at ? ReadAtSymbol(s, *at + 1) : std::string();
    if (key.empty()) {
      ++ln;
      continue;
    }
    // Resume the signature scan after the symbol (a quoted symbol may hold braces).
    size_t after = *at + 1;
    if (after < s.size() && s[after] == '"') {
      after = SkipString(s, after);
    } else {
      while (after < s.size() && (IsIdentChar(s[after]) || s[after] == '$' || s[after] == '.' || s[after] == '-')) {
        ++after;
      }
    }
    Position region;
    switch (ScanSignature(lines, Position{ln, after}, &region)) {
      case SigEnd::kDeclaration:
        ln = region.line + 1;  // a declaration is not a section
        break;
      case SigEnd::kUnbalanced:
        out.Fail(AtLine("unbalanced brackets in the signature of @" + key + " starting", ln));
        break;
      case SigEnd::kRegion:
        if (std::optional<size_t> close = MatchRegion(lines, region)) {
          out.Add(std::move(key), ln, *close + 1);
          ln = *close + 1;
        } else {
          out.Fail(AtLine("unbalanced braces: the body of @" + key + " is not closed, opened", region.line));
        }
        break;
    }
  }
  return out.Finish();
}

}  // namespace irtrace
