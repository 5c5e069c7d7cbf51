// The LLVM log reader against the truth: real opt 19 / clang 19 logs of C programs generated here, each
// form's report compared pass by pass with the module-scope log of the same run
// (-print-after-all -print-module-scope), which prints the whole module after every pass.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <regex>
#include <set>

#include "cli_in_process.h"
#include "input/input_format.h"
#include "input/snapshot.h"
#include "payload_json.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::Shell;
using test::TempDir;
using Changed = std::set<std::string>;

// The C program the truth tests compile: loops LICM, LoopRotate and the vectorizer act on (one nested),
// an SCC of two mutually recursive functions, a static function inlined and deleted.
const char* kProgram =
    "int g[100];\n"
    "static int sq(int x) { return x * x; }\n"
    "int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i] * sq(i); return s; }\n"
    "void fill(int *a, int n, int k) { for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) a[i*n+j] = k + g[j]; }\n"
    "int even(int n); int odd(int n) { return n == 0 ? 0 : even(n - 1); }\n"
    "int even(int n) { return n == 0 ? 1 : odd(n - 1); }\n"
    "float dot(float *x, float *y, int n) { float s = 0; for (int i = 0; i < n; i++) s += x[i] * y[i]; return s; }\n";

// kProgram as clang hands it to the optimizer (p.ll in `dir`).
void Compile(const TempDir& dir) {
  REQUIRE(std::filesystem::exists("/usr/bin/clang-19"));
  REQUIRE(std::filesystem::exists("/usr/bin/opt-19"));
  test::WriteFile(dir / "p.c", kProgram);
  Shell(dir, "clang-19 -O2 -Xclang -disable-llvm-passes -S -emit-llvm p.c -o p.ll");
}

// Attribute groups and metadata numbered by position (#0, !5): the same text under another numbering.
std::string Canonical(const std::string& text) {
  static const std::regex numbered("([#!])[0-9]+");
  return std::regex_replace(text, numbered, "$1N");
}

// Each function of an LLVM module text (its "; Function Attrs:" line with it): key -> text.
std::map<std::string, std::string> FunctionsOf(const std::string& text) {
  std::unique_ptr<Snapshot> s = MakeSnapshot("m", "ll", text);
  std::map<std::string, std::string> out;
  for (const Section& sec : s->scope.sections) {
    size_t begin =
        sec.begin > 0 && s->lines[sec.begin - 1].rfind("; Function Attrs:", 0) == 0 ? sec.begin - 1 : sec.begin;
    std::string f;
    for (size_t k = begin; k < sec.end; ++k) f.append(s->lines[k]).push_back('\n');
    out[sec.key] = Canonical(f);
  }
  return out;
}

// The truth: per pass of the module-scope log `path`, its name and the functions whose text it changed.
std::vector<std::pair<std::string, Changed>> Truth(const std::string& path) {
  DumpListing l = ListInput(path, InputFormat::kAuto, {});
  ListAllPasses(&l);
  std::vector<std::pair<std::string, Changed>> out;
  std::map<std::string, std::string> prev = FunctionsOf(*l.frontend.text);
  for (const DumpPass& p : l.passes) {
    std::map<std::string, std::string> now =
        p.unchanged ? prev : FunctionsOf(p.file.text ? *p.file.text : p.file.load());
    Changed c;
    for (const auto& [k, v] : now)
      if (!prev.count(k) || prev.at(k) != v) c.insert(k);
    for (const auto& [k, v] : prev)
      if (!now.count(k)) c.insert(k);
    out.emplace_back(p.pass_name, std::move(c));
    prev = std::move(now);
  }
  return out;
}

// What a report says of one pass: its name, the functions it shows changed (a loop pass: its function),
// and the functions its notes say the log cannot show (its "log_notes").
struct Said {
  std::string name;
  Changed changed, noted;
};

