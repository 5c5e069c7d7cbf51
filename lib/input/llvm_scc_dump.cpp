#include "input/llvm_scc_dump.h"

#include <map>
#include <vector>

#include "input/llvm_before_dumps.h"

namespace irtrace {

void ReadSccDump(const std::string& text, DumpPass* p) {
  if (p->unit_keys.size() < 2) return;
  std::map<std::string, std::string> dumped = DumpedFunctions(text);
  std::vector<std::string> printed, missing;
  for (const std::string& key : p->unit_keys) (dumped.count(key) ? printed : missing).push_back(key);
  if (printed.empty() || missing.empty()) return;
  std::string names;
  for (const std::string& key : missing) names += (names.empty() ? "" : ", ") + key;
  p->notes.push_back("the banner names the SCC as the pass found it; its dump prints " +
                     std::to_string(printed.size()) + " of its " + std::to_string(p->unit_keys.size()) +
                     " functions (not " + names + ")");
  p->log_notes.push_back(
      {"not_in_log",
       "the SCC dump does not print " + names +
           ": the pass split them off into SCCs of their own (the inliner, inlining the call that made them one "
           "SCC) or deleted them, or -filter-print-funcs does not list them; shown as the log printed them last",
       missing,
       {}});
  p->unit_keys = std::move(printed);
}

}  // namespace irtrace
