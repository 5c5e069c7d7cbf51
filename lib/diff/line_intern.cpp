#include "diff/line_intern.h"

#include <cstddef>

#include "input/snapshot.h"

namespace irtrace {
namespace {

// An open-addressing table of the distinct lines seen so far, sized for the larger side and doubled as it
// fills: 8 bytes a slot plus 4 a distinct line, instead of a node-based map. A slot holds its line's id + 1
// (0: empty) and the low 32 bits of its hash, so probes compare hashes before any text. A line is confirmed
// byte for byte (Snapshot::SameLine) against its id's representative, so ids are exact whatever the hashes.
class Interner {
 public:
  Interner(const Snapshot& a, const Snapshot& b) : a_(a), b_(b) {
    size_t want = 2 * (a.lines.size() > b.lines.size() ? a.lines.size() : b.lines.size());
    size_t cap = 1024;
    while (cap < want) cap *= 2;
    slots_.assign(cap, Slot{});
    mask_ = cap - 1;
  }

  // The id of line i of `s` (a_ or b_; all of a_'s lines are interned before b_'s).
  uint32_t Intern(const Snapshot& s, size_t i) {
    uint64_t h = s.KeyHash(i);
    uint32_t low = static_cast<uint32_t>(h);
    for (size_t k = Bucket(h);; k = (k + 1) & mask_) {
      Slot& slot = slots_[k];
      if (slot.id_plus_1 == 0) {
        uint32_t id = static_cast<uint32_t>(reps_.size());
        reps_.push_back(static_cast<uint32_t>(i));
        if (&s == &a_) a_ids_ = reps_.size();
        slot = Slot{id + 1, low};
        if (2 * reps_.size() > slots_.size()) Grow();
        return id;
      }
      if (slot.hash_low != low) continue;
      uint32_t id = slot.id_plus_1 - 1;
      const Snapshot& rep = id < a_ids_ ? a_ : b_;
      if (Snapshot::SameLine(rep, reps_[id], s, i)) return id;
    }
  }

 private:
  struct Slot {
    uint32_t id_plus_1 = 0;
    uint32_t hash_low = 0;
  };

  // The slot a hash starts probing at: its high bits mixed with the low ones (the table index).
  size_t Bucket(uint64_t h) const { return static_cast<size_t>(h ^ (h >> 32)) & mask_; }

  // Doubles the table; a slot keeps only 32 bits of its hash, so slots are re-placed by the hash of their
  // representative line.
  void Grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(old.size() * 2, Slot{});
    mask_ = slots_.size() - 1;
    for (const Slot& o : old) {
      if (o.id_plus_1 == 0) continue;
      uint32_t id = o.id_plus_1 - 1;
      const Snapshot& rep = id < a_ids_ ? a_ : b_;
      size_t k = Bucket(rep.KeyHash(reps_[id]));
      while (slots_[k].id_plus_1 != 0) k = (k + 1) & mask_;
      slots_[k] = o;
    }
  }

  const Snapshot& a_;
  const Snapshot& b_;
  std::vector<Slot> slots_;
  size_t mask_ = 0;
  std::vector<uint32_t> reps_;  // per id: the line it was first seen at (in a_ for id < a_ids_, else in b_)
  size_t a_ids_ = 0;            // ids first seen in a_
};

}  // namespace

void InternPair(const Snapshot& a, const Snapshot& b, std::vector<uint32_t>* ids_a, std::vector<uint32_t>* ids_b) {
  Interner in(a, b);
  ids_a->resize(a.lines.size());
  ids_b->resize(b.lines.size());
  for (size_t i = 0; i < a.lines.size(); ++i) (*ids_a)[i] = in.Intern(a, i);
  for (size_t j = 0; j < b.lines.size(); ++j) (*ids_b)[j] = in.Intern(b, j);
}

}  // namespace irtrace
