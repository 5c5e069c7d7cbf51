// Directory formats of compilers' own dumps: TVM's DumpIR directory and mlir-opt's IR tree.
#include <catch2/catch.hpp>

#include <filesystem>

#include "cli_in_process.h"
#include "input/input_format.h"
#include "input/llvm_dump_dir.h"
#include "input/mlir_tree.h"
#include "input/tilelang_runs.h"
#include "input/tvm_dir.h"
#include "input/xla_dump.h"
#include "test_util.h"
#include "util/error.h"

namespace irtrace {
namespace {

using test::TempDir;
using test::WriteFile;

std::vector<std::string> Names(const DumpListing& l) {
  std::vector<std::string> out{l.frontend_label};
  for (const DumpPass& p : l.passes) out.push_back(p.pass_name);
  return out;
}

TEST_CASE("tvm_dir: NNN_<pass>.py files in counter order, the first pass 1 shown whole", "[dir_formats]") {
  std::string dir = std::string(IRTRACE_SOURCE_DIR) + "/testdata/tvm_dump";
  CHECK(LooksLikeTvmDir(dir));
  DumpListing l = ListInput(dir, InputFormat::kAuto, {});
  // The first pass is a pass: the directory holds no IR before it (an empty first entry).
  CHECK(Names(l) == std::vector<std::string>{"input (not in the log)", "tir.InjectPrefetch", "tir.LoopPartition",
                                             "tir.Simplify", "tir.VectorizeLoop"});
  CHECK(l.passes[0].file.name == "000_tir.InjectPrefetch.py");
  CHECK(l.passes[1].file.name == "001_tir.LoopPartition.py");
  CHECK(l.ignored == std::vector<std::string>{"README.md"});
  // Counters past 999 sort by number; a counter twice is an error.
  TempDir t;
  WriteFile(t / "d/999_A.py", "x = 1\n");
  WriteFile(t / "d/1000_B.py", "x = 2\n");
  WriteFile(t / "d/0998_Z.py", "x = 0\n");
  CHECK(Names(ListTvmDir(t / "d")) == std::vector<std::string>{"input (not in the log)", "Z", "A", "B"});
  WriteFile(t / "d/998_Y.py", "x = 0\n");
  CHECK_THROWS_WITH(ListTvmDir(t / "d"), "counter 998 appears twice: '0998_Z.py' and '998_Y.py'");
  // A numbered dump is never read as one.
  WriteFile(t / "n/00_frontend.py", "x = 0\n");
  WriteFile(t / "n/001_after_A.py", "x = 1\n");
  CHECK_FALSE(LooksLikeTvmDir(t / "n"));
  test::CliResult r = test::RunMain({dir, "-o", t / "tvm.html"});
  CHECK(r.code == 0);
  CHECK(r.err == "wrote " + t / "tvm.html" + ": 4 passes, 3 changed, 0 warnings\n");
}

TEST_CASE("mlir_tree: a real --mlir-print-ir-tree-dir tree reads as the log of the same run", "[dir_formats]") {
  const std::string opt = "/usr/lib/llvm-19/bin/mlir-opt";
  REQUIRE(std::filesystem::exists(opt));  // Debian mlir-19-tools: scripts/setup.sh --tests installs it
  TempDir t;
  WriteFile(t / "in.mlir",
            "module @prog {\n"
            "func.func @add(%a: memref<64xf32>) {\n"
            "  affine.for %i = 0 to 64 {\n"
            "    %x = affine.load %a[%i] : memref<64xf32>\n"
            "    affine.store %x, %a[%i] : memref<64xf32>\n"
            "  }\n"
            "  return\n"
            "}\n"
            "func.func @mul(%a: memref<64xf32>) {\n"
            "  affine.for %i = 0 to 64 {\n"
            "    %x = affine.load %a[%i] : memref<64xf32>\n"
            "    %y = arith.mulf %x, %x : f32\n"
            "    affine.store %y, %a[%i] : memref<64xf32>\n"
            "  }\n"
            "  return\n"
            "}\n"
            "}\n");
  std::string pipeline = opt +
                         " in.mlir -canonicalize -affine-loop-tile=tile-size=4 -cse --mlir-print-ir-after-all "
                         "--mlir-disable-threading -o /dev/null";
  REQUIRE(test::Run(pipeline + " --mlir-print-ir-tree-dir=tree", t.path()).exit_code == 0);
  REQUIRE(test::Run(pipeline + " 2>run.log", t.path()).exit_code == 0);
  CHECK(LooksLikeMlirTree(t / "tree"));
  DumpListing tree = ListInput(t / "tree", InputFormat::kAuto, {});
  DumpListing log = ListInput(t / "run.log", InputFormat::kAuto, {});
  REQUIRE(Names(tree) == Names(log));
  CHECK(Names(tree) == std::vector<std::string>{"input (not in the log)", "Canonicalizer", "AffineLoopTiling", "CSE"});
  CHECK(*tree.frontend.text == *log.frontend.text);
  for (size_t k = 0; k < tree.passes.size(); ++k) CHECK(*tree.passes[k].file.text == *log.passes[k].file.text);
  CHECK(tree.passes[2].file.name == "builtin_module_prog/1_cse.mlir");
  CHECK(tree.title == "prog");
  CHECK(tree.sources.size() == 4);
  // A Failed file carries no diagnostics.
  WriteFile(t / "t2/builtin_module_no-symbol-name/0_a.mlir",
            "// -----// IR Dump After A (a) //----- //\nmodule {\n}\n");
  WriteFile(t / "t2/builtin_module_no-symbol-name/1_b.mlir",
            "// -----// IR Dump After B Failed (b) //----- //\nmodule {\n  x.y\n}\n");
  DumpListing failed = ListInput(t / "t2", InputFormat::kAuto, {});
  REQUIRE(failed.passes.size() == 2);
  CHECK(*failed.passes[1].file.log ==
        "error: B failed (no diagnostics in this format: --mlir-print-ir-tree-dir holds none)\n");
}

TEST_CASE("llvm_dump_dir: a real -ir-dump-directory reads as the log of the same run", "[dir_formats]") {
  REQUIRE(std::filesystem::exists("/usr/bin/clang-19"));
  REQUIRE(std::filesystem::exists("/usr/bin/opt-19"));
  TempDir t;
  WriteFile(t / "p.c",
            "int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i] * a[i]; return s; }\n");
  auto run = [&](const std::string& cmd) { test::Shell(t, cmd); };
  run("clang-19 -O0 -Xclang -disable-O0-optnone -emit-llvm -S p.c -o p.ll");
  run("opt-19 -O2 -print-after-all -ir-dump-directory=dd p.ll -o /dev/null");
  run("opt-19 -O2 -print-after-all p.ll -o /dev/null 2>run.log");
  CHECK(LooksLikeLlvmDumpDir(t / "dd"));
  DumpListing dir = ListInput(t / "dd", InputFormat::kAuto, {});
  DumpListing log = ListInput(t / "run.log", InputFormat::kAuto, {});
  ListAllPasses(&log);
  REQUIRE(Names(dir) == Names(log));
  for (size_t k = 0; k < dir.passes.size(); ++k) {
    const DumpPass &a = dir.passes[k], &b = log.passes[k];
    CHECK(a.unchanged == b.unchanged);
    CHECK(a.unit_keys == b.unit_keys);
    if (!a.unchanged) CHECK(a.file.load() == b.file.load());
  }
  // The first pass is a pass: the directory's first file is pass 1's.
  CHECK(dir.passes[0].file.name.find("-module-Annotation2MetadataPass-after.ll") != std::string::npos);
  CHECK(dir.passes[1].file.name.find("-module-ForceFunctionAttrsPass-after.ll") != std::string::npos);
  CHECK(dir.sources.size() == dir.passes.size());
}

TEST_CASE("tilelang_runs: the latest run, phases, own _before, a failed pass, device codegen", "[dir_formats]") {
  std::string dir = std::string(IRTRACE_SOURCE_DIR) + "/testdata/tilelang_trace";
  CHECK(LooksLikeTileLangRuns(dir));
  DumpListing l = ListInput(dir, InputFormat::kAuto, {});
  CHECK(Names(l) ==
        std::vector<std::string>{"frontend", "LayoutInference", "LowerTileOp", "InjectSoftwarePipeline", "Simplify"});
  CHECK(l.title == "tilelang_trace");
  CHECK(l.frontend.name ==
        ".run_records/run_20261130_101500_000123_4242/pipeline_LowerAndLegalize/01_LayoutInference_before.tir");
  CHECK(l.notes == std::vector<std::string>{
                       "the latest of 2 runs: run_20261130_101500_000123_4242 (--all-runs converts every one)"});
  // --all-runs: every run a report.
  CHECK(InputParts(dir, InputFormat::kAuto, true) ==
        std::vector<std::string>{"run_20261130_091500_000001_4100", "run_20261130_101500_000123_4242"});
  CHECK(InputParts(dir, InputFormat::kAuto, false).empty());
  DumpListing old = ListInput(dir, InputFormat::kAuto, {}, "run_20261130_091500_000001_4100");
  CHECK(Names(old) == std::vector<std::string>{"frontend", "LayoutInference"});
  CHECK(l.passes[0].phase == "LowerAndLegalize");
  CHECK(l.passes[2].phase == "OptimizeForTarget");
  CHECK_FALSE(l.passes[1].before);  // its _before is pass 1's _after
  REQUIRE(l.passes[2].before);      // its _before differs from pass 2's _after
  CHECK(l.passes[2].notes ==
        std::vector<std::string>{"its _before differs from the previous pass's _after: shown against its own _before"});
  REQUIRE(l.passes[3].file.log);
  CHECK(*l.passes[3].file.log == "error: Simplify failed: its _after file is empty\n");
  REQUIRE(l.codegen.size() == 1);
  CHECK(l.codegen[0].file.extension == "cu");
  // A run directory given itself; a second lowering's phases keep their prefix.
  TempDir t;
  WriteFile(t / "run/run2_pipeline_lower/07_A_before.tir", "x = 1\n");
  WriteFile(t / "run/run2_pipeline_lower/07_A_after.tir", "x = 2\n");
  DumpListing r = ListInput(t / "run", InputFormat::kAuto, {});
  CHECK(r.passes[0].phase == "run2_lower");
  CHECK(test::RunMain({dir, "--all-runs", "-o", t / "all.html"}).code == 2);
  CHECK(test::RunMain({dir, "--all-runs", "-o", t / "all/", "-q"}).code == 0);
  size_t reports = 0;
  for (const auto& e : std::filesystem::directory_iterator(t / "all")) {
    std::string n = e.path().filename().string();
    reports += n.size() > 5 && n.compare(n.size() - 5, 5, ".html") == 0 && n.find("__run_2026") != std::string::npos;
  }
  CHECK(reports == 2);
  test::CliResult c = test::RunMain({dir, "-o", t / "tl.html"});
  CHECK(c.code == 0);
  CHECK(c.err == "wrote " + t / "tl.html" + ": 4 passes, 3 changed, 1 failed, 1 codegen, 0 warnings\n");
}

TEST_CASE("xla_dump: one report per module, pass files by counter, -o FILE refused for several", "[dir_formats]") {
  std::string dir = std::string(IRTRACE_SOURCE_DIR) + "/testdata/xla_dump";
  CHECK(LooksLikeXlaDump(dir));
  CHECK(InputParts(dir, InputFormat::kAuto) == std::vector<std::string>{"module_0001.jit_f", "module_0002.jit_g"});
  DumpListing f = ListInput(dir, InputFormat::kAuto, {}, "module_0001.jit_f");
  CHECK(Names(f) == std::vector<std::string>{"frontend", "spmd-partitioner: algsimp", "fusion: fusion"});
  CHECK(f.title == "jit_f");
  CHECK(f.passes[1].phase == "fusion");
  CHECK(f.notes == std::vector<std::string>{
                       "XLA dumps only the passes that changed the module: the others are missing here, not no-ops"});
  TempDir t;
  test::CliResult r = test::RunMain({dir, "-o", t / "one.html"});
  CHECK(r.code == 2);
  CHECK(r.err.find("holds 2 reports (module_0001.jit_f, module_0002.jit_g): -o DIR/ writes one each") !=
        std::string::npos);
  r = test::RunMain({dir, "-o", t / "out/", "-q", "--json", t / "s.json"});
  CHECK(r.code == 0);
  CHECK(std::filesystem::exists(t / "out/index.html"));
  std::string json = test::ReadFile(t / "s.json");
  CHECK(json.find("xla_dump/module_0002.jit_g") != std::string::npos);
  CHECK(json.find("\"title\":\"jit_g\"") != std::string::npos);
}

}  // namespace
}  // namespace irtrace
