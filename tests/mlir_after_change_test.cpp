// --mlir-print-ir-after-change (input/mlir_pipeline.h GroupNestedPasses): the log leaves out the
// executions that changed nothing, so a nest that runs two passes of one name is read from the pass
// manager's structure (each function's runs in pipeline order), never by merging same-named dumps; a dump
// the log cannot place among them is a pass by itself, with notes. On real mlir-opt 19 output.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "input/mlir_log.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::TempDir;

const std::string kMlirOpt = "/usr/lib/llvm-19/bin/mlir-opt";

// func.func(cse,canonicalize,cse): @a changes under all three passes; @b under canonicalize and the second
// cse (canonicalize makes its two products equal); @c under the first cse only.
const char* kProgram =
    "func.func @a(%x: i32, %y: i32) -> i32 {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %0 = arith.addi %x, %y : i32\n"
    "  %1 = arith.addi %x, %y : i32\n"
    "  %2 = arith.addi %x, %c0 : i32\n"
    "  %3 = arith.muli %2, %y : i32\n"
    "  %4 = arith.muli %x, %y : i32\n"
    "  %5 = arith.subi %3, %4 : i32\n"
    "  %6 = arith.addi %0, %1 : i32\n"
    "  %7 = arith.addi %5, %6 : i32\n"
    "  return %7 : i32\n"
    "}\n"
    "func.func @b(%x: i32, %y: i32) -> i32 {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %0 = arith.addi %x, %c0 : i32\n"
    "  %1 = arith.muli %0, %y : i32\n"
    "  %2 = arith.muli %x, %y : i32\n"
    "  %3 = arith.xori %1, %2 : i32\n"
    "  return %3 : i32\n"
    "}\n"
    "func.func @c(%x: i32, %y: i32) -> i32 {\n"
    "  %0 = arith.xori %x, %y : i32\n"
    "  %1 = arith.xori %x, %y : i32\n"
    "  %2 = arith.muli %0, %1 : i32\n"
    "  return %2 : i32\n"
    "}\n";

std::string Log(const TempDir& t, const std::string& flags) {
  REQUIRE(std::filesystem::exists(kMlirOpt));  // Debian mlir-19-tools: scripts/setup.sh --tests installs it
  test::WriteFile(t / "in.mlir", kProgram);
  REQUIRE(test::Run(kMlirOpt + " in.mlir '--pass-pipeline=builtin.module(func.func(cse,canonicalize,cse))' " + flags +
                        " --mlir-disable-threading -o /dev/null 2>log",
                    t.path())
              .exit_code == 0);
  return test::ReadFile(t / "log");
}

// Each pass as "name:fn,fn" (its executions' functions).
std::vector<std::string> Passes(const DumpListing& l) {
  std::vector<std::string> out;
  for (const DumpPass& p : l.passes) {
    std::string s = p.pass_name + ":";
    for (size_t k = 0; k < p.executions.size(); ++k) s += (k ? "," : "") + p.executions[k].key;
    out.push_back(s);
  }
  return out;
}

// The pass's notes on runs the log cannot place (they name passes by number: "pass #4", "(#1 or #3)");
// the notes of what an after-only log without a module dump never shows (input/mlir_notes.h) aside.
std::vector<DumpPass::LogNote> Placement(const DumpPass& p) {
  std::vector<DumpPass::LogNote> out;
  for (const DumpPass::LogNote& n : p.log_notes)
    if (n.text.find("pass #") != std::string::npos || n.text.find("(#") != std::string::npos) out.push_back(n);
  return out;
}

// The functions the pass's placement notes cover.
std::vector<std::string> Noted(const DumpPass& p) {
  std::vector<std::string> out;
  for (const DumpPass::LogNote& n : Placement(p)) {
    CHECK(n.kind == "not_in_log");
    out.insert(out.end(), n.functions.begin(), n.functions.end());
  }
  return out;
}

TEST_CASE("mlir_after_change: two passes of one name in a nest are told apart by each function's order",
          "[mlir_log][mlir_after_change]") {
  TempDir t;
  // The truth of the run: every execution printed.
  DumpListing all = ReadMlirLog("all.log", Log(t, "--mlir-print-ir-after-all"), "");
  CHECK(Passes(all) == std::vector<std::string>{"CSE:a,b,c", "Canonicalizer:a,b,c", "CSE:a,b,c"});
  for (const DumpPass& p : all.passes) CHECK(Placement(p).empty());

  // After change: a prints cse, canonicalize, cse; b canonicalize, cse; c cse. b's cse follows its
  // canonicalize, so it is the second cse's execution (merging by name made it the first's); c's could be
  // either cse's: the log cannot tell, so it is a pass by itself, and the two cse passes say so too.
  DumpListing changed =
      ReadMlirLog("changed.log", Log(t, "--mlir-print-ir-after-all --mlir-print-ir-after-change"), "");
  REQUIRE(Passes(changed) == std::vector<std::string>{"CSE:a", "Canonicalizer:a,b", "CSE:a,b", "CSE:c"});
  CHECK(Noted(changed.passes[0]) == std::vector<std::string>{"c"});
  CHECK(Noted(changed.passes[1]).empty());
  CHECK(Noted(changed.passes[2]) == std::vector<std::string>{"c"});
  CHECK(Noted(changed.passes[3]) == std::vector<std::string>{"c"});
  CHECK(Placement(changed.passes[3]).at(0).text.find("which of its passes (#1 or #3)") != std::string::npos);
  CHECK(Placement(changed.passes[0]).at(0).text.find("listed as pass #4") != std::string::npos);
}

}  // namespace
}  // namespace irtrace
