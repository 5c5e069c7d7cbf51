// A log of LLVM before- and after-dumps (-print-before-all -print-after-all): each pass is diffed against its
// own before-dump (input/llvm_log.h), exact for its unit. Two readings such a log needs beyond that; what it
// cannot show is decided, as for every LLVM log, by input/llvm_log_notes.h:
// - a before-dump of the whole module right after a pass on a function, SCC or loop prints the module after
//   that pass: that pass receives it (ReceiveModule);
// - an SCC pass's after-dump prints the SCC as it stands after the pass: the inliner may have split it
//   (`Before InlinerPass on (pong, ping)`, `After InlinerPass on (pong)`), and a function it no longer
//   prints was not removed (SplitScc).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "input/dump_dir.h"

namespace irtrace {

// Pass `p` (handed out by the reader, not yet converted) whose next dump is a before-dump of the whole
// module, `text` (named `name`): p becomes that module (IrUnit::kWhole, no own before-dump, `file` holding
// `text` and loading it with `load`, `load_bytes` bytes). Returns the functions of p's unit as it was (a
// loop's: its function), for the note on what the module shows outside them.
std::vector<std::string> ReceiveModule(DumpPass* p, const std::string& name, std::shared_ptr<const std::string> text,
                                       std::function<std::string()> load, uint64_t load_bytes);

// SCC pass `p` (IrUnit::kScc, unit_keys its banner's functions) whose own before-dump is `before` and whose
// after-dump `after` prints only some of them: p becomes a pass on those it prints (unit_keys), its own
// before-dump cut down to them (held in memory), and the others get a not_in_log note (their state after p
// is shown by their next dump: the inliner split the SCC, or deleted one it inlined). Returns the functions
// left out (none: p unchanged).
std::vector<std::string> SplitScc(DumpPass* p, const std::string& before, const std::string& after);

}  // namespace irtrace
