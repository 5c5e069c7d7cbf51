// What -filter-print-funcs and selective printing (-print-after=P,Q) logs cannot show, noted from the log
// alone (input/llvm_log_notes.h), on real opt 19 output of C programs generated here.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

#include "cli_in_process.h"
#include "input/input_format.h"
#include "payload_json.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::Shell;
using test::TempDir;

// sq: a static helper inlined into its one caller (sum) and deleted by the inliner's SCC pass on sum;
// tw: a static helper called by two functions (first, second), deleted when the second caller's SCC is
// inlined; keep: an external function, never deleted; a loop LICM acts on.
const char* kProgram =
    "static int sq(int x) { return x * x + 1; }\n"
    "static int tw(int x) { return 2 * x + 3; }\n"
    "int keep(int x) { return x - 7; }\n"
    "int first(int x) { return tw(x) + keep(x); }\n"
    "int second(int x) { return tw(x + 1); }\n"
    "int sum(int *a, int n, int k) { int s = 0; for (int i = 0; i < n; i++) s += a[i] * sq(k); return s; }\n";

DumpListing Read(const TempDir& t, const std::string& flags, const char* program = kProgram) {
  REQUIRE(std::filesystem::exists("/usr/bin/clang-19"));
  REQUIRE(std::filesystem::exists("/usr/bin/opt-19"));
  test::WriteFile(t / "p.c", program);
  Shell(t, "clang-19 -O2 -Xclang -disable-llvm-passes -S -emit-llvm p.c -o p.ll");
  Shell(t, "opt-19 -O2 " + flags + " p.ll -o /dev/null 2>p.log");
  DumpListing l = ListInput(t / "p.log", InputFormat::kAuto, {});
  ListAllPasses(&l);
  return l;
}

// Whether pass p has a not_in_log note whose functions include `key` ("": one over the module-level lines).
bool Covers(const DumpPass& p, const std::string& key) {
  for (const DumpPass::LogNote& n : p.log_notes) {
    if (n.kind != "not_in_log") continue;
    if (key.empty() ? n.functions.empty() : std::count(n.functions.begin(), n.functions.end(), key) > 0) return true;
  }
  return false;
}

TEST_CASE("llvm_filter_notes: under -filter-print-funcs a listed function the inliner may delete unseen is noted",
          "[llvm_filter_notes]") {
  TempDir t;
  DumpListing l = Read(t, "-print-after-all -filter-print-funcs=sq,tw,keep");
  // The first SCC dump opens the walk; the next [module] dump (the walk's end) shows sq and tw gone.
  size_t walk = 0, end = 0;
  for (size_t k = 0; k < l.passes.size(); ++k) {
    const DumpPass& p = l.passes[k];
    if (!walk && p.unit == IrUnit::kScc) walk = k;
    if (walk && !end && p.unit == IrUnit::kWhole) end = k;
  }
  REQUIRE(walk > 0);
  REQUIRE(end > walk);
  for (size_t k = 0; k < l.passes.size(); ++k) {
    const DumpPass& p = l.passes[k];
    INFO(k << " " << p.pass_name);
    CHECK(Covers(p, ""));  // no module-level line is ever printed
    // sq's last caller (sum) and tw's (second) are not listed: the inliner's passes on them print nothing.
    bool prints_sq = std::count(p.unit_keys.begin(), p.unit_keys.end(), "sq") > 0;
    bool prints_tw = std::count(p.unit_keys.begin(), p.unit_keys.end(), "tw") > 0;
    if (k > walk && k < end) {
      if (!prints_sq) CHECK(Covers(p, "sq"));
      if (!prints_tw) CHECK(Covers(p, "tw"));
    }
    if (k < walk) CHECK_FALSE(Covers(p, "tw"));
    CHECK_FALSE(Covers(p, "keep"));  // external: LLVM never deletes it
  }
  CHECK(Covers(l.passes[end], "sq"));  // the [module] dump that shows them gone names them
  CHECK(Covers(l.passes[end], "tw"));
  if (end + 1 < l.passes.size()) CHECK_FALSE(Covers(l.passes[end + 1], "tw"));
}

