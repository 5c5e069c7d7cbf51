// Reading --mlir-print-ir-tree-dir trees (input/mlir_tree.h) as the log of the same run, on real mlir-opt 19
// output: the files in the order mlir-opt wrote them, whatever their names.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "input/input_format.h"
#include "input/mlir_tree.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::TempDir;

const std::string kMlirOpt = "/usr/lib/llvm-19/bin/mlir-opt";

// Functions whose module order is not their names' order (zeta, unused, alpha), each changed by CSE or
// canonicalize, one private and unused for symbol-dce.
const char* kProgram =
    "module {\n"
    "  func.func @zeta(%x: i32) -> i32 {\n"
    "    %0 = arith.addi %x, %x : i32\n"
    "    %1 = arith.addi %x, %x : i32\n"
    "    %2 = arith.muli %0, %1 : i32\n"
    "    return %2 : i32\n"
    "  }\n"
    "  func.func private @unused(%x: i32) -> i32 {\n"
    "    %c = arith.constant 0 : i32\n"
    "    %0 = arith.addi %x, %c : i32\n"
    "    return %0 : i32\n"
    "  }\n"
    "  func.func @alpha(%x: i32) -> i32 {\n"
    "    %c = arith.constant 0 : i32\n"
    "    %0 = arith.addi %x, %c : i32\n"
    "    %1 = arith.addi %x, %x : i32\n"
    "    %2 = arith.addi %x, %x : i32\n"
    "    %3 = arith.muli %1, %2 : i32\n"
    "    %4 = arith.addi %0, %3 : i32\n"
    "    return %4 : i32\n"
    "  }\n"
    "}\n";

// Runs mlir-opt 19 on kProgram in `t` with `pipeline` and `flags` twice: into the tree `tree` and into the
// log `log` (its stderr).
void RunBoth(const TempDir& t, const std::string& pipeline, const std::string& flags) {
  REQUIRE(std::filesystem::exists(kMlirOpt));  // Debian mlir-19-tools: scripts/setup.sh --tests installs it
  test::WriteFile(t / "in.mlir", kProgram);
  std::string run = kMlirOpt + " in.mlir '--pass-pipeline=builtin.module(" + pipeline + ")' " + flags +
                    " --mlir-disable-threading -o /dev/null";
  REQUIRE(test::Run(run + " --mlir-print-ir-tree-dir=tree", t.path()).exit_code == 0);
  REQUIRE(test::Run(run + " 2>log", t.path()).exit_code == 0);
}

std::vector<std::string> Names(const DumpListing& l) {
  std::vector<std::string> out{l.frontend_label};
  for (const DumpPass& p : l.passes) out.push_back(p.pass_name);
  return out;
}

std::vector<std::string> Texts(const DumpListing& l) {
  std::vector<std::string> out{l.frontend.text ? *l.frontend.text : ""};
  for (const DumpPass& p : l.passes) out.push_back(p.file.text ? *p.file.text : "");
  return out;
}

void CheckTreeIsLog(const TempDir& t) {
  DumpListing tree = ListMlirTree(t / "tree");
  DumpListing log = ListInput(t / "log", InputFormat::kAuto, {});
  CHECK(Names(tree) == Names(log));
  CHECK(Texts(tree) == Texts(log));
}

TEST_CASE("mlir_tree: a module-scope tree's sibling function folders are read in the run's order, not by name",
          "[mlir_tree]") {
  TempDir t;
  // The folders share counters (func_func_alpha/0_0_canonicalize, func_func_zeta/0_0_canonicalize): by path,
  // alpha's dump, which already holds zeta's change, came first and its pass was credited with zeta's change.
  RunBoth(t, "func.func(canonicalize),symbol-dce", "--mlir-print-ir-after-all --mlir-print-ir-module-scope");
  REQUIRE(std::filesystem::exists(t / "tree/builtin_module_no-symbol-name/func_func_alpha/0_0_canonicalize.mlir"));
  REQUIRE(std::filesystem::exists(t / "tree/builtin_module_no-symbol-name/1_symbol-dce.mlir"));
  CheckTreeIsLog(t);
}

TEST_CASE(
    "mlir_tree: a nested pipeline runs whole on one function, then the next, and nests on either side of a "
    "module pass keep their place",
    "[mlir_tree]") {
  TempDir t;
  RunBoth(t, "func.func(cse,canonicalize),symbol-dce,func.func(cse)",
          "--mlir-print-ir-after-all --mlir-print-ir-module-scope");
  REQUIRE(std::filesystem::exists(t / "tree/builtin_module_no-symbol-name/func_func_zeta/1_2_cse.mlir"));
  CheckTreeIsLog(t);
}

TEST_CASE("mlir_tree: an op-scope tree with before- and after-dumps is the log of the same run", "[mlir_tree]") {
  TempDir t;
  RunBoth(t, "func.func(cse,canonicalize),symbol-dce,func.func(cse)",
          "--mlir-print-ir-before-all --mlir-print-ir-after-all");
  CheckTreeIsLog(t);
}

}  // namespace
}  // namespace irtrace
