// The edit script: the one representation of a line diff, from DiffLines to the report payload's "ops".
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace irtrace {

// An edit script as triples (E, D, I): copy E equal lines, then D lines of the before side are deleted
// and I lines of the after side inserted; repeated. Lines after the last triple are equal. Within a
// block, deletions come before insertions. DiffLines never writes a triple with D + I == 0, so the last
// triple always has D + I > 0; an empty script means the two sides are equal.
struct EditScript {
  std::vector<uint32_t> ops;  // E0, D0, I0, E1, D1, I1, ...

  uint64_t Inserted() const;  // sum of I
  uint64_t Deleted() const;   // sum of D
  bool Empty() const { return ops.empty(); }
};

// One triple of an edit script, with where it lies on both sides.
struct EditBlock {
  uint32_t equal = 0;   // E: equal lines just before the block, at [before - equal, before) and
                        // [after - equal, after)
  uint32_t del = 0;     // D: deleted lines, [before, before + del) on the before side
  uint32_t ins = 0;     // I: inserted lines, [after, after + ins) on the after side
  size_t before = 0;    // 0-based before-side line of the first deleted line (past the equal run)
  size_t after = 0;     // 0-based after-side line of the first inserted line (past the equal run)
  size_t index = 0;     // 0-based count of earlier triples with D + I > 0: the change block number that
                        // the payload's "pairs" and BlockPairs::block refer to
  size_t inserted_before = 0;  // inserted lines in earlier triples: this block's first inserted line is
                               // the payload's "ins"[inserted_before]
};

// Where an edit script ends on both sides: the equal lines after its last triple start here.
struct EditEnd {
  size_t before = 0;  // 0-based before-side line
  size_t after = 0;   // 0-based after-side line
};

// Calls fn(const EditBlock&) for every triple of `script`, in order, and returns the positions after the
// last one (both 0 for an empty script). The one walk over an edit script: every reader of "ops" in C++
// goes through it (the viewer's twin is forEachBlock in assets/js/15_payload.js).
template <typename Fn>
EditEnd ForEachBlock(const EditScript& script, Fn&& fn) {
  EditBlock b;
  size_t blocks = 0;
  const std::vector<uint32_t>& ops = script.ops;
  for (size_t k = 0; k + 2 < ops.size(); k += 3) {
    b.equal = ops[k];
    b.del = ops[k + 1];
    b.ins = ops[k + 2];
    b.before += ops[k];
    b.after += ops[k];
    b.index = blocks;
    fn(static_cast<const EditBlock&>(b));
    if (b.del + b.ins > 0) ++blocks;
    b.before += b.del;
    b.after += b.ins;
    b.inserted_before += b.ins;
  }
  return EditEnd{b.before, b.after};
}

}  // namespace irtrace
