// Reading LLVM's own pass dumps: the log `opt` (or clang with -mllvm) writes on stderr with -print-after-all,
// -print-before-all (with or without -print-module-scope) or -print-changed (=quiet too). Banners as
// llvm/lib/Passes/StandardInstrumentations.cpp (LLVM 19) writes them:
//   ; *** IR Dump After InstCombinePass on foo ***            (LLVM 19 always writes "; " here; older did not)
//   ; *** IR Dump After GlobalOptPass on [module] ***
//   ; *** IR Dump After InlinerPass on (f, g) ***             (a call-graph SCC)
//   ; *** IR Dump After LICMPass on loop %for.body in function f ***
//   *** IR Dump At Start ***                                   (-print-changed, before the first pass)
//   *** IR Dump After SROAPass on f omitted because no change ***
//   *** IR Pass PassManager<Function> on f ignored ***
// Pass names keep their spaces and <...> ("RequireAnalysisPass<llvm::GlobalsAA, llvm::Module, ...>").
#pragma once

#include <string>
#include <string_view>

#include "input/dump_dir.h"

namespace irtrace {

// True when `head` (a file's first bytes) holds a line that is an LLVM IR-dump banner as above.
bool LooksLikeLlvmLog(std::string_view head);

// Splits `text`, the log `name` (as given; snapshot names say "<name> line N"), into a listing whose
// snapshots are held in memory, in the numbered dump's model (input/dump_dir.h):
// - A `[module]` dump (and an `(invalidated)` one, which prints the module) is the module as it is.
// - A function dump and an SCC dump replace those functions in the last module dump (functions found by
//   scope/llvm_scope; one the module lacks is added after its last function); before any module dump the
//   snapshot is the functions seen so far. What a function-scope log cannot show: module-level lines a
//   function pass adds (declarations, globals, metadata) appear only at the next module dump, and metadata
//   numbers differ between a function dump and the module (`!5` vs `!11`).
// - A loop dump holds only the loop's blocks: a loop-scope pass whose snapshot is those blocks, diffed
//   against its own before-dump (DumpPass::before): the previous dump of that loop, a loop being told by its
//   function and its header block's label, as LLVM names most loops "%<unnamed loop>" (its first dump, with
//   nothing earlier, against itself: a no-op with a note);
//   never spliced as a function. The pass after a loop pass is diffed against the module as it was.
// - -print-changed: "At Start" is the frontend; "omitted because no change" a no-op pass at no cost;
//   "ignored" and "invalidated" lines are no-op passes with a note saying so. Its =diff and =cdiff forms
//   carry no whole IR: DumpError naming the form and the option to use instead.
// - With after-dumps, before-dumps are dropped; a log of before-dumps only reads the dump before pass k+1
//   as the one after pass k (the last pass is left out with a note).
// Throws DumpError (names relative to the log) when it holds no IR dump.
DumpListing ReadLlvmLog(const std::string& name, const std::string& text);

}  // namespace irtrace
