#include "input/mlir_log.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>

#include "cli_in_process.h"
#include "input/input_format.h"
#include "input/log_listing.h"
#include "payload_json.h"
#include "test_util.h"
#include "util/error.h"

namespace irtrace {
namespace {

using test::TempDir;

const std::string kMlirOpt = "/usr/lib/llvm-19/bin/mlir-opt";

std::string Text(const DumpFile& f) { return f.text ? *f.text : std::string("<file>"); }

std::vector<std::string> Names(const DumpListing& l) {
  std::vector<std::string> out{l.frontend_label};
  for (const DumpPass& p : l.passes) out.push_back(p.pass_name);
  return out;
}

const char* kModuleA =
    "module {\n"
    "  func.func @a() {\n"
    "    return\n"
    "  }\n"
    "  func.func @b() {\n"
    "    return\n"
    "  }\n"
    "}\n";

TEST_CASE("mlir_log: banners of every kind, the pass name kept whole", "[mlir_log]") {
  CHECK(LooksLikeMlirLog("x\n// -----// IR Dump After CSE (cse) //----- //\n"));
  CHECK(LooksLikeMlirLog("// *** IR Dump After CSE ***\r\n"));
  CHECK_FALSE(LooksLikeMlirLog("module {\n}\n"));
  CHECK_FALSE(LooksLikeMlirLog("; *** IR Dump After InstCombinePass on f ***\n"));
  std::string log = std::string("// -----// IR Dump After (anonymous namespace)::TestPass (test-pass) //----- //\n") +
                    kModuleA + "\n// *** IR Dump After Old Style ***\n" + kModuleA +
                    "// -----// IR Dump After CSE (cse) ('builtin.module' operation) //----- //\n" + kModuleA;
  DumpListing l = ReadMlirLog("p.log", log);
  CHECK(Names(l) ==
        std::vector<std::string>{"input (not in the log)", "(anonymous namespace)::TestPass", "Old Style", "CSE"});
  CHECK(l.passes[1].file.name == "p.log line 11");
  CHECK(l.passes[1].file.extension == "mlir");
  // The first pass is a pass: its before is empty, its output shown whole.
  CHECK(*l.frontend.text == "");
  CHECK(l.passes[0].notes == std::vector<std::string>{kNoInputNote});
  CHECK(l.notes.empty());
  CHECK(l.title == "p");
  CHECK_THROWS_AS(ReadMlirLog("p.log", "hello\n"), Error);
}

TEST_CASE("mlir_log: function dumps are spliced into the module, whatever order threads printed them in",
          "[mlir_log]") {
  auto func = [](const char* name, const char* body) {
    return std::string("func.func @") + name + "() {\n  " + body + "\n  return\n}\n";
  };
  std::string start =
      std::string("// -----// IR Dump After Canonicalizer (canonicalize) //----- //\n") + kModuleA + "\n";
  std::string a1 = "// -----// IR Dump After P1 (p1) //----- //\n" + func("a", "%0 = a.one") + "\n";
  std::string a2 = "// -----// IR Dump After P2 (p2) //----- //\n" + func("a", "%0 = a.two") + "\n";
  std::string b1 = "// -----// IR Dump After P1 (p1) //----- //\n" + func("b", "%0 = b.one") + "\n";
  std::string b2 = "// -----// IR Dump After P2 (p2) //----- //\n" + func("b", "%0 = b.two") + "\n";
  DumpListing one = ReadMlirLog("x.log", start + a1 + a2 + b1 + b2);
  DumpListing two = ReadMlirLog("x.log", start + b1 + a1 + b2 + a2);
  REQUIRE(Names(one) == std::vector<std::string>{"input (not in the log)", "Canonicalizer", "P1", "P2"});
  REQUIRE(Names(two) == Names(one));
  for (size_t k = 0; k < one.passes.size(); ++k) CHECK(Text(one.passes[k].file) == Text(two.passes[k].file));
  CHECK(Text(one.passes[1].file) ==
        "module {\n  func.func @a() {\n    %0 = a.one\n    return\n  }\n  func.func @b() {\n    %0 = b.one\n    "
        "return\n  }\n}\n");
  CHECK(Text(one.passes[2].file) ==
        "module {\n  func.func @a() {\n    %0 = a.two\n    return\n  }\n  func.func @b() {\n    %0 = b.two\n    "
        "return\n  }\n}\n");
  // Before any module dump only the functions seen so far exist.
  DumpListing bare = ReadMlirLog("x.log", a1 + b1);
  CHECK(Text(bare.passes[0].file) == func("a", "%0 = a.one") + "\n" + func("b", "%0 = b.one"));
}

TEST_CASE("mlir_log: a failed pass gets the diagnostics printed before its banner, never the dump before",
          "[mlir_log]") {
  std::string log = std::string("// -----// IR Dump After Canonicalizer (canonicalize) //----- //\n") + kModuleA +
                    "\n\nin.mlir:7:1: error: cannot bufferize\nin.mlir:7:1: note: see current operation: \n"
                    "\"func.func\"() <{sym_name = \"ext\"}> ({\n}) : () -> ()\n"
                    "// -----// IR Dump After OneShotBufferize Failed (one-shot-bufferize) //----- //\n" +
                    kModuleA + "// -----// IR Dump After Quiet Failed (quiet) //----- //\n" + kModuleA +
                    "mlir-opt: some output of its own\n";
  DumpListing l = ReadMlirLog("f.log", log);
  REQUIRE(l.passes.size() == 3);
  CHECK(Text(l.passes[0].file) == kModuleA);  // the diagnostics are not part of the dump before them
  REQUIRE(l.passes[1].file.log);
  CHECK(*l.passes[1].file.log ==
        "in.mlir:7:1: error: cannot bufferize\nin.mlir:7:1: note: see current operation: \n"
        "\"func.func\"() <{sym_name = \"ext\"}> ({\n}) : () -> ()\n");
  REQUIRE(l.passes[2].file.log);
  CHECK(*l.passes[2].file.log == "error: Quiet failed (the log holds no diagnostics for it)\n");
  CHECK(l.notes.back() ==
        "the log goes on after its last dump with 1 line that is not a dump (the tool's own output), not shown");
}

TEST_CASE("mlir_log: a log of before-dumps: the dump before pass k+1 is the one after pass k", "[mlir_log]") {
  auto mod = [](const char* op) { return std::string("module {\n  ") + op + "\n}\n"; };
  std::string log = "// -----// IR Dump Before A (a) //----- //\n" + mod("x.zero") +
                    "// -----// IR Dump Before B (b) //----- //\n" + mod("x.one") +
                    "// -----// IR Dump Before C (c) //----- //\n" + mod("x.two");
  DumpListing l = ReadMlirLog("b.log", log);
  // Every dump is its pass's before: the last pass, C, is listed, its result not in the log.
  CHECK(Names(l) == std::vector<std::string>{"frontend", "A", "B", "C"});
  CHECK(Text(l.frontend) == mod("x.zero"));
  CHECK(Text(l.passes[0].file) == mod("x.one"));
  CHECK(Text(l.passes[1].file) == mod("x.two"));
  CHECK(Text(l.passes[2].file) == mod("x.two"));
  CHECK(l.passes[2].notes ==
        std::vector<std::string>{
            "the log holds only before-dumps and none after this pass's: its result is not in the log"});
  CHECK(l.notes ==
        std::vector<std::string>{"the log holds only before-dumps: the result of its last pass, C, is not in it"});
}

TEST_CASE("mlir_log: before-dumps of function passes: the IR before a pass is after the pass of the run before",
          "[mlir_log]") {
  std::string mod = std::string(kModuleA);
  auto func = [](const char* name, const char* body) {
    return std::string("func.func @") + name + "() {\n  " + body + "\n  return\n}\n";
  };
  // Canonicalizer on the module, then a function pass T on @a and @b, then CSE on the module.
  std::string log = "// -----// IR Dump Before Canonicalizer (canonicalize) //----- //\n" + mod +
                    "// -----// IR Dump Before T (t) //----- //\n" + func("a", "%0 = a.canon") +
                    "// -----// IR Dump Before T (t) //----- //\n" + func("b", "%0 = b.canon") +
                    "// -----// IR Dump Before CSE (cse) //----- //\n" +
                    "module {\n  func.func @a() {\n    %0 = a.tiled\n    return\n  }\n}\n";
  DumpListing l = ReadMlirLog("b.log", log);
  CHECK(Names(l) == std::vector<std::string>{"frontend", "Canonicalizer", "T", "CSE"});
  CHECK(l.passes[1].executions.size() == 2);  // T on @a and @b: one pass
  CHECK(Text(l.passes[0].file).find("a.canon") != std::string::npos);  // after Canonicalizer: both functions
  CHECK(Text(l.passes[0].file).find("b.canon") != std::string::npos);
  CHECK(Text(l.passes[1].file).find("a.tiled") != std::string::npos);  // T's change is T's
  CHECK(l.notes.back() == "the log holds only before-dumps: the result of its last pass, CSE, is not in it");
}

TEST_CASE(
    "mlir_log: -after-failure diagnostics before the first banner, debuginfo aliases, generic form, "
    "nested symbol operations, a log cut short",
    "[mlir_log]") {
  // --mlir-print-ir-after-failure prints the diagnostics, then the one Failed dump.
  std::string failure = std::string("in.mlir:1:1: error: op was not bufferized\n") +
                        "// -----// IR Dump After OneShotBufferize Failed (one-shot-bufferize) //----- //\n" + kModuleA;
  DumpListing f = ReadMlirLog("f.log", failure);
  // One failed pass, its diagnostics once: the entry before it is empty and has no log.
  REQUIRE(f.passes.size() == 1);
  CHECK_FALSE(f.frontend.log);
  REQUIRE(f.passes[0].file.log);
  CHECK(*f.passes[0].file.log == "in.mlir:1:1: error: op was not bufferized\n");
  // --mlir-print-debuginfo: location aliases after the module's last line are part of the dump.
  std::string dbg =
      std::string("// -----// IR Dump After A (a) //----- //\nmodule {\n} loc(#loc1)\n#loc1 = loc(\"in.mlir\":1:1)\n") +
      "// -----// IR Dump After B (b) //----- //\nmodule {\n  x.y loc(#loc2)\n} loc(#loc1)\n#loc1 = "
      "loc(\"in.mlir\":1:1)\n"
      "#loc2 = loc(\"in.mlir\":2:3)\n";
  DumpListing d = ReadMlirLog("d.log", dbg);
  CHECK(Text(d.passes[1].file).find("#loc2 = loc") != std::string::npos);
  CHECK_FALSE(d.passes[1].file.log);
  // Generic form: functions told apart by sym_name.
  std::string generic =
      std::string("// -----// IR Dump After A (a) //----- //\n\"builtin.module\"() ({\n") +
      "  \"func.func\"() <{sym_name = \"f\"}> ({\n  }) : () -> ()\n  \"func.func\"() <{sym_name = \"g\"}> ({\n  }) : "
      "() -> ()\n}) : () -> ()\n" +
      "// -----// IR Dump After C (c) //----- //\n\"func.func\"() <{sym_name = \"f\"}> ({\n  x.f\n}) : () -> ()\n" +
      "// -----// IR Dump After C (c) //----- //\n\"func.func\"() <{sym_name = \"g\"}> ({\n  x.g\n}) : () -> ()\n";
  DumpListing g = ReadMlirLog("g.log", generic);
  REQUIRE(Names(g) == std::vector<std::string>{"input (not in the log)", "A", "C"});
  // A nested operation that is no function (gpu.module) is replaced where it is, not added again.
  std::string gpu =
      std::string("// -----// IR Dump After A (a) //----- //\nmodule {\n  gpu.module @kernels {\n    x.old\n  }\n}\n") +
      "// -----// IR Dump After CSE (cse) //----- //\ngpu.module @kernels {\n  x.new\n}\n";
  DumpListing k = ReadMlirLog("k.log", gpu);
  CHECK(Text(k.passes[1].file) == "module {\n  gpu.module @kernels {\n    x.new\n  }\n}\n");
  // Cut inside the last dump: a note on it.
  DumpListing cut =
      ReadMlirLog("c.log", std::string("// -----// IR Dump After A (a) //----- //\n") + kModuleA +
                               "// -----// IR Dump After B (b) //----- //\nmodule {\n  func.func @a() {\n");
  CHECK(cut.passes.back().notes ==
        std::vector<std::string>{"the log ends inside its last dump (line 10): that snapshot is cut short"});
}

TEST_CASE("mlir_log: a stream of several compilations (Triton) is one report per kernel", "[mlir_log][cli]") {
  auto kernel = [](const char* name, int step) {
    return std::string("module {\n  tt.func public @") + name + "() {\n    x.step" + std::to_string(step) +
           "\n  } loc(#loc)\n} loc(#loc)\n#loc = loc(\"k.py\":1:1)\n";
  };
  std::string log;
  for (const char* k : {"add_kernel", "mul_kernel"}) {
    for (int p = 1; p <= 4; ++p) {
      log += "// -----// IR Dump Before P" + std::to_string(p) + " (p" + std::to_string(p) +
             ") ('builtin.module' operation) //----- //\n" + kernel(k, p);
    }
  }
  std::vector<LogPart> parts = MlirLogParts(log);
  REQUIRE(parts.size() == 2);
  CHECK(parts[0].name == "add_kernel");
  CHECK(parts[1].name == "mul_kernel");
  CHECK(parts[1].first_line == 29);
  // A pipeline that repeats its passes on one module is one compilation.
  std::string repeated;
  for (int r = 0; r < 3; ++r) {
    for (const char* pass : {"Canonicalizer (canonicalize)", "CSE (cse)", "Inliner (inline)"}) {
      repeated += std::string("// -----// IR Dump After ") + pass + " //----- //\n" + kernel("f", r);
    }
  }
  CHECK(MlirLogParts(repeated).empty());
  TempDir t;
  test::WriteFile(t / "triton.log", log);
  CHECK(InputParts(t / "triton.log", InputFormat::kAuto) == std::vector<std::string>{"add_kernel", "mul_kernel"});
  DumpListing mul = ListInput(t / "triton.log", InputFormat::kAuto, {}, "mul_kernel");
  CHECK(mul.title == "mul_kernel");
  CHECK(Names(mul) == std::vector<std::string>{"frontend", "P1", "P2", "P3", "P4"});  // P4's result: not in it
  CHECK(mul.frontend.name == t / "triton.log" + " line 29");
  CHECK(Text(mul.passes[0].file).find("@mul_kernel") != std::string::npos);
  test::CliResult r = test::RunMain({t / "triton.log", "-o", t / "one.html"});
  CHECK(r.code == 2);
  r = test::RunMain({t / "triton.log", "-o", t / "out/", "-q"});
  CHECK(r.code == 0);
  CHECK(std::filesystem::exists(t / "out/index.html"));
}

TEST_CASE("mlir_log: module scope, a nest running one pass twice is two passes, a pass run again one pass",
          "[mlir_log]") {
  // func.func(c,c) on a and b: each function's k-th run is pass k.
  std::string log = std::string("// -----// IR Dump After A (a) ('builtin.module' operation) //----- //\n") + kModuleA +
                    "// -----// IR Dump After C (c) ('func.func' operation: @a) //----- //\n" + kModuleA +
                    "// -----// IR Dump After C (c) ('func.func' operation: @a) //----- //\n" + kModuleA +
                    "// -----// IR Dump After C (c) ('func.func' operation: @b) //----- //\n" + kModuleA;
  DumpListing two =
      ReadMlirLog("m.log", log + "// -----// IR Dump After C (c) ('func.func' operation: @b) //----- //\n" + kModuleA);
  CHECK(Names(two) == std::vector<std::string>{"input (not in the log)", "A", "C", "C"});
  REQUIRE(two.passes.size() == 3);
  CHECK(two.passes[1].executions.size() == 2);
  // C run once on b and twice on a (the inliner's pipeline runs again on a function it inlined into):
  // one pass, three executions.
  DumpListing one = ReadMlirLog("m.log", log);
  CHECK(Names(one) == std::vector<std::string>{"input (not in the log)", "A", "C"});
  REQUIRE(one.passes.size() == 2);
  CHECK(one.passes[1].executions.size() == 3);
}

TEST_CASE("mlir_log: module-scope dumps of one pass on each function are one pass", "[mlir_log]") {
  std::string log =
      std::string("// -----// IR Dump After Canonicalizer (canonicalize) ('builtin.module' operation) //----- //\n") +
      kModuleA +
      "// -----// IR Dump After T (t) ('func.func' operation: @a) //----- //\n#map = affine_map<(d0) -> (d0)>\n" +
      kModuleA + "// -----// IR Dump After T (t) ('func.func' operation: @b) //----- //\n" +
      "module {\n  func.func @a() {\n    return\n  }\n}\n";
  DumpListing l = ReadMlirLog("m.log", log);
  REQUIRE(Names(l) == std::vector<std::string>{"input (not in the log)", "Canonicalizer", "T"});
  CHECK(Text(l.passes[1].file) == "module {\n  func.func @a() {\n    return\n  }\n}\n");
}

// Runs Debian's mlir-opt 19 with `args`, its stderr (the log) into `log`. REQUIREs it exists.
void RunMlirOpt(const std::string& args, const std::string& log, int expect = 0) {
  REQUIRE(std::filesystem::exists(kMlirOpt));  // Debian mlir-19-tools: scripts/setup.sh --tests installs it
  test::RunResult r = test::Run(kMlirOpt + " " + args + " -o /dev/null 2>" + test::ShellQuote(log));
  CHECK(r.exit_code == expect);
}

TEST_CASE("mlir_log: real mlir-opt logs, with and without module scope, agree at every module dump", "[mlir_log]") {
  TempDir t;
  test::WriteFile(t / "in.mlir",
                  "module @prog {\n"
                  "func.func @add(%a: memref<64xf32>, %b: memref<64xf32>) {\n"
                  "  affine.for %i = 0 to 64 {\n"
                  "    %x = affine.load %a[%i] : memref<64xf32>\n"
                  "    %y = arith.addf %x, %x : f32\n"
                  "    affine.store %y, %b[%i] : memref<64xf32>\n"
                  "  }\n"
                  "  return\n"
                  "}\n"
                  "func.func @mul(%a: memref<64xf32>) {\n"
                  "  %c = arith.constant 2.0 : f32\n"
                  "  affine.for %i = 0 to 64 {\n"
                  "    %x = affine.load %a[%i] : memref<64xf32>\n"
                  "    %y = arith.mulf %x, %c : f32\n"
                  "    affine.store %y, %a[%i] : memref<64xf32>\n"
                  "  }\n"
                  "  return\n"
                  "}\n"
                  "}\n");
  std::string pipeline =
      test::ShellQuote(t / "in.mlir") + " -canonicalize -affine-loop-tile=tile-size=4 -cse -lower-affine";
  RunMlirOpt(pipeline + " --mlir-print-ir-after-all --mlir-disable-threading", t / "fs.log");
  RunMlirOpt(pipeline + " --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading",
             t / "ms.log");
  RunMlirOpt(pipeline + " --mlir-print-ir-after-all", t / "threaded.log");
  DumpListing fs = ListInput(t / "fs.log", InputFormat::kAuto, {});
  DumpListing ms = ListInput(t / "ms.log", InputFormat::kAuto, {});
  DumpListing th = ListInput(t / "threaded.log", InputFormat::kAuto, {});
  std::vector<std::string> names{"input (not in the log)", "Canonicalizer", "AffineLoopTiling", "CSE",
                                 "ConvertAffineToStandard"};
  CHECK(Names(fs) == names);
  CHECK(Names(ms) == names);
  CHECK(Names(th) == names);
  CHECK(fs.title == "prog");
  CHECK(fs.sources == std::vector<std::string>{t / "fs.log"});
  // Module-level dumps (Canonicalizer, CSE, ConvertAffineToStandard) are the same text in all three.
  CHECK(Text(fs.passes[0].file) == Text(ms.passes[0].file));
  for (size_t k : {2, 3}) {
    CHECK(Text(fs.passes[k].file) == Text(ms.passes[k].file));
    CHECK(Text(fs.passes[k].file) == Text(th.passes[k].file));
  }
  // The tiling ran per function: both functions are tiled in the spliced module.
  std::string tiled = Text(fs.passes[1].file);
  CHECK(tiled.rfind(
            "#map = affine_map<(d0) -> (d0)>\n#map1 = affine_map<(d0) -> (d0 + 4)>\nmodule @prog {\n  func.func @add(",
            0) == 0);
  // Spelt with the aliases of the module dump after it (CSE's), it is the module-scope dump byte for byte.
  CHECK(tiled == Text(ms.passes[1].file));
  size_t steps = 0;
  for (size_t at = 0; (at = tiled.find("step 4", at)) != std::string::npos; ++at) ++steps;
  CHECK(steps == 2);
}

TEST_CASE(
    "mlir_log: a real failing pipeline converts with the failed pass and its diagnostics, and from standard input",
    "[mlir_log][cli]") {
  TempDir t;
  test::WriteFile(t / "fail.mlir",
                  "func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {\n"
                  "  return %t : tensor<4xf32>\n"
                  "}\n"
                  "func.func private @ext(%x: tensor<4xf32>) -> tensor<4xf32>\n");
  RunMlirOpt(test::ShellQuote(t / "fail.mlir") +
                 " -canonicalize -one-shot-bufferize=bufferize-function-boundaries --mlir-print-ir-after-all",
             t / "f.log", 1);
  test::CliResult r = test::RunMain({t / "f.log", "-o", t / "f.html"});
  CHECK(r.code == 0);
  // Whether @f was bufferized before @ext failed depends on mlir-opt's threads: the counts say 1 failed pass.
  CHECK_THAT(r.err, Catch::Matches("wrote .*/f\\.html: 2 passes, [12] changed, 1 failed, 0 warnings\n"));
  DumpListing l = ListInput(t / "f.log", InputFormat::kMlirLog, {});
  REQUIRE(l.passes.size() == 2);
  CHECK(l.passes[1].pass_name == "OneShotBufferize");
  CHECK(l.passes[1].file.log->find("error: cannot bufferize bodiless function that returns a tensor") !=
        std::string::npos);
  // From a pipe, as `mlir-opt ... 2>&1 | ir-trace - -o r.html`.
  test::RunResult p = test::Run("cat " + test::ShellQuote(t / "f.log") + " | " + std::string(IRTRACE_BINARY) +
                                " - -o " + test::ShellQuote(t / "p.html"));
  CHECK(p.exit_code == 0);
  CHECK_THAT(p.err, Catch::Matches("wrote .*/p\\.html: 2 passes, [12] changed, 1 failed, 0 warnings\n"));
}

TEST_CASE("input_format: --format names, an unknown file, --codegen with a log", "[mlir_log][cli]") {
  TempDir t;
  test::WriteFile(t / "x.txt", "hello\n");
  test::CliResult r = test::RunMain({t / "x.txt", "-o", t / "x.html"});
  CHECK(r.code == 1);
  CHECK(r.err == "ir-trace: error: " + t / "x.txt" +
                     ": the dump is not a directory, nor a log ir-trace knows (no MLIR '// -----// IR Dump' or LLVM "
                     "'*** IR Dump' banner in its first MiB): --format NAME reads it as one (mlir-log, llvm-log)\n");
  r = test::RunMain({t / "x.txt", "--format", "mlir-log", "-o", t / "x.html"});
  CHECK(r.code == 1);
  CHECK(r.err == "ir-trace: error: " + t / "x.txt" + ": no MLIR IR dump in the log (no '// -----// IR Dump' banner)\n");
  test::WriteFile(t / "empty.log", "\n");
  r = test::RunMain({t / "empty.log", "-o", t / "e.html"});
  CHECK(r.code == 1);
  CHECK(r.err == "ir-trace: error: " + t / "empty.log" + ": the input is empty: no IR dump to read\n");
  CHECK(test::RunMain({t / "x.txt", "--format", "llvm"}).code == 2);
  CHECK(test::RunMain({t / "x.txt", "--format", "llvm-log", "-o", t / "x.html"}).code == 1);
  test::WriteFile(t / "m.log", std::string("// -----// IR Dump After A (a) //----- //\n") + kModuleA);
  CHECK(test::RunMain({t / "m.log", "--codegen", t.path(), "-o", t / "m.html"}).code == 2);
  CHECK(test::RunMain({t / "m.log", "-o", t / "m.log"}).code == 2);  // never over the log itself
}

using test::PayloadOf;

TEST_CASE("mlir_log: a numbered split of a module-scope log gives the same report data as the log", "[mlir_log]") {
  REQUIRE(std::filesystem::exists(kMlirOpt));
  TempDir t;
  test::WriteFile(
      t / "in.mlir",
      "func.func @f(%a: memref<64xf32>) {\n  affine.for %i = 0 to 64 {\n    %x = affine.load %a[%i] : memref<64xf32>\n"
      "    %y = arith.addf %x, %x : f32\n    affine.store %y, %a[%i] : memref<64xf32>\n  }\n  return\n}\n");
  RunMlirOpt(test::ShellQuote(t / "in.mlir") +
                 " -canonicalize -affine-loop-tile=tile-size=4 -cse -lower-affine --mlir-print-ir-after-all "
                 "--mlir-print-ir-module-scope --mlir-disable-threading",
             t / "ms.log");
  // The split a user would make by hand: the (empty) IR before pass 1 as the frontend, then one file per dump.
  DumpListing l = ListInput(t / "ms.log", InputFormat::kAuto, {});
  test::WriteFile(t / "split/00_frontend.mlir", *l.frontend.text);
  for (const DumpPass& p : l.passes) {
    char num[8];
    std::snprintf(num, sizeof num, "%02lu", p.number);
    test::WriteFile(t / "split/" + std::string(num) + "_after_" + p.pass_name + ".mlir", *p.file.text);
  }
  REQUIRE(test::RunMain({t / "ms.log", "-o", t / "log.html", "--no-compress", "-q"}).code == 0);
  REQUIRE(test::RunMain({t / "split", "-o", t / "split.html", "--no-compress", "-q"}).code == 0);
  nlohmann::json a = PayloadOf(t / "log.html"), b = PayloadOf(t / "split.html");
  // Everything but the names of the snapshots, the first entry's name, pass 1's notes and log notes (the
  // log holds no IR before it) and the log's executions (a numbered dump has none: each file is the module)
  // is the same.
  for (auto& e : a["entries"]) e.erase("executions");
  for (nlohmann::json* p : {&a, &b}) {
    for (auto& s : (*p)["snapshots"]) s.erase("file");
    (*p)["entries"][0].erase("name");
    (*p)["entries"][1]["notes"] = nlohmann::json::array();
    (*p)["entries"][1].erase("log_notes");
    p->erase("title");
  }
  CHECK(a["entries"].size() == 5);
  CHECK(a == b);
}

}  // namespace
}  // namespace irtrace
