#include "input/llvm_log.h"

#include <catch2/catch.hpp>

#include <filesystem>

#include "cli_in_process.h"
#include "input/input_format.h"
#include "test_util.h"
#include "util/error.h"

namespace irtrace {
namespace {

using test::TempDir;

std::string Text(const DumpFile& f) { return f.text ? *f.text : std::string("<file>"); }

std::vector<std::string> Names(const DumpListing& l) {
  std::vector<std::string> out{l.frontend_label};
  for (const DumpPass& p : l.passes) out.push_back(p.pass_name);
  return out;
}

std::string Fn(const char* name, const char* body) {
  return std::string("define i32 @") + name + "() {\n  " + body + "\n}\n";
}

std::string Module(const std::string& a, const std::string& b) {
  return "; ModuleID = 'm'\nsource_filename = \"m.c\"\n\n; Function Attrs: nounwind\n" + a + "\n" + b +
         "\nattributes #0 = { nounwind }\n";
}

TEST_CASE("llvm_log: module, function and SCC dumps, function dumps spliced into the module", "[llvm_log]") {
  CHECK(LooksLikeLlvmLog("; *** IR Dump After InstCombinePass on f ***\n"));
  CHECK(LooksLikeLlvmLog("*** IR Dump At Start ***\n"));
  CHECK_FALSE(LooksLikeLlvmLog("// -----// IR Dump After CSE (cse) //----- //\n"));
  std::string log = "; *** IR Dump After Annotation2MetadataPass on [module] ***\n" +
                    Module(Fn("f", "ret i32 1"), Fn("g", "ret i32 2")) +
                    "; *** IR Dump After InstCombinePass on f ***\n; Function Attrs: nounwind readnone\n" +
                    Fn("f", "ret i32 10") + "\n" +
                    "; *** IR Dump After InlinerPass on (g, h) ***\n" + Fn("g", "ret i32 20") + "\n" + Fn("h", "ret i32 30") +
                    "; *** IR Dump After RequireAnalysisPass<llvm::GlobalsAA, llvm::Module, llvm::AnalysisManager<Module>> on [module] ***\n" +
                    Module(Fn("f", "ret i32 10"), Fn("g", "ret i32 20"));
  DumpListing l = ReadLlvmLog("o.log", log);
  CHECK(Names(l) == std::vector<std::string>{"Annotation2MetadataPass", "InstCombinePass", "InlinerPass",
                                             "RequireAnalysisPass<llvm::GlobalsAA, llvm::Module, llvm::AnalysisManager<Module>>"});
  CHECK(l.passes[0].file.extension == "ll");
  // The function replaces its define and the "; Function Attrs:" line above it.
  CHECK(Text(l.passes[0].file) == "; ModuleID = 'm'\nsource_filename = \"m.c\"\n\n; Function Attrs: nounwind readnone\n" +
                                      Fn("f", "ret i32 10") + "\n" + Fn("g", "ret i32 2") + "\nattributes #0 = { nounwind }\n");
  // An SCC dump replaces its functions; a function the module lacks goes after its last function.
  CHECK(Text(l.passes[1].file) == "; ModuleID = 'm'\nsource_filename = \"m.c\"\n\n; Function Attrs: nounwind readnone\n" +
                                      Fn("f", "ret i32 10") + "\n" + Fn("g", "ret i32 20") + "\n" + Fn("h", "ret i32 30") +
                                      "\nattributes #0 = { nounwind }\n");
  CHECK(Text(l.passes[2].file) == Module(Fn("f", "ret i32 10"), Fn("g", "ret i32 20")));
}

TEST_CASE("llvm_log: loop dumps are never spliced, and -print-changed's omitted, ignored and invalidated lines",
          "[llvm_log]") {
  std::string start = Module(Fn("f", "ret i32 1"), Fn("g", "ret i32 2"));
  std::string log = "*** IR Dump At Start ***\n" + start +
                    "*** IR Dump After SROAPass on f omitted because no change ***\n"
                    "*** IR Pass PassManager<Function> on f ignored ***\n"
                    "*** IR Dump After LICMPass on loop %for.body in function f ***\n\n; Preheader:\n  br label %3\n\n; Loop:\n3:\n  br label %3\n" +
                    "*** IR Dump After GVNPass on g ***\n" + Fn("g", "ret i32 7") +
                    "*** IR Dump After GlobalDCEPass on [module] (invalidated) ***\n" + start;
  DumpListing l = ReadLlvmLog("c.log", log);
  CHECK(Names(l) == std::vector<std::string>{"frontend", "SROAPass", "LICMPass", "GVNPass", "GlobalDCEPass"});
  CHECK(Text(l.frontend) == start);
  CHECK(Text(l.passes[0].file) == start);  // omitted: a no-op
  CHECK(l.passes[0].notes == std::vector<std::string>{"no change on f (-print-changed omitted the dump)"});
  // A loop pass: its snapshot is the loop's blocks, never a function; its first dump against itself.
  CHECK(Text(l.passes[1].file) == "; Preheader:\n  br label %3\n\n; Loop:\n3:\n  br label %3\n");
  REQUIRE(l.passes[1].before);
  CHECK(Text(*l.passes[1].before) == Text(l.passes[1].file));
  CHECK(l.passes[1].notes ==
        std::vector<std::string>{"PassManager<Function> on f: ignored (a -print-changed line: not a pass that changed the IR)",
                                 "a loop pass on loop %for.body in function f: a loop dump holds only the loop's blocks, "
                                 "shown against themselves (the loop's first dump: nothing earlier to compare); the "
                                 "function shows the change at its next dump"});
  // The pass after it is diffed against the module again.
  REQUIRE(l.passes[2].before);
  CHECK(Text(*l.passes[2].before) == start);
  CHECK(Text(l.passes[2].file).find("ret i32 7") != std::string::npos);
  CHECK(l.passes[3].notes == std::vector<std::string>{"the pass invalidated [module]: the module is shown"});
}

TEST_CASE("llvm_log: unnamed loops of one function are told apart by their header block", "[llvm_log]") {
  auto loop = [](const char* header, int x) {
    return std::string("\n; Preheader:\n  br label %") + header + "\n\n; Loop:\n" + header + ":\n  %x = add i32 " +
           std::to_string(x) + ", 1\n";
  };
  std::string log = "; *** IR Dump After A on [module] ***\n" + Module(Fn("f", "ret i32 1"), Fn("g", "ret i32 2")) +
                    "; *** IR Dump After L1 on loop %<unnamed loop> in function f ***\n" + loop("inner", 1) +
                    "; *** IR Dump After L1 on loop %<unnamed loop> in function f ***\n" + loop("outer", 2) +
                    "; *** IR Dump After L2 on loop %<unnamed loop> in function f ***\n" + loop("outer", 3);
  DumpListing l = ReadLlvmLog("l.log", log);
  REQUIRE(l.passes.size() == 3);
  // The outer loop's first dump is against itself, not against the inner loop's.
  CHECK(Text(*l.passes[1].before) == Text(l.passes[1].file));
  CHECK(Text(*l.passes[2].before) == Text(l.passes[1].file));
}

TEST_CASE("llvm_log: only 'ignored' lines is no dump, trailing ones go on the last pass, a cut dump is noted",
          "[llvm_log]") {
  CHECK_THROWS_WITH(ReadLlvmLog("i.log", "*** IR Pass PassManager<Function> on f ignored ***\n"),
                    "no LLVM IR dump in the log (only '*** IR Pass ... ignored' lines)");
  std::string start = Module(Fn("f", "ret i32 1"), Fn("g", "ret i32 2"));
  DumpListing l = ReadLlvmLog("c.log", "*** IR Dump At Start ***\n" + start + "*** IR Dump After A on f ***\n" +
                                           Fn("f", "ret i32 3") + "*** IR Pass VerifierPass on [module] ignored ***\n");
  CHECK(l.notes.empty());
  CHECK(l.passes.back().notes.back() == "VerifierPass on [module]: ignored (a -print-changed line: not a pass that changed the IR)");
  DumpListing cut = ReadLlvmLog("t.log", "*** IR Dump At Start ***\n" + start + "*** IR Dump After SROAPass on f ***\n" +
                                             "define i32 @f() {\n  %1 = add i32 1, 2\n");
  CHECK(cut.passes.back().notes.back().rfind("the log ends inside its last dump", 0) == 0);
}

TEST_CASE("llvm_log: -print-changed=diff and =cdiff are refused naming the option to use", "[llvm_log]") {
  std::string log = "*** IR Dump At Start ***\n" + Module(Fn("f", "ret i32 1"), Fn("g", "ret i32 2")) +
                    "*** IR Dump After SROAPass on f ***\n \n-  %3 = alloca ptr\n+  %3 = load i32\n   ret i32 0\n";
  CHECK_THROWS_WITH(ReadLlvmLog("d.log", log),
                    "this is -print-changed=diff output, diffs rather than the IR after each pass: run with "
                    "-print-changed (or -print-after-all) instead");
  std::string colour = "*** IR Dump At Start ***\n" + Module(Fn("f", "ret i32 1"), Fn("g", "ret i32 2")) +
                       "*** IR Dump After SROAPass on f ***\n\x1b[31m-  %3 = alloca ptr\x1b[0m\n";
  CHECK_THROWS_WITH(ReadLlvmLog("d.log", colour), Catch::StartsWith("this is -print-changed=cdiff output"));
}

TEST_CASE("llvm_log: a log of before-dumps only", "[llvm_log]") {
  std::string log = "*** IR Dump Before A on [module] ***\n" + Module(Fn("f", "ret i32 0"), Fn("g", "ret i32 0")) +
                    "*** IR Dump Before B on f ***\n" + Fn("f", "ret i32 1") +
                    "*** IR Dump Before C on f ***\n" + Fn("f", "ret i32 2");
  DumpListing l = ReadLlvmLog("b.log", log);
  // The dump before B (on f) is the IR after A; the one before C, after B.
  CHECK(Names(l) == std::vector<std::string>{"frontend", "A", "B"});
  CHECK(Text(l.passes[0].file).find("ret i32 1") != std::string::npos);
  CHECK(Text(l.passes[1].file).find("ret i32 2") != std::string::npos);
  CHECK(l.notes.back() == "the log holds only before-dumps: the result of its last pass, C, is not in it");
}

// Real opt 19 logs of a C program at -O2 (Debian clang-19 and llvm-19).
TEST_CASE("llvm_log: real opt -O2 logs, function scope and module scope end in the same module", "[llvm_log]") {
  REQUIRE(std::filesystem::exists("/usr/bin/clang-19"));
  REQUIRE(std::filesystem::exists("/usr/bin/opt-19"));
  TempDir t;
  test::WriteFile(t / "p.c",
                  "static int sq(int x) { return x * x; }\n"
                  "int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += sq(a[i]); return s; }\n"
                  "int twice(int *a, int n) { return sum(a, n) + sum(a, n); }\n");
  auto run = [&](const std::string& cmd) {
    test::RunResult r = test::Run(cmd, t.path());
    INFO(cmd << "\n" << r.err);
    REQUIRE(r.exit_code == 0);
  };
  run("clang-19 -O0 -Xclang -disable-O0-optnone -emit-llvm -S p.c -o p.ll");
  run("opt-19 -O2 -print-after-all p.ll -o /dev/null 2>fs.log");
  run("opt-19 -O2 -print-after-all -print-module-scope p.ll -o /dev/null 2>ms.log");
  run("opt-19 -O2 -print-changed p.ll -o /dev/null 2>pc.log");
  DumpListing fs = ListInput(t / "fs.log", InputFormat::kAuto, {});
  DumpListing ms = ListInput(t / "ms.log", InputFormat::kAuto, {});
  DumpListing pc = ListInput(t / "pc.log", InputFormat::kAuto, {});
  REQUIRE(Names(fs) == Names(ms));
  CHECK(fs.passes.size() > 200);
  // Spliced function dumps give the module a module-scope log prints, at every [module] dump and at the end.
  CHECK(Text(fs.passes.back().file) == Text(ms.passes.back().file));
  size_t loops = 0;
  for (const DumpPass& p : fs.passes) loops += !p.notes.empty();
  CHECK(loops > 0);  // LoopInstSimplifyPass, LICMPass, ... on loop %<unnamed loop> in function sum
  // -print-changed: the start is the frontend; no-op passes cost nothing and are listed.
  CHECK(pc.frontend_label == "frontend");
  CHECK(pc.passes.size() + 1 >= fs.passes.size());
  test::CliResult r = test::RunMain({t / "pc.log", "-o", t / "pc.html"});
  CHECK(r.code == 0);
  run("opt-19 -O2 -print-changed=diff p.ll -o /dev/null 2>pcd.log");
  r = test::RunMain({t / "pcd.log", "-o", t / "pcd.html"});
  CHECK(r.code == 1);
  CHECK(r.err.find("this is -print-changed=diff output") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(t / "pcd.html"));
  // From a pipe.
  test::RunResult p = test::Run("opt-19 -O2 -print-after-all p.ll -o /dev/null 2>&1 | " + std::string(IRTRACE_BINARY) +
                                " - -o piped.html", t.path());
  CHECK(p.exit_code == 0);
  CHECK(p.err.rfind("wrote piped.html: ", 0) == 0);
}

}  // namespace
}  // namespace irtrace
