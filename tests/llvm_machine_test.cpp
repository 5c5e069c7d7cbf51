#include "input/llvm_machine.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>

#include "cli_in_process.h"
#include "input/input_format.h"
#include "payload_json.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::TempDir;

TEST_CASE("llvm_machine: legacy IR and machine banners, as clang-19 and llc-19 print them", "[llvm_machine]") {
  std::optional<BackendBanner> b = ParseBackendBanner("*** IR Dump After ObjC ARC contraction (objc-arc-contract) ***");
  REQUIRE(b);
  CHECK(b->pass == "ObjC ARC contraction (objc-arc-contract)");
  CHECK_FALSE(b->machine);
  CHECK_FALSE(b->before);
  b = ParseBackendBanner("# *** IR Dump After X86 DAG->DAG Instruction Selection (x86-isel) ***:\r");
  REQUIRE(b);
  CHECK(b->pass == "X86 DAG->DAG Instruction Selection (x86-isel)");
  CHECK(b->machine);
  b = ParseBackendBanner("# *** IR Dump Before Greedy Register Allocator (greedy) ***:");
  REQUIRE(b);
  CHECK(b->before);
  // Parentheses inside the name; -print-module-scope's unit after the banner.
  b = ParseBackendBanner(
      "*** IR Dump After Instrument function entry/exit with calls to e.g. mcount() (post inlining) "
      "(post-inline-ee-instrument) ***");
  REQUIRE(b);
  CHECK(b->pass ==
        "Instrument function entry/exit with calls to e.g. mcount() (post inlining) (post-inline-ee-instrument)");
  b = ParseBackendBanner("*** IR Dump After Expand large div/rem (expand-large-div-rem) *** (function: sum)");
  REQUIRE(b);
  CHECK(b->pass == "Expand large div/rem (expand-large-div-rem)");
  b = ParseBackendBanner("*** IR Dump After Loop Strength Reduction (loop-reduce) *** (loop: %33)");
  REQUIRE(b);
  CHECK(b->pass == "Loop Strength Reduction (loop-reduce)");
  // The new pass manager's banners are not the backend's (-print-changed writes them without "; ").
  CHECK_FALSE(ParseBackendBanner("; *** IR Dump After SROAPass on sq ***"));
  CHECK_FALSE(ParseBackendBanner("*** IR Dump After SROAPass on sq ***"));
  CHECK_FALSE(ParseBackendBanner("*** IR Dump After PostOrderFunctionAttrsPass on (sum) ***"));
  CHECK_FALSE(ParseBackendBanner("*** IR Dump After InstCombinePass on f (invalidated) ***"));
  CHECK_FALSE(ParseBackendBanner("*** IR Dump After SROAPass on sq omitted because no change ***"));
  CHECK_FALSE(ParseBackendBanner("*** IR Dump At Start ***"));
  CHECK_FALSE(ParseBackendBanner("# Machine code for function sq: IsSSA, TracksLiveness"));
  CHECK_FALSE(ParseBackendBanner("# End machine code for function sq."));

  CHECK(MachineFunctionOf("# Machine code for function sq: IsSSA, TracksLiveness\nbb.0:\n") == "sq");
  CHECK(MachineFunctionOf("\n# Machine code for function _ZN1a1bEv: NoPHIs\n") == "_ZN1a1bEv");
  CHECK_FALSE(MachineFunctionOf("bb.0:\n  RET 0\n"));
}

