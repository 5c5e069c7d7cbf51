// Helpers the function-scope scanners share: line clean-up, identifier classes, and the builder that
// turns found functions into a Scope (rejecting duplicate keys and overlapping ranges).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

#include "scope/function_scope.h"

namespace irtrace {

// The line without a trailing '\r' (CRLF files).
inline std::string_view StripCr(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

// ASCII letters, digits and '_', plus every byte >= 0x80 (UTF-8 identifiers pass through whole).
inline bool IsIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}
inline bool IsIdentChar(char c) { return IsIdentStart(c) || (c >= '0' && c <= '9'); }
inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }
inline bool IsBlankChar(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r'; }

// True when the line holds only blanks.
bool IsBlankLine(std::string_view line);

// The symbol after an '@' in MLIR or LLVM IR: a quoted name (quotes removed, `\"` and `\\` unescaped) or
// a run of [A-Za-z0-9_$.-]. `pos` indexes the character after '@'. Empty when there is no name.
std::string ReadAtSymbol(std::string_view line, size_t pos);

// Collects sections in file order. The first failure (duplicate key, overlap, explicit Fail) wins and
// makes Finish() return no sections.
class ScopeBuilder {
 public:
  // Adds [begin, end) under `key`; fails on a repeated key or a range that starts before the previous
  // one ended (two functions on one line).
  void Add(std::string key, size_t begin, size_t end);
  // Records why the snapshot cannot be split; later calls keep the first reason.
  void Fail(std::string reason);
  bool failed() const { return !scope_.fallback.empty(); }
  Scope Finish();

 private:
  Scope scope_;
  std::unordered_map<std::string, size_t> first_line_;  // key -> 0-based begin of its first section
};

// "... at line N" with N 1-based, from a 0-based index.
std::string AtLine(std::string_view what, size_t line0);

}  // namespace irtrace
