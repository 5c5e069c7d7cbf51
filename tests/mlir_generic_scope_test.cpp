// MLIR generic-form function scoping (lib/scope/mlir_scope.cpp; issue 8, item 13): a pass that fails
// verification prints its module in generic form, `"func.func"() <{... sym_name = "f"}> ({ ... })`. Its
// functions must get the keys the custom form gives, so a pass between the two forms reports them as
// changed, never as removed and added.
#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "diff/pass_diff.h"
#include "input/snapshot.h"
#include "scope/function_scope.h"
#include "test_util.h"

namespace irtrace {
namespace {

// A text split on '\n' as the snapshot layer does.
using Lines = test::Text;

std::vector<std::string> Describe(const std::string& text) {
  Lines t(text);
  Scope scope = SplitMlir(t.lines);
  std::vector<std::string> out;
  if (!scope.fallback.empty()) out.push_back("fallback: " + scope.fallback);
  for (const Section& s : scope.sections) {
    out.push_back(s.key + "[" + std::to_string(s.begin) + "," + std::to_string(s.end) + ")");
  }
  return out;
}

// One module as mlir-opt 15 prints it (`mlir-opt` and `mlir-opt --mlir-print-op-generic`): sym_name in the
// attribute dictionary after the region, declarations with an empty region.
const std::string kCustom15 =
    "module {\n"                                                                      // 0
    "  func.func private @decl(i32) -> i32\n"                                         // 1
    "  func.func @f(%arg0: i32) -> i32 attributes {fruit = \"banana\"} {\n"           // 2
    "    %0 = arith.addi %arg0, %arg0 : i32\n"                                        // 3
    "    return %0 : i32\n"                                                           // 4
    "  }\n"                                                                           // 5
    "  func.func nested @\"q\\22x y\"() {\n"                                          // 6
    "    return\n"                                                                    // 7
    "  }\n"                                                                           // 8
    "  llvm.func @malloc(i64) -> !llvm.ptr<i8>\n"                                     // 9
    "  llvm.func internal @lf(%arg0: i64) -> i64 {\n"                                 // 10
    "    llvm.return %arg0 : i64\n"                                                   // 11
    "  }\n"                                                                           // 12
    "  gpu.module @kernels {\n"                                                       // 13
    "    gpu.func @k(%arg0: memref<?xf32>) kernel {\n"                                // 14
    "      gpu.return\n"                                                              // 15
    "    }\n"                                                                         // 16
    "  }\n"                                                                           // 17
    "}\n";                                                                            // 18
const std::string kGeneric15 =
    "\"builtin.module\"() ({\n"                                                       // 0
    "  \"func.func\"() ({\n"                                                          // 1
    "  }) {function_type = (i32) -> i32, sym_name = \"decl\", sym_visibility = \"private\"} : () -> ()\n"  // 2
    "  \"func.func\"() ({\n"                                                          // 3
    "  ^bb0(%arg0: i32):\n"                                                           // 4
    "    %0 = \"arith.addi\"(%arg0, %arg0) : (i32, i32) -> i32\n"                     // 5
    "    \"func.return\"(%0) : (i32) -> ()\n"                                         // 6
    "  }) {fruit = \"banana\", function_type = (i32) -> i32, sym_name = \"f\"} : () -> ()\n"  // 7
    "  \"func.func\"() ({\n"                                                          // 8
    "    \"func.return\"() : () -> ()\n"                                              // 9
    "  }) {function_type = () -> (), sym_name = \"q\\22x y\", sym_visibility = \"nested\"} : () -> ()\n"  // 10
    "  \"llvm.func\"() ({\n"                                                          // 11
    "  }) {CConv = #llvm.cconv<ccc>, function_type = !llvm.func<ptr<i8> (i64)>, linkage = "
    "#llvm.linkage<external>, sym_name = \"malloc\"} : () -> ()\n"                    // 12
    "  \"llvm.func\"() ({\n"                                                          // 13
    "  ^bb0(%arg0: i64):\n"                                                           // 14
    "    \"llvm.return\"(%arg0) : (i64) -> ()\n"                                      // 15
    "  }) {CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i64 (i64)>, linkage = "
    "#llvm.linkage<internal>, sym_name = \"lf\"} : () -> ()\n"                        // 16
    "  \"gpu.module\"() ({\n"                                                         // 17
    "    \"gpu.func\"() ({\n"                                                         // 18
    "    ^bb0(%arg0: memref<?xf32>):\n"                                               // 19
    "      \"gpu.return\"() : () -> ()\n"                                             // 20
    "    }) {function_type = (memref<?xf32>) -> (), gpu.kernel, sym_name = \"k\", workgroup_attributions = 0 : i64} : "
    "() -> ()\n"  // 21
    "    \"gpu.module_end\"() : () -> ()\n"                                           // 22
    "  }) {sym_name = \"kernels\"} : () -> ()\n"                                      // 23
    "}) : () -> ()\n";                                                                // 24

}  // namespace

TEST_CASE("scope/mlir generic: mlir-opt 15 output, sym_name after the region", "[function_scope]") {
  CHECK(Describe(kCustom15) == std::vector<std::string>{"f[2,6)", "q\\22x y[6,9)", "lf[10,13)", "k[14,17)"});
  CHECK(Describe(kGeneric15) == std::vector<std::string>{"f[3,8)", "q\\22x y[8,11)", "lf[13,17)", "k[18,22)"});
}

TEST_CASE("scope/mlir generic: properties <{...}> (MLIR 18 on), gpu.func's sym_name after the region",
          "[function_scope]") {
  const std::string text =
      "#loc = loc(\"x.mlir\":1:1)\n"                                                                    // 0
      "\"builtin.module\"() ({\n"                                                                       // 1
      "  \"llvm.func\"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (ptr, ...)>, linkage = "
      "#llvm.linkage<external>, sym_name = \"printf\", visibility_ = 0 : i64}> ({\n"                    // 2
      "  }) : () -> ()\n"  // 3 declaration
      "  \"func.func\"() <{arg_attrs = [{sym_name = \"not_me\"}], function_type = (i32) -> i32, res_attrs = "
      "[{a.b = \"sym_name = \\\"fake\\\" }\"}], sym_name = \"softmax\"}> ({\n"  // 4
      "  ^bb0(%arg0: i32):\n"  // 5
      "    %0 = \"arith.constant\"() <{value = 1 : i32}> : () -> i32\n"  // 6
      "    \"func.return\"(%0) : (i32) -> ()\n"  // 7
      "  }) : () -> () loc(#loc)\n"  // 8
      "  \"llvm.func\"() <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef}], comdat = "
      "@__llvm_global_comdat::@f, function_type = !llvm.func<i32 (i32)>, linkage = #llvm.linkage<external>, "
      "sym_name = \"f\", visibility_ = 0 : i64}> ({\n"  // 9
      "  ^bb0(%arg0: i32):\n"  // 10
      "    \"llvm.return\"(%arg0) : (i32) -> ()\n"  // 11
      "  }) : () -> ()\n"  // 12
      "  \"gpu.module\"() <{sym_name = \"kernels\"}> ({\n"  // 13
      "    \"gpu.func\"() <{function_type = (index) -> (), kernel}> ({\n"  // 14
      "    ^bb0(%arg0: index):\n"  // 15
      "      \"gpu.return\"() : () -> ()\n"  // 16
      "    }) {sym_name = \"k\", gpu.known_block_size = array<i32: 128, 1, 1>} : () -> ()\n"  // 17
      "  }) : () -> ()\n"  // 18
      "  \"func.func\"() <{function_type = () -> (), \"sym_name\" = \"quoted key\"}> ({\n"  // 19
      "    \"func.return\"() : () -> ()\n"  // 20
      "  }) : () -> ()\n"  // 21
      "}) : () -> ()\n"  // 22
      "{-#\n"  // 23
      "  dialect_resources: {}\n"  // 24
      "#-}\n";  // 25
  CHECK(Describe(text) == std::vector<std::string>{"softmax[4,9)", "f[9,13)", "k[14,18)", "quoted key[19,22)"});
}

TEST_CASE("scope/mlir generic: parts spread over lines, several regions, a name that is no op", "[function_scope]") {
  const std::string text =
      "\"func.func\"()\n"  // 0
      "    <{function_type = () -> (),\n"  // 1
      "      sym_name = \"a\"}>\n"  // 2
      "    ({\n"  // 3
      "      \"func.return\"() : () -> ()\n"  // 4
      "    }) : () -> ()\n"  // 5
      "\"func.func\"() ({\n"  // 6
      "}, {\n"  // 7 an empty and a full region: a body
      "  \"x.y\"() : () -> ()\n"  // 8
      "}) {sym_name = \"b\",\n"  // 9 the dictionary ends a line later
      "    function_type = () -> ()} : () -> ()\n"  // 10
      "\"func.func\" is quoted here, not an op\n";  // 11
  CHECK(Describe(text) == std::vector<std::string>{"a[0,6)", "b[6,11)"});
}

TEST_CASE("scope/mlir generic: what cannot be scoped falls back with a reason", "[function_scope]") {
  CHECK(Describe("\"func.func\"() <{function_type = () -> ()}> ({\n  \"func.return\"() : () -> ()\n}) : () -> ()\n") ==
        std::vector<std::string>{"fallback: no sym_name in the generic-form \"func.func\" at line 1"});
  CHECK(Describe(
            "\"builtin.module\"() ({\n  \"llvm.func\"() <{sym_name = \"f\"}> ({\n    \"llvm.return\"() : () -> ()\n") ==
        std::vector<std::string>{"fallback: unbalanced brackets in the generic-form \"llvm.func\" starting at line 2"});
  CHECK(Describe("\"gpu.func\"() <{sym_name = \"g\"\n") ==
        std::vector<std::string>{"fallback: unbalanced brackets in the generic-form \"gpu.func\" starting at line 1"});
  // A declaration without a sym_name has nothing to key: it stays outside, no fallback.
  CHECK(Describe("\"func.func\"() ({\n}) : () -> ()\n").empty());
}

TEST_CASE("scope/mlir generic: a pass between custom and generic form changes functions, removes none",
          "[function_scope]") {
  auto custom = MakeSnapshot("01_after_A.mlir", "mlir", kCustom15);
  auto generic = MakeSnapshot("02_after_B.mlir", "mlir", kGeneric15);
  REQUIRE(custom->scope.fallback.empty());
  REQUIRE(generic->scope.fallback.empty());
  for (bool to_generic : {true, false}) {
    INFO((to_generic ? "custom -> generic" : "generic -> custom"));
    PassDiff d = to_generic ? DiffPass(*custom, *generic) : DiffPass(*generic, *custom);
    std::vector<std::string> keys;
    for (const FunctionDiff& f : d.functions) {
      INFO(f.key);
      CHECK(f.status != FunctionStatus::kRemoved);
      CHECK(f.status != FunctionStatus::kAdded);
      keys.push_back(f.key);
    }
    CHECK(keys == std::vector<std::string>{"f", "q\\22x y", "lf", "k", ""});
  }
  // A generic side that cannot be scoped gives no function list at all (the snapshot says why).
  auto broken =
      MakeSnapshot("03_after_C.mlir", "mlir", "\"func.func\"() ({\n  \"func.return\"() : () -> ()\n}) : () -> ()\n");
  CHECK(broken->scope.fallback == "no sym_name in the generic-form \"func.func\" at line 1");
  CHECK(DiffPass(*custom, *broken).functions.empty());
}

TEST_CASE("scope/mlir generic: mutated generic text keeps the Scope contract", "[function_scope]") {
  std::mt19937 rng(8);
  const std::string alphabet = "{}()<>[]\"\\/,=: \n@^%x";
  for (int round = 0; round < 500; ++round) {
    std::string text = round % 2 ? kGeneric15 : kCustom15;
    for (int k = 0; k < 1 + round % 6; ++k) {
      size_t at = rng() % text.size();
      if (rng() % 2) {
        text.erase(at, 1 + rng() % 3);
      } else {
        text.insert(at, 1, alphabet[rng() % alphabet.size()]);
      }
    }
    Lines t(text);
    Scope scope = SplitMlir(t.lines);
    INFO(text);
    if (!scope.fallback.empty()) REQUIRE(scope.sections.empty());
    std::set<std::string> keys;
    size_t prev_end = 0;
    for (const Section& sec : scope.sections) {
      REQUIRE(sec.begin < sec.end);
      REQUIRE(sec.end <= t.lines.size());
      REQUIRE(sec.begin >= prev_end);
      REQUIRE(keys.insert(sec.key).second);
      prev_end = sec.end;
    }
  }
}

}  // namespace irtrace