// Real clang-19 output of a whole compile (-c), and llc-19's (Debian clang-19 and llvm-19).
TEST_CASE("llvm_machine: a whole compile's backend is passes in phase backend, a machine pass per function",
          "[llvm_machine]") {
  REQUIRE(std::filesystem::exists("/usr/bin/clang-19"));
  REQUIRE(std::filesystem::exists("/usr/bin/llc-19"));
  TempDir t;
  test::WriteFile(t / "x.c",
                  "int sq(int x) { return x * x; }\n"
                  "int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += sq(a[i]); return s; }\n");
  auto run = [&](const std::string& cmd) { test::Shell(t, cmd); };
  run("clang-19 -O2 -c x.c -o /dev/null -mllvm -print-after-all 2>c.log");
  run("clang-19 -O2 -c x.c -o /dev/null -mllvm -print-after-all -mllvm -print-module-scope 2>cm.log");
  DumpListing fs = ListInput(t / "c.log", InputFormat::kAuto, {});
  DumpListing ms = ListInput(t / "cm.log", InputFormat::kAuto, {});
  ListAllPasses(&fs);
  ListAllPasses(&ms);
  std::vector<std::string> names, module_names;
  for (const DumpPass& p : fs.passes) names.push_back(p.pass_name);
  for (const DumpPass& p : ms.passes) module_names.push_back(p.pass_name);
  CHECK(names == module_names);  // the same passes, whatever the scope
  std::map<std::string, size_t> machine_of;  // function -> its machine passes
  size_t legacy_functions = 0, legacy_loops = 0, first_backend = 0;
  for (const DumpPass& p : fs.passes) {
    bool backend = p.pass_name.back() == ')';  // every legacy and machine name ends with its argument
    if (backend && !first_backend) first_backend = p.number;
    INFO(p.number << " " << p.pass_name);
    CHECK((p.phase == kBackendPhase) == (first_backend && p.number >= first_backend));
    if (p.unit == IrUnit::kMachine) {
      REQUIRE(p.unit_keys.size() == 1);
      ++machine_of[p.unit_keys[0]];
      CHECK(p.file.extension == "mir");
    }
    if (backend && p.unit == IrUnit::kFunction) ++legacy_functions;
    if (backend && p.unit == IrUnit::kLoop) {
      ++legacy_loops;
      CHECK(p.unit_keys.at(1) == "sum");  // Loop Strength Reduction runs on sum's loops
      CHECK(p.unit_keys.at(0).rfind("loop %", 0) == 0);
    }
  }
  REQUIRE(machine_of.size() == 2);
  CHECK(machine_of["sq"] == machine_of["sum"]);  // every machine pass runs on each function
  CHECK(machine_of["sq"] > 50);
  CHECK(legacy_functions > 40);
  CHECK(legacy_loops >= 2);

  // In the report: the machine entries hold MIR ("unit": "machine"), the first of each function against
  // nothing, each later one against its function's previous machine dump.
  REQUIRE(test::RunMain({t / "c.log", "--no-compress", "-o", t / "c.html"}).code == 0);
  nlohmann::json pl = test::PayloadOf(t / "c.html");
  std::map<std::string, std::string> last;  // function -> its last machine text
  size_t machine = 0, changed = 0, noop = 0;
  for (const nlohmann::json& e : pl["entries"]) {
    if (e.value("unit", "") != "machine") continue;
    ++machine;
    CHECK(e["phase"] == "backend");
    std::string fn = e["unit_keys"][0];
    std::string before = test::SnapshotText(pl, e["before"]), after = test::SnapshotText(pl, e["after"]);
    CHECK(before == last[fn]);
    CHECK(after.rfind("# Machine code for function " + fn + ": ", 0) == 0);
    CHECK(after.find("# End machine code for function " + fn + ".") != std::string::npos);
    (e["status"] == "changed" ? changed : noop) += 1;
    CHECK((e["status"] == "changed") == (before != after));
    last[fn] = after;
  }
  CHECK(machine == machine_of["sq"] * 2);
  CHECK(changed >= 2);
  CHECK(noop > 0);

  // llc reads the same way: its first dump is a banner of the legacy pass manager.
  run("clang-19 -O2 -S -emit-llvm x.c -o o2.ll");
  run("llc-19 -O2 -print-after-all o2.ll -o /dev/null 2>llc.log");
  DumpListing llc = ListInput(t / "llc.log", InputFormat::kAuto, {});
  ListAllPasses(&llc);
  const std::string pre_isel = "Pre-ISel Intrinsic Lowering (pre-isel-intrinsic-lowering)";
  REQUIRE_FALSE(llc.passes.empty());
  CHECK((llc.frontend_label == pre_isel || llc.passes.front().pass_name == pre_isel));
  size_t llc_machine = 0;
  for (const DumpPass& p : llc.passes) llc_machine += p.unit == IrUnit::kMachine;
  CHECK(llc_machine == machine);
  CHECK(test::RunMain({t / "llc.log", "-o", t / "llc.html"}).code == 0);
}

}  // namespace
}  // namespace irtrace
