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
// own before-dump, and P's result is the next dump that prints u (AfterDumpOfBeforeDumps), cut down to u;
// a pass whose result no later dump prints is listed unchanged with a note. Texts are read from the log as
// each pass is handed out, so memory holds a dump, not the log.
class BeforeOnlyPasses {
 public:
  // `name`: the log as given (snapshots are named "<name> line N"); `dumps`: its before-dumps, at least one.
  BeforeOnlyPasses(std::string name, std::shared_ptr<const LogText> log, std::vector<BeforeDump> dumps);

  // The IR before the first pass: the dumps of the first pass's first run (the dumps before the first
  // other pass's) spliced into one text.
  std::string InputText() const;

  // True when every pass was handed out.
  bool AtEnd() const { return next_ >= dumps_.size(); }

  // Fills the next pass's name, unit, unit keys, file and own before-dump and appends its notes to
  // p->notes (its number is the caller's). Call only when !AtEnd().
  void Next(DumpPass* p);

 private:
  std::string name_;
  std::shared_ptr<const LogText> log_;
  std::vector<BeforeDump> dumps_;
  std::vector<size_t> after_dump_;  // the dump each one's result is in (AfterDumpOfBeforeDumps)
  size_t next_ = 0;
};

}  // namespace irtrace
