// A log of LLVM before-dumps only (-print-before-all, no -print-after-all): "*** IR Dump Before P on g ***"
// is the IR of g before P ran on g, so P's result on g is the next dump that prints g
// (llvm/lib/Passes/StandardInstrumentations.cpp, LLVM 19: a before-dump is printed as each pass starts).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "input/dump_dir.h"
#include "input/log_text.h"

namespace irtrace {

// One before-dump's IR unit, as its banner names it.
struct BeforeDumpUnit {
  enum Kind { kModule, kFunction, kScc, kLoop } kind = kModule;
  std::string ir;                  // the banner's unit ("g", "(f, g)", "loop %x in function f", "[module]")
  std::vector<std::string> funcs;  // function / SCC: its functions' keys; loop: its function's
  bool whole = false;              // the dump prints the whole module (a module dump, -print-module-scope)
};

constexpr size_t kNoAfterDump = static_cast<size_t>(-1);

// For each dump i of `dumps` (in log order): the index of the first later dump that prints dump i's unit as
// it stands after dump i's pass (whole: the next dump, whatever it prints, is the module after the pass;
// a module pass: the next dump unless that is a loop's (a function or SCC dump shows only its unit after
// the module pass: all the log holds of it); a function
// or SCC: the next dump that is the whole module, the same unit, or a function or SCC dump holding all its
// functions; a loop: the next dump of the same loop, or a dump holding its function), or kNoAfterDump when
// no later dump does (the log does not hold that pass's result).
std::vector<size_t> AfterDumpOfBeforeDumps(const std::vector<BeforeDumpUnit>& dumps);

// The functions `keys` cut out of `dumped` (key -> its text with its "; Function Attrs:" line, as
// DumpedFunctions gives), in `keys` order, an empty line between two; the ones it lacks are left out.
std::string CutFunctions(const std::vector<std::string>& keys, const std::map<std::string, std::string>& dumped);

// The functions of an LLVM function or SCC dump's `text`, each with the "; Function Attrs:" line above it:
// key (scope/function_scope.h's) -> its text, each line with its '\n'.
std::map<std::string, std::string> DumpedFunctions(const std::string& text);

// `size` bytes of `log` from `offset` (a dump's text as the scanner read it): the '\n' the log's last line
// lacks is added. Throws Error when the log cannot be read.
std::string ReadDumpText(const LogText& log, uint64_t offset, size_t size);

// One before-dump of a before-only log: its pass (as its banner names it), its unit and where its text lies.
struct BeforeDump {
  std::string pass;
  BeforeDumpUnit unit;
  size_t line = 0;      // 1-based line of its banner
  uint64_t offset = 0;  // where its text starts in the log
  size_t size = 0;      // its text's size as read (ReadDumpText reads it again)
};

// The passes of a log of before-dumps only, one per before-dump in log order: "Before P on u" is pass P's
// own before-dump, and dump k + 1 is the module after pass k as far as it prints it. Pass k's result:
// - the next dump prints the whole module: that module (a function, SCC or loop pass too: kWhole; what it
//   shows changed outside the pass's unit is noted, the log printing none of it since the last module dump);
// - else a module pass: the module with each function as the first later dump prints it (up to the next
//   dump of the whole module), its module-level lines as before it, both noted;
// - a function pass whose function's next dump is one of its loops': that loop dump (kLoop), noted;
// - else the next dump that prints its unit (AfterDumpOfBeforeDumps), cut down to the unit; a function that
//   dump lacks (a module dump: a later pass deleted it) leaves the pass unchanged, noted;
// - no later dump prints its unit: unchanged, with a not_in_log note.
// Every pass the next dump does not show whole carries a not_in_log note on the module-level lines; one
// after which a function is no longer printed and the next module dump lacks it, one on that function;
// a loop pass one on its function (a loop dump prints only the loop's blocks). Texts are read from the log as
// each pass is handed out, so memory holds a few dumps, not the log.
class BeforeOnlyPasses {
 public:
  // `name`: the log as given (snapshots are named "<name> line N"); `dumps`: its before-dumps, at least one.
  // Reads the dumps of the whole module once, for the functions they hold. Throws Error as reading does.
  BeforeOnlyPasses(std::string name, std::shared_ptr<const LogText> log, std::vector<BeforeDump> dumps);

  // The IR before the first pass: the dumps of the first pass's first run (the dumps before the first
  // other pass's) spliced into one text.
  std::string InputText() const;

  // True when every pass was handed out.
  bool AtEnd() const { return next_ >= dumps_.size(); }

  // Fills the next pass's name, unit, unit keys, file and own before-dump and appends its notes to
  // p->notes and p->log_notes (its number is the caller's). Call only when !AtEnd().
  void Next(DumpPass* p);

 private:
  std::string Read(size_t k) const;
  std::string NameOf(size_t k) const { return name_ + " line " + std::to_string(dumps_[k].line); }
  void NoResult(size_t i, DumpPass* q) const;
  void ModuleReceived(size_t i, DumpPass* q);
  void ModuleAsPrinted(size_t i, DumpPass* q);
  bool LoopAsPrinted(size_t i, DumpPass* q);
  void UnitResult(size_t i, size_t j, DumpPass* q);
  bool SccAsPrinted(size_t i, DumpPass* q);
  void Remember(const DumpPass& q);
  void StretchNotes(size_t i, DumpPass* q);
  void FindDeleted(size_t w);

  std::string name_;
  std::shared_ptr<const LogText> log_;
  std::vector<BeforeDump> dumps_;
  std::vector<size_t> after_dump_;  // the dump each one's result is in (AfterDumpOfBeforeDumps)
  std::map<size_t, std::vector<std::string>> whole_keys_;  // a whole dump's index -> its functions' keys
  std::vector<size_t> next_whole_, last_whole_;  // per dump: WholeAfter, WholeAtOrBefore
  size_t deleted_for_ = static_cast<size_t>(-1);  // the whole dump `deleted_` was found for
  std::vector<std::pair<std::string, size_t>> deleted_;  // functions it lacks, each with its last dump before it
  std::map<std::string, std::string> current_;  // function -> its text as the passes so far leave it
  size_t next_ = 0;
};

}  // namespace irtrace
