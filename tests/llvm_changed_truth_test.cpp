// -print-changed's own rules and several compilations in one LLVM log, on real opt 19 / clang 19 output of
// C programs generated here (input/llvm_log_notes.h, input/llvm_log_parts.h).
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <sstream>

#include "cli_in_process.h"
#include "input/input_format.h"
#include "input/llvm_log_notes.h"
#include "input/llvm_log_parts.h"
#include "payload_json.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::Shell;
using test::TempDir;

// A loop LoopFullUnrollPass unrolls whole (it invalidates the loop), a static helper the inliner inlines
// into its one caller and deletes, a loop LICM and LoopRotate act on.
const char* kProgram =
    "static int sq(int x) { return x * x + 1; }\n"
    "int unroll4(const int *v) { int s = 0; for (int i = 0; i < 4; i++) s += v[i] * (i + 1); return s; }\n"
    "int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i] * sq(i); return s; }\n";

void Compile(const TempDir& dir, const char* name, const char* program) {
  REQUIRE(std::filesystem::exists("/usr/bin/clang-19"));
  REQUIRE(std::filesystem::exists("/usr/bin/opt-19"));
  test::WriteFile(dir / name, program);
}

std::vector<std::string> PassNames(const std::string& log) {
  DumpListing l = ListInput(log, InputFormat::kAuto, {});
  ListAllPasses(&l);
  std::vector<std::string> out;
  for (const DumpPass& p : l.passes) out.push_back(p.pass_name);
  return out;
}

TEST_CASE("llvm_changed: an 'invalidated' pass of -print-changed stays in the pass list, its function noted",
          "[llvm_changed]") {
  TempDir t;
  Compile(t, "p.c", kProgram);
  Shell(t, "clang-19 -O2 -Xclang -disable-llvm-passes -S -emit-llvm p.c -o p.ll");
  Shell(t, "opt-19 -O2 -print-changed p.ll -o /dev/null 2>pc.log");
  Shell(t, "opt-19 -O2 -print-after-all -print-module-scope p.ll -o /dev/null 2>ms.log");
  // The log says "*** IR Pass LoopFullUnrollPass invalidated ***" (no unit), and a pass manager's too.
  std::string log = test::ReadFile(t / "pc.log");
  REQUIRE(log.find("*** IR Pass LoopFullUnrollPass invalidated ***") != std::string::npos);
  CHECK(PassNames(t / "pc.log") == PassNames(t / "ms.log"));

  DumpListing l = ListInput(t / "pc.log", InputFormat::kAuto, {});
  ListAllPasses(&l);
  const DumpPass* inv = nullptr;
  for (const DumpPass& p : l.passes)
    if (p.pass_name == "LoopFullUnrollPass" && p.unit_keys == std::vector<std::string>{"unroll4"}) inv = &p;
  REQUIRE(inv != nullptr);
  bool noted = false;
  for (const DumpPass::LogNote& n : inv->log_notes)
    noted = noted || (n.kind == "not_in_log" && n.functions == std::vector<std::string>{"unroll4"});
  CHECK(noted);
}

TEST_CASE("llvm_changed: what function dumps cannot show is noted on every pass until a dump prints it",
          "[llvm_changed]") {
  TempDir t;
  Compile(t, "p.c", kProgram);
  Shell(t, "clang-19 -O2 -Xclang -disable-llvm-passes -S -emit-llvm p.c -o p.ll");
  Shell(t, "opt-19 -O2 -print-changed p.ll -o /dev/null 2>pc.log");
  DumpListing l = ListInput(t / "pc.log", InputFormat::kAuto, {});
  ListAllPasses(&l);
  // The inliner's SCC pass on (sum) inlines sq and deletes it; no dump prints that until a module dump
  // that changed: every pass from the inliner's up to it (or the end) says sq is shown as printed last.
  size_t inliner = 0, module_after = l.passes.size();
  for (size_t k = 0; k < l.passes.size(); ++k) {
    const DumpPass& p = l.passes[k];
    if (!inliner && p.pass_name == "InlinerPass" && !p.unchanged && p.unit == IrUnit::kScc &&
        p.unit_keys == std::vector<std::string>{"sum"}) {
      inliner = k;
    } else if (inliner && module_after == l.passes.size() && p.unit == IrUnit::kWhole && !p.unchanged) {
      module_after = k;
    }
  }
  REQUIRE(inliner > 0);
  auto covers = [](const DumpPass& p, const std::string& key) {
    for (const DumpPass::LogNote& n : p.log_notes)
      for (const std::string& f : n.functions)
        if (f == key) return true;
    return false;
  };
  for (size_t k = inliner; k < module_after; ++k) {
    INFO(k << " " << l.passes[k].pass_name);
    CHECK(covers(l.passes[k], "sq"));
  }
  if (module_after + 1 < l.passes.size()) CHECK_FALSE(covers(l.passes[module_after + 1], "sq"));
  // Module-level lines: every pass after a changed function pass, up to a module dump, says they are stale.
  for (size_t k = 0; k < l.passes.size(); ++k) {
    const DumpPass& p = l.passes[k];
    if (p.unit != IrUnit::kFunction || p.unchanged || k + 1 >= l.passes.size()) continue;
    bool top = false;
    for (const DumpPass::LogNote& n : l.passes[k + 1].log_notes) top = top || n.functions.empty();
    CHECK(top);
    break;
  }
}

