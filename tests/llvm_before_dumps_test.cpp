// LLVM logs with before-dumps (input/llvm_before_dumps.h, input/llvm_before_after.h) on real opt 19 output:
// -print-before-all alone, and with -print-after-all. The oracle (tests/oracle/) measures the same against
// the module-scope truth; these check the rules that make its "report is wrong" counts 0.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>

#include "input/input_format.h"
#include "input/llvm_before_dumps.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::Shell;
using test::TempDir;

// A static helper inlined into its callers and deleted, a constant IPSCCP propagates into a static
// function, loops LCSSA, LoopRotate and LICM act on.
const char* kProgram =
    "static int helper(int x) { return x * 3 + 1; }\n"
    "static int __attribute__((noinline)) scale(int x, int k) { return x * k; }\n"
    "int use1(int a) { return scale(a, 5) + helper(a); }\n"
    "int use2(int a) { return scale(a + 1, 5) + helper(a + 2); }\n"
    "int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i] * helper(i); return s; }\n"
    "void fill(int *a, int n, int k) { for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) a[i*n+j] = k; }\n";

// SCCs the inliner splits: is_even / is_odd (static: is_odd is inlined into is_even and deleted), ping / pong
// (external: pong keeps calling ping, which stays).
const char* kRecursion =
    "static int is_odd(unsigned n);\n"
    "static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }\n"
    "static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }\n"
    "int ping(int n);\n"
    "int pong(int n) { return n <= 0 ? 0 : 1 + ping(n - 2); }\n"
    "int ping(int n) { return n <= 0 ? 1 : 2 * pong(n - 1); }\n"
    "int parity_sum(const unsigned *v, int n) { int s = 0; for (int i = 0; i < n; i++) s += is_even(v[i]);\n"
    "  return s + ping(n); }\n";

DumpListing Listed(const TempDir& t, const std::string& flags, const std::string& log, const char* program = kProgram) {
  REQUIRE(std::filesystem::exists("/usr/bin/clang-19"));
  REQUIRE(std::filesystem::exists("/usr/bin/opt-19"));
  test::WriteFile(t / "p.c", program);
  Shell(t, "clang-19 -O2 -Xclang -disable-llvm-passes -S -emit-llvm p.c -o p.ll");
  Shell(t, "opt-19 -O2 " + flags + " p.ll -o /dev/null 2>" + log);
  DumpListing l = ListInput(t / log, InputFormat::kAuto, {});
  ListAllPasses(&l);
  return l;
}

std::string Snapshot(const DumpFile& f) { return f.text ? *f.text : f.load(); }

bool HasNote(const DumpPass& p, const std::string& key) {
  return std::any_of(p.log_notes.begin(), p.log_notes.end(), [&](const DumpPass::LogNote& n) {
    return n.kind == "not_in_log" &&
           (key.empty() ? n.functions.empty()
                        : std::find(n.functions.begin(), n.functions.end(), key) != n.functions.end());
  });
}

bool Whole(const std::string& text) { return text.rfind("; ModuleID", 0) == 0; }

