// What an LLVM log's dumps leave unknown at each pass, as `not_in_log` notes (DumpPass::log_notes, the
// payload's "log_notes"), decided from what the log printed up to that pass, never from what a pass did:
// - module-level lines (globals, declarations, attribute groups, metadata) are printed only by module
//   dumps (`; ModuleID` first): once a function, SCC or loop dump shows a change, they are shown as the log
//   printed them last, on every pass until the next module dump, which then names the passes they may
//   have changed at;
// - a function a loop pass changed (its dump prints only the loop's blocks; the module view shows the
//   function as its last function-level dump printed it with those blocks spliced in,
//   input/llvm_loop_splice.h) or an `invalidated` pass ran on (-print-changed
//   prints no IR for it), until a dump prints that function whole;
// - a function an SCC pass's dump does not print whose linkage lets the inliner delete it once unused
//   (internal, private, linkonce, available_externally: LLVM's isDiscardableIfUnused), after that pass
//   changed its SCC, until a dump prints it or the module;
// - -print-changed=diff / =cdiff (input/llvm_changed_diff.h): after its first diff, every function's define
//   and `; Function Attrs:` lines and the module-level lines, which the form never prints again;
// - -filter-print-funcs (a `[module]` dump without "; ModuleID": it prints the listed functions only and no
//   module-level lines): the module-level lines on every pass (none is ever shown), and from an SCC dump
//   until the next `[module]` dump every listed function LLVM may delete once unused that the pass's dump
//   does not print (the passes on the other functions print nothing: an SCC pass on a caller may inline and
//   delete it unseen); the `[module]` dump that shows them again names them;
// - selective printing (-print-after=P,Q, -print-before=...: a log with no IR before its first pass whose
//   first dump is a function, SCC or loop dump): every pass, as the passes between two dumps are not in
//   the log: the functions it prints (its diff holds the changes of every pass since the log printed them
//   last), every other function the log has printed (shown as printed last), those its banners name later
//   (Later: not shown yet) and the module-level lines;
// - a log with before-dumps too (-print-before-all -print-after-all): each pass's own before-dump makes its
//   unit exact, and the rules above cover the rest; a module before-dump a function, SCC or loop pass
//   receives (Printed::received) shows changes outside that pass's unit no earlier dump printed.
// It is the one place that decides this for every LLVM log read after-dump by after-dump (with or without
// before-dumps); a log of before-dumps only is read ahead (input/llvm_before_dumps.h), which notes its own.
// A dump that prints a function whole after such a pass gets a note naming the passes since (its diff may
// hold their changes); a loop pass's are left to driver/pass_stage.cpp LoopChangesNote.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "input/dump_dir.h"

namespace irtrace {

class LlvmLogNotes {
 public:
  // What one pass's dump printed (the reader's reading of its banner and text).
  struct Printed {
    enum class Kind { kModule, kFunctions, kLoop, kInvalidated, kNothing } kind = Kind::kNothing;
    bool module_lines = false;           // kModule: it printed the module-level lines (`; ModuleID`)
    bool changed = false;                // the dump differs from its unit's last (kNothing: never)
    bool scc = false;                    // kFunctions: an SCC pass's dump
    std::vector<std::string> functions;  // kFunctions: the functions printed; kLoop, kInvalidated: its function
    // kModule: the keys and define lines of the functions it printed, asked for only when needed (an SCC
    // pass changes later): key -> its define line.
    std::function<std::map<std::string, std::string>()> module_functions;
    // kModule: a before-dump of the whole module that a pass on a function, SCC or loop receives (it comes
    // right after that pass's after-dump, input/llvm_before_after.h): these are that pass's functions, and
    // what the module shows changed in any other function is not that pass's to the log's knowledge.
    bool received = false;
    std::vector<std::string> receiver;
    bool first_of_log = false;           // the log's first pass, and the log holds no IR before it
  };

  // Records pass number `pass` (1-based, as DumpPass::number) printing `what`, and appends to `notes` what
  // the log cannot show at it. Throws nothing.
  void Pass(unsigned long pass, const Printed& what, std::vector<DumpPass::LogNote>* notes);

