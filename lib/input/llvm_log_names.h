// The functions an LLVM log's banners name, read ahead of the conversion: a selective log
// (-print-after=P, input/llvm_log_notes.h) prints a function first at its first named pass, so a note on an
// earlier pass can name it only from here.
#pragma once

#include <memory>
#include <set>
#include <string>

#include "input/log_text.h"

namespace irtrace {

// The keys (input/llvm_banner.h IrKey) of every function a function, SCC or loop banner of `log` names,
// read by one more scan of the log (LlvmDumpScanner: a dump at a time in memory). Throws what LogText::Read
// throws.
std::set<std::string> LlvmFunctionsNamed(std::shared_ptr<const LogText> log);

}  // namespace irtrace
