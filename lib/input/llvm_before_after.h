// A log of LLVM before- and after-dumps (-print-before-all -print-after-all): each pass is diffed against its
// own before-dump (input/llvm_log.h), exact for its unit. What such a log cannot show, as not_in_log notes
// (lib/report/PAYLOAD.md): a function, SCC or loop dump prints no module-level lines, and a loop dump only the
// loop's blocks. A before-dump of the whole module right after a pass on a function prints the module after
// that pass: that pass receives it (its diff shows what no earlier dump printed, noted as such).
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "input/dump_dir.h"

namespace irtrace {

class BeforeAfterNotes {
 public:
  // A dump of the log, in order: its unit's function keys (the banner's), and whether it prints the whole
  // module (then `text` is it; else `text` is not read).
  void Saw(const std::vector<std::string>& funcs, bool whole, const std::string& text);

  // Pass `p` (handed out by the reader, not yet converted) whose next dump is a before-dump of the whole
  // module, `text` (named `name`): p becomes that module (IrUnit::kWhole, no own before-dump, `file` holding
  // `text` and loading it with `load`, `load_bytes` bytes), with a note on what it shows outside p's unit.
  // Call before Saw for that dump.
  void Receive(DumpPass* p, const std::string& name, std::shared_ptr<const std::string> text,
               std::function<std::string()> load, uint64_t load_bytes);

  // An SCC pass's own before-dump `before` and after-dump `after`: a function of the module `before` names
  // (`@f`) and `after` no longer does may have been deleted (inlined into the SCC; the inliner deletes a
  // callee left without uses), which no dump shows until the next dump of the whole module.
  void Inlined(const std::string& before, const std::string& after);

  // The notes of pass `p` (its unit as handed out): the module-level lines for a pass that is not the whole
  // module, its function's other blocks for a loop pass, the functions that may have been deleted since the
  // last dump of the whole module.
  void Note(DumpPass* p) const;

 private:
  std::set<std::string> known_;  // the functions of the last module dump and those dumped since
  std::set<std::string> maybe_deleted_;  // Inlined's, until the next dump of the whole module
};

}  // namespace irtrace
