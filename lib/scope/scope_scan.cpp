#include "scope/scope_scan.h"

#include <utility>

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
