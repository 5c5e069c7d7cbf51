#include "input/llvm_log.h"

#include <catch2/catch.hpp>

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

// The report of `log` (written to `dir`/r.html, --no-compress) read back.
nlohmann::json Convert(const TempDir& dir, const std::string& log) {
  test::WriteFile(dir / "in.log", log);
  test::CliResult r = test::RunMain({dir / "in.log", "--no-compress", "-o", dir / "r.html"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  return test::PayloadOf(dir / "r.html");
}

TEST_CASE("llvm_log: module, function and SCC dumps each hold their IR unit, the module built around them",
          "[llvm_log]") {
  CHECK(LooksLikeLlvmLog("; *** IR Dump After InstCombinePass on f ***\n"));
  CHECK(LooksLikeLlvmLog("*** IR Dump At Start ***\n"));
  CHECK_FALSE(LooksLikeLlvmLog("// -----// IR Dump After CSE (cse) //----- //\n"));
  std::string f10 = "; Function Attrs: nounwind readnone\n" + Fn("f", "ret i32 10");
  std::string log =
      "; *** IR Dump After Annotation2MetadataPass on [module] ***\n" +
      Module(Fn("f", "ret i32 1"), Fn("g", "ret i32 2")) + "; *** IR Dump After InstCombinePass on f ***\n" + f10 +
      "\n" + "; *** IR Dump After SROAPass on f ***\n" + f10 + "\n" +
      "; *** IR Dump After InlinerPass on (g, h) ***\n" + Fn("g", "ret i32 20") + "\n" + Fn("h", "ret i32 30") +
      "; *** IR Dump After RequireAnalysisPass<llvm::GlobalsAA, llvm::Module, llvm::AnalysisManager<Module>> on "
      "[module] ***\n" +
      Module(Fn("f", "ret i32 10"), Fn("g", "ret i32 20"));
  DumpListing l = ReadLlvmLog("o.log", log);
  // The first pass is a pass: the log holds no IR before it (an empty first entry).
  CHECK(Names(l) ==
        std::vector<std::string>{"input (not in the log)", "Annotation2MetadataPass", "InstCombinePass", "SROAPass",
                                 "InlinerPass",
                                 "RequireAnalysisPass<llvm::GlobalsAA, llvm::Module, llvm::AnalysisManager<Module>>"});
  REQUIRE(l.passes.size() == 5);
  CHECK(l.frontend.text->empty());
  CHECK(l.passes[0].unit == IrUnit::kWhole);
  CHECK(l.passes[0].notes == std::vector<std::string>{kNoInputNote});
  CHECK(l.passes[1].file.extension == "ll");
  // A function dump is that function, a no-op one (byte for byte its last dump) is not read again.
  CHECK(l.passes[1].unit == IrUnit::kFunction);
  CHECK(l.passes[1].unit_keys == std::vector<std::string>{"f"});
  CHECK(l.passes[1].file.load() == f10);
  CHECK_FALSE(l.passes[1].unchanged);
  CHECK(l.passes[2].unchanged);
  CHECK(l.passes[3].unit == IrUnit::kScc);
  CHECK(l.passes[3].unit_keys == std::vector<std::string>{"g", "h"});
  CHECK(l.passes[3].file.load() == Fn("g", "ret i32 20") + "\n" + Fn("h", "ret i32 30"));
  CHECK(l.passes[4].unit == IrUnit::kWhole);
  CHECK(l.passes[4].file.load() == Module(Fn("f", "ret i32 10"), Fn("g", "ret i32 20")));

  // The report: each pass diffed against its unit's last text; the module pass against the module with
  // the functions dumped since put in their places (the function's "; Function Attrs:" line replaces the
  // module's; a function the module lacks goes after its last function).
  TempDir t;
  nlohmann::json p = Convert(t, log);
  CHECK(p["schema"] == 5);
  const nlohmann::json& e = p["entries"];
  REQUIRE(e.size() == 6);
  CHECK(e[0]["name"] == kNoInputLabel);
  CHECK(e[1]["num"] == 1);
  CHECK(e[1]["status"] == "changed");  // its output against nothing: shown whole
  CHECK(e[2]["unit"] == "function");
  CHECK(e[2]["unit_keys"] == nlohmann::json::array({"f"}));
  CHECK(test::SnapshotText(p, e[2]["before"]) == "; Function Attrs: nounwind\n" + Fn("f", "ret i32 1"));
  CHECK(test::SnapshotText(p, e[2]["after"]) == f10);
  CHECK(e[3]["status"] == "noop");
  CHECK(e[3]["before"] == e[2]["after"]);
  CHECK(e[3]["after"] == e[2]["after"]);  // no snapshot of its own
  CHECK(e[4]["unit"] == "scc");
  CHECK(test::SnapshotText(p, e[4]["before"]) == Fn("g", "ret i32 2") + "\n");  // g, then h: nothing yet
  CHECK(e[5].find("unit") == e[5].end());
  CHECK(p["snapshots"][e[5]["before"].get<int>()].contains("lines"));
  CHECK(test::SnapshotText(p, e[5]["before"]) == "; ModuleID = 'm'\nsource_filename = \"m.c\"\n\n" + f10 + "\n" +
                                                     Fn("g", "ret i32 20") + "\n" + Fn("h", "ret i32 30") +
                                                     "\nattributes #0 = { nounwind }\n");
  CHECK(test::SnapshotText(p, e[5]["after"]) == Module(Fn("f", "ret i32 10"), Fn("g", "ret i32 20")));
  CHECK(e[5]["del"] == 5);  // h's lines and its blank line, and f's "; Function Attrs:" line
  CHECK(e[5]["ins"] == 1);
}

TEST_CASE("llvm_log: loop dumps are never spliced, and -print-changed's omitted, ignored and invalidated lines",
          "[llvm_log]") {
  std::string start = Module(Fn("f", "ret i32 1"), Fn("g", "ret i32 2"));
  std::string log = "*** IR Dump At Start ***\n" + start +
                    "*** IR Dump After SROAPass on f omitted because no change ***\n"
                    "*** IR Pass PassManager<Function> on f ignored ***\n"
                    "*** IR Dump After LICMPass on loop %for.body in function f ***\n\n; Preheader:\n  br label "
                    "%3\n\n; Loop:\n3:\n  br label %3\n" +
                    "*** IR Dump After GVNPass on g ***\n" + Fn("g", "ret i32 7") +
                    "*** IR Dump After GlobalDCEPass on [module] (invalidated) ***\n" + start;
  DumpListing l = ReadLlvmLog("c.log", log);
  CHECK(Names(l) == std::vector<std::string>{"frontend", "SROAPass", "LICMPass", "GVNPass", "GlobalDCEPass"});
  CHECK(Text(l.frontend) == start);
  CHECK(l.passes[0].unchanged);  // omitted: a no-op
  CHECK(l.passes[0].unit_keys == std::vector<std::string>{"f"});
  CHECK(l.passes[0].notes == std::vector<std::string>{"no change on f (-print-changed omitted the dump)"});
  // A loop pass: its snapshot is the loop's blocks, never a function.
  CHECK(l.passes[1].unit == IrUnit::kLoop);
  CHECK(l.passes[1].file.load() == "; Preheader:\n  br label %3\n\n; Loop:\n3:\n  br label %3\n");
  CHECK(l.passes[1].notes ==
        std::vector<std::string>{
            "PassManager<Function> on f: ignored (a -print-changed line: not a pass that changed the IR)",
            "a loop pass on loop %for.body in function f: a loop dump holds only the loop's blocks, "
            "shown against the same blocks as they stood before it; the function shows the change "
            "at its next dump"});
  CHECK(l.passes[1].unit_keys == std::vector<std::string>{"loop %for.body in function f", "f"});
  CHECK(l.passes[2].file.load().find("ret i32 7") != std::string::npos);
  CHECK(l.passes[3].unit == IrUnit::kWhole);
  CHECK(l.passes[3].notes == std::vector<std::string>{"the pass invalidated [module]: the module is shown"});

  TempDir t;
  nlohmann::json p = Convert(t, log);
  const nlohmann::json& e = p["entries"];
  REQUIRE(e.size() == 5);
  // The loop's first dump against its blocks as f stands (its entry block; block 3 is new); the function
  // pass after it against the function, not the loop.
  CHECK(e[2]["unit"] == "loop");
  CHECK(test::SnapshotText(p, e[2]["before"]) == "; Preheader:\n  ret i32 1\n\n; Loop:\n");
  CHECK(test::SnapshotText(p, e[3]["before"]) == Fn("g", "ret i32 2"));
  CHECK(test::SnapshotText(p, e[3]["after"]) == Fn("g", "ret i32 7"));
}

TEST_CASE("llvm_log: a loop's previous dump in its run is found by its header, not by its name", "[llvm_log]") {
  auto loop = [](const char* header, int x) {
    return std::string("\n; Preheader:\n  br label %") + header + "\n\n; Loop:\n" + header + ":\n  %x = add i32 " +
           std::to_string(x) + ", 1\n";
  };
  std::string log = "; *** IR Dump After A on [module] ***\n" + Module(Fn("f", "ret i32 1"), Fn("g", "ret i32 2")) +
                    "; *** IR Dump After L1 on loop %<unnamed loop> in function f ***\n" + loop("inner", 1) +
                    "; *** IR Dump After L1 on loop %<unnamed loop> in function f ***\n" + loop("outer", 2) +
                    "; *** IR Dump After L2 on loop %<unnamed loop> in function f ***\n" + loop("outer", 3) +
                    "; *** IR Dump After L3 on loop %<unnamed loop> in function f ***\n" + loop("outer", 3);
  DumpListing l = ReadLlvmLog("l.log", log);
  REQUIRE(l.passes.size() == 5);
  CHECK(l.passes[1].unit_keys == std::vector<std::string>{"loop %<unnamed loop> in function f", "f"});
  CHECK(l.passes[2].unit_keys == l.passes[1].unit_keys);
  CHECK(l.passes[4].unchanged);  // byte for byte the loop's dump just before
  TempDir t;
  nlohmann::json p = Convert(t, log);
  const nlohmann::json& e = p["entries"];
  // The outer loop's first dump is not read against the inner loop's blocks; its second against its first.
  CHECK(test::SnapshotText(p, e[3]["before"]).find("inner:") == std::string::npos);
  CHECK(e[4]["before"] == e[3]["after"]);  // the very snapshot: nothing else changed its blocks since
  CHECK(e[4]["status"] == "changed");
  CHECK(e[5]["status"] == "noop");
  CHECK(test::SnapshotText(p, e[4]["after"]).find("add i32 3") != std::string::npos);
}

TEST_CASE("llvm_log: only 'ignored' lines is no dump, trailing ones go on the last pass, a cut dump is noted",
          "[llvm_log]") {
  CHECK_THROWS_WITH(ReadLlvmLog("i.log", "*** IR Pass PassManager<Function> on f ignored ***\n"),
                    "no LLVM IR dump in the log (only '*** IR Pass ... ignored' lines)");
  std::string start = Module(Fn("f", "ret i32 1"), Fn("g", "ret i32 2"));
  DumpListing l = ReadLlvmLog("c.log", "*** IR Dump At Start ***\n" + start + "*** IR Dump After A on f ***\n" +
                                           Fn("f", "ret i32 3") + "*** IR Pass VerifierPass on [module] ignored ***\n");
  CHECK(l.notes.empty());
  CHECK(l.passes.back().notes.back() ==
        "VerifierPass on [module]: ignored (a -print-changed line: not a pass that changed the IR)");
  DumpListing cut =
      ReadLlvmLog("t.log", "*** IR Dump At Start ***\n" + start + "*** IR Dump After SROAPass on f ***\n" +
                               "define i32 @f() {\n  %1 = add i32 1, 2\n");
  CHECK(cut.passes.back().notes.back().rfind("the log ends inside its last dump", 0) == 0);
}

TEST_CASE("llvm_log: -print-changed=diff-quiet and =cdiff-quiet: each pass its diff's before side to its after side",
          "[llvm_log]") {
  // Without "At Start" the diffs have nothing to apply to: each pass is its own before and after.
  std::string log = "*** IR Dump After SROAPass on f ***\n \n-  %3 = alloca ptr\n+  %3 = load i32\n   ret i32 0\n";
  DumpListing l = ReadLlvmLog("d.log", log);
  REQUIRE(l.passes.size() == 1);
  REQUIRE(l.passes[0].before.has_value());
  auto text = [](const DumpFile& f) { return f.text ? *f.text : f.load(); };
  CHECK(text(*l.passes[0].before) == "\n  %3 = alloca ptr\n  ret i32 0\n");
  CHECK(text(l.passes[0].file) == "\n  %3 = load i32\n  ret i32 0\n");
  REQUIRE(l.passes[0].log_notes.size() >= 2);
  const DumpPass::LogNote& first = l.passes[0].log_notes.at(0);
  CHECK(first.text.find("prints no start and no define lines") != std::string::npos);
  CHECK(first.functions == std::vector<std::string>{"f"});
  std::string colour = "*** IR Dump After SROAPass on f ***\n\x1b[31m-  %3 = alloca ptr\x1b[0m\n";
  DumpListing c = ReadLlvmLog("d.log", colour);
  bool said = false;
  for (const DumpPass::LogNote& n : c.passes.at(0).log_notes)
    said = said || n.text.rfind("-print-changed=cdiff-quiet prints no start", 0) == 0;
  CHECK(said);
}

TEST_CASE("llvm_log: a log of before-dumps only", "[llvm_log]") {
  // "Before P on u" is P's own before; P's result is the next dump that prints u (issue 18 point 3).
  std::string log = "*** IR Dump Before A on [module] ***\n" + Module(Fn("f", "ret i32 0"), Fn("g", "ret i32 0")) +
                    "*** IR Dump Before B on f ***\n" + Fn("f", "ret i32 1") + "*** IR Dump Before C on g ***\n" +
                    Fn("g", "ret i32 5") + "*** IR Dump Before D on f ***\n" + Fn("f", "ret i32 2") +
                    "*** IR Dump Before E on g ***\n" + Fn("g", "ret i32 6");
  DumpListing l = ReadLlvmLog("b.log", log);
  // Each pass named from its own banner, the last ones too.
  CHECK(Names(l) == std::vector<std::string>{"frontend", "A", "B", "C", "D", "E"});
  // A (a module pass) is shown as far as the later dumps print the module: each function as the first of
  // them prints it (f as B's before-dump, g as C's), the module-level lines noted as not in the log.
  CHECK(l.passes[0].unit == IrUnit::kScc);
  CHECK(l.passes[0].unit_keys == std::vector<std::string>{"f", "g"});
  CHECK(l.passes[0].file.load().find("ret i32 1") != std::string::npos);
  CHECK(l.passes[0].file.load().find("ret i32 5") != std::string::npos);
  REQUIRE(!l.passes[0].log_notes.empty());
  CHECK(l.passes[0].log_notes.back().functions.empty());
  // B on f: from its own before-dump to the next dump of f (D's before), not to C's dump of g.
  REQUIRE(l.passes[1].before);
  CHECK(l.passes[1].before->load().find("ret i32 1") != std::string::npos);
  CHECK(l.passes[1].file.load().find("ret i32 2") != std::string::npos);
  CHECK(l.passes[1].unit_keys == std::vector<std::string>{"f"});
  // C on g: to E's before-dump of g.
  CHECK(l.passes[2].file.load().find("ret i32 6") != std::string::npos);
  // D and E: no later dump prints their unit.
  for (size_t k : {3, 4}) {
    CHECK(l.passes[k].unchanged);
    REQUIRE(!l.passes[k].log_notes.empty());
    CHECK(l.passes[k].log_notes[0].kind == "not_in_log");
    CHECK(l.passes[k].log_notes[0].text.rfind("its result is not in the log", 0) == 0);
    CHECK(l.passes[k].log_notes[0].functions == l.passes[k].unit_keys);
  }
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
  auto run = [&](const std::string& cmd) { test::Shell(t, cmd); };
  run("clang-19 -O0 -Xclang -disable-O0-optnone -emit-llvm -S p.c -o p.ll");
  run("opt-19 -O2 -print-after-all p.ll -o /dev/null 2>fs.log");
  run("opt-19 -O2 -print-after-all -print-module-scope p.ll -o /dev/null 2>ms.log");
  run("opt-19 -O2 -print-changed p.ll -o /dev/null 2>pc.log");
  DumpListing fs = ListInput(t / "fs.log", InputFormat::kAuto, {});
  DumpListing ms = ListInput(t / "ms.log", InputFormat::kAuto, {});
  DumpListing pc = ListInput(t / "pc.log", InputFormat::kAuto, {});
  for (DumpListing* l : {&fs, &ms, &pc}) ListAllPasses(l);
  REQUIRE(Names(fs) == Names(ms));
  CHECK(fs.passes.size() > 200);
  size_t loops = 0;
  for (const DumpPass& p : fs.passes) loops += p.unit == IrUnit::kLoop;
  CHECK(loops > 0);  // LoopInstSimplifyPass, LICMPass, ... on loop %<unnamed loop> in function sum
  // The module built around the function dumps is the module a module-scope log prints, at every module
  // pass that follows function passes, but for the attribute groups function passes add (module-level
  // lines a function-scope log shows only at the next module dump).
  auto without_attribute_groups = [](const std::string& text) {
    std::string out;
    for (const std::string& l : SplitKeepingBreaks(text)) {
      if (l.rfind("attributes #", 0) != 0) out += l;
    }
    return out;
  };
  REQUIRE(test::RunMain({t / "fs.log", "--no-compress", "-o", t / "fs.html"}).code == 0);
  REQUIRE(test::RunMain({t / "ms.log", "--no-compress", "-o", t / "ms.html"}).code == 0);
  nlohmann::json pf = test::PayloadOf(t / "fs.html"), pm = test::PayloadOf(t / "ms.html");
  REQUIRE(pf["entries"].size() == pm["entries"].size());
  size_t built = 0;
  for (size_t k = 1; k < pf["entries"].size(); ++k) {
    const nlohmann::json& e = pf["entries"][k];
    if (e.contains("unit") || !pf["snapshots"][e["before"].get<int>()].contains("lines")) continue;
    ++built;
    INFO("entry " << k << " " << e["name"]);
    CHECK(without_attribute_groups(test::SnapshotText(pf, e["before"])) ==
          without_attribute_groups(test::SnapshotText(pm, pm["entries"][k]["before"])));
  }
  CHECK(built > 0);
  // -print-changed: the start is the frontend; no-op passes cost nothing and are listed.
  CHECK(pc.frontend_label == "frontend");
  CHECK(pc.passes.size() + 1 >= fs.passes.size());
  test::CliResult r = test::RunMain({t / "pc.log", "-o", t / "pc.html"});
  CHECK(r.code == 0);
  run("opt-19 -O2 -print-changed=diff-quiet p.ll -o /dev/null 2>pcd.log");
  r = test::RunMain({t / "pcd.log", "-o", t / "pcd.html"});
  CHECK(r.code == 0);
  // From a pipe.
  test::RunResult p = test::Run(
      "opt-19 -O2 -print-after-all p.ll -o /dev/null 2>&1 | " + std::string(IRTRACE_BINARY) + " - -o piped.html",
      t.path());
  CHECK(p.exit_code == 0);
  CHECK(p.err.rfind("wrote piped.html: ", 0) == 0);
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("llvm_log: a log read as it is converted fails whole on a bad dump late in it, and keeps every entry",
          "[llvm_log]") {
  TempDir t;
  std::string start = Module(Fn("f", "ret i32 1"), Fn("g", "ret i32 2"));
  std::string log = "*** IR Dump At Start ***\n" + start;
  // Enough passes that the entries before the last are kept in the temporary file.
  for (int k = 0; k < 300; ++k) {
    log += "*** IR Dump After P" + std::to_string(k) + " on f ***\n" + Fn("f", k % 3 ? "ret i32 5" : "ret i32 6");
  }
  test::WriteFile(t / "ok.log", log);
  test::CliResult r = test::RunMain({t / "ok.log", "--no-compress", "--json", t / "s.json", "-o", t / "ok.html"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  nlohmann::json p = test::PayloadOf(t / "ok.html");
  REQUIRE(p["entries"].size() == 301);
  for (size_t k = 1; k < 301; ++k) CHECK(p["entries"][k]["num"] == k);
  CHECK(p["entries"][1]["unit_keys"] == nlohmann::json::array({"f"}));
  nlohmann::json s = nlohmann::json::parse(test::ReadFile(t / "s.json"));
  CHECK(s["dumps"][0]["counts"]["passes"] == 300);
  CHECK(s["dumps"][0]["counts"]["changed"] == 200);  // 6, 5, 5 in turn: two of three change f
  // A -print-changed=diff dump after IR dumps, no "At Start" (nothing it could apply to): exit 1, no
  // report, an earlier report kept.
  test::WriteFile(t / "bad.log", log.substr(log.find("*** IR Dump After P0")) +
                                     "*** IR Dump After SROAPass on f ***\n-  %3 = alloca ptr\n+  %3 = load i32\n");
  test::WriteFile(t / "bad.html", "earlier");
  r = test::RunMain({t / "bad.log", "-o", t / "bad.html"});
  CHECK(r.code == 1);
  CHECK(r.err.find(": a -print-changed=diff dump after IR dumps, with no '*** IR Dump At Start ***' before it") !=
        std::string::npos);
  CHECK(test::ReadFile(t / "bad.html") == "earlier");
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

// A banner names a function raw, the IR escapes it in quotes (@"a\22b" for a"b, @"\01-[Foo bar]" for an
// Objective-C method, @"\C3\A9" for é): the pass's unit is the function the module holds under that name.
TEST_CASE("llvm_log: functions with quoted and escaped names are the module's functions", "[llvm_log]") {
  TempDir t;
  std::string quote = Fn("\"a\\22b\"", "ret i32 1"), objc = Fn("\"\\01-[Foo bar]\"", "ret i32 2");
  std::string log = "*** IR Dump At Start ***\n" + Module(quote, objc) +
                    "*** IR Dump After InstCombinePass on a\"b ***\n; Function Attrs: nounwind\n" + quote +
                    "*** IR Dump After SROAPass on \x01-[Foo bar] ***\n" + Fn("\"\\01-[Foo bar]\"", "ret i32 3") +
                    "*** IR Dump After InstCombinePass on \xC3\xA9 ***\n" + Fn("\"\\C3\\A9\"", "ret i32 4") +
                    "*** IR Dump After InlinerPass on (a\\b, a\"b) ***\n" + Fn("\"a\\\\b\"", "ret i32 5") + "\n" +
                    quote + "*** IR Dump After GlobalDCEPass on [module] ***\n" + Module(quote, objc);
  DumpListing l = ReadLlvmLog("q.log", log);
  REQUIRE(l.passes.size() == 5);
  CHECK(l.passes[0].unit_keys == std::vector<std::string>{"a\\22b"});
  CHECK(l.passes[1].unit_keys == std::vector<std::string>{"\\01-[Foo bar]"});
  CHECK(l.passes[2].unit_keys == std::vector<std::string>{"\\C3\\A9"});
  CHECK(l.passes[3].unit_keys == std::vector<std::string>{"a\\\\b", "a\\22b"});
  nlohmann::json p = Convert(t, log);
  const nlohmann::json& e = p["entries"];
  CHECK(e[1]["ins"] == 0);  // the function as the module has it: no change
  CHECK(e[1]["del"] == 0);
  CHECK(e[2]["ins"] == 1);  // ret i32 2 -> ret i32 3
  CHECK(e[2]["del"] == 1);
  // The module view before the module pass: the module with the functions dumped since put in their place
  // (the SCC's new function after the module's), nothing added for a name it did not find.
  std::string module = Module(quote, Fn("\"\\01-[Foo bar]\"", "ret i32 3"));
  module.insert(module.find("\nattributes"),
                "\n" + Fn("\"\\C3\\A9\"", "ret i32 4") + "\n" + Fn("\"a\\\\b\"", "ret i32 5"));
  CHECK(test::SnapshotText(p, e[5]["before"]) == module);
}

// A function dump's snapshot is read back from the log by its range only where that range is its text: a
// -print-pass-numbers line inside a dump (dropped from its text) makes the reader hold the text instead.
TEST_CASE("llvm_log: a dump with a pass-number line inside it loads without that line", "[llvm_log]") {
  std::string f1 = Fn("f", "ret i32 1"), f2 = Fn("f", "ret i32 2"), f3 = Fn("f", "ret i32 3");
  std::string log = "; *** IR Dump After InstCombinePass on f ***\n" + f1 + " Running pass 7 SROAPass on f\n" +
                    "; *** IR Dump After SROAPass on f ***\n Running pass 8 GVNPass on f\n" + f2 +
                    "; *** IR Dump After GVNPass on f ***\ndefine i32 @f() {\n Running pass 9 X on f\n  ret i32 3\n}\n";
  DumpListing l = ReadLlvmLog("o.log", log);
  REQUIRE(l.passes.size() == 3);
  CHECK(l.passes[0].file.load() == f1);
  CHECK(l.passes[1].file.load() == f2);
  CHECK(l.passes[2].file.load() == f3);
  CHECK(l.passes[2].file.load_bytes == f3.size());
}

}  // namespace
}  // namespace irtrace
