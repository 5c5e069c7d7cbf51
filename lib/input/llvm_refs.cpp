#include "input/llvm_refs.h"

#include <string>
#include <unordered_map>

#include <xxhash.h>

namespace irtrace {
namespace {

bool Digit(char c) { return c >= '0' && c <= '9'; }
bool WordChar(char c) { return Digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

// The reference starting at `at` ('#' or '!'): the end of its digits, or `at` when there is none.
size_t RefEnd(std::string_view l, size_t at) {
  if (l[at] != '#' && l[at] != '!') return at;
  size_t end = at + 1;
  while (end < l.size() && Digit(l[end])) ++end;
  if (end == at + 1 || (end < l.size() && WordChar(l[end]))) return at;
  return end;
}

// Calls text(view) for the runs of `l` between references and ref(kind, number) for each reference.
template <typename Text, typename Ref>
void ForEachRef(std::string_view l, Text&& text, Ref&& ref) {
  size_t from = 0;
  for (size_t at = 0; at < l.size(); ++at) {
    size_t end = RefEnd(l, at);
    if (end == at) continue;
    text(l.substr(from, at - from));
    ref(l[at], l.substr(at + 1, end - at - 1));
    from = end;
    at = end - 1;
  }
  text(l.substr(from));
}

uint64_t Hash(std::string_view s) { return XXH3_64bits(s.data(), s.size()); }

// A definition's number and body: "attributes #N = BODY", "!N = BODY".
bool Definition(std::string_view l, char* kind, std::string_view* number, std::string_view* body) {
  size_t at = 0;
  if (l.rfind("attributes #", 0) == 0) at = 11;
  else if (l.empty() || l[0] != '!') return false;
  size_t end = RefEnd(l, at);
  if (end == at || l.substr(end, 3) != " = ") return false;
  *kind = l[at];
  *number = l.substr(at + 1, end - at - 1);
  *body = l.substr(end + 3);
  return true;
}

// The definitions of a module text and what each names (by content, hashed).
class Names {
 public:
  void Define(char kind, std::string_view number, std::string_view body) {
    (kind == '#' ? attrs_ : nodes_).emplace(std::string(number), body);
  }
  // What reference `kind` `number` names, as text to hash; false when it is not defined here.
  bool Name(char kind, std::string_view number, std::string* out) {
    if (kind == '#') {
      auto it = attrs_.find(std::string(number));
      if (it == attrs_.end()) return false;
      out->append("#{").append(it->second).push_back('}');
      return true;
    }
    auto it = nodes_.find(std::string(number));
    if (it == nodes_.end()) return false;
    out->append("!<").append(std::to_string(Node(it->first, it->second, kDepth))).push_back('>');
    return true;
  }

 private:
  static constexpr int kDepth = 4;
  uint64_t Node(const std::string& number, std::string_view body, int depth) {
    std::string memo_key = number + ':' + std::to_string(depth);
    auto m = memo_.find(memo_key);
    if (m != memo_.end()) return m->second;
    std::string text;
    ForEachRef(
        body, [&](std::string_view t) { text.append(t); },
        [&](char kind, std::string_view n) {
          if (kind == '!' && depth > 0) {
            auto it = nodes_.find(std::string(n));
            if (it != nodes_.end()) {
              text.append("!<").append(std::to_string(Node(it->first, it->second, depth - 1))).push_back('>');
              return;
            }
          }
          if (kind == '!') text.append("!?");
          else if (!Name(kind, n, &text)) text.append("#?");
        });
    uint64_t h = Hash(text);
    memo_.emplace(std::move(memo_key), h);
    return h;
  }

  std::unordered_map<std::string, std::string_view> attrs_, nodes_;
  std::unordered_map<std::string, uint64_t> memo_;
};

// The scope of each line: 0 outside every function, k + 1 in section k.
std::vector<uint32_t> Scopes(const Snapshot& s) {
  std::vector<uint32_t> scope(s.lines.size(), 0);
  for (size_t k = 0; k < s.scope.sections.size(); ++k) {
    const Section& sec = s.scope.sections[k];
    for (size_t i = sec.begin; i < sec.end && i < scope.size(); ++i) scope[i] = static_cast<uint32_t>(k + 1);
  }
  return scope;
}

}  // namespace

bool HasIrRef(std::string_view line) {
  for (size_t at = 0; at < line.size(); ++at) {
    if (RefEnd(line, at) != at) return true;
  }
  return false;
}

bool IsIrRefDefinition(std::string_view line) {
  char kind;
  std::string_view number, body;
  return Definition(line, &kind, &number, &body);
}

bool HoldsIrRefDefinitions(const Snapshot& s) {
  std::vector<uint32_t> scope = Scopes(s);
  for (size_t i = 0; i < s.lines.size(); ++i) {
    if (scope[i] == 0 && IsIrRefDefinition(s.KeyOf(i))) return true;
  }
  return false;
}

std::vector<uint64_t> IrRefKeyHashes(const Snapshot& s, IrRefMode mode) {
  std::vector<uint32_t> scope = Scopes(s);
  Names names;
  if (mode == IrRefMode::kByContent) {
    for (size_t i = 0; i < s.lines.size(); ++i) {
      char kind;
      std::string_view number, body;
      if (scope[i] == 0 && Definition(s.KeyOf(i), &kind, &number, &body)) names.Define(kind, number, body);
    }
  }
  // Canonical numbers: (scope, kind, number) -> order of first appearance in that scope and kind.
  std::unordered_map<std::string, uint32_t> canonical;
  std::vector<uint32_t> count(2 * (s.scope.sections.size() + 1), 0);
  std::vector<uint64_t> out(s.lines.size());
  std::string key;
  for (size_t i = 0; i < s.lines.size(); ++i) {
    std::string_view l = s.KeyOf(i);
    key.assign(s.LacksNewline(i) ? "n" : "y");
    ForEachRef(
        l, [&](std::string_view t) { key.append(t); },
        [&](char kind, std::string_view n) {
          if (mode == IrRefMode::kByContent && names.Name(kind, n, &key)) return;
          if (mode == IrRefMode::kByContent) {
            key.push_back(kind);
            key.append(n);
            return;
          }
          std::string id = std::to_string(scope[i]) + kind + std::string(n);
          auto it = canonical.find(id);
          if (it == canonical.end()) {
            uint32_t& c = count[2 * scope[i] + (kind == '#' ? 0 : 1)];
            it = canonical.emplace(std::move(id), c++).first;
          }
          key.push_back(kind);
          key.push_back('c');
          key.append(std::to_string(it->second));
        });
    out[i] = Hash(key);
  }
  return out;
}

}  // namespace irtrace
