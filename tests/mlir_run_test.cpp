// One mlir-opt run is one report, in every form its IR printer writes (input/mlir_log.h): op scope with
// threads on and off, before-dumps, after-change; and whatever order threads printed the per-function dumps in.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <regex>

#include "cli_in_process.h"
#include "driver/find_dumps.h"
#include "input/input_format.h"
#include "input/mlir_log.h"
#include "input/mlir_tree.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::TempDir;

const std::string kMlirOpt = "/usr/lib/llvm-19/bin/mlir-opt";

// A private helper the inliner deletes, redundant ops for CSE, a constant branch for SCCP, an affine loop.
const char* kProgram =
    "module {\n"
    "  func.func private @helper(%x: i32) -> i32 {\n"
    "    %c = arith.constant 1 : i32\n"
    "    %y = arith.addi %x, %c : i32\n"
    "    return %y : i32\n"
    "  }\n"
    "  func.func @a(%x: i32) -> i32 {\n"
    "    %0 = arith.addi %x, %x : i32\n"
    "    %1 = arith.addi %x, %x : i32\n"
    "    %2 = arith.muli %0, %1 : i32\n"
    "    %3 = func.call @helper(%2) : (i32) -> i32\n"
    "    return %3 : i32\n"
    "  }\n"
    "  func.func @b(%x: i32) -> i32 {\n"
    "    %t = arith.constant true\n"
    "    cf.cond_br %t, ^bb1, ^bb2\n"
    "  ^bb1:\n"
    "    return %x : i32\n"
    "  ^bb2:\n"
    "    %c = arith.constant 0 : i32\n"
    "    return %c : i32\n"
    "  }\n"
    "  func.func @c(%m: memref<8xf32>) {\n"
    "    affine.for %i = 0 to 8 {\n"
    "      %v = affine.load %m[%i] : memref<8xf32>\n"
    "      %w = arith.addf %v, %v : f32\n"
    "      affine.store %w, %m[%i] : memref<8xf32>\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

const char* kPipeline =
    "'--pass-pipeline=builtin.module(func.func(cse,canonicalize,sccp),inline,symbol-dce,func.func(cse))'";

// Runs mlir-opt 19 on kProgram with kPipeline and `flags`; returns its stderr (the log).
std::string MlirOptLog(const TempDir& t, const std::string& flags) {
  REQUIRE(std::filesystem::exists(kMlirOpt));  // Debian mlir-19-tools: scripts/setup.sh --tests installs it
  if (!std::filesystem::exists(t / "in.mlir")) test::WriteFile(t / "in.mlir", kProgram);
  test::RunResult r = test::Run(kMlirOpt + " " + test::ShellQuote(t / "in.mlir") + " " + kPipeline + " " + flags +
                                " -o /dev/null 2>" + test::ShellQuote(t / "log"));
  REQUIRE(r.exit_code == 0);
  return test::ReadFile(t / "log");
}

std::vector<std::string> Names(const DumpListing& l) {
  std::vector<std::string> out{l.frontend_label};
  for (const DumpPass& p : l.passes) out.push_back(p.pass_name);
  return out;
}

// Each pass's executions: the functions it ran on, sorted (threads print them in any order).
std::vector<std::vector<std::string>> Executions(const DumpListing& l) {
  std::vector<std::vector<std::string>> out;
  for (const DumpPass& p : l.passes) {
    std::vector<std::string> keys;
    for (const PassExecution& x : p.executions) keys.push_back(x.key);
    std::sort(keys.begin(), keys.end());
    out.push_back(keys);
  }
  return out;
}

std::vector<std::string> Texts(const DumpListing& l) {
  std::vector<std::string> out{l.frontend.text ? *l.frontend.text : ""};
  for (const DumpPass& p : l.passes) out.push_back(p.file.text ? *p.file.text : "");
  return out;
}

// The log's dumps, each its banner and the lines up to the next banner.
std::vector<std::string> Dumps(const std::string& log) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < log.size()) {
    size_t next = log.find("\n// -----// IR Dump", at);
    next = next == std::string::npos ? log.size() : next + 1;
    out.push_back(log.substr(at, next - at));
    at = next;
  }
  return out;
}

