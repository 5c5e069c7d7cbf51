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

// The first '#' or '!' of `l` at or after `at`, or l.size(): where a reference may start (most bytes of a
// line are skipped here, not tried one by one).
size_t NextRefStart(std::string_view l, size_t at) {
  for (; at < l.size(); ++at) {
    if (l[at] == '#' || l[at] == '!') return at;
  }
  return l.size();
}

// Calls text(view) for the runs of `l` between references and ref(kind, number) for each reference.
template <typename Text, typename Ref>
void ForEachRef(std::string_view l, Text&& text, Ref&& ref) {
  size_t from = 0;
  for (size_t at = NextRefStart(l, 0); at < l.size(); at = NextRefStart(l, at + 1)) {
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

// Canonical numbers: (scope, kind, number) -> order of first appearance in that scope and kind. A number of
// up to 9 digits without a leading zero (every one LLVM prints) is looked up as one integer, any other by
// its text.
class CanonicalNumbers {
 public:
  explicit CanonicalNumbers(size_t scopes) : count_(2 * scopes, 0) {}
  uint32_t Of(uint32_t scope, char kind, std::string_view number) {
    uint32_t k = kind == '#' ? 0 : 1;
    uint32_t& next = count_[2 * scope + k];
    if (number.size() > 9 || (number.size() > 1 && number[0] == '0')) {
      auto it = by_text_.emplace(std::to_string(scope) + kind + std::string(number), next);
      if (it.second) ++next;
      return it.first->second;
    }
    uint64_t v = 0;
    for (char c : number) v = v * 10 + static_cast<uint64_t>(c - '0');
    auto it = by_value_.emplace(uint64_t{scope} << 32 | uint64_t{k} << 31 | v, next);  // v < 10^9 < 2^30
    if (it.second) ++next;
    return it.first->second;
  }

 private:
  std::vector<uint32_t> count_;
  std::unordered_map<uint64_t, uint32_t> by_value_;
  std::unordered_map<std::string, uint32_t> by_text_;
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
  for (size_t at = NextRefStart(line, 0); at < line.size(); at = NextRefStart(line, at + 1)) {
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
  CanonicalNumbers canonical(s.scope.sections.size() + 1);
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
          uint32_t number = canonical.Of(scope[i], kind, n);
          key.push_back(kind);
          key.push_back('c');
          key.append(std::to_string(number));
        });
    out[i] = Hash(key);
  }
  return out;
}

std::shared_ptr<const std::vector<uint64_t>> CachedIrRefKeyHashes(const Snapshot& s, IrRefMode mode) {
  size_t slot = mode == IrRefMode::kCanonical ? 0 : 1;
  {
    std::lock_guard<std::mutex> lock(s.cache_mu);
    if (s.ref_key_hashes[slot]) return s.ref_key_hashes[slot];
  }
  // Computed outside the lock: two threads may both compute it, and the first kept wins (the same hashes).
  auto hashes = std::make_shared<const std::vector<uint64_t>>(IrRefKeyHashes(s, mode));
  std::lock_guard<std::mutex> lock(s.cache_mu);
  if (!s.ref_key_hashes[slot]) s.ref_key_hashes[slot] = std::move(hashes);
  return s.ref_key_hashes[slot];
}

}  // namespace irtrace
