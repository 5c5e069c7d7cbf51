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

#include "input/dump_dir.h"

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
// - the other runs are placed on one sequence keeping each operation's order, each at the first pass of its
//   name after its operation's previous run (what is left when a log omits passes, as
//   --mlir-print-ir-after-change does, or a pass failed on one operation); a run that may be one of
//   several passes of its name is a pass by itself (GroupNestedPasses). Operations are taken by name.
// Throws nothing.
std::vector<std::vector<size_t>> GroupNestedRuns(const std::vector<MlirRun>& runs);

// One pass of GroupNestedPasses.
struct NestedPass {
  std::vector<size_t> runs;    // its executions: indices into the runs, ascending
  std::vector<size_t> may_be;  // with `unsure`: the passes (indices into the result) its run may be one of
  bool unsure = false;         // one run the log cannot place (below): a pass by itself
};

// GroupNestedRuns' passes, where the log leaves out executions (--mlir-print-ir-after-change prints only
// those that changed the IR) and a nest runs passes of one name more than once, with the runs it cannot
// place: each operation's runs after the common part are placed, in its order, on one sequence of pass
// names that keeps every operation's order; a run is placed at the first position of its name after its
// operation's previous run. When more positions of its name follow that run than the operation has runs
// of that name left, the log cannot tell which of those passes it is an execution of: it is never merged
// into one of them by its name but is a pass by itself (`unsure`, `may_be` those passes), after the last
// of them. Passes in pipeline order. Throws nothing.
std::vector<NestedPass> GroupNestedPasses(const std::vector<MlirRun>& runs);

// The not_in_log notes of an unsure pass (GroupNestedPasses) whose run is `run` (its operation `run.sym`),
// dumped at log line `line` (1-based), listed as pass number `own` (1-based): UnsureRunNote for that pass,
// naming the passes it may be an execution of (their numbers, `may_be`); UnsureCandidateNote for each of
// them. Each concerns the operation alone. Throw nothing.
DumpPass::LogNote UnsureRunNote(const MlirRun& run, size_t line, const std::vector<size_t>& may_be);
DumpPass::LogNote UnsureCandidateNote(const MlirRun& run, size_t line, size_t own);

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