bool IsModuleDump(const std::string& dump) { return dump.find("\nmodule") != std::string::npos; }

// The function a function dump prints (the symbol on its `func.func` line).
std::string FunctionOf(const std::string& dump) {
  size_t at = dump.find("func.func ");
  at = dump.find('@', at);
  return dump.substr(at, dump.find('(', at) - at);
}

// `log` with the function dumps between two module dumps interleaved at random, each function's own
// dumps kept in their order (as a threaded run may print them).
std::string Interleaved(const std::string& log, std::mt19937* rng) {
  std::vector<std::string> dumps = Dumps(log);
  std::string out;
  for (size_t i = 0; i < dumps.size();) {
    if (IsModuleDump(dumps[i])) {
      out += dumps[i++];
      continue;
    }
    std::map<std::string, std::vector<std::string>> queues;
    std::vector<std::string> order;  // one ticket per dump, naming its function
    for (; i < dumps.size() && !IsModuleDump(dumps[i]); ++i) {
      queues[FunctionOf(dumps[i])].push_back(dumps[i]);
      order.push_back(FunctionOf(dumps[i]));
    }
    std::shuffle(order.begin(), order.end(), *rng);
    std::map<std::string, size_t> taken;
    for (const std::string& f : order) out += queues[f][taken[f]++];
  }
  return out;
}

TEST_CASE("mlir_run: one mlir-opt run is one report in every form, with threads on and off", "[mlir_log][mlir_run]") {
  TempDir t;
  std::string off = MlirOptLog(t, "--mlir-print-ir-after-all --mlir-disable-threading");
  DumpListing serial = ReadMlirLog("off.log", off, "");
  CHECK(MlirLogParts(off).empty());
  // The pipeline's passes, each nest pass one pass over its 4 functions (the inliner's canonicalize too).
  CHECK(Names(serial) == std::vector<std::string>{"input (not in the log)", "CSE", "Canonicalizer", "SCCP",
                                                  "Canonicalizer", "Inliner", "SymbolDCE", "CSE"});
  std::vector<std::string> all{"a", "b", "c", "helper"};
  REQUIRE(serial.passes.size() == 7);
  CHECK(Executions(serial)[0] == all);
  CHECK(Executions(serial)[3].size() >= 4);  // the inliner's canonicalize: once or twice per function
  CHECK(Executions(serial)[4].empty());      // a module pass
  CHECK(Executions(serial)[5].empty());
  CHECK(Executions(serial)[6] == std::vector<std::string>{"a", "b", "c"});  // helper: inlined and deleted
  // The module-scope log of the same run: the same passes and executions, each snapshot the same module.
  DumpListing module = ReadMlirLog(
      "m.log", MlirOptLog(t, "--mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading"), "");
  CHECK(Names(module) == Names(serial));
  CHECK(Executions(module) == Executions(serial));
  for (int run = 0; run < 5; ++run) {  // threads print the per-function dumps in another order each time
    std::string on = MlirOptLog(t, "--mlir-print-ir-after-all");
    CHECK(MlirLogParts(on).empty());
    DumpListing threaded = ReadMlirLog("on.log", on, "");
    CHECK(Names(threaded) == Names(serial));
    CHECK(Texts(threaded) == Texts(serial));
    CHECK(Executions(threaded) == Executions(serial));
  }
  // Before-dumps only: every pass named from its own banner, the same sequence; the last one's result is
  // not in the log.
  for (const char* flags : {"--mlir-print-ir-before-all --mlir-disable-threading", "--mlir-print-ir-before-all"}) {
    INFO(flags);
    DumpListing before = ReadMlirLog("b.log", MlirOptLog(t, flags), "");
    CHECK(Names(before) == std::vector<std::string>{"frontend", "CSE", "Canonicalizer", "SCCP", "Canonicalizer",
                                                    "Inliner", "SymbolDCE", "CSE"});
    CHECK(Executions(before) == Executions(serial));
    CHECK(std::count(before.passes.back().notes.begin(), before.passes.back().notes.end(),
                     "the log holds only before-dumps and none after this pass's: its result is not in the log") == 1);
  }
  for (const char* flags : {"--mlir-print-ir-before-all --mlir-disable-threading", "--mlir-print-ir-before-all",
                            "--mlir-print-ir-after-all --mlir-print-ir-after-change --mlir-disable-threading",
                            "--mlir-print-ir-before-all --mlir-print-ir-after-all",
                            "--mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading"}) {
    INFO(flags);
    std::string log = MlirOptLog(t, flags);
    CHECK(MlirLogParts(log).empty());
    CHECK_NOTHROW(ReadMlirLog("x.log", log, ""));
    test::WriteFile(t / "x.log", log);
    test::CliResult r = test::RunMain({t / "x.log", "-o", t / "x.html", "-q"});
    CHECK(r.code == 0);
    CHECK(r.err == "");
  }
}

