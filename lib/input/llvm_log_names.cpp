#include "input/llvm_log_names.h"

#include "input/llvm_dumps.h"

namespace irtrace {

std::set<std::string> LlvmFunctionsNamed(std::shared_ptr<const LogText> log) {
  std::set<std::string> out;
  LlvmDumpScanner scanner(std::move(log));
  LlvmDump d;
  while (scanner.Next(&d)) {
    if (d.banner.backend || d.banner.unit == LlvmBanner::Unit::kModule) continue;
    out.insert(d.banner.funcs.begin(), d.banner.funcs.end());
  }
  return out;
}

}  // namespace irtrace
