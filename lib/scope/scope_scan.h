// Helpers the function-scope scanners share: line clean-up, identifier classes, and the builder that
// turns found functions into a Scope (rejecting duplicate keys and overlapping ranges).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

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
// An opening bracket of a group TextCursor::SkipGroup moves over: ( [ { <.
inline bool IsOpener(char c) { return c == '(' || c == '[' || c == '{' || c == '<'; }
inline bool IsBlankChar(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r'; }

// True when the line holds only blanks.
bool IsBlankLine(std::string_view line);

// The symbol after an '@' in MLIR: a quoted name (quotes removed, `\"` and `\\` unescaped, other escapes
// kept as written) or a run of [A-Za-z0-9_$.-]. `pos` indexes the character after '@' (or a string's
// opening quote). Empty when there is no name.
std::string ReadAtSymbol(std::string_view line, size_t pos);

// How a format writes line comments and strings, for TextCursor.
struct TextSyntax {
  std::string_view line_comment;   // "//" (MLIR) or ";" (LLVM IR)
  bool backslash_escapes = false;  // true: a backslash escapes the next character of a string (MLIR);
                                   // false: a string ends at the next '"' (LLVM IR)
};

// A reading position over a snapshot's lines for the bracket-level scans of the MLIR and LLVM scanners.
// It steps over blanks, comments and string literals; a string not closed on its line ends there (neither
// format lets a string span lines). Every operation moves forward, so a scan is linear in what it covers.
// A trailing '\r' on a line is ignored.
class TextCursor {
 public:
  // Starts at `line` (0-based), character `pos`.
  TextCursor(const LineIndex& lines, TextSyntax syntax, size_t line = 0, size_t pos = 0);

  // Moves to the next character that is neither blank nor inside a comment, crossing line ends; false
  // (at the end of the text) when there is none.
  bool SkipSpace();
  // The same within the current line; false when only blanks or a comment remain (the cursor then
  // stays at the line's end).
  bool SkipSpaceInLine();
  bool AtEnd() const { return line_ >= lines_.size(); }
  // The current character; '\0' at a line's end and at the end of the text.
  char Peek() const;
  // True when the current line continues with `text` at the cursor.
  bool LookingAt(std::string_view text) const;
  // The current line (0-based; lines.size() at the end of the text).
  size_t line() const { return line_; }
  // Moves one character on; from a line's end to the start of the next line.
  void Advance();
  // At a '"': moves past the string literal and returns its contents, with `\"` and `\\` unescaped when the
  // syntax has backslash escapes (the same reading as ReadAtSymbol).
  std::string ReadString();
  // Moves past a run of identifier characters (IsIdentChar) and characters of `extra`; returns it.
  std::string_view ReadWord(std::string_view extra = "");
  // At an opening bracket ( [ { <: moves past the bracket that closes it, across lines, and returns true;
  // false when the text ends first. A '>' after '-' (an MLIR `->`) closes nothing; a closer that does not
  // match the innermost open bracket drops the stray '<' (a comparison) it crosses and then closes its
  // own opener if that is next, else is ignored: lenient, and linear.
  bool SkipGroup();
  // At a '{': moves past the '}' that closes it, counting only braces (the body of a function, whose
  // other brackets need not balance), and returns true; false when the text ends first. `empty` is set
  // when only blanks and comments were inside.
  bool SkipBraces(bool* empty);
  // Moves over strings, whole bracketed groups (SkipGroup) and any other character, across lines, until
  // stop(c) is true for the current character `c` outside them; returns true there, false when the text
  // ends first (or a group does not close).
  template <typename Stop>
  bool SkipUntil(Stop stop) {
    while (SkipSpace()) {
      char ch = Peek();
      if (stop(ch)) return true;
      if (ch == '"') {
        ReadString();
      } else if (IsOpener(ch)) {
        if (!SkipGroup()) return false;
      } else {
        Advance();
      }
    }
    return false;
  }

 private:
  std::string_view Text() const;  // the current line without '\r'
  // At a '"': the index just past the string on the current line.
  size_t StringEnd() const;

  const LineIndex& lines_;
  TextSyntax syntax_;
  size_t line_ = 0;
  size_t pos_ = 0;
};

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
