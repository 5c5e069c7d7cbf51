#include "input/mlir_pipeline.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

namespace irtrace {

namespace {

// The common part: how many leading runs every operation's runs share, name by name.
size_t CommonRuns(const std::vector<MlirRun>& runs, const std::map<std::string, std::vector<size_t>>& by_sym) {
  size_t common = 0;
  for (bool same = !by_sym.empty(); same; common += same ? 1 : 0) {
    const std::string* name = nullptr;
    for (const auto& [sym, mine] : by_sym) {
      if (mine.size() <= common || (name && runs[mine[common]].pass != *name)) {
        same = false;
        break;
      }
      name = &runs[mine[common]].pass;
    }
  }
  return common;
}

// The rest of the runs, after the common part: a run named as its operation's run before it joins that
// run's pass (`join_of`); the others are placed on one sequence of pass names (`merged`) that keeps every
// operation's order, each at the first position of its name after its operation's previous run (a new
// position there when there is none; with no such position after it but one before, as the operation's
// order contradicts the others', at its (name, occurrence)'s).
void PlaceRest(const std::vector<MlirRun>& runs, const std::map<std::string, std::vector<size_t>>& by_sym,
               size_t common, std::vector<std::string>* merged, std::map<size_t, size_t>* join_of) {
  for (const auto& [sym, mine] : by_sym) {
    size_t after = 0;
    std::map<std::string, int> seen;
    for (size_t k = common; k < mine.size(); ++k) {
      const std::string& name = runs[mine[k]].pass;
      if (common > 0 && name == runs[mine[k - 1]].pass) {
        (*join_of)[mine[k]] = join_of->count(mine[k - 1]) ? (*join_of)[mine[k - 1]] : mine[k - 1];
        continue;
      }
      int occurrence = seen[name]++;
      auto it = std::find(merged->begin() + static_cast<long>(std::min(after, merged->size())), merged->end(), name);
      if (it == merged->end()) {
        int n = 0;  // the operation's order contradicts the others': its (name, occurrence)'s position
        for (auto j = merged->begin(); j != merged->end() && it == merged->end(); ++j)
          if (*j == name && n++ == occurrence) it = j;
      }
      if (it == merged->end())
        it = merged->insert(merged->begin() + static_cast<long>(std::min(after, merged->size())), name);
      after = static_cast<size_t>(it - merged->begin()) + 1;
    }
  }
}

}  // namespace

namespace {

// The runs placed again on the final sequence `merged`: `at` gets each position's runs; a run whose name
// has more positions after its operation's previous run than the operation has runs of that name left
// cannot be told apart (the log left out the executions that changed nothing): `unsure` gets it, with the
// positions it may be.
void PlaceOnSequence(const std::vector<MlirRun>& runs, const std::map<std::string, std::vector<size_t>>& by_sym,
                     size_t common, const std::vector<std::string>& merged, const std::map<size_t, size_t>& join_of,
                     std::vector<std::vector<size_t>>* at, std::map<size_t, std::vector<size_t>>* unsure) {
  at->assign(merged.size(), {});
  for (const auto& [sym, mine] : by_sym) {
    size_t after = 0;
    for (size_t k = common; k < mine.size(); ++k) {
      const std::string& name = runs[mine[k]].pass;
      if (join_of.count(mine[k])) continue;
      size_t left = 0;
      for (size_t j = k; j < mine.size(); ++j) left += !join_of.count(mine[j]) && runs[mine[j]].pass == name ? 1 : 0;
      std::vector<size_t> cands;
      for (size_t p = after; p < merged.size(); ++p)
        if (merged[p] == name) cands.push_back(p);
      if (cands.empty()) {  // its order contradicts the others': where PlaceRest put a run of its name
        for (size_t p = 0; p < merged.size() && cands.empty(); ++p)
          if (merged[p] == name) cands.push_back(p);
      }
      if (cands.size() > left) {
        (*unsure)[mine[k]] = cands;
        continue;
      }
      (*at)[cands.front()].push_back(mine[k]);
      after = cands.front() + 1;
    }
  }
}

// `out` without its passes that hold no run (a position whose every run was unsure), each pass's runs
// sorted and its `may_be` renumbered (the passes dropped left out).
std::vector<NestedPass> Kept(std::vector<NestedPass> out) {
  std::vector<NestedPass> kept;
  std::vector<size_t> index_of(out.size());
  std::vector<bool> held(out.size());
  for (size_t k = 0; k < out.size(); ++k) {
    index_of[k] = kept.size();
    held[k] = !out[k].runs.empty();
    if (held[k]) kept.push_back(std::move(out[k]));
  }
  for (NestedPass& p : kept) {
    std::sort(p.runs.begin(), p.runs.end());
    std::vector<size_t> may_be;
    for (size_t m : p.may_be)
      if (held[m]) may_be.push_back(index_of[m]);
    p.may_be = std::move(may_be);
  }
  return kept;
}

}  // namespace

std::vector<NestedPass> GroupNestedPasses(const std::vector<MlirRun>& runs) {
  std::map<std::string, std::vector<size_t>> by_sym;  // operation -> its runs, in log order
  for (size_t i = 0; i < runs.size(); ++i) by_sym[runs[i].sym].push_back(i);
  size_t common = CommonRuns(runs, by_sym);
  std::vector<std::string> merged;
  std::map<size_t, size_t> join_of;  // run -> the earlier run whose pass it joins
  PlaceRest(runs, by_sym, common, &merged, &join_of);
  std::vector<std::vector<size_t>> at;           // position -> its runs
  std::map<size_t, std::vector<size_t>> unsure;  // run -> the positions it may be
  PlaceOnSequence(runs, by_sym, common, merged, join_of, &at, &unsure);
  std::vector<NestedPass> out(common);
  std::map<size_t, size_t> pass_of;  // run -> its pass
  for (const auto& [sym, mine] : by_sym) {
    for (size_t k = 0; k < common; ++k) {
      out[k].runs.push_back(mine[k]);
      pass_of[mine[k]] = k;
    }
  }
  // Each position's pass, then the unsure runs whose last possible position it is, each a pass by itself.
  std::vector<size_t> pass_at(merged.size());
  for (size_t p = 0; p < merged.size(); ++p) {
    pass_at[p] = out.size();
    out.push_back(NestedPass{at[p], {}, false});
    for (size_t i : at[p]) pass_of[i] = pass_at[p];
    for (const auto& [run, cands] : unsure) {
      if (cands.back() != p) continue;
      NestedPass alone{{run}, {}, true};
      for (size_t c : cands) alone.may_be.push_back(pass_at[c]);
      pass_of[run] = out.size();
      out.push_back(std::move(alone));
    }
  }
  for (const auto& [i, earlier] : join_of) out[pass_of.at(earlier)].runs.push_back(i);
  return Kept(std::move(out));
}

DumpPass::LogNote UnsureRunNote(const MlirRun& run, size_t line, const std::vector<size_t>& may_be) {
  std::string which;
  for (size_t k = 0; k < may_be.size(); ++k)
    which += (k == 0 ? "#" : k + 1 == may_be.size() ? " or #" : ", #") + std::to_string(may_be[k]);
  return DumpPass::LogNote{"not_in_log",
                           "the log leaves out the executions that changed nothing, and the nest runs " + run.pass +
                               " more than once: which of its passes" + (which.empty() ? "" : " (" + which + ")") +
                               " @" + run.sym + "'s dump at line " + std::to_string(line) +
                               " is the result of, it cannot tell, so that dump is listed as a pass by itself",
                           {run.sym}};
}

DumpPass::LogNote UnsureCandidateNote(const MlirRun& run, size_t line, size_t own) {
  return DumpPass::LogNote{"not_in_log",
                           "@" + run.sym + "'s " + run.pass + " dump at line " + std::to_string(line) +
                               " may be this pass's result: the log cannot tell (it is listed as pass #" +
                               std::to_string(own) + ")",
                           {run.sym}};
}

std::vector<std::vector<size_t>> GroupNestedRuns(const std::vector<MlirRun>& runs) {
  std::vector<std::vector<size_t>> out;
  for (NestedPass& p : GroupNestedPasses(runs)) out.push_back(std::move(p.runs));
  return out;
}

}  // namespace irtrace

namespace irtrace {

std::vector<size_t> NextDumpOfUnit(const std::vector<MlirDumpUnit>& dumps) {
  constexpr size_t kNone = static_cast<size_t>(-1);
  std::vector<size_t> out(dumps.size(), kNone);
  size_t next_module = kNone;
  std::map<std::string, size_t> next_of;  // operation -> its next dump after the position scanned
  for (size_t i = dumps.size(); i-- > 0;) {
    if (dumps[i].module) {
      out[i] = next_module;
    } else {
      auto it = next_of.find(dumps[i].sym);
      size_t own = it == next_of.end() ? kNone : it->second;
      out[i] = std::min(own, next_module);  // kNone is the largest
    }
    if (dumps[i].module) {
      next_module = i;
      next_of.clear();  // a module dump comes before every later dump of each operation
    } else {
      next_of[dumps[i].sym] = i;
    }
  }
  return out;
}

}  // namespace irtrace