// What the report of `log` (read by `listing`, its passes listed) says of each pass.
std::vector<Said> Reported(const TempDir& dir, const std::string& log, const DumpListing& listing) {
  test::CliResult r = test::RunMain({dir / log, "--no-compress", "-o", dir / (log + ".html")});
  INFO(r.err);
  REQUIRE(r.code == 0);
  nlohmann::json p = test::PayloadOf(dir / (log + ".html"));
  std::vector<Said> out;
  const nlohmann::json& entries = p["entries"];
  for (size_t k = 1; k < entries.size(); ++k) {
    const nlohmann::json& e = entries[k];
    Changed c;
    if (e["status"] == "changed") {
      std::string unit = e.value("unit", "");
      if (unit == "loop") {
        c.insert(listing.passes.at(k - 1).unit_keys.at(1));
      } else if (e.contains("functions")) {
        for (const nlohmann::json& f : e["functions"]) {
          if (f["status"] != "same" && f["key"] != "") c.insert(f["key"].get<std::string>());
        }
      }
    }
    Changed noted;
    for (const nlohmann::json& n : e.value("log_notes", nlohmann::json::array())) {
      CHECK((n["kind"] == "not_in_log" || (n["kind"] == "no_input" && k == 1)));
      for (const nlohmann::json& f : n["functions"]) noted.insert(f.get<std::string>());
      for (const nlohmann::json& from : n["from"]) CHECK(from.get<long>() < static_cast<long>(k));
    }
    out.push_back(Said{e["name"].get<std::string>(), std::move(c), std::move(noted)});
  }
  return out;
}

// Agrees with the truth, or differs only in functions a note says the log cannot show.
bool Agrees(const Said& said, const Changed& truth) {
  for (const std::string& f : said.changed)
    if (!truth.count(f) && !said.noted.count(f)) return false;
  for (const std::string& f : truth)
    if (!said.changed.count(f) && !said.noted.count(f)) return false;
  return true;
}

std::string Describe(const Changed& c) {
  std::string s = "{";
  for (const std::string& k : c) s += (s.size() > 1 ? ", " : "") + k;
  return s + "}";
}

TEST_CASE("llvm_log truth: a loop pass is diffed against its loop as the function stands, not a stale dump",
          "[llvm_log][truth]") {
  TempDir t;
  Compile(t);
  Shell(t, "opt-19 -O2 -print-after-all p.ll -o /dev/null 2>fs.log");
  Shell(t, "opt-19 -O2 -print-after-all -print-module-scope p.ll -o /dev/null 2>ms.log");
  DumpListing fs = ListInput(t / "fs.log", InputFormat::kAuto, {});
  ListAllPasses(&fs);
  auto truth = Truth(t / "ms.log");
  auto reported = Reported(t, "fs.log", fs);
  REQUIRE(truth.size() == reported.size());
  size_t loops = 0, changed = 0, noted = 0;
  for (size_t k = 0; k < truth.size(); ++k) {
    if (fs.passes[k].unit != IrUnit::kLoop) continue;
    ++loops;
    changed += !truth[k].second.empty();
    noted += !reported[k].noted.empty();
    INFO("pass " << k + 1 << " " << truth[k].first << " on " << fs.passes[k].unit_keys.at(0) << ": reported "
                 << Describe(reported[k].changed) << ", truth " << Describe(truth[k].second) << ", noted "
                 << Describe(reported[k].noted));
    CHECK(reported[k].name == truth[k].first);
    CHECK(Agrees(reported[k], truth[k].second));
  }
  CHECK(loops > 30);
  CHECK(changed > 3);  // LoopRotatePass, IndVarSimplifyPass, LoopIdiomRecognizePass, ... changed their loops
  // The outer loop's first pass after the inner loop's rotation shows the inner guard LoopRotate wrote
  // outside the inner loop's blocks: a note names fill and that pass.
  CHECK(noted > 0);
}