// Per -print-changed banner with IR ("*** IR Dump After P on u ***", not "omitted because no change"): in
// the log's order, whether LLVM printed the pass's unit as changed.
std::vector<std::pair<std::string, bool>> PrintedChanged(const std::string& log) {
  std::vector<std::pair<std::string, bool>> out;
  std::istringstream in(log);
  const std::string after = "*** IR Dump After ", omitted = " omitted because no change ***";
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(after, 0) != 0) continue;
    bool o = line.size() > omitted.size() && line.compare(line.size() - omitted.size(), omitted.size(), omitted) == 0;
    out.emplace_back(line, !o);
  }
  return out;
}

TEST_CASE("llvm_changed: every pass -print-changed prints as changed is changed in the report, loop passes too",
          "[llvm_changed]") {
  TempDir t;
  Compile(t, "p.c", kProgram);
  Shell(t, "clang-19 -O2 -Xclang -disable-llvm-passes -S -emit-llvm p.c -o p.ll");
  for (const char* form : {"-print-changed", "-print-changed=quiet"}) {
    INFO(form);
    Shell(t, std::string("opt-19 -O2 ") + form + " p.ll -o /dev/null 2>pc.log");
    std::vector<std::pair<std::string, bool>> printed = PrintedChanged(test::ReadFile(t / "pc.log"));
    size_t loops = 0;
    for (const auto& [banner, changed] : printed) loops += changed && banner.find(" on loop %") != std::string::npos;
    REQUIRE(loops > 0);  // LoopRotate, IndVarSimplify, LICM print their loops
    test::CliResult r = test::RunMain({t / "pc.log", "--no-compress", "-o", t / "pc.html"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    nlohmann::json p = test::PayloadOf(t / "pc.html");
    // Entry 0 is the start (=quiet: the empty first entry); the invalidated passes are entries of their own.
    std::vector<const nlohmann::json*> passes;
    for (const nlohmann::json& e : p["entries"])
      if (e.value("name", "").rfind("LoopFullUnrollPass", 0) != 0 || e.value("unit", "") != "function" ||
          !e.contains("notes") || e["notes"].dump().find("invalidated") == std::string::npos)
        passes.push_back(&e);
    passes.erase(passes.begin());
    REQUIRE(passes.size() == printed.size());
    for (size_t k = 0; k < printed.size(); ++k) {
      INFO(printed[k].first);
      CHECK(passes[k]->at("name") == printed[k].first.substr(18, printed[k].first.find(" on ") - 18));
      CHECK((passes[k]->at("status") == "changed") == printed[k].second);
    }
  }
}

TEST_CASE("llvm_changed: pass managers' 'invalidated' lines are no passes, and discardable linkages",
          "[llvm_changed]") {
  CHECK(LlvmLogNotes::PassManagerName(
      "PassManager<Loop, LoopAnalysisManager, LoopStandardAnalysisResults &, LPMUpdater &>"));
  CHECK(LlvmLogNotes::PassManagerName("FunctionToLoopPassAdaptor"));
  CHECK(LlvmLogNotes::PassManagerName("ModuleInlinerWrapperPass"));
  CHECK_FALSE(LlvmLogNotes::PassManagerName("LoopFullUnrollPass"));
  CHECK_FALSE(LlvmLogNotes::PassManagerName("RequireAnalysisPass<llvm::GlobalsAA, llvm::Module>"));
  CHECK(LlvmLogNotes::Discardable("define internal fastcc i32 @sq(i32 noundef %0) unnamed_addr #1 {"));
  CHECK(LlvmLogNotes::Discardable("define linkonce_odr dso_local void @f() #0 comdat {"));
  CHECK_FALSE(LlvmLogNotes::Discardable("define dso_local i32 @sum(ptr %0, i32 %1) #0 {"));
  CHECK_FALSE(LlvmLogNotes::Discardable("define dso_local i32 @internal(i32 %0) #0 {"));
}

TEST_CASE("llvm_changed: =diff-quiet and =cdiff-quiet: the passes =quiet prints, each its diff's two sides",
          "[llvm_changed]") {
  TempDir t;
  Compile(t, "p.c", kProgram);
  Shell(t, "clang-19 -O2 -Xclang -disable-llvm-passes -S -emit-llvm p.c -o p.ll");
  Shell(t, "opt-19 -O2 -print-changed=quiet p.ll -o /dev/null 2>q.log");
  Shell(t, "opt-19 -O2 -print-changed=diff-quiet p.ll -o /dev/null 2>dq.log");
  Shell(t, "opt-19 -O2 -print-changed=cdiff-quiet p.ll -o /dev/null 2>cdq.log");
  // =diff compares functions' bodies only: its passes are those of =quiet that changed a body, in order
  // (PostOrderFunctionAttrsPass, which changes attributes only, is "omitted").
  std::vector<std::string> quiet = PassNames(t / "q.log"), dq = PassNames(t / "dq.log");
  CHECK(PassNames(t / "cdq.log") == dq);
  size_t at = 0;
  for (const std::string& n : dq) {
    while (at < quiet.size() && quiet[at] != n) ++at;
    CHECK(at < quiet.size());
    ++at;
  }
  CHECK(dq.size() > 10);
  DumpListing l = ListInput(t / "dq.log", InputFormat::kAuto, {});
  ListAllPasses(&l);
  for (const DumpPass& p : l.passes) {
    INFO(p.number << " " << p.pass_name);
    if (p.unchanged && !p.before) continue;  // an invalidated pass: no IR printed
    REQUIRE(p.before.has_value());
    // The sides hold only what LLVM printed: no define line, no module-level line.
    std::string after = p.file.text ? *p.file.text : p.file.load();
    CHECK(after.find("define ") == std::string::npos);
    CHECK(after.find("; ModuleID") == std::string::npos);
    CHECK(after != (p.before->text ? *p.before->text : p.before->load()));
    bool said = false;
    for (const DumpPass::LogNote& n : p.log_notes) said = said || n.text.find("prints no start") != std::string::npos;
    CHECK(said);
  }
  test::CliResult r = test::RunMain({t / "cdq.log", "-o", t / "cdq.html"});
  INFO(r.err);
  CHECK(r.code == 0);
}

TEST_CASE("llvm_log_parts: a ModuleID naming another module starts a compilation", "[llvm_log_parts]") {
  std::string text =
      "; *** IR Dump After Annotation2MetadataPass on [module] ***\n; ModuleID = 'a.c'\ndefine void @f() {\n}\n"
      "; *** IR Dump After InstCombinePass on f ***\ndefine void @f() {\n}\n"
      "; *** IR Dump After GlobalOptPass on [module] ***\n; ModuleID = 'a.c'\n\n"
      "; *** IR Dump After Annotation2MetadataPass on [module] ***\n; ModuleID = 'b.c'\n"
      "; *** IR Dump After Annotation2MetadataPass on [module] ***\n; ModuleID = 'a.c'\n";
  std::vector<LlvmLogPart> parts = LlvmLogParts(*LogText::InMemory(text, "t.log"));
  REQUIRE(parts.size() == 3);
  CHECK(parts[0].name == "a.c");
  CHECK(parts[0].first_line == 2);
  CHECK(parts[1].name == "b.c");
  CHECK(parts[1].first_line == 12);
  CHECK(text.substr(parts[1].begin, 18) == "; ModuleID = 'b.c'");
  CHECK(parts[2].name == "part_3");  // a.c again
  CHECK(LlvmLogParts(*LogText::InMemory(text.substr(0, text.find("; *** IR Dump After Annotation2MetadataPass on "
                                                                 "[module] ***\n; ModuleID = 'b.c'")),
                                        "t.log"))
            .empty());
  CHECK(ModuleIdOf("; ModuleID = 'x y.c'") == std::optional<std::string>("x y.c"));
  CHECK(ModuleIdOf("; ModuleID = x") == std::nullopt);
}

TEST_CASE("llvm_log_parts: clang -c a.c b.c -mllvm -print-after-all is two reports", "[llvm_log_parts]") {
  TempDir t;
  Compile(t, "a.c", "int twice(int x) { return 2 * x; }\n");
  Compile(t, "b.c", "int thrice(int x) { return 3 * x; }\nint nine(int x) { return thrice(thrice(x)); }\n");
  Shell(t, "clang-19 -O2 -c a.c b.c -mllvm -print-after-all 2>two.log");
  CHECK(InputParts(t / "two.log", InputFormat::kAuto) == std::vector<std::string>{"a.c", "b.c"});

  test::CliResult one = test::RunMain({t / "two.log", "-o", t / "r.html"});
  CHECK(one.code == 2);
  CHECK(one.err.find("holds 2 reports (a.c, b.c): -o DIR/ writes one each") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(t / "r.html"));

  test::CliResult each = test::RunMain({t / "two.log", "--no-compress", "-o", t / "out/"});
  INFO(each.err);
  REQUIRE(each.code == 0);
  std::set<std::string> reports;
  for (const auto& e : std::filesystem::directory_iterator(t / "out"))
    if (e.path().extension() == ".html" && e.path().filename() != "index.html") reports.insert(e.path().string());
  REQUIRE(reports.size() == 2);
  // Each report holds its own compilation: its first pass the frontend's Annotation2MetadataPass, its
  // functions its file's only.
  for (const std::string& r : reports) {
    nlohmann::json p = test::PayloadOf(r);
    std::string text = p.dump();
    bool a = text.find("@twice") != std::string::npos, b = text.find("@thrice") != std::string::npos;
    CHECK(a != b);
    CHECK(p["entries"][1]["name"] == "Annotation2MetadataPass");
  }
}

}  // namespace
}  // namespace irtrace
