#include "scope/scope_scan.h"

#include <cstring>

#include <utility>
#include <vector>

namespace irtrace {

bool IsBlankLine(std::string_view line) {
  for (char c : line) {
    if (!IsBlankChar(c)) return false;
  }
  return true;
}

std::string ReadAtSymbol(std::string_view line, size_t pos) {
  std::string name;
  if (pos >= line.size()) return name;
  if (line[pos] == '"') {
    // Quoted symbol: up to the closing quote; an unterminated one yields what is there.
    for (size_t i = pos + 1; i < line.size() && line[i] != '"'; ++i) {
      if (line[i] == '\\' && i + 1 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\')) ++i;
      name += line[i];
    }
    return name;
  }
  for (size_t i = pos; i < line.size(); ++i) {
    char c = line[i];
    if (!(IsIdentChar(c) || c == '$' || c == '.' || c == '-')) break;
    name += c;
  }
  return name;
}

TextCursor::TextCursor(const LineIndex& lines, TextSyntax syntax, size_t line, size_t pos)
    : lines_(lines), syntax_(syntax), line_(line), pos_(pos) {}

std::string_view TextCursor::Text() const { return AtEnd() ? std::string_view() : StripCr(lines_[line_]); }

char TextCursor::Peek() const {
  std::string_view s = Text();
  return pos_ < s.size() ? s[pos_] : '\0';
}

bool TextCursor::LookingAt(std::string_view text) const {
  std::string_view s = Text();
  if (text.empty()) return pos_ <= s.size();
  // The first byte first: most positions differ there (no compare call per character scanned).
  return pos_ < s.size() && s[pos_] == text[0] && s.substr(pos_, text.size()) == text;
}

void TextCursor::Advance() {
  if (AtEnd()) return;
  if (pos_ < Text().size()) {
    ++pos_;
  } else {
    ++line_;
    pos_ = 0;
  }
}

bool TextCursor::SkipSpaceInLine() {
  std::string_view s = Text();
  while (pos_ < s.size() && IsBlankChar(s[pos_])) ++pos_;
  if (!syntax_.line_comment.empty() && LookingAt(syntax_.line_comment)) pos_ = s.size();
  return pos_ < s.size();
}

bool TextCursor::SkipSpace() {
  while (!AtEnd()) {
    if (SkipSpaceInLine()) return true;
    Advance();  // from the line's end to the start of the next one
  }
  return false;
}

size_t TextCursor::StringEnd() const {
  std::string_view s = Text();
  for (size_t i = pos_ + 1; i < s.size(); ++i) {
    if (s[i] == '\\' && syntax_.backslash_escapes) {
      ++i;
    } else if (s[i] == '"') {
      return i + 1;
    }
  }
  return s.size();
}

std::string TextCursor::ReadString() {
  std::string_view s = Text();
  size_t end = StringEnd();
  std::string out;
  if (syntax_.backslash_escapes) {
    out = ReadAtSymbol(s, pos_);
  } else {
    size_t close = end > pos_ + 1 && s[end - 1] == '"' ? end - 1 : end;
    out = std::string(s.substr(pos_ + 1, close - pos_ - 1));
  }
  pos_ = end;
  return out;
}

std::string_view TextCursor::ReadWord(std::string_view extra) {
  std::string_view s = Text();
  size_t start = pos_;
  while (pos_ < s.size() && (IsIdentChar(s[pos_]) || extra.find(s[pos_]) != std::string_view::npos)) ++pos_;
  return s.substr(start, pos_ - start);
}

bool TextCursor::SkipGroup() {
  std::vector<char> open;  // '(', '[', '{', '<' nesting
  while (SkipSpace()) {
    char c = Peek();
    if (c == '"') {
      pos_ = StringEnd();
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      open.push_back(c);
    } else if (c == '>') {
      if ((pos_ == 0 || Text()[pos_ - 1] != '-') && !open.empty() && open.back() == '<') open.pop_back();
    } else if (c == ')' || c == ']' || c == '}') {
      char want = c == ')' ? '(' : c == ']' ? '[' : '{';
      size_t k = open.size();
      while (k > 0 && open[k - 1] == '<') --k;
      open.resize(k > 0 && open[k - 1] == want ? k - 1 : k);
    }
    Advance();
    if (open.empty()) return true;
  }
  return false;
}

bool TextCursor::SkipBraces(bool* empty) {
  // One line at a time in a tight loop (this walks every character of every function body): a comment
  // starts wherever its marker is met outside a string, as SkipSpace finds it at each position.
  size_t depth = 0;
  *empty = true;
  const std::string_view comment = syntax_.line_comment;
  while (!AtEnd()) {
    std::string_view s = Text();
    size_t i = pos_;
    // Most body lines hold no brace and no string: they only tell whether the body is empty. Three
    // memchr calls decide that faster than the walk below.
    std::string_view rest = s.substr(i);
    if (depth > 0 && !std::memchr(rest.data(), '{', rest.size()) && !std::memchr(rest.data(), '}', rest.size()) &&
        !std::memchr(rest.data(), '"', rest.size())) {
      size_t first = i;
      while (first < s.size() && IsBlankChar(s[first])) ++first;
      if (first < s.size() && (comment.empty() || s.substr(first, comment.size()) != comment)) *empty = false;
      ++line_;
      pos_ = 0;
      continue;
    }
    while (i < s.size()) {
      char c = s[i];
      if (IsBlankChar(c)) {
        ++i;
        continue;
      }
      if (!comment.empty() && c == comment[0] && s.substr(i, comment.size()) == comment) break;
      if (depth > 0 && c != '}') *empty = false;
      if (c == '"') {
        pos_ = i;
        i = StringEnd();
        continue;
      }
      if (c == '{') {
        ++depth;
      } else if (c == '}' && depth > 0 && --depth == 0) {
        pos_ = i;
        Advance();
        return true;
      }
      ++i;
    }
    ++line_;
    pos_ = 0;
  }
  return false;
}

void ScopeBuilder::Add(std::string key, size_t begin, size_t end) {
  if (failed()) return;
  if (end <= begin) end = begin + 1;  // a section always holds its first line
  if (!scope_.sections.empty() && begin < scope_.sections.back().end) {
    Fail(AtLine("two functions share a line", begin));
    return;
  }
  auto [it, inserted] = first_line_.emplace(key, begin);
  if (!inserted) {
    Fail("duplicate function key '" + key + "' at lines " + std::to_string(it->second + 1) + " and " +
         std::to_string(begin + 1));
    return;
  }
  scope_.sections.push_back(Section{std::move(key), begin, end});
}

void ScopeBuilder::Fail(std::string reason) {
  if (scope_.fallback.empty()) scope_.fallback = reason.empty() ? "cannot split" : std::move(reason);
}

Scope ScopeBuilder::Finish() {
  if (failed()) scope_.sections.clear();
  return std::move(scope_);
}

std::string AtLine(std::string_view what, size_t line0) {
  return std::string(what) + " at line " + std::to_string(line0 + 1);
}

}  // namespace irtrace