// -print-before-all -print-after-all: each pass's after-dump follows its own before-dump of the same unit,
// which places every change exactly: each pass is diffed against its own before-dump (issue 18 point 3).
TEST_CASE("llvm_log truth: with before- and after-dumps each pass is diffed against its own before-dump",
          "[llvm_log][truth]") {
  TempDir t;
  Compile(t);
  Shell(t, "opt-19 -O2 -print-before-all -print-after-all p.ll -o /dev/null 2>ba.log");
  Shell(t, "opt-19 -O2 -print-after-all -print-module-scope p.ll -o /dev/null 2>ms.log");
  DumpListing ba = ListInput(t / "ba.log", InputFormat::kAuto, {});
  ListAllPasses(&ba);
  size_t own = 0, received = 0;
  for (const DumpPass& p : ba.passes) {
    own += p.before.has_value();
    received += !p.before && p.unit == IrUnit::kWhole;  // the module its next before-dump prints
  }
  // Every pass but the first (its before is the first entry), an "(invalidated)" one (its after-dump is
  // the module, its before-dump the unit) and those followed by a before-dump of the whole module.
  CHECK(own + received + 2 >= ba.passes.size());
  CHECK(received < 20);
  // The first pass is a pass in both logs, so pass k is the truth's pass k; the module-scope log holds no
  // IR before pass 1 (its truth is unknown there), so pass 1 is not compared.
  auto truth = Truth(t / "ms.log");
  auto reported = Reported(t, "ba.log", ba);
  REQUIRE(truth.size() == reported.size());
  CHECK(reported[0].name == "Annotation2MetadataPass");
  size_t changed = 0;
  std::string wrong;
  for (size_t k = 1; k < truth.size(); ++k) {
    const Said& said = reported[k];
    INFO("pass " << k + 1 << " " << truth[k].first << ": reported " << Describe(said.changed) << ", truth "
                 << Describe(truth[k].second));
    CHECK(said.name == truth[k].first);
    changed += !truth[k].second.empty();
    // Exact for its unit: a function or loop pass's change to its function. Not checked here: what the
    // dumps cannot show, module-level lines (a function the inliner deleted), an SCC pass's attribute
    // changes (the "; Function Attrs:" line above a define: points 2 and 5).
    const DumpPass& p = ba.passes[k];
    if (p.unit != IrUnit::kFunction && p.unit != IrUnit::kLoop) continue;
    const std::string& fn = p.unit == IrUnit::kLoop ? p.unit_keys.at(1) : p.unit_keys.at(0);
    Said mine{said.name, {}, said.noted};
    Changed theirs;
    if (said.changed.count(fn)) mine.changed.insert(fn);
    if (truth[k].second.count(fn)) theirs.insert(fn);
    CHECK(said.changed.size() == mine.changed.size());  // nothing outside its unit
    if (!Agrees(mine, theirs)) {
      wrong += "pass " + std::to_string(k + 1) + " " + truth[k].first + " on " + ba.passes[k].unit_keys.at(0) +
               ": reported " + Describe(mine.changed) + ", truth " + Describe(theirs) + "\n";
    }
  }
  CHECK(changed > 50);
  CHECK(wrong == "");
}

// -print-before-all alone: "Before P on g" is P's own before-dump, and P's result the next dump that prints
// g, so every pass is named from its own banner (issue 18 point 3), and a function pass that changed its
// function is said to change it.
TEST_CASE("llvm_log truth: a before-only log names every pass from its own banner", "[llvm_log][truth]") {
  TempDir t;
  Compile(t);
  Shell(t, "opt-19 -O2 -print-before-all p.ll -o /dev/null 2>b.log");
  Shell(t, "opt-19 -O2 -print-after-all -print-module-scope p.ll -o /dev/null 2>ms.log");
  DumpListing b = ListInput(t / "b.log", InputFormat::kAuto, {});
  ListAllPasses(&b);
  auto truth = Truth(t / "ms.log");
  auto reported = Reported(t, "b.log", b);
  // Both list the first pass as pass 1 (the first pass is a pass: its IR before is in neither log).
  REQUIRE(truth.size() == reported.size());
  CHECK(reported[0].name == "Annotation2MetadataPass");
  size_t exact = 0, changed = 0;
  for (size_t k = 0; k < truth.size(); ++k) {
    INFO("pass " << k + 1);
    CHECK(reported[k].name == truth[k].first);
    const DumpPass& p = b.passes[k];
    if (p.unit != IrUnit::kFunction || !p.before) continue;
    const std::string& fn = p.unit_keys.at(0);
    changed += truth[k].second.count(fn);
    // (or, where its next dump of the function prints only a loop of it, noted as not in the log)
    exact += truth[k].second.count(fn) && (reported[k].changed.count(fn) || reported[k].noted.count(fn));
  }
  CHECK(changed > 50);
  CHECK(exact == changed);  // a function pass with its own before-dump and result: its change is its own
}