TEST_CASE("mlir_run: every interleaving of a real op-scope log's per-function dumps gives the same report",
          "[mlir_log][mlir_run]") {
  TempDir t;
  std::string log = MlirOptLog(t, "--mlir-print-ir-after-all --mlir-disable-threading");
  DumpListing serial = ReadMlirLog("off.log", log, "");
  REQUIRE(serial.passes.size() >= 6);
  std::mt19937 rng(19);  // a fixed seed: the same sample every run
  for (int k = 0; k < 60; ++k) {
    std::string shuffled = Interleaved(log, &rng);
    REQUIRE(shuffled.size() == log.size());
    CHECK(MlirLogParts(shuffled).empty());
    DumpListing l = ReadMlirLog("x.log", shuffled, "");
    CHECK(Names(l) == Names(serial));
    CHECK(Texts(l) == Texts(serial));
  }
}

TEST_CASE("mlir_run: compilations are told apart by a module that shares no symbol with the one before",
          "[mlir_log][mlir_run]") {
  auto module = [](const char* fn, const char* body) {
    return std::string("module {\n  tt.func public @") + fn + "() {\n    " + body + "\n  }\n}\n";
  };
  auto func = [](const char* fn, const char* body) {
    return std::string("tt.func public @") + fn + "() {\n  " + body + "\n}\n";
  };
  const std::string a = "// -----// IR Dump After A (a) //----- //\n";
  const std::string f = "// -----// IR Dump After F (f) //----- //\n";
  // Kernel k1's module, its function dump, then k2's function dump before k2's first module dump.
  std::string log =
      a + module("k1", "x.one") + f + func("k1", "x.two") + f + func("k2", "x.one") + a + module("k2", "x.two");
  std::vector<LogPart> parts = MlirLogParts(log);
  REQUIRE(parts.size() == 2);
  CHECK(parts[0].name == "k1");
  CHECK(parts[1].name == "k2");
  CHECK(parts[1].first_line == 11);  // k2's function dump is k2's
  DumpListing k2 = ReadMlirLog("t.log", log, "k2");
  CHECK(Names(k2) == std::vector<std::string>{"input (not in the log)", "F", "A"});
  // A pass that adds a symbol, or a module holding no symbol, starts nothing.
  std::string grown = a + module("k1", "x.one") + a + "module {\n  tt.func @k1() {\n  }\n  gpu.module @g {\n  }\n}\n" +
                      a + "module {\n}\n" + a + module("k9", "x.one");
  CHECK(MlirLogParts(grown).empty());
}

