// What an MLIR log cannot show, as not_in_log notes (input/mlir_notes.h), on real mlir-opt 19 logs of every
// form: the first pass of an after-only log, the passes an after-change log leaves out, a callee no dump
// prints, a before-only log's last pass, skip-regions dumps and a log without any module dump.
#include "input/mlir_notes.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "input/mlir_log.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::TempDir;

// @h, a private helper, is inlined into @f and deleted; @g no nested pass changes; @f changes in cse.
const char* kProgram =
    "module {\n"
    "  func.func private @h(%x: i32) -> i32 {\n"
    "    %0 = arith.addi %x, %x : i32\n"
    "    return %0 : i32\n"
    "  }\n"
    "  func.func @f(%x: i32) -> i32 {\n"
    "    %0 = arith.muli %x, %x : i32\n"
    "    %1 = arith.muli %x, %x : i32\n"
    "    %2 = func.call @h(%0) : (i32) -> i32\n"
    "    %3 = arith.addi %2, %1 : i32\n"
    "    return %3 : i32\n"
    "  }\n"
    "  func.func @g(%x: i32) -> i32 {\n"
    "    return %x : i32\n"
    "  }\n"
    "}\n";

const char* kPipeline = "builtin.module(func.func(cse),inline,symbol-dce,func.func(canonicalize))";

// mlir-opt 19's log of kProgram through kPipeline with `flags` (threading off), read as ReadMlirLog reads it.
DumpListing Read(const std::string& flags, const std::string* input = nullptr) {
  const std::string mlir_opt = "/usr/lib/llvm-19/bin/mlir-opt";
  REQUIRE(std::filesystem::exists(mlir_opt));  // Debian mlir-19-tools: scripts/setup.sh --tests installs it
  TempDir t;
  test::WriteFile(t / "in.mlir", kProgram);
  std::string run = mlir_opt + " in.mlir '--pass-pipeline=" + kPipeline + "' " + flags +
                    " --mlir-disable-threading -o /dev/null 2>log";
  REQUIRE(test::Run(run, t.path()).exit_code == 0);
  return ReadMlirLog("log", test::ReadFile(t / "log"), std::nullopt, input);
}

// Whether pass `p` carries a not_in_log note covering `key` ("" the module-level lines: an empty list).
bool Covers(const DumpPass& p, const std::string& key) {
  return std::any_of(p.log_notes.begin(), p.log_notes.end(), [&](const DumpPass::LogNote& n) {
    if (n.kind != "not_in_log" || n.text.empty()) return false;
    if (key.empty()) return n.functions.empty();
    return std::find(n.functions.begin(), n.functions.end(), key) != n.functions.end();
  });
}

const DumpPass& Pass(const DumpListing& l, const std::string& name) {
  auto it = std::find_if(l.passes.begin(), l.passes.end(), [&](const DumpPass& p) { return p.pass_name == name; });
  REQUIRE(it != l.passes.end());
  return *it;
}

TEST_CASE("mlir_notes: an after-only log's first pass has no IR before it, and --input gives it", "[mlir_notes]") {
  for (const std::string scope : {"", "--mlir-print-ir-module-scope"}) {
    DumpListing l = Read("--mlir-print-ir-after-all " + scope);
    REQUIRE(l.passes.size() == 5);  // cse, the inliner's canonicalize, inline, symbol-dce, canonicalize
    for (const char* key : {"h", "f", "g", ""}) CHECK(Covers(l.passes[0], key));
    for (size_t k = 1; k < l.passes.size(); ++k) CHECK(l.passes[k].log_notes.empty());
  }
  std::string input = kProgram;
  DumpListing given = Read("--mlir-print-ir-after-all", &input);
  for (const DumpPass& p : given.passes) CHECK(p.log_notes.empty());
}

TEST_CASE("mlir_notes: an after-change log: functions no dump prints yet, and a callee none prints", "[mlir_notes]") {
  DumpListing l = Read("--mlir-print-ir-after-all --mlir-print-ir-after-change");
  // CSE changed @f only: @g is first printed by the Inliner's module dump, @h never (it is inlined and deleted).
  const DumpPass& cse = Pass(l, "CSE");
  CHECK(Covers(cse, "f"));
  CHECK(Covers(cse, "g"));
  CHECK(Covers(cse, "h"));
  CHECK(Covers(cse, ""));
  const DumpPass& inliner = Pass(l, "Inliner");
  CHECK(Covers(inliner, "g"));  // first printed here: shown as added
  CHECK(Covers(inliner, "h"));  // gone here or before: not in the log which
  CHECK_FALSE(Covers(inliner, "f"));
  CHECK(l.passes.back().pass_name == "Inliner");  // nothing after it changed: not printed
}

TEST_CASE("mlir_notes: a before-only log lacks its last pass's result", "[mlir_notes]") {
  DumpListing l = Read("--mlir-print-ir-before-all");
  REQUIRE(!l.passes.empty());
  const DumpPass& last = l.passes.back();
  CHECK(last.pass_name == "Canonicalizer");
  CHECK(Covers(last, "f"));
  CHECK(Covers(last, "g"));
  CHECK_FALSE(Covers(l.passes.front(), "f"));  // its result is the next dump
}

TEST_CASE("mlir_notes: skip-regions dumps show only which functions a pass's own dumps print", "[mlir_notes]") {
  DumpListing l = Read("--mlir-print-ir-after-all --mlir-print-skip-regions");
  const DumpPass& inliner = Pass(l, "Inliner");  // `module {...}`: nothing of the module
  for (const char* key : {"h", "f", "g", ""}) CHECK(Covers(inliner, key));
  const DumpPass& canonicalize = l.passes.back();  // prints @f and @g: @h's removal is not in the log
  CHECK(canonicalize.pass_name == "Canonicalizer");
  CHECK(Covers(canonicalize, "h"));
  CHECK(Covers(canonicalize, ""));
  CHECK_FALSE(Covers(canonicalize, "f"));
  CHECK(Covers(l.passes[0], ""));  // the first pass: no IR before it
}

TEST_CASE("mlir_notes: a log without a module dump never shows the module-level lines", "[mlir_notes]") {
  // Only function passes: every dump prints one function.
  const std::string mlir_opt = "/usr/lib/llvm-19/bin/mlir-opt";
  TempDir t;
  test::WriteFile(t / "in.mlir", kProgram);
  REQUIRE(test::Run(mlir_opt + " in.mlir '--pass-pipeline=builtin.module(func.func(cse,canonicalize))' "
                               "--mlir-print-ir-after-all --mlir-disable-threading -o /dev/null 2>log",
                    t.path())
              .exit_code == 0);
  std::string input = kProgram;
  const std::string* none = nullptr;
  for (const std::string* given : {none, static_cast<const std::string*>(&input)}) {
    DumpListing l = ReadMlirLog("log", test::ReadFile(t / "log"), std::nullopt, given);
    REQUIRE(l.passes.size() == 2);
    for (const DumpPass& p : l.passes) CHECK(Covers(p, ""));  // with --input too: no pass prints them
    CHECK_FALSE(Covers(l.passes[1], "f"));
  }
}

}  // namespace
}  // namespace irtrace