// The dump of `log` a snapshot named "... line N" is (N its banner's 1-based line): the text after the banner
// up to the next banner.
std::string DumpNamed(const std::string& log, const std::string& name) {
  size_t line = std::stoul(name.substr(name.rfind(' ') + 1)), at = 0;
  for (size_t k = 1; k < line && at != std::string::npos; ++k) at = log.find('\n', at) + 1;
  at = log.find('\n', at) + 1;
  size_t end = log.find("; *** IR Dump", at);
  return log.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

// -print-before-all: dump k + 1 is the module after pass k as far as it prints it (issue 18 point 3).
TEST_CASE("llvm_before_dumps: a before-only log's passes show what the next dumps print, and note the rest",
          "[llvm_log][truth]") {
  TempDir t;
  DumpListing l = Listed(t, "-print-before-all", "b.log");
  REQUIRE(l.passes.size() > 100);
  const std::string log = test::ReadFile(t / "b.log");
  size_t module_passes = 0, loop_results = 0;
  for (size_t k = 0; k + 1 < l.passes.size(); ++k) {
    const DumpPass& p = l.passes[k];
    const DumpPass& next = l.passes[k + 1];
    INFO("pass " << k + 1 << " " << p.pass_name << " (" << p.file.name << ")");
    if (p.unchanged) {  // no snapshot of its own: only the last pass on a unit (checked below)
      CHECK((p.log_notes.size() >= 1 && p.log_notes[0].text.rfind("its result is not in the log", 0) == 0));
      continue;
    }
    std::string after = Snapshot(p.file);
    // A module pass followed by a function's dump: the functions as the later dumps print them (an SCC of
    // them), not that one function alone with the others left as they were before the pass.
    if (p.unit == IrUnit::kScc && p.unit_keys.size() > 2 && next.unit == IrUnit::kFunction && next.before) {
      ++module_passes;
      std::map<std::string, std::string> fns = DumpedFunctions(after);
      const std::string& f = next.unit_keys.at(0);
      REQUIRE(fns.count(f));
      CHECK(fns.at(f) == DumpedFunctions(Snapshot(*next.before)).at(f));
    }
    // A function pass (LCSSA) whose function's next dump is a loop's: its function with that dump's blocks
    // (the loop passes after it not in it), noted.
    bool next_loop = std::any_of(next.log_notes.begin(), next.log_notes.end(), [](const DumpPass::LogNote& n) {
      return n.text.rfind("a loop dump prints only the loop's blocks", 0) == 0;
    });
    std::string loop = next_loop ? DumpNamed(log, p.file.name) : "";
    if (p.unit == IrUnit::kFunction && next_loop && loop.find("define ") == std::string::npos) {
      ++loop_results;
      CHECK(HasNote(p, p.unit_keys.at(0)));
      for (size_t at = 0, end; at < loop.size(); at = end + 1) {
        end = loop.find('\n', at);
        if (end == std::string::npos) end = loop.size();
        std::string line = loop.substr(at, end - at);
        if (line.empty() || line[0] == ';' || line.find('!') != std::string::npos) continue;
        CHECK(after.find(line) != std::string::npos);
      }
    }
    // A pass on a function the next module dump lacks (inlined and deleted later) does not remove it.
    if ((p.unit == IrUnit::kFunction || p.unit == IrUnit::kScc) && !p.unchanged) {
      std::map<std::string, std::string> fns = DumpedFunctions(after);
      for (const std::string& f : p.unit_keys) CHECK(fns.count(f) == 1);
    }
    // The next dump is the whole module: the pass's result is that module; else the module-level lines
    // are noted as not in the log.
    if (next.before && Whole(Snapshot(*next.before))) {
      CHECK(p.unit == IrUnit::kWhole);
      CHECK(after == Snapshot(*next.before));
    } else if (next.before) {
      CHECK(HasNote(p, ""));
    }
  }
  CHECK(module_passes > 0);
  CHECK(loop_results > 0);
  // A loop pass's result is its function with the blocks its next loop dump prints (the module view holds
  // functions, input/llvm_loop_splice.h), a loop entry only when the function's text is not known.
  size_t loop_passes = 0, loop_entries = 0;
  for (const DumpPass& p : l.passes) {
    bool loop = std::any_of(p.log_notes.begin(), p.log_notes.end(), [](const DumpPass::LogNote& n) {
      return n.text.rfind("a loop dump prints only the loop's blocks", 0) == 0;
    });
    loop_passes += loop;
    loop_entries += loop && p.unit == IrUnit::kLoop;
  }
  CHECK(loop_passes > 20);
  CHECK(loop_entries * 2 < loop_passes);
  const DumpPass& last = l.passes.back();
  CHECK(last.unchanged);
  REQUIRE(!last.log_notes.empty());
  CHECK(last.log_notes[0].text.rfind("its result is not in the log", 0) == 0);
}

// -print-before-all -print-after-all: a before-dump of the whole module right after a function pass's
// after-dump is the module after that pass, which receives it (noted); every pass whose dumps are not the
// module notes the module-level lines, a loop pass its function's other blocks.
TEST_CASE("llvm_before_dumps: with after-dumps, the pass before a module's before-dump receives the module",
          "[llvm_log][truth]") {
  TempDir t;
  DumpListing l = Listed(t, "-print-before-all -print-after-all", "ba.log");
  size_t received = 0, loops = 0;
  for (size_t k = 0; k + 1 < l.passes.size(); ++k) {
    const DumpPass& p = l.passes[k];
    const DumpPass& next = l.passes[k + 1];
    INFO("pass " << k + 1 << " " << p.pass_name << " (" << p.file.name << ")");
    if (next.before && Whole(Snapshot(*next.before))) {
      CHECK(p.unit == IrUnit::kWhole);
      if (!p.unchanged) CHECK(Snapshot(p.file) == Snapshot(*next.before));
      received += !p.before;
    }
    if (p.unit != IrUnit::kWhole) CHECK(HasNote(p, ""));
    if (p.unit == IrUnit::kLoop) {
      ++loops;
      CHECK(HasNote(p, p.unit_keys.at(1)));
    }
  }
  CHECK(received > 3);  // the function passes before each module pass
  CHECK(loops > 10);
}

bool Has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// -print-before-all: "Before InlinerPass on (is_even, is_odd)" is followed by "Before ... on (is_even)" (the
// inliner split the SCC) and the next module dump no longer holds is_odd (deleted): the pass's result on
// is_even is that next dump, is_odd's is noted as not in the log; the pass is not left unchanged.
TEST_CASE("llvm_before_dumps: a before-only SCC pass the inliner split shows each function's next dump",
          "[llvm_log][truth]") {
  TempDir t;
  DumpListing l = Listed(t, "-print-before-all", "b.log", kRecursion);
  // The pass whose notes name its banner's SCC (each of its notes says what it shows of it).
  auto on = [&](const std::string& scc) -> const DumpPass* {
    for (const DumpPass& p : l.passes) {
      if (p.pass_name != "InlinerPass") continue;
      for (const DumpPass::LogNote& n : p.log_notes)
        if (n.text.find(scc) != std::string::npos) return &p;
    }
    return nullptr;
  };
  const DumpPass* even = on("(is_even, is_odd)");
  REQUIRE(even);
  CHECK(!even->unchanged);
  CHECK(Has(even->unit_keys, "is_even"));
  CHECK(!Has(even->unit_keys, "is_odd"));
  CHECK(HasNote(*even, "is_odd"));
  const DumpPass* pong = on("(pong, ping)");
  REQUIRE(pong);
  CHECK(!pong->unchanged);
  CHECK(Has(pong->unit_keys, "pong"));
}

// -print-before-all -print-after-all: "After InlinerPass on (pong)" after "Before InlinerPass on (pong, ping)":
// ping is not printed, not removed: the pass is on pong, its before cut down to it, ping noted.
TEST_CASE("llvm_before_dumps: with after-dumps, an SCC the inliner split is a pass on the functions printed",
          "[llvm_log][truth]") {
  TempDir t;
  DumpListing l = Listed(t, "-print-before-all -print-after-all", "ba.log", kRecursion);
  size_t split = 0;
  for (const DumpPass& p : l.passes) {
    if (p.unit != IrUnit::kScc || !p.before || p.unchanged) continue;
    std::map<std::string, std::string> after = DumpedFunctions(Snapshot(p.file));
    std::map<std::string, std::string> before = DumpedFunctions(Snapshot(*p.before));
    INFO(p.pass_name << " (" << p.file.name << ")");
    for (const std::string& f : p.unit_keys) CHECK(after.count(f) == 1);
    for (const auto& [f, text] : before) CHECK(after.count(f) == 1);  // the before holds what the after prints
    split += std::any_of(p.log_notes.begin(), p.log_notes.end(), [](const DumpPass::LogNote& n) {
      return n.text.rfind("the after-dump of this SCC pass no longer prints", 0) == 0 && !n.functions.empty();
    });
  }
  CHECK(split == 2);
}

// -print-before-all -print-after-all: LoopFullUnrollPass's "(invalidated)" after-dump prints the whole module
// after the inliner's SCC passes inlined the static `leaf` and the loop passes changed `caller`: its notes
// are those of an after-dump-only log at a module dump (input/llvm_log_notes.h, one mechanism for both): the
// module-level lines, `leaf` (an SCC pass since its last dump may have changed or deleted it) and `caller`
// (loop passes since its last whole dump).
TEST_CASE("llvm_before_dumps: with after-dumps, a module dump after SCC and loop passes notes what they left unshown",
          "[llvm_log][truth]") {
  TempDir t;
  const char* program =
      "static int leaf(int x) { return x * 7 + 1; }\n"
      "int caller(int *a) { int s = 0; for (int i = 0; i < 4; i++) s += a[i] * leaf(i); return s; }\n";
  DumpListing l = Listed(t, "-print-before-all -print-after-all", "ba.log", program);
  size_t checked = 0;
  for (const DumpPass& p : l.passes) {
    if (p.pass_name != "LoopFullUnrollPass" || p.unit != IrUnit::kWhole) continue;
    INFO(p.file.name);
    ++checked;
    CHECK(HasNote(p, ""));
    CHECK(HasNote(p, "leaf"));
    CHECK(HasNote(p, "caller"));
  }
  CHECK(checked == 1);
}

}  // namespace
// LoopRotate renumbers a loop's blocks (the old exit block becomes the header): in a before-only log its
// result is the next dump, LICM's before-dump of the rotated loop, spliced into the function with the blocks
// the rotation folded left out (the same loop's earlier dump printed them), as the module-scope log shows it.
TEST_CASE("llvm_before_dumps: a before-only LoopRotate's result is its rotated loop spliced into the function",
          "[llvm_log][truth]") {
  TempDir t;
  const char* program =
      "int unroll4(const int *v) {\n  int s = 0;\n"
      "  for (int i = 0; i < 4; i++) s += v[i] * (i + 1);\n  return s;\n}\n";
  DumpListing l = Listed(t, "-print-before-all", "b.log", program);
  Shell(t, "opt-19 -O2 -print-after=loop-rotate -print-module-scope p.ll -o /dev/null 2>truth.log");
  std::string truth = test::ReadFile(t / "truth.log");
  truth = truth.substr(truth.find('\n') + 1);
  truth = truth.substr(0, truth.find("; *** IR Dump"));
  const DumpPass* rotate = nullptr;
  for (const DumpPass& p : l.passes)
    if (p.pass_name == "LoopRotatePass" && !rotate) rotate = &p;
  REQUIRE(rotate);
  CHECK(rotate->unit == IrUnit::kFunction);
  // Each printer numbers metadata and attribute groups its own way.
  auto numbering = [](const std::string& s) { return std::regex_replace(s, std::regex("([!#])[0-9]+"), "$1N"); };
  CHECK(numbering(DumpedFunctions(Snapshot(rotate->file)).at("unroll4")) ==
        numbering(DumpedFunctions(truth).at("unroll4")));
}

}  // namespace irtrace