TEST_CASE("mlir_run: function dumps spell affine maps inline, module dumps as #map: no pass is charged with it",
          "[mlir_log][mlir_run]") {
  TempDir t;
  test::WriteFile(t / "in.mlir", kProgram);
  // Tiling per function (dumped alone, maps inline), then symbol-dce (the module, with #map aliases).
  test::RunResult r =
      test::Run(kMlirOpt + " " + test::ShellQuote(t / "in.mlir") +
                " '--pass-pipeline=builtin.module(func.func(affine-loop-tile{tile-size=4}),symbol-dce,"
                "func.func(cse),symbol-dce)' --mlir-print-ir-after-all --mlir-disable-threading -o /dev/null 2>" +
                test::ShellQuote(t / "log"));
  REQUIRE(r.exit_code == 0);
  std::string log = test::ReadFile(t / "log");
  REQUIRE(log.find("affine_map<(d0) -> (d0)>(%arg1)") != std::string::npos);  // the function dump's spelling
  REQUIRE(log.find("#map = affine_map<(d0) -> (d0)>") != std::string::npos);  // the module dump's
  DumpListing l = ReadMlirLog("t.log", log, "");
  REQUIRE(Names(l) ==
          std::vector<std::string>{"input (not in the log)", "AffineLoopTiling", "SymbolDCE", "CSE", "SymbolDCE"});
  // The tiled functions are spelt as symbol-dce's module, which removed nothing (helper is called).
  const std::string& tiled = *l.passes[0].file.text;
  CHECK(tiled == *l.passes[1].file.text);
  CHECK(tiled.rfind("#map = affine_map<(d0) -> (d0)>\n", 0) == 0);
  CHECK(tiled.find("affine.for %arg2 = #map(%arg1) to #map1(%arg1)") != std::string::npos);
  // CSE's dumps spliced back into the module are spelt as the module after it: that SymbolDCE is a no-op.
  CHECK(*l.passes[2].file.text == *l.passes[3].file.text);
  CHECK(*l.passes[2].file.text != tiled);  // CSE removed @a's second addi
}

// `text` with every match of `re` replaced by `with` (std::regex_replace's format).
std::string Replaced(const std::string& text, const char* re, const char* with) {
  return std::regex_replace(text, std::regex(re), with);
}

TEST_CASE("mlir_run: the newer banner form (NAME: argument) and ClangIR's text after the banner read as mlir-opt 19's",
          "[mlir_log][mlir_run]") {
  TempDir t;
  test::WriteFile(t / "in.mlir", kProgram);
  test::RunResult r = test::Run(kMlirOpt + " " + test::ShellQuote(t / "in.mlir") +
                                " '--pass-pipeline=builtin.module(func.func(affine-loop-tile{tile-size=4}),"
                                "canonicalize{max-iterations=3},symbol-dce)' --mlir-print-ir-after-all "
                                "--mlir-print-ir-module-scope --mlir-disable-threading -o /dev/null 2>" +
                                test::ShellQuote(t / "log"));
  REQUIRE(r.exit_code == 0);
  std::string log = test::ReadFile(t / "log");
  DumpListing real = ReadMlirLog("t.log", log, "");
  // MLIR after llvm PR #195198: `IR Dump After CSEPass: cse`, the options after the argument.
  std::string newer = Replaced(log, R"(IR Dump After (\w+) \(([\w-]+)\))", "IR Dump After $1Pass: $2{opt=1 b=x}");
  REQUIRE(newer.find("IR Dump After SymbolDCEPass: symbol-dce{opt=1 b=x} ('builtin.module' operation) //----- //") !=
          std::string::npos);
  DumpListing l = ReadMlirLog("t.log", newer, "");
  std::vector<std::string> names = Names(real);
  for (size_t k = 1; k < names.size(); ++k) names[k] += "Pass";
  CHECK(Names(l) == names);
  CHECK(Texts(l) == Texts(real));
  // A ':' inside the name stays; only a trailing ": argument" goes.
  CHECK(Names(ReadMlirLog("a.log", "// -----// IR Dump After (anonymous namespace)::X: x //----- //\nmodule {\n}\n",
                          "")) == std::vector<std::string>{"input (not in the log)", "(anonymous namespace)::X"});
  CHECK(Names(ReadMlirLog("a.log", "// -----// IR Dump After (anonymous namespace)::X //----- //\nmodule {\n}\n",
                          "")) == std::vector<std::string>{"input (not in the log)", "(anonymous namespace)::X"});
  // ClangIR prints its first alias on the banner's line: the line is the dump's first.
  std::string cir = Replaced(log, "//----- //\n#map = ", "//----- // #map = ");
  REQUIRE(cir.find("//----- // #map = affine_map") != std::string::npos);
  REQUIRE(LooksLikeMlirLog(cir.substr(cir.find("// -----// IR Dump After Canonicalizer"))));
  DumpListing c = ReadMlirLog("t.log", cir, "");
  CHECK(Names(c) == Names(real));
  CHECK(Texts(c) == Texts(real));
}