// -print-pass-numbers prints " Running pass N Name on unit" before each pass: not IR. With it the report
// says what the same run's plain -print-after-all report says, pass for pass (issue 18 point 8).
TEST_CASE("llvm_log truth: -print-pass-numbers lines are not IR, pass-number banners name the pass",
          "[llvm_log][truth]") {
  TempDir t;
  Compile(t);
  Shell(t, "opt-19 -O2 -print-after-all p.ll -o /dev/null 2>fs.log");
  Shell(t, "opt-19 -O2 -print-after-all -print-pass-numbers p.ll -o /dev/null 2>pn.log");
  DumpListing fs = ListInput(t / "fs.log", InputFormat::kAuto, {});
  DumpListing pn = ListInput(t / "pn.log", InputFormat::kAuto, {});
  ListAllPasses(&fs);
  ListAllPasses(&pn);
  auto plain = Reported(t, "fs.log", fs);
  auto numbered = Reported(t, "pn.log", pn);
  REQUIRE(plain.size() == numbered.size());
  size_t changed = 0;
  for (size_t k = 0; k < plain.size(); ++k) {
    INFO("pass " << k + 1 << " " << plain[k].name);
    CHECK(numbered[k].name == plain[k].name);
    CHECK(Describe(numbered[k].changed) == Describe(plain[k].changed));
    changed += !numbered[k].changed.empty();
  }
  CHECK(changed * 2 < numbered.size());  // most passes change nothing (not every one, as the lines made it)
  // -print-after-pass-number / -print-before-pass-number: "5-EntryExitInstrumenterPass" is that pass.
  Shell(t, "opt-19 -O2 -print-before-pass-number=5 -print-after-pass-number=5 p.ll -o /dev/null 2>n5.log");
  DumpListing n5 = ListInput(t / "n5.log", InputFormat::kAuto, {});
  ListAllPasses(&n5);
  REQUIRE(n5.passes.size() == 1);
  CHECK(n5.frontend_label == "frontend");
  CHECK(n5.passes[0].pass_name == "EntryExitInstrumenterPass");
  CHECK(n5.passes[0].notes == std::vector<std::string>{"LLVM's pass number 5 (-print-after-pass-number)"});
  test::CliResult r =
      test::RunMain({t / "n5.log", "--terminal", "--color", "never", "--pass", "EntryExitInstrumenterPass"});
  CHECK(r.code == 0);
  CHECK(r.out.find("pass 1 EntryExitInstrumenterPass") != std::string::npos);
}

// -filter-print-funcs=sum,dot: a [module] dump prints only those functions and no module-level lines; it
// is the module as far as the log shows it (a filtered function it lacks was deleted), and no other
// function is ever shown changed.
TEST_CASE("llvm_log truth: under -filter-print-funcs a module dump holds only the filtered functions",
          "[llvm_log][truth]") {
  TempDir t;
  Compile(t);
  Shell(t, "opt-19 -O2 -print-after-all -filter-print-funcs=sum,dot p.ll -o /dev/null 2>ff.log");
  DumpListing ff = ListInput(t / "ff.log", InputFormat::kAuto, {});
  ListAllPasses(&ff);
  size_t module_passes = 0;
  for (const DumpPass& p : ff.passes) {
    if (p.pass_name == "GlobalOptPass") {
      ++module_passes;
      CHECK(p.unit == IrUnit::kWhole);
    }
  }
  CHECK(module_passes == 2);
  auto reported = Reported(t, "ff.log", ff);
  for (const Said& s : reported) {
    for (const std::string& f : s.changed) CHECK((f == "sum" || f == "dot"));  // nothing else shown changed
  }
}

}  // namespace
}  // namespace irtrace
