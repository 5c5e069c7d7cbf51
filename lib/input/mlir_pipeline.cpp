#include "input/mlir_pipeline.h"

#include <algorithm>
#include <map>
#include <utility>

namespace irtrace {

std::vector<std::vector<size_t>> GroupNestedRuns(const std::vector<MlirRun>& runs) {
  std::map<std::string, std::vector<size_t>> by_sym;  // operation -> its runs, in log order
  for (size_t i = 0; i < runs.size(); ++i) by_sym[runs[i].sym].push_back(i);
  // The common part: every operation's k-th run has one name.
  size_t common = 0;
  for (bool same = !by_sym.empty(); same; common += same ? 1 : 0) {
    const std::string* name = nullptr;
    for (const auto& [sym, mine] : by_sym) {
      if (mine.size() <= common || (name && runs[mine[common]].pass != *name)) {
        same = false;
        break;
      }
      name = &runs[mine[common]].pass;
    }
  }
  std::vector<std::vector<size_t>> passes(common);
  for (const auto& [sym, mine] : by_sym) {
    for (size_t k = 0; k < common; ++k) passes[k].push_back(mine[k]);
  }
  // The rest: a repeated run joins its pass; the others merged by (name, occurrence) in every operation's order.
  using Key = std::pair<std::string, int>;
  std::vector<Key> merged;
  std::map<size_t, Key> key_of;      // run -> its key among the merged
  std::map<size_t, size_t> join_of;  // run -> the earlier run whose pass it joins
  for (const auto& [sym, mine] : by_sym) {
    std::map<std::string, int> seen;
    size_t after = 0;  // a key not merged yet goes after the operation's previous key
    for (size_t k = common; k < mine.size(); ++k) {
      if (common > 0 && runs[mine[k]].pass == runs[mine[k - 1]].pass) {
        join_of[mine[k]] = join_of.count(mine[k - 1]) ? join_of[mine[k - 1]] : mine[k - 1];
        continue;
      }
      Key key{runs[mine[k]].pass, seen[runs[mine[k]].pass]++};
      key_of[mine[k]] = key;
      auto it = std::find(merged.begin(), merged.end(), key);
      if (it == merged.end())
        it = merged.insert(merged.begin() + static_cast<long>(std::min(after, merged.size())), key);
      after = static_cast<size_t>(it - merged.begin()) + 1;
    }
  }
  std::map<size_t, size_t> pass_of;  // run -> its pass
  for (size_t k = 0; k < common; ++k) {
    for (size_t i : passes[k]) pass_of[i] = k;
  }
  passes.resize(common + merged.size());
  for (const auto& [i, key] : key_of) {
    pass_of[i] = common + static_cast<size_t>(std::find(merged.begin(), merged.end(), key) - merged.begin());
    passes[pass_of[i]].push_back(i);
  }
  for (const auto& [i, earlier] : join_of) passes[pass_of.at(earlier)].push_back(i);
  for (auto& p : passes) std::sort(p.begin(), p.end());
  return passes;
}

}  // namespace irtrace

namespace irtrace {

std::vector<size_t> NextDumpOfUnit(const std::vector<MlirDumpUnit>& dumps) {
  constexpr size_t kNone = static_cast<size_t>(-1);
  std::vector<size_t> out(dumps.size(), kNone);
  size_t next_module = kNone;
  std::map<std::string, size_t> next_of;  // operation -> its next dump after the position scanned
  for (size_t i = dumps.size(); i-- > 0;) {
    if (dumps[i].module) {
      out[i] = next_module;
    } else {
      auto it = next_of.find(dumps[i].sym);
      size_t own = it == next_of.end() ? kNone : it->second;
      out[i] = std::min(own, next_module);  // kNone is the largest
    }
    if (dumps[i].module) {
      next_module = i;
      next_of.clear();  // a module dump comes before every later dump of each operation
    } else {
      next_of[dumps[i].sym] = i;
    }
  }
  return out;
}

}  // namespace irtrace
