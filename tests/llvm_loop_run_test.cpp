// The function after a run of loop passes in a -print-before-all -print-after-all log
// (input/llvm_before_after.h FunctionAfterLoops, driver/unit_tracks.h ShowFunctionAfterLoops): a loop dump
// prints only the loop, but the next function pass's before-dump prints the function whole as the loop
// passes left it; the last loop pass shows that, never the function pass whose before-dump it is. By hand on
// a small log, then on real opt-19 -O3 output against the module-scope log of the same run.
#include <catch2/catch.hpp>

#include <array>
#include <filesystem>
#include <map>
#include <regex>
#include <string>

#include "cli_in_process.h"
#include "input/input_format.h"
#include "input/snapshot.h"
#include "llvm_truth_run.h"
#include "payload_json.h"
#include "test_util.h"

namespace irtrace {
namespace {

std::string Joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

// f with guard compare `bound` (a block no loop dump prints) and loop store value `stored`.
std::string Function(const std::string& bound, const std::string& stored) {
  return "define void @f(ptr %a, i32 %n) {\n"
         "start:\n"
         "  %z = icmp sgt i32 %n, " +
         bound +
         "\n"
         "  br i1 %z, label %ph, label %exit\n"
         "\n"
         "ph:                                               ; preds = %start\n"
         "  br label %loop\n"
         "\n" +
         std::string("loop:                                             ; preds = %loop, %ph\n") +
         "  %i = phi i32 [ 0, %ph ], [ %i.next, %loop ]\n"
         "  %i.next = add i32 %i, 1\n"
         "  store i32 " +
         stored +
         ", ptr %a, align 4\n"
         "  %c = icmp slt i32 %i.next, %n\n"
         "  br i1 %c, label %loop, label %exit\n"
         "\n"
         "exit:                                             ; preds = %loop, %start\n"
         "  ret void\n"
         "}\n";
}

// f's loop as a loop dump prints it (preheader, loop, exit blocks), its store's value `stored`.
std::string Loop(const std::string& stored) {
  return "\n; Preheader:\n"
         "ph:                                               ; preds = %start\n"
         "  br label %loop\n"
         "\n; Loop:\n"
         "loop:                                             ; preds = %loop, %ph\n"
         "  %i = phi i32 [ 0, %ph ], [ %i.next, %loop ]\n"
         "  %i.next = add i32 %i, 1\n"
         "  store i32 " +
         stored +
         ", ptr %a, align 4\n"
         "  %c = icmp slt i32 %i.next, %n\n"
         "  br i1 %c, label %loop, label %exit\n"
         "\n; Exit blocks\n"
         "exit:                                             ; preds = %loop, %start\n"
         "  ret void\n";
}

std::string Dumps(const std::string& when, const std::string& pass, const std::string& unit, const std::string& text) {
  return "; *** IR Dump " + when + " " + pass + " on " + unit + " ***\n" + text;
}

// Before and after dumps of `pass` on `unit`, printing `before` and `after`.
std::string Ran(const std::string& pass, const std::string& unit, const std::string& before, const std::string& after) {
  return Dumps("Before", pass, unit, before) + Dumps("After", pass, unit, after);
}

const char* kLoopUnit = "loop %loop in function f";

// A log: a module pass, then LCSSA on f, the loop passes `loops` (each pass's name, the loop's store value
// before and after it), and SimplifyCFG on f whose before- (and after-) dump prints f with guard bound 1
// and the last loop store value (the loop passes changed the guard, which no loop dump prints).
std::string Log(const std::vector<std::array<std::string, 3>>& loops) {
  std::string module = "; ModuleID = 'p.ll'\nsource_filename = \"p.ll\"\n\n" + Function("0", "%i");
  std::string log = Ran("Annotation2MetadataPass", "[module]", module, module);
  log += Ran("LCSSAPass", "f", Function("0", "%i"), Function("0", "%i"));
  for (const auto& [pass, before, after] : loops) log += Ran(pass, kLoopUnit, Loop(before), Loop(after));
  std::string shown = Function("1", loops.back()[2]);
  log += Ran("SimplifyCFGPass", "f", shown, shown);
  return log;
}

nlohmann::json Converted(const test::TempDir& t, const std::string& log) {
  test::WriteFile(t / "ba.log", log);
  test::CliResult r = test::RunMain({t / "ba.log", "--no-compress", "-o", t / "ba.html"});
  REQUIRE(r.code == 0);
  return test::PayloadOf(t / "ba.html");
}

// The notes of entry `e` on function `key`.
std::vector<nlohmann::json> NotesOn(const nlohmann::json& e, const std::string& key) {
  std::vector<nlohmann::json> out;
  if (!e.contains("log_notes")) return out;
  for (const nlohmann::json& n : e["log_notes"])
    if (n.contains("functions") && n["functions"] == nlohmann::json::array({key})) out.push_back(n);
  return out;
}

TEST_CASE("llvm_loop_run: the last loop pass shows the function as the next function pass's before-dump prints it",
          "[llvm_loop_run]") {
  test::TempDir t;
  // LoopRotate changes the loop (printed) and the guard (not printed); SimpleLoopUnswitch's dump is its
  // before-dump: the splice shows the old guard, the before-dump of SimplifyCFG the new one.
  nlohmann::json p =
      Converted(t, Log({{"LoopRotatePass", "%i", "%i.next"}, {"SimpleLoopUnswitchPass", "%i.next", "%i.next"}}));
  const nlohmann::json& entries = p["entries"];
  REQUIRE(entries.size() == 6);  // the input, the module pass, LCSSA, the two loop passes, SimplifyCFG
  const nlohmann::json& unswitch = entries[4];
  REQUIRE(unswitch["name"] == "SimpleLoopUnswitchPass");
  CHECK(unswitch["status"] == "noop");  // its own dumps: the loop as it was
  REQUIRE(unswitch.contains("function_after"));
  CHECK(Joined(test::SnapshotLines(p, unswitch["function_after"].get<int>())) == Function("1", "%i.next"));
  // Which of the two loop passes changed the guard the log does not show: a note on f names both.
  std::vector<nlohmann::json> notes = NotesOn(unswitch, "f");
  bool run_note = false;
  for (const nlohmann::json& n : notes) {
    if (n["text"].get<std::string>().find("as the next dump (a before-dump) prints it whole") == std::string::npos)
      continue;
    run_note = true;
    CHECK(n["from"] == nlohmann::json::array({3}));  // LoopRotate's entry (the note is unswitch's own)
  }
  CHECK(run_note);
  // The function pass whose before-dump showed it changed nothing: its own two dumps are equal.
  const nlohmann::json& cfg = entries[5];
  REQUIRE(cfg["name"] == "SimplifyCFGPass");
  CHECK(cfg["status"] == "noop");
}

TEST_CASE("llvm_loop_run: one loop pass gets the function whole, with no note on which pass changed it",
          "[llvm_loop_run]") {
  test::TempDir t;
  nlohmann::json p = Converted(t, Log({{"LoopRotatePass", "%i", "%i.next"}}));
  const nlohmann::json& rotate = p["entries"][3];
  REQUIRE(rotate["name"] == "LoopRotatePass");
  CHECK(rotate["status"] == "changed");
  REQUIRE(rotate.contains("function_after"));
  CHECK(Joined(test::SnapshotLines(p, rotate["function_after"].get<int>())) == Function("1", "%i.next"));
  for (const nlohmann::json& n : NotesOn(rotate, "f"))
    CHECK(n["text"].get<std::string>().find("as the next dump (a before-dump)") == std::string::npos);
}

// Function `fn` as the module view after entry `k` of payload `p` shows it (15_payload.js moduleView): the
// latest entry up to k holding it, a function or SCC entry's snapshot, a loop entry's function_after, or the
// module; "" when none does.
std::string ShownAfter(const nlohmann::json& p, size_t k, const std::string& fn) {
  for (size_t j = k + 1; j-- > 1;) {
    const nlohmann::json& e = p["entries"][j];
    std::string unit = e.value("unit", "");
    int snap = unit == "loop" ? e.value("function_after", -1) : e["after"].get<int>();
    if (snap < 0 || unit == "machine") continue;
    auto fns = test::FunctionsOf(Joined(test::SnapshotLines(p, snap)));
    if (fns.count(fn)) return fns.at(fn);
  }
  return "";
}

// A loop whose invariant test SimpleLoopUnswitch hoists, one LoopRotate guards outside its blocks.
const char* kProgram =
    "void flip(int *a, int n, int c) { for (int i = 0; i < n; i++) { if (c) a[i] += 1; else a[i] -= 2; } }\n"
    "float saxpy(float *restrict y, const float *restrict x, float a, int n) {\n"
    "  for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];\n"
    "  return y[0];\n"
    "}\n";

TEST_CASE("llvm_loop_run: with opt-19 -O3, every loop pass before a function pass's before-dump shows the truth",
          "[llvm_loop_run][truth]") {
  test::TempDir t;
  test::TruthRun run = test::RunWithTruth(t, kProgram, "-O3", "-print-before-all -print-after-all", "ba.log");
  const nlohmann::json& p = run.payload;
  const nlohmann::json& entries = p["entries"];
  REQUIRE(entries.size() == run.truth.passes.size() + 1);
  const std::vector<std::string> modules = test::ModulesAfter(run.truth);
  size_t checked = 0, unswitch = 0;
  for (size_t k = 1; k + 1 < entries.size(); ++k) {
    const nlohmann::json& e = entries[k];
    const nlohmann::json& next = entries[k + 1];
    // A loop pass whose next pass is a function pass on its function: that pass's before-dump follows.
    if (e.value("unit", "") != "loop" || next.value("unit", "") != "function") continue;
    auto whole = test::FunctionsOf(modules[k - 1]);
    std::string fn = next["unit_keys"][0].get<std::string>();
    INFO("pass " << k << " " << e["name"] << " on " << fn);
    // The function after it as the module view shows it (its own function_after, else an earlier one's).
    CHECK(ShownAfter(p, k, fn) == whole.at(fn));
    ++checked;
    unswitch += e["name"] == "SimpleLoopUnswitchPass";
  }
  CHECK(checked > 2);
  CHECK(unswitch > 0);
}

}  // namespace
}  // namespace irtrace
