// Pass identity from the pass manager's structure (input/mlir_pipeline.h): a nest's k-th pass over N
// functions is one pass, whatever order the functions' runs were printed in.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "input/mlir_pipeline.h"

namespace irtrace {
namespace {

// The passes as "name:op,op" strings (the operations of each in ascending run order).
std::vector<std::string> Passes(const std::vector<MlirRun>& runs) {
  std::vector<std::string> out;
  for (const auto& p : GroupNestedRuns(runs)) {
    std::string s = runs[p.front()].pass + ":";
    for (size_t i : p) s += runs[i].sym + (i == p.back() ? "" : ",");
    out.push_back(s);
  }
  return out;
}

TEST_CASE("mlir_pipeline: a nest's k-th pass over every function is one pass", "[mlir_pipeline]") {
  // func.func(cse,canonicalize) on a, b, c, threads off: each function runs the nest in turn.
  std::vector<MlirRun> runs{{"CSE", "a"},           {"Canonicalizer", "a"}, {"CSE", "b"},
                            {"Canonicalizer", "b"}, {"CSE", "c"},           {"Canonicalizer", "c"}};
  CHECK(Passes(runs) == std::vector<std::string>{"CSE:a,b,c", "Canonicalizer:a,b,c"});
}

TEST_CASE("mlir_pipeline: the same pass name twice in one nest is two passes", "[mlir_pipeline]") {
  // func.func(canonicalize,cse,canonicalize): never merged by name.
  std::vector<MlirRun> runs{{"Canonicalizer", "a"}, {"CSE", "a"}, {"Canonicalizer", "a"},
                            {"Canonicalizer", "b"}, {"CSE", "b"}, {"Canonicalizer", "b"}};
  CHECK(Passes(runs) == std::vector<std::string>{"Canonicalizer:a,b", "CSE:a,b", "Canonicalizer:a,b"});
}

TEST_CASE("mlir_pipeline: the inliner's canonicalize run again on a function is one more execution",
          "[mlir_pipeline]") {
  // func.func(cse), then inline's dynamic canonicalize: once on a, twice on b (it inlined a call).
  std::vector<MlirRun> runs{
      {"CSE", "a"}, {"CSE", "b"}, {"Canonicalizer", "a"}, {"Canonicalizer", "b"}, {"Canonicalizer", "b"}};
  CHECK(Passes(runs) == std::vector<std::string>{"CSE:a,b", "Canonicalizer:a,b,b"});
}

TEST_CASE("mlir_pipeline: passes a log omits on some functions merge in every function's order", "[mlir_pipeline]") {
  // --mlir-print-ir-after-change: a printed cse and canonicalize, b only canonicalize.
  std::vector<MlirRun> runs{{"CSE", "a"}, {"Canonicalizer", "a"}, {"Canonicalizer", "b"}};
  CHECK(Passes(runs) == std::vector<std::string>{"CSE:a", "Canonicalizer:a,b"});
  // A pass that failed on a (threads on): b went on.
  std::vector<MlirRun> failed{{"CSE", "a"}, {"CSE", "b"}, {"SCCP", "b"}};
  CHECK(Passes(failed) == std::vector<std::string>{"CSE:a,b", "SCCP:b"});
}

TEST_CASE("mlir_pipeline: after-change runs of a nest with a pass twice follow each function's order",
          "[mlir_pipeline]") {
  // func.func(cse,canonicalize,cse), --mlir-print-ir-after-change: a printed all three, b canonicalize and
  // the second cse, c one cse (either of the two: a pass by itself, that may be pass 0 or 2).
  std::vector<MlirRun> runs{{"CSE", "a"},           {"Canonicalizer", "a"}, {"CSE", "a"},
                            {"Canonicalizer", "b"}, {"CSE", "b"},           {"CSE", "c"}};
  CHECK(Passes(runs) == std::vector<std::string>{"CSE:a", "Canonicalizer:a,b", "CSE:a,b", "CSE:c"});
  std::vector<NestedPass> passes = GroupNestedPasses(runs);
  REQUIRE(passes.size() == 4);
  for (size_t k = 0; k < 3; ++k) CHECK_FALSE(passes[k].unsure);
  CHECK(passes[3].unsure);
  CHECK(passes[3].may_be == std::vector<size_t>{0, 2});
  // Printed in another order (threads on), the same passes.
  std::vector<MlirRun> shuffled{{"CSE", "c"}, {"Canonicalizer", "b"}, {"CSE", "a"},
                                {"CSE", "b"}, {"Canonicalizer", "a"}, {"CSE", "a"}};
  CHECK(Passes(shuffled) == std::vector<std::string>{"CSE:a", "Canonicalizer:b,a", "CSE:b,a", "CSE:c"});
}

TEST_CASE("mlir_pipeline: every interleaving of the functions' runs gives the same passes", "[mlir_pipeline]") {
  std::vector<std::vector<MlirRun>> per_fn;
  for (const char* f : {"a", "b", "c", "d"}) {
    per_fn.push_back({{"CSE", f}, {"Canonicalizer", f}, {"SCCP", f}, {"Canonicalizer", f}});
  }
  per_fn[2].push_back({"Canonicalizer", "c"});
  std::vector<std::string> want{"CSE:a,b,c,d", "Canonicalizer:a,b,c,d", "SCCP:a,b,c,d", "Canonicalizer:a,b,c,c,d"};
  std::mt19937 rng(20);
  for (int k = 0; k < 50; ++k) {
    std::vector<size_t> tickets;
    for (size_t f = 0; f < per_fn.size(); ++f) tickets.insert(tickets.end(), per_fn[f].size(), f);
    std::shuffle(tickets.begin(), tickets.end(), rng);
    std::vector<size_t> taken(per_fn.size(), 0);
    std::vector<MlirRun> runs;
    for (size_t f : tickets) runs.push_back(per_fn[f][taken[f]++]);
    std::vector<std::string> got;
    for (const auto& p : GroupNestedRuns(runs)) {
      std::vector<std::string> syms;
      for (size_t i : p) syms.push_back(runs[i].sym);
      std::sort(syms.begin(), syms.end());
      std::string s = runs[p.front()].pass + ":";
      for (size_t j = 0; j < syms.size(); ++j) s += syms[j] + (j + 1 < syms.size() ? "," : "");
      got.push_back(s);
    }
    CHECK(got == want);
  }
}

}  // namespace
}  // namespace irtrace
