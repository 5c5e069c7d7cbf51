#include "input/llvm_before_dumps.h"

#include <algorithm>

namespace irtrace {
namespace {

// True when dump `d` prints every function of `u` (a function or SCC unit).
bool HoldsFunctions(const BeforeDumpUnit& d, const BeforeDumpUnit& u) {
  if (d.whole) return true;
  if (d.kind != BeforeDumpUnit::kFunction && d.kind != BeforeDumpUnit::kScc) return false;
  return std::all_of(u.funcs.begin(), u.funcs.end(), [&](const std::string& f) {
    return std::find(d.funcs.begin(), d.funcs.end(), f) != d.funcs.end();
  });
}

// True when dump `d` prints unit `u` as it stands.
bool Prints(const BeforeDumpUnit& d, const BeforeDumpUnit& u) {
  switch (u.kind) {
    case BeforeDumpUnit::kModule: return d.whole;
    case BeforeDumpUnit::kLoop:
      return (d.kind == BeforeDumpUnit::kLoop && d.ir == u.ir) ||
             (d.kind != BeforeDumpUnit::kLoop && HoldsFunctions(d, u));
    default: return HoldsFunctions(d, u);
  }
}

}  // namespace

std::vector<size_t> AfterDumpOfBeforeDumps(const std::vector<BeforeDumpUnit>& dumps) {
  std::vector<size_t> after(dumps.size(), kNoAfterDump);
  for (size_t i = 0; i < dumps.size(); ++i) {
    const BeforeDumpUnit& u = dumps[i];
    if (u.whole) {
      if (i + 1 < dumps.size()) after[i] = i + 1;
      continue;
    }
    if (u.kind == BeforeDumpUnit::kModule) {
      if (i + 1 < dumps.size() && (dumps[i + 1].whole || dumps[i + 1].kind != BeforeDumpUnit::kLoop)) after[i] = i + 1;
      continue;
    }
    for (size_t j = i + 1; j < dumps.size(); ++j) {
      if (Prints(dumps[j], u)) {
        after[i] = j;
        break;
      }
    }
  }
  return after;
}

std::string CutFunctions(const std::vector<std::string>& keys, const std::map<std::string, std::string>& dumped) {
  std::string out;
  for (const std::string& k : keys) {
    auto it = dumped.find(k);
    if (it == dumped.end()) continue;
    if (!out.empty()) out.push_back('\n');
    out += it->second;
  }
  return out;
}

}  // namespace irtrace
