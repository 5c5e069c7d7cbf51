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
// Pass names keep their spaces and <...> ("RequireAnalysisPass<llvm::GlobalsAA, llvm::Module, ...>");
// -print-after-pass-number=N writes "97-SimplifyCFGPass" (the pass SimplifyCFGPass, 97 kept in a note);
// -print-pass-numbers writes " Running pass 97 SimplifyCFGPass on f" lines, which are left out.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "input/dump_dir.h"
#include "input/log_text.h"

namespace irtrace {

// True when `head` (a file's first bytes) holds a line that is an LLVM IR-dump banner as above.
bool LooksLikeLlvmLog(std::string_view head);

// Lists the log `log`, named `name` (as given; snapshot names say "<name> line N"), in the numbered dump's
// model (input/dump_dir.h), reading it once, in order, as it is converted: the listing's first entry, title
// and notes are read here, its passes come from DumpListing::stream, and each pass's snapshot is its own
// dump, left in the log (DumpFile::load reads it again), so memory holds a dump, not the log:
// - A `[module]` dump, an `(invalidated)` one and any dump under -print-module-scope (its text starts with
//   "; ModuleID") hold the whole module (IrUnit::kWhole); under -filter-print-funcs the module as far as the
//   filter shows it (its functions, no module-level lines).
// - A function dump holds that function (IrUnit::kFunction), an SCC dump the functions it prints (IrUnit::kScc;
//   a split SCC prints only those still in it, input/llvm_scc_dump.h): the
//   converter diffs it against that function's previous text and builds the module around it only where a
//   module pass needs it (driver/unit_tracks.h). A dump byte for byte the function's previous function dump
//   is DumpPass::unchanged (not read again, not diffed). What a function-scope log cannot show: module-level
//   lines a function pass adds (declarations, globals, metadata) appear only at the next module dump, and
//   metadata numbers differ between a function dump and the module (`!5` vs `!11`).
// - A loop dump holds only the loop's blocks (IrUnit::kLoop, unit_keys: the banner's unit "loop %x in
//   function f" and the function's key): diffed against the same blocks as they stood before it
//   (driver/unit_tracks.h), never spliced as a function. A loop dump byte for byte the function's last
//   dump, when that was this loop's, is unchanged.
// - -print-changed: "At Start" is the first entry; "omitted because no change" an unchanged pass;
//   "ignored" and "invalidated" lines become notes on the next pass. Its =diff and =cdiff forms are applied
//   to the unit's last text from "At Start" (input/llvm_changed_diff.h): a function or loop pass holds its
//   function (kFunction), a module or SCC pass the module (kWhole), each with DumpPass::log_notes for what
//   the form does not print; =diff-quiet and =cdiff-quiet (no "At Start"): DumpError naming =diff.
// - A whole compile's backend (input/llvm_machine.h), in phase "backend": a legacy IR dump is the module,
//   the function it defines, or a loop (kLoop) of the last function a legacy dump defined; a machine dump
//   is IrUnit::kMachine (unit_keys: its function's key, extension "mir"), unchanged when byte for byte the
//   function's previous machine dump.
// - With after-dumps, a before-dump followed by the after-dump of the same pass and unit (printing as much)
//   is that pass's own before-dump (DumpPass::before); other before-dumps are dropped (the first is the
//   first entry when there is no "At Start");
//   a log of before-dumps only reads the dump before pass k+1 as the one after pass k (the last pass is
//   left out with a note).
// - A log of after-dumps only holds no IR before its first pass: the first entry is empty (log_listing.h
//   SetNoInput, until --input FILE gives it) and the first dump is pass 1, its output shown whole, with
//   kNoInputNote.
// - Several compilations in one log (input/llvm_log_parts.h: a dump naming another `; ModuleID`): `part`
//   nullopt reads every dump as one (standard input); "" reads one and throws SeveralReports
//   (ExitCode::kUsage) at the dump that opens a second; NAME (one of LlvmLogParts) reads only that one.
// Throws DumpError (names relative to the log) when it holds no IR dump, and Error when it cannot be read.
DumpListing ListLlvmLog(const std::string& name, std::shared_ptr<const LogText> log,
                        const std::optional<std::string>& part = std::nullopt);

// ListLlvmLog over `text` held in memory, with every pass listed (ListAllPasses).
DumpListing ReadLlvmLog(const std::string& name, const std::string& text);

}  // namespace irtrace
