#include "input/llvm_block_renames.h"

namespace irtrace {
namespace {

bool Numbered(const std::string& label) { return LlvmNumber(label) >= 0; }

// The block entries of `lines`, in order: their indexes in it.
std::vector<size_t> BlocksIn(const std::vector<IrBlockLine>& lines) {
  std::vector<size_t> out;
  for (size_t k = 0; k < lines.size(); ++k)
    if (lines[k].block) out.push_back(k);
  return out;
}

// The index in `blocks` (of `lines`) of the block labelled `label`, or -1.
long Find(const std::vector<IrBlockLine>& lines, const std::vector<size_t>& blocks, const std::string& label) {
  for (size_t k = 0; k < blocks.size(); ++k)
    if (lines[blocks[k]].label == label) return static_cast<long>(k);
  return -1;
}

}  // namespace

std::map<size_t, std::string> RenamedBlocks(const std::vector<IrBlockLine>& dump,
                                            const std::vector<IrBlockLine>& previous,
                                            const std::set<std::string>& removed,
                                            const std::set<std::string>& in_function) {
  std::map<size_t, std::string> out;
  std::vector<size_t> now = BlocksIn(dump), before = BlocksIn(previous);
  std::set<std::string> paired;
  for (size_t i = 0; i < now.size(); ++i) {
    const std::string& label = dump[now[i]].label;
    if (!Numbered(label) || in_function.count(label)) continue;
    // The same neighbour in both lists, and what stood next to it then.
    bool after = i > 0;
    if (!after && i + 1 >= now.size()) continue;
    long j = Find(previous, before, dump[now[after ? i - 1 : i + 1]].label);
    if (j < 0) continue;
    long at = after ? j + 1 : j - 1;
    if (at < 0 || at >= static_cast<long>(before.size())) continue;
    const std::string& old = previous[before[at]].label;
    if (!Numbered(old) || !removed.count(old) || paired.count(old)) continue;
    paired.insert(old);
    out.emplace(now[i], old);
  }
  return out;
}

}  // namespace irtrace
