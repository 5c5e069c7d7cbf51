// A log of LLVM before-dumps only (-print-before-all, no -print-after-all): "*** IR Dump Before P on g ***"
// is the IR of g before P ran on g, so P's result on g is the next dump that prints g
// (llvm/lib/Passes/StandardInstrumentations.cpp, LLVM 19: a before-dump is printed as each pass starts).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

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

}  // namespace irtrace
