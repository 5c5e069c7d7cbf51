// MLIR aliases compared by what they stand for (input/mlir_aliases.h, used by lib/diff/pass_diff.cpp): a
// `#map` its printer renames or drops with its last use is no change of the lines outside every function
// (nor is a blank line there), on hand-written texts and on a real mlir-opt 19 module-scope tree.
#include "input/mlir_aliases.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "diff/pass_diff.h"
#include "input/mlir_tree.h"
#include "input/snapshot.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::TempDir;

std::unique_ptr<Snapshot> Mlir(const std::string& text) { return MakeSnapshot("x.mlir", "mlir", text); }

const FunctionDiff* Find(const PassDiff& d, const std::string& key) {
  for (const FunctionDiff& f : d.functions)
    if (f.key == key) return &f;
  return nullptr;
}

bool Changed(const PassDiff& d, const std::string& key) {
  const FunctionDiff* f = Find(d, key);
  return f && f->status != FunctionStatus::kSame && f->status != FunctionStatus::kMoved;
}

const char* kTwoMaps =
    "#map = affine_map<(d0) -> (d0 + 1)>\n"
    "#map1 = affine_map<(d0)[s0] -> (d0 * 2 + s0)>\n"
    "module {\n"
    "  func.func @a(%i: index) -> index {\n"
    "    %0 = affine.apply #map(%i)\n"
    "    return %0 : index\n"
    "  }\n"
    "  func.func @b(%i: index, %s: index) -> index {\n"
    "    %0 = affine.apply #map1(%i)[%s]\n"
    "    return %0 : index\n"
    "  }\n"
    "}\n";

TEST_CASE("mlir_aliases: definitions and references", "[mlir_aliases]") {
  CHECK(IsMlirAliasDefinition("#map = affine_map<(d0) -> (d0)>"));
  CHECK(IsMlirAliasDefinition("!s32i = !cir.int<s, 32>"));
  CHECK(IsMlirAliasDefinition("#loc3 = loc(\"k.py\":3:4)"));
  CHECK_FALSE(IsMlirAliasDefinition("module {"));
  CHECK_FALSE(IsMlirAliasDefinition("  %0 = affine.apply #map(%i)"));
  CHECK_FALSE(IsMlirAliasDefinition("# = x"));
  CHECK(HoldsMlirAliases(*Mlir(kTwoMaps)));
  CHECK_FALSE(HoldsMlirAliases(*Mlir("module {\n}\n")));
  // A reference reads as its value, a definition as what it defines, whatever the alias's name.
  auto s = Mlir(
      "#map1 = affine_map<(d0) -> (d0)>\n#loc3 = loc(\"k.py\":3:4)\nmodule {\n"
      "  %0 = affine.apply #map1(%i) loc(#loc3)\n}\n");
  auto t = Mlir(
      "#map = affine_map<(d0) -> (d0)>\nmodule {\n"
      "  %0 = affine.apply affine_map<(d0) -> (d0)>(%i) loc(\"k.py\":3:4)\n}\n");
  std::vector<uint64_t> hs = MlirAliasKeyHashes(*s), ht = MlirAliasKeyHashes(*t);
  REQUIRE(hs.size() == 5);
  REQUIRE(ht.size() == 4);
  CHECK(hs[0] == ht[0]);  // #map1 = X and #map = X
  CHECK(hs[3] == ht[2]);  // the use, aliased or inline
  CHECK(hs[2] == ht[1]);
}

TEST_CASE("mlir_aliases: a renamed alias changes nothing, a dropped one no module-level line", "[mlir_aliases]") {
  auto before = Mlir(kTwoMaps);
  // canonicalize folds @a's apply: #map goes, #map1 becomes #map; @b is as it was.
  auto after = Mlir(
      "#map = affine_map<(d0)[s0] -> (d0 * 2 + s0)>\n"
      "module {\n"
      "  func.func @a(%i: index) -> index {\n"
      "    %c1 = arith.constant 1 : index\n"
      "    %0 = arith.addi %i, %c1 : index\n"
      "    return %0 : index\n"
      "  }\n"
      "  func.func @b(%i: index, %s: index) -> index {\n"
      "    %0 = affine.apply #map(%i)[%s]\n"
      "    return %0 : index\n"
      "  }\n"
      "}\n");
  PassDiff d = DiffPass(*before, *after);
  CHECK(Changed(d, "a"));
  CHECK_FALSE(Changed(d, "b"));
  CHECK_FALSE(Changed(d, ""));
  REQUIRE(d.whole.meaning);
  // A module-level line that really changed still is one.
  auto renamed = Mlir(std::string(kTwoMaps).replace(std::string(kTwoMaps).find("module {"), 8, "module @m {"));
  CHECK(Changed(DiffPass(*before, *renamed), ""));
}

TEST_CASE("mlir_aliases: a blank line outside every function is no change (mlir-opt's file ends in one)",
          "[mlir_aliases]") {
  // A PyPTO unit's .pto (mlir-opt -o) ends in a blank line that no dump of its first pass prints.
  auto pto = Mlir("module {\n  func.func @f() {\n    return\n  }\n}\n\n");
  auto dump = Mlir("module {\n  func.func @f() {\n    %c = arith.constant 0 : i32\n    return\n  }\n}\n");
  PassDiff d = DiffPass(*pto, *dump);
  CHECK(Changed(d, "f"));
  CHECK_FALSE(Changed(d, ""));
}

// Runs mlir-opt 19 on `input` with `pipeline` at module scope, threading off, into the tree `tree` of `t`.
void RunTree(const TempDir& t, const std::string& input, const std::string& pipeline) {
  const std::string mlir_opt = "/usr/lib/llvm-19/bin/mlir-opt";
  REQUIRE(std::filesystem::exists(mlir_opt));  // Debian mlir-19-tools: scripts/setup.sh --tests installs it
  std::string run = mlir_opt + " " + input + " '--pass-pipeline=builtin.module(" + pipeline +
                    ")' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-print-ir-tree-dir=tree "
                    "--mlir-disable-threading -o /dev/null";
  REQUIRE(test::Run(run, t.path()).exit_code == 0);
}

TEST_CASE("mlir_aliases: a module-scope tree's canonicalize that drops an unused #map changes no module-level line",
          "[mlir_aliases]") {
  // The oracle's affine_map program: @strided's affine.apply uses #map until canonicalize folds it into the
  // load; the pass's last execution in the tree's order is not the log's, and the printer then drops #map.
  TempDir t;
  std::string input = std::string(IRTRACE_SOURCE_DIR) + "/testdata/oracle/mlir/affine_map.mlir";
  REQUIRE(std::filesystem::exists(input));
  RunTree(t, input, "func.func(affine-loop-invariant-code-motion,canonicalize),inline,symbol-dce");
  DumpListing tree = ListMlirTree(t / "tree");
  REQUIRE(tree.passes.size() >= 2);
  REQUIRE(tree.passes[1].pass_name == "Canonicalizer");
  auto licm = Mlir(*tree.passes[0].file.text), canonicalize = Mlir(*tree.passes[1].file.text);
  PassDiff d = DiffPass(*licm, *canonicalize);
  CHECK(Changed(d, "strided"));
  CHECK(Changed(d, "shift"));
  CHECK_FALSE(Changed(d, "plain"));
  CHECK_FALSE(Changed(d, ""));
}

}  // namespace
}  // namespace irtrace
