#include "input/mlir_aliases.h"

#include <cctype>
#include <cstring>
#include <string>
#include <unordered_map>

#include <xxhash.h>

namespace irtrace {
namespace {

bool NameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("_$.-", c) != nullptr; }

// The end of the alias name starting at `at` ('#' or '!' then name characters), or `at` when none starts there.
size_t NameEnd(std::string_view l, size_t at) {
  if (l[at] != '#' && l[at] != '!') return at;
  size_t end = at + 1;
  while (end < l.size() && NameChar(l[end])) ++end;
  return end == at + 1 ? at : end;
}

// A definition's name ("#map") and value: "NAME = VALUE".
bool Definition(std::string_view l, std::string_view* name, std::string_view* value) {
  if (l.empty()) return false;
  size_t end = NameEnd(l, 0);
  if (end == 0 || l.substr(end, 3) != " = ") return false;
  *name = l.substr(0, end);
  *value = l.substr(end + 3);
  return true;
}

// Lines of `s` in no section.
std::vector<bool> Outside(const Snapshot& s) {
  std::vector<bool> out(s.lines.size(), true);
  for (const Section& sec : s.scope.sections)
    for (size_t i = sec.begin; i < sec.end && i < out.size(); ++i) out[i] = false;
  return out;
}

// The aliases a text defines, and references expanded through them.
class Aliases {
 public:
  void Define(std::string_view name, std::string_view value) {
    // A location alias `#loc3 = loc(X)` stands for X (`loc(#loc3)`, `fused[#loc1, #loc2]`).
    if (value.size() > 5 && value.substr(0, 4) == "loc(" && value.back() == ')')
      value = value.substr(4, value.size() - 5);
    values_.emplace(std::string(name), value);
  }
  bool Empty() const { return values_.empty(); }
  // `l` with every defined reference replaced by its value, expanded `depth` more levels.
  void Expand(std::string_view l, int depth, std::string* out) const {
    size_t from = 0;
    for (size_t at = 0; at < l.size(); ++at) {
      size_t end = NameEnd(l, at);
      if (end == at) continue;
      auto it = depth > 0 ? values_.find(std::string(l.substr(at, end - at))) : values_.end();
      if (it == values_.end()) {
        at = end - 1;
        continue;
      }
      out->append(l.substr(from, at - from));
      Expand(it->second, depth - 1, out);
      from = end;
      at = end - 1;
    }
    out->append(l.substr(from));
  }

 private:
  std::unordered_map<std::string, std::string_view> values_;
};

constexpr int kDepth = 8;

}  // namespace

bool IsMlirAliasDefinition(std::string_view line) {
  std::string_view name, value;
  return Definition(line, &name, &value);
}

bool HoldsMlirAliases(const Snapshot& s) {
  std::vector<bool> outside = Outside(s);
  for (size_t i = 0; i < s.lines.size(); ++i)
    if (outside[i] && IsMlirAliasDefinition(s.KeyOf(i))) return true;
  return false;
}

std::vector<uint64_t> MlirAliasKeyHashes(const Snapshot& s) {
  std::vector<bool> outside = Outside(s);
  Aliases aliases;
  std::vector<bool> defines(s.lines.size(), false);
  for (size_t i = 0; i < s.lines.size(); ++i) {
    std::string_view name, value;
    if (outside[i] && Definition(s.KeyOf(i), &name, &value)) {
      aliases.Define(name, value);
      defines[i] = true;
    }
  }
  std::vector<uint64_t> out(s.lines.size());
  std::string key;
  for (size_t i = 0; i < s.lines.size(); ++i) {
    std::string_view l = s.KeyOf(i), name, value;
    key.assign(s.LacksNewline(i) ? "n" : "y");
    if (defines[i] && Definition(l, &name, &value)) {
      key.push_back('=');
      l = value;
    }
    aliases.Expand(l, kDepth, &key);
    out[i] = XXH3_64bits(key.data(), key.size());
  }
  return out;
}

}  // namespace irtrace
