#include "input/mlir_alias_spelling.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>
#include <string_view>

#include "input/log_listing.h"

namespace irtrace {
namespace {

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool EndsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}
std::string_view TrimCr(std::string_view s) { return EndsWith(s, "\r") ? s.substr(0, s.size() - 1) : s; }
bool IsBlank(std::string_view s) { return s.find_first_not_of(" \t\r") == std::string_view::npos; }
bool IsAliasChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("_$.-", c); }

}  // namespace

// The alias lines at the top of `text` (before its first other non-blank line), and how many lines they take.
Aliases HeaderAliases(const std::vector<std::string>& lines, size_t* header_lines) {
  Aliases out;
  size_t k = 0;
  for (; k < lines.size(); ++k) {
    std::string_view l =
        TrimCr(std::string_view(lines[k]).substr(0, lines[k].size() - (EndsWith(lines[k], "\n") ? 1 : 0)));
    if (IsBlank(l)) continue;
    size_t eq = l.find(" = ");
    if ((!StartsWith(l, "#") && !StartsWith(l, "!")) || eq == std::string_view::npos) break;
    out.push_back({std::string(l.substr(0, eq)), std::string(l.substr(eq + 3))});
  }
  *header_lines = k;
  return out;
}

// `text` with every whole-token `from` replaced by `to`.
std::string ReplaceToken(const std::string& text, const std::string& from, const std::string& to, bool token_end) {
  std::string out;
  size_t at = 0;
  for (size_t hit; (hit = text.find(from, at)) != std::string::npos; at = hit + from.size()) {
    bool whole = !token_end || hit + from.size() >= text.size() || !IsAliasChar(text[hit + from.size()]);
    out.append(text, at, hit - at).append(whole ? to : from);
  }
  return out.append(text, at, std::string::npos);
}

// Location aliases as a module dump prints them after the module with --mlir-print-debuginfo (`#loc3 =
// loc("k.py":3:4)`, referenced as `loc(#loc3)`; a function dump prints `loc("k.py":3:4)` inline), in order,
// and how many lines they take at the end of `lines`.
Aliases TrailingAliases(const std::vector<std::string>& lines, size_t* trailing_lines) {
  size_t k = lines.size();
  while (k > 0) {
    std::string_view l =
        TrimCr(std::string_view(lines[k - 1]).substr(0, lines[k - 1].size() - (EndsWith(lines[k - 1], "\n") ? 1 : 0)));
    if (!IsBlank(l) && !(StartsWith(l, "#") && l.find(" = loc(") != std::string_view::npos)) break;
    --k;
  }
  Aliases out;
  for (size_t j = k; j < lines.size(); ++j) {
    std::string_view l =
        TrimCr(std::string_view(lines[j]).substr(0, lines[j].size() - (EndsWith(lines[j], "\n") ? 1 : 0)));
    size_t eq = l.find(" = ");
    if (eq != std::string_view::npos) out.push_back({std::string(l.substr(0, eq)), std::string(l.substr(eq + 3))});
  }
  *trailing_lines = lines.size() - k;
  return out;
}

// Location aliases `aliases` as a function dump prints them: each value with the references in it replaced
// by what they stand for (`loc(fused[#loc1, #loc2])` -> `loc(fused["a":1:2, "b":3:4])`), by name.
std::map<std::string, std::string> InlineLocations(const Aliases& aliases) {
  std::map<std::string, std::string> out;
  Aliases by_length = aliases;  // "#loc12" before "#loc1"
  std::sort(by_length.begin(), by_length.end(),
            [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  auto inner = [](const std::string& v) {
    return StartsWith(v, "loc(") && EndsWith(v, ")") ? v.substr(4, v.size() - 5) : v;
  };
  for (const auto& [name, value] : aliases) {
    std::string v = value;
    for (int depth = 0; depth < 8 && v.find('#') != std::string::npos; ++depth) {
      for (const auto& [n, other] : by_length) v = ReplaceToken(v, n, inner(other), true);
    }
    out[name] = v;
  }
  return out;
}

// `module`, a spliced module, spelt with `aliases` (the module dump's header aliases) and `trailing` (its
// location aliases after it): its own aliases expanded, then every value of `aliases` (the longest first)
// replaced by its name, and the definitions of those it uses put on top; every location of `trailing`
// printed inline replaced by its reference, and the definitions of those it uses put at the end. A header
// alias of a location is printed inline where it is used (block arguments'): only its definition is put on
// top, where the body uses its value.
std::string RespellAliases(const std::string& module, const Aliases& aliases, const Aliases& trailing) {
  std::vector<std::string> lines = SplitKeepingBreaks(module);
  size_t header = 0, tail = 0;
  Aliases own = HeaderAliases(lines, &header);
  Aliases own_trailing = TrailingAliases(lines, &tail);
  std::string body;
  for (size_t k = header; k + tail < lines.size(); ++k) body += lines[k];
  std::sort(own.begin(), own.end(), [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  for (const auto& [name, value] : own) body = ReplaceToken(body, name, value, true);
  std::map<std::string, std::string> own_inline = InlineLocations(own_trailing);
  for (auto it = own_inline.rbegin(); it != own_inline.rend(); ++it)  // "#loc12" before "#loc1"
    body = ReplaceToken(body, "loc(" + it->first + ")", it->second, false);
  Aliases by_length;
  for (const auto& a : aliases)
    if (!StartsWith(a.second, "loc(")) by_length.push_back(a);
  std::stable_sort(by_length.begin(), by_length.end(),
                   [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  for (const auto& [name, value] : by_length) body = ReplaceToken(body, value, name, false);
  std::map<std::string, std::string> inline_loc = InlineLocations(trailing);
  std::vector<std::pair<std::string, std::string>> locs(inline_loc.begin(), inline_loc.end());
  std::stable_sort(locs.begin(), locs.end(),
                   [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  for (const auto& [name, value] : locs) body = ReplaceToken(body, value, "loc(" + name + ")", false);
  std::string top, end;
  for (const auto& [name, value] : aliases) {
    bool location = StartsWith(value, "loc(");
    if (location ? body.find(value) != std::string::npos : ReplaceToken(body, name, "", true).size() != body.size())
      top += name + " = " + value + "\n";
  }
  // The locations the body references, and those their definitions reference, in the module dump's order.
  std::set<std::string> used;
  for (size_t before = 1; before != used.size();) {
    before = used.size();
    for (const auto& [name, value] : trailing) {
      if (used.count(name)) continue;
      bool hit = ReplaceToken(body, "loc(" + name + ")", "", false).size() != body.size();
      for (const auto& [other, v] : trailing)
        hit = hit || (used.count(other) && ReplaceToken(v, name, "", true).size() != v.size());
      if (hit) used.insert(name);
    }
  }
  for (const auto& [name, value] : trailing)
    if (used.count(name)) end += name + " = " + value + "\n";
  return top + body + end;
}

}  // namespace irtrace