TEST_CASE("llvm_filter_notes: under -print-after=licm,instcombine every pass notes what the log does not print",
          "[llvm_filter_notes]") {
  TempDir t;
  DumpListing l = Read(t, "-print-after=licm,instcombine");
  REQUIRE(l.passes.size() > 4);
  auto own = [](const DumpPass& p) {
    return p.unit == IrUnit::kLoop ? std::vector<std::string>{p.unit_keys.at(1)} : p.unit_keys;
  };
  std::set<std::string> all;
  size_t loops = 0;
  for (const DumpPass& p : l.passes) {
    for (const std::string& f : own(p)) all.insert(f);
    if (p.unit == IrUnit::kLoop) ++loops;
  }
  CHECK(loops > 0);
  CHECK(all.size() >= 4);
  for (const DumpPass& p : l.passes) {
    INFO(p.number << " " << p.pass_name);
    CHECK((p.pass_name == "InstCombinePass" || p.pass_name == "LICMPass"));
    // Its diff holds the changes of the passes not printed since; the functions printed before are shown as
    // printed last, those printed first later are not shown yet: every one noted, from pass 1 on.
    for (const std::string& f : all) CHECK(Covers(p, f));
    CHECK(Covers(p, ""));
  }
}

TEST_CASE("llvm_filter_notes: a -print-after-all log is not read as selective", "[llvm_filter_notes]") {
  TempDir t;
  DumpListing l = Read(t, "-print-after-all");
  for (const DumpPass& p : l.passes)
    for (const DumpPass::LogNote& n : p.log_notes) CHECK(n.text.find("prints only some passes") == std::string::npos);
}

// The inliner on the SCC (ping, pong) inlines pong's call into ping, which splits the SCC: LLVM names the
// SCC as it found it and prints ping alone. pong is not removed (it is external, and its own SCC's dump
// prints it later): the pass's unit is what its dump prints, and the rest is a note.
TEST_CASE("llvm_filter_notes: an SCC dump's member it does not print is noted, never shown removed",
          "[llvm_filter_notes]") {
  TempDir t;
  test::WriteFile(t / "p.c",
                  "int pong(int n);\n"
                  "int ping(int n) { return n <= 0 ? 1 : 2 * pong(n - 1); }\n"
                  "int pong(int n) { return n <= 0 ? 0 : 1 + ping(n - 2); }\n");
  Shell(t, "clang-19 -O2 -Xclang -disable-llvm-passes -S -emit-llvm p.c -o p.ll");
  Shell(t, "opt-19 -O2 -print-after-all p.ll -o /dev/null 2>p.log");
  REQUIRE(test::ReadFile(t / "p.log").find("; *** IR Dump After InlinerPass on (ping, pong) ***") != std::string::npos);
  DumpListing l = ListInput(t / "p.log", InputFormat::kAuto, {});
  ListAllPasses(&l);
  size_t at = 0;
  for (size_t k = 0; k < l.passes.size(); ++k)
    if (!at && l.passes[k].pass_name == "InlinerPass") at = k;
  REQUIRE(l.passes[at].unit == IrUnit::kScc);
  CHECK(l.passes[at].unit_keys == std::vector<std::string>{"ping"});
  CHECK(Covers(l.passes[at], "pong"));
  test::CliResult r = test::RunMain({t / "p.log", "--no-compress", "-o", t / "r.html"});
  REQUIRE(r.code == 0);
  nlohmann::json e = test::PayloadOf(t / "r.html")["entries"][at + 1];
  REQUIRE(e["name"] == "InlinerPass");
  for (const nlohmann::json& f : e.value("functions", nlohmann::json::array())) {
    INFO(f.dump());
    CHECK(f["key"] != "pong");
  }
}

// -print-after=licm,instcombine on a while loop: LCSSA (not printed) adds an exit block's phi that LICM's dump
// shows, InstCombine removes it and prints the function byte for byte as its last dump: that InstCombine is
// compared with the function LICM left (its blocks spliced in), never taken as a no-op by its bytes alone.
TEST_CASE("llvm_filter_notes: a function dump byte for byte its last one after a changed loop dump is compared",
          "[llvm_filter_notes]") {
  TempDir t;
  DumpListing l = Read(t, "-print-after=licm,instcombine",
                       "int count_while(const char *s) { int n = 0; while (*s) { if (*s == ' ') n++; s++; } "
                       "return n; }\n");
  bool loop_changed = false;
  size_t checked = 0;
  for (const DumpPass& p : l.passes) {
    INFO(p.number << " " << p.pass_name);
    if (p.unit == IrUnit::kLoop) {
      loop_changed = loop_changed || !p.unchanged;
    } else if (p.pass_name == "InstCombinePass") {
      if (loop_changed) {
        CHECK(!p.unchanged);
        ++checked;
      }
      loop_changed = false;
    }
  }
  CHECK(checked > 0);
}

}  // namespace
}  // namespace irtrace