  // -print-changed=diff: from pass `pass` on (0: from the first), every function of `keys` (the rebuilt
  // module's; empty: those given before) and the module-level lines are never printed again.
  void DiffForm(unsigned long pass, const std::vector<std::string>& keys);

  // `keys`: the functions the log's banners name (input/llvm_log_names.h), known before its first pass, so a
  // selective log's note names a function before the log prints it.
  void Later(std::set<std::string> keys) { later_ = std::move(keys); }

  // The functions the LLVM module text `text` defines: key (scope/llvm_scope's) -> its define line.
  static std::map<std::string, std::string> DefineLines(const std::string& text);

  // True when `pass` (a name an "*** IR Pass NAME invalidated ***" line of -print-changed gives) is a pass
  // manager or adaptor, which -print-after-all never prints (LLVM 19 StandardInstrumentations'
  // isSpecialPass: the name before any '<' ends with PassManager, PassAdaptor, AnalysisManagerProxy,
  // DevirtSCCRepeatedPass, ModuleInlinerWrapperPass, VerifierPass, PrintModulePass, PrintMIRPass or
  // PrintMIRPreparePass), rather than a pass.
  static bool PassManagerName(const std::string& pass);

  // True when `define_line` (an LLVM `define` line) gives a linkage the inliner may delete an unused function
  // of (internal, private, linkonce, linkonce_odr, available_externally).
  static bool Discardable(const std::string& define_line);

 private:
  void Receive(const Printed& what, std::vector<DumpPass::LogNote>* notes);
  void Stale(std::vector<DumpPass::LogNote>* notes) const;
  void LearnModule();
  void Received(const Printed& what, std::vector<DumpPass::LogNote>* notes);
  std::vector<unsigned long> From()
      const;  // the =diff notes' "from": its first diff's pass, if any  // module_known_ from module_, once
  // -filter-print-funcs (FilteredModule: a `[module]` dump without module-level lines): the functions it
  // shows whole, the module it shows (module_), the end of an SCC walk.
  void FilteredModule(const Printed& what, std::vector<DumpPass::LogNote>* notes);
  // -filter-print-funcs, in an SCC walk: the listed functions LLVM may delete that `what` does not print.
  void FilterGaps(unsigned long pass, const Printed& what);
  void FilterNotes(std::vector<DumpPass::LogNote>* notes) const;
  // Selective printing (first_of_log a function, SCC or loop dump): the notes of every pass.
  void SelectiveNotes(const Printed& what, std::vector<DumpPass::LogNote>* notes);

  std::vector<unsigned long> top_since_;          // changed passes since the last module dump (in order)
  std::map<std::string, std::vector<unsigned long>> loop_since_;     // function -> loop / invalidated passes
  std::map<std::string, std::vector<unsigned long>> invalid_since_;  // function -> invalidated passes
  std::map<std::string, std::vector<unsigned long>> deleted_since_;  // function -> SCC passes that may delete it
  std::optional<unsigned long> diff_from_;        // -print-changed=diff: its first diff's pass
  std::vector<std::string> diff_keys_;
  std::function<std::map<std::string, std::string>()> module_;  // the last module dump's functions, lazily
  std::optional<std::map<std::string, std::string>> module_known_;
  std::vector<std::string> discardable_;  // module_known_'s functions LLVM may delete once unused (Discardable)
  std::set<std::string> seen_since_;      // the functions function, SCC and loop dumps printed since it
  bool filtered_ = false;  // a `[module]` dump printed no module-level lines: -filter-print-funcs
  bool scc_walk_ = false;  // filtered_: an SCC dump was read since the last `[module]` dump
  std::set<std::string> unprinted_;  // filtered_: listed functions LLVM may delete, not printed since in an SCC walk
  bool selective_ = false;        // the log prints only some passes (SelectiveNotes)
  std::set<std::string> printed_;  // selective_: the functions the log has printed
  std::set<std::string> later_;    // the functions the log's banners name (Later)
};

}  // namespace irtrace
