// Pass identity in an MLIR log from the pass manager's structure, not from names. A nested pipeline
// (`func.func(cse,canonicalize)`) runs its passes on every function: its k-th pass is one pass whose
// executions are each function's k-th run, whatever order threads printed them in. After the nest's
// passes, a function may run the same pass again (the inliner's dynamic pipeline runs canonicalize on a
// function once per inlining iteration): a run named as the function's run before it is one more
// execution of that pass.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace irtrace {

// One execution read from a log: the pass's name (as its banner names it) and the nested operation it ran
// on (its symbol, "f" for `@f`; a dump names it in its banner at module scope, else by its first line).
struct MlirRun {
  std::string pass;
  std::string sym;
};

// Groups `runs`, the runs of nested operations between two module-level dumps in log order, into the
// pipeline's passes. Returns the passes in pipeline order, each the indices (into `runs`, ascending) of its
// executions. The result depends only on each operation's own sequence of runs, never on how the
// operations' runs are interleaved:
// - the common part: while every operation's k-th run has one name, pass k is every operation's k-th run;
// - after it, a run named as its operation's run before it is another execution of that run's pass;
// - the other runs are merged by (name, its occurrence among the operation's remaining passes) into one
//   sequence keeping each operation's order (what is left when a log omits passes, as
//   --mlir-print-ir-after-change does, or a pass failed on one operation). Operations are taken by name.
// Throws nothing.
std::vector<std::vector<size_t>> GroupNestedRuns(const std::vector<MlirRun>& runs);

}  // namespace irtrace

namespace irtrace {

// A dump of a log of before-dumps only: the unit its pass is about to run on.
struct MlirDumpUnit {
  std::string sym;      // the nested operation ("" for the module)
  bool module = false;  // the pass runs on the module
};

// "Before P on u" is the IR before P on u, so P's result is the next dump of u: for a nested operation its
// next dump or the next module dump (which holds it, or shows it removed), for the module the next module
// dump. Takes the dumps in log order; returns, for each, the index of the dump that shows its result, or
// npos when no later dump does (the log's last passes: their result is not in the log).
std::vector<size_t> NextDumpOfUnit(const std::vector<MlirDumpUnit>& dumps);

}  // namespace irtrace
