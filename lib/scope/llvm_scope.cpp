// LLVM IR: `define` bodies keyed by their `@name`, as LLVM's textual printer writes them.
//
// Only lines outside bodies that start with `define` are looked at, so globals, `declare` lines,
// `attributes #0 = { ... }` groups and metadata `!0 = !{...}` stay outside. Strings (`"..."`, no
// backslash escape of the quote in LLVM) and `;` comments are skipped when counting braces.
#include <optional>
#include <string>
#include <vector>

#include "scope/function_scope.h"
#include "scope/scope_scan.h"

namespace irtrace {
namespace {

// Index just past the string starting at `i` (s[i] == '"'); an unterminated string ends with its line.
size_t SkipString(std::string_view s, size_t i) {
  size_t close = s.find('"', i + 1);
  return close == std::string_view::npos ? s.size() : close + 1;
}

// When `s` starts with `define` and a blank (after indentation), the index of the function's '@'.
std::optional<size_t> DefineSymbol(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && IsBlankChar(s[i])) ++i;
  constexpr std::string_view kDefine = "define";
  if (s.size() <= i + kDefine.size() || s.substr(i, kDefine.size()) != kDefine ||
      !IsBlankChar(s[i + kDefine.size()])) {
    return std::nullopt;
  }
  for (i += kDefine.size(); i < s.size(); ++i) {
    if (s[i] == '"') {
      i = SkipString(s, i) - 1;
    } else if (s[i] == ';' || s[i] == '(') {
      return std::nullopt;  // a comment or the parameter list before any name
    } else if (s[i] == '@') {
      return i;
    }
  }
  return std::nullopt;
}

// Result of following one definition from its `define` line.
struct BodyEnd {
  bool closed = false;
  size_t last_line = 0;  // line of the closing '}' (or where scanning stopped)
};

// Follows the definition starting at line `ln`, char `from` (just after the name): skips the parameter
// list, then counts braces; the body ends at the end of the first line where the count, having been
// positive, is back to zero (so `prologue { i8, i8 } {...}` constants before the body are harmless).
BodyEnd MatchBody(const LineIndex& lines, size_t ln, size_t from) {
  long parens = 0;
  bool params_done = false;
  long depth = 0;
  bool opened = false;
  size_t i = from;
  for (; ln < lines.size(); ++ln, i = 0) {
    std::string_view s = StripCr(lines[ln]);
    while (i < s.size()) {
      char c = s[i];
      if (c == '"') {
        i = SkipString(s, i);
        continue;
      }
      if (c == ';') break;
      if (!params_done) {
        if (c == '(') {
          ++parens;
        } else if (c == ')' && parens > 0 && --parens == 0) {
          params_done = true;
        }
      } else if (c == '{') {
        ++depth;
        opened = true;
      } else if (c == '}') {
        --depth;
      }
      ++i;
    }
    if (opened && depth <= 0) return BodyEnd{true, ln};
  }
  return BodyEnd{false, lines.empty() ? 0 : lines.size() - 1};
}

}  // namespace

Scope SplitLlvm(const LineIndex& lines) {
  ScopeBuilder out;
  size_t ln = 0;
  while (ln < lines.size() && !out.failed()) {
    std::string_view s = StripCr(lines[ln]);
    std::optional<size_t> at = DefineSymbol(s);
    std::string key = at ? ReadAtSymbol(s, *at + 1) : std::string();
    if (key.empty()) {
      ++ln;
      continue;
    }
    size_t after = *at + 1;
    if (after < s.size() && s[after] == '"') after = SkipString(s, after);
    BodyEnd end = MatchBody(lines, ln, after);
    if (!end.closed) {
      out.Fail(AtLine("unbalanced braces: the body of @" + key + " is not closed, defined", ln));
      break;
    }
    out.Add(std::move(key), ln, end.last_line + 1);
    ln = end.last_line + 1;
  }
  return out.Finish();
}

}  // namespace irtrace
