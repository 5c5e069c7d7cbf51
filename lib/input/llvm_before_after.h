// A log of LLVM before- and after-dumps (-print-before-all -print-after-all): each pass is diffed against its
// own before-dump (input/llvm_log.h), exact for its unit. Two readings such a log needs beyond that; what it
// cannot show is decided, as for every LLVM log, by input/llvm_log_notes.h:
// - a before-dump of the whole module right after a pass on a function, SCC or loop prints the module after
//   that pass: that pass receives it (ReceiveModule);
// - an SCC pass's after-dump prints the SCC as it stands after the pass: the inliner may have split it
//   (`Before InlinerPass on (pong, ping)`, `After InlinerPass on (pong)`), and a function it no longer
//   prints was not removed (SplitScc);
// - a loop pass's after-dump prints only the loop, but a before-dump of a function or SCC pass right after
//   it prints the function whole as the run of loop passes ending at it left it (unswitching copies the
//   loop, LoopRotate rewrites its entry, LoopDeletion and LoopFullUnroll remove blocks: edits outside the
//   blocks the loop dumps print): that pass gets it as its function after (FunctionAfterLoops; the driver
//   shows it where it is not the loop dumps spliced into the function, driver/unit_tracks.h).
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

// Loop pass `p` (IrUnit::kLoop, unit_keys its banner's unit and function f) whose next dump is the
// before-dump of a function or SCC pass on `next_funcs` (its banner's keys), text `next_text`, named
// `name` ("<log> line N"): when that dump prints f, p->function_after holds f as it prints it (cut out of an
// SCC's text, with its "; Function Attrs:" line). Returns whether it did (f not among `next_funcs`, or the
// dump lacks it: p unchanged). Throws nothing.
bool FunctionAfterLoops(DumpPass* p, const std::vector<std::string>& next_funcs, const std::string& next_text,
                        const std::string& name);

}  // namespace irtrace
