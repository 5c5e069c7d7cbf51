#include "diff/pass_alignment.h"

#include <cstdint>
#include <unordered_map>

#include "diff/line_diff.h"

namespace irtrace {

std::vector<AlignedPass> AlignPasses(const std::vector<std::string>& base, const std::vector<std::string>& head) {
  std::unordered_map<std::string, uint32_t> ids;
  auto intern = [&](const std::vector<std::string>& names) {
    std::vector<uint32_t> out;
    out.reserve(names.size());
    for (const std::string& n : names) out.push_back(ids.emplace(n, static_cast<uint32_t>(ids.size())).first->second);
    return out;
  };
  std::vector<uint32_t> a = intern(base), b = intern(head);
  EditScript script = DiffLines(a, b);
  std::vector<AlignedPass> steps;
  steps.reserve(a.size() + b.size());
  auto equal = [&](size_t i, size_t j, size_t n) {
    for (size_t k = 0; k < n; ++k) steps.push_back({static_cast<long>(i + k), static_cast<long>(j + k)});
  };
  EditEnd end = ForEachBlock(script, [&](const EditBlock& blk) {
    equal(blk.before - blk.equal, blk.after - blk.equal, blk.equal);
    for (size_t k = 0; k < blk.del; ++k) steps.push_back({static_cast<long>(blk.before + k), -1});
    for (size_t k = 0; k < blk.ins; ++k) steps.push_back({-1, static_cast<long>(blk.after + k)});
  });
  equal(end.before, end.after, a.size() - end.before);
  return steps;
}

}  // namespace irtrace