TEST_CASE("mlir_run: a tree of only function folders is a tree, found once by --find", "[mlir_log][mlir_run]") {
  TempDir t;
  test::WriteFile(t / "in.mlir", kProgram);
  std::string run = kMlirOpt +
                    " in.mlir '--pass-pipeline=builtin.module(func.func(cse,canonicalize))' "
                    "--mlir-print-ir-after-all --mlir-disable-threading -o /dev/null";
  REQUIRE(test::Run(run + " --mlir-print-ir-tree-dir=tree", t.path()).exit_code == 0);
  REQUIRE(test::Run(run + " 2>run.log", t.path()).exit_code == 0);
  // mlir-opt writes no file for the module: only its function folders hold dumps.
  REQUIRE(std::filesystem::exists(t / "tree/builtin_module_no-symbol-name/func_func_a/0_0_cse.mlir"));
  CHECK(LooksLikeMlirTree(t / "tree"));
  CHECK_FALSE(LooksLikeMlirTree(t.path()));  // the directory holding a tree is none
  DumpListing tree = ListInput(t / "tree", InputFormat::kAuto, {});
  DumpListing log = ListInput(t / "run.log", InputFormat::kAuto, {});
  CHECK(Names(tree) == Names(log));
  CHECK(Names(tree) == std::vector<std::string>{"input (not in the log)", "CSE", "Canonicalizer"});
  CHECK(Texts(tree) == Texts(log));
  CHECK(FindDumps(t.path()) == std::vector<std::string>{"tree"});
}

TEST_CASE("mlir_run: --mlir-timing and --mlir-pass-statistics reports after the last dump are a note, not a pass",
          "[mlir_log][mlir_run]") {
  TempDir t;
  std::string plain = MlirOptLog(t, "--mlir-print-ir-after-all --mlir-disable-threading");
  std::string timed =
      MlirOptLog(t, "--mlir-print-ir-after-all --mlir-disable-threading --mlir-timing --mlir-pass-statistics");
  REQUIRE(timed.find("... Execution time report ...") != std::string::npos);
  DumpListing l = ReadMlirLog("t.log", timed, "");
  CHECK(Names(l) == Names(ReadMlirLog("p.log", plain, "")));
  CHECK(Texts(l) == Texts(ReadMlirLog("p.log", plain, "")));
  REQUIRE(l.notes.size() == 1);
  CHECK_THAT(l.notes[0],
             Catch::Matches("the log goes on after its last dump with [0-9]+ lines that are not a dump \\(the "
                            "tool's own output: its --mlir-pass-statistics and --mlir-timing reports\\), not shown"));
}

TEST_CASE("mlir_run: a --mlir-print-skip-regions log lists its passes, a note says what it cannot show",
          "[mlir_log][mlir_run]") {
  TempDir t;
  std::string log = MlirOptLog(t, "--mlir-print-ir-after-all --mlir-disable-threading --mlir-print-skip-regions");
  REQUIRE(log.find("module {...}") != std::string::npos);
  DumpListing l = ReadMlirLog("s.log", log, "");
  std::string full = MlirOptLog(t, "--mlir-print-ir-after-all --mlir-disable-threading");
  CHECK(Names(l) == Names(ReadMlirLog("f.log", full, "")));  // the same pass sequence
  REQUIRE_FALSE(l.notes.empty());
  CHECK(l.notes[0].rfind("the log was written with --mlir-print-skip-regions", 0) == 0);
  // The module dumps print nothing of the module: their passes remove no function.
  for (const DumpPass& p : l.passes) {
    if (p.pass_name != "Inliner" && p.pass_name != "SymbolDCE") continue;
    CHECK(p.notes == std::vector<std::string>{"its dump prints the module without its regions (module {...}): what it "
                                              "changed is not in the log"});
    CHECK(p.file.text->find("@helper") != std::string::npos);
    // The functions inside the module its dump opens (`module {...}` is `module {`): the module-level line
    // is no pass's removal.
    CHECK(p.file.text->rfind("module {\n  func.func", 0) == 0);
  }
  // The function passes before the first module dump: their functions framed the same way.
  CHECK(l.passes.at(0).file.text->rfind("module {\n", 0) == 0);
}

}  // namespace
}  // namespace irtrace
