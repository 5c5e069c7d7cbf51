#include "input/llvm_scc_dump.h"

#include <algorithm>

#include "scope/function_scope.h"
#include "util/line_index.h"

namespace irtrace {

std::vector<std::string> SccDumpUnits(const std::vector<std::string>& named, const std::string& text) {
  LineIndex index(text, '\n');
  std::vector<std::string> defined;
  for (const Section& s : SplitFunctions(ScopeLanguage::kLlvm, index).sections) defined.push_back(s.key);
  if (defined.empty()) return named;
  auto has = [](const std::vector<std::string>& v, const std::string& k) {
    return std::find(v.begin(), v.end(), k) != v.end();
  };
  std::vector<std::string> out;
  for (const std::string& k : named) {
    if (has(defined, k)) out.push_back(k);
  }
  for (const std::string& k : defined) {
    if (!has(out, k)) out.push_back(k);
  }
  return out;
}

}  // namespace irtrace
