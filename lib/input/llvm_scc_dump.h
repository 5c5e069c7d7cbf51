// An LLVM SCC dump's functions. LLVM 19's IR printer (StandardInstrumentations PrintIRInstrumentation) names
// the SCC in the banner as the pass found it ("After InlinerPass on (pong, ping)") and prints the functions
// of that SCC after the pass, those -filter-print-funcs lists: the inliner splits an SCC when it inlines the
// call that made it one (ping's dump then is its own later), and may delete a member; neither shows in the
// dump but as a member it does not print.
#pragma once

#include <string>

#include "input/dump_dir.h"

namespace irtrace {

// Pass `p`, an SCC pass (IrUnit::kScc, unit_keys the banner's functions) whose dump is `text`: keeps in
// p->unit_keys the members the dump prints (in the banner's order), and notes (DumpPass::log_notes, kind
// not_in_log) the others, shown as the log printed them last: the pass split them off or deleted them, or
// the filter does not list them. A dump printing no member leaves `p` as it is. Throws nothing.
void ReadSccDump(const std::string& text, DumpPass* p);

}  // namespace irtrace
