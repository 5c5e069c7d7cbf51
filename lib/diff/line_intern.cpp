#include "diff/line_intern.h"

#include <string>
#include <unordered_map>

#include "input/snapshot.h"

namespace irtrace {
namespace {

struct IdentityHash {
  size_t operator()(uint64_t h) const { return static_cast<size_t>(h); }
};

// A representative line for each id, to confirm a hash match byte for byte.
struct Rep {
  const Snapshot* s;
  size_t line;
};

class Interner {
 public:
  explicit Interner(size_t expected) { by_hash_.reserve(expected); }

  uint32_t Intern(const Snapshot& s, size_t i) {
    uint64_t h = s.key_hashes[i];
    auto [it, inserted] = by_hash_.try_emplace(h, static_cast<uint32_t>(reps_.size()));
    if (inserted) {
      reps_.push_back({&s, i});
      return it->second;
    }
    const Rep& r = reps_[it->second];
    if (Snapshot::SameLine(*r.s, r.line, s, i)) return it->second;
    return InternCollision(s, i);
  }

 private:
  // Two different lines with one 64-bit hash: resolved exactly through the text itself.
  uint32_t InternCollision(const Snapshot& s, size_t i) {
    std::string key(s.KeyOf(i));
    key.push_back(s.LacksNewline(i) ? '\1' : '\0');
    auto [it, inserted] = collisions_.try_emplace(key, static_cast<uint32_t>(reps_.size()));
    if (inserted) reps_.push_back({&s, i});
    return it->second;
  }

  std::unordered_map<uint64_t, uint32_t, IdentityHash> by_hash_;
  std::unordered_map<std::string, uint32_t> collisions_;
  std::vector<Rep> reps_;
};

}  // namespace

void InternPair(const Snapshot& a, const Snapshot& b, std::vector<uint32_t>* ids_a,
                std::vector<uint32_t>* ids_b) {
  Interner in(a.lines.size() + b.lines.size());
  ids_a->resize(a.lines.size());
  ids_b->resize(b.lines.size());
  for (size_t i = 0; i < a.lines.size(); ++i) (*ids_a)[i] = in.Intern(a, i);
  for (size_t j = 0; j < b.lines.size(); ++j) (*ids_b)[j] = in.Intern(b, j);
}

}  // namespace irtrace
