// Locations with --mlir-print-debuginfo (input/mlir_log.h): function dumps print them inline, module dumps
// through `#locN` aliases after the module; a spliced module is spelt as the module dump after it, so no
// pass is charged with the printer's spelling. On real mlir-opt 19 output.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "input/mlir_log.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::TempDir;

const std::string kMlirOpt = "/usr/lib/llvm-19/bin/mlir-opt";

// Locations as Triton's frontend writes them (a source file's line and column per op), a private helper
// symbol-dce deletes, and a function canonicalize changes.
const char* kProgram =
    "module {\n"
    "  func.func @zeta(%x: i32) -> i32 {\n"
    "    %0 = arith.addi %x, %x : i32 loc(\"z.py\":3:4)\n"
    "    %1 = arith.addi %x, %x : i32 loc(\"z.py\":4:4)\n"
    "    %2 = arith.muli %0, %1 : i32 loc(fused[\"z.py\":5:4, \"z.py\":5:9])\n"
    "    return %2 : i32 loc(\"z.py\":6:4)\n"
    "  } loc(\"z.py\":2:0)\n"
    "  func.func private @unused(%x: i32) -> i32 {\n"
    "    return %x : i32 loc(\"u.py\":3:4)\n"
    "  } loc(\"u.py\":2:0)\n"
    "  func.func @alpha(%x: i32) -> i32 {\n"
    "    %c = arith.constant 0 : i32 loc(\"a.py\":3:4)\n"
    "    %0 = arith.addi %x, %c : i32 loc(\"a.py\":4:4)\n"
    "    return %0 : i32 loc(\"a.py\":5:4)\n"
    "  } loc(\"a.py\":2:0)\n"
    "}\n";

std::string Log(const TempDir& t, const std::string& flags) {
  REQUIRE(std::filesystem::exists(kMlirOpt));  // Debian mlir-19-tools: scripts/setup.sh --tests installs it
  test::WriteFile(t / "in.mlir", kProgram);
  REQUIRE(test::Run(kMlirOpt + " in.mlir '--pass-pipeline=builtin.module(func.func(cse,canonicalize),symbol-dce)' " +
                        flags + " --mlir-print-debuginfo --mlir-disable-threading -o /dev/null 2>log",
                    t.path())
              .exit_code == 0);
  return test::ReadFile(t / "log");
}

std::string Text(const DumpPass& p) { return p.file.text ? *p.file.text : ""; }

// `text` without the lines of the function `@name` (its first line up to the line closing it).
std::string Without(const std::string& text, const std::string& name) {
  std::string out;
  bool in = false;
  for (const std::string& l : test::SplitLines(text)) {
    if (!in && l.find("func.func private @" + name + "(") != std::string::npos) in = true;
    if (!in) out += l + "\n";
    if (in && l.rfind("  } loc(", 0) == 0) in = false;
  }
  return out;
}

TEST_CASE(
    "mlir_locations: op scope with --mlir-print-debuginfo: the module dump after function dumps "
    "charges its pass with what it did, not with the location aliases",
    "[mlir_log][mlir_locations]") {
  TempDir t;
  std::string log = Log(t, "--mlir-print-ir-after-all");
  // The printer's two spellings, as this test relies on them.
  REQUIRE(log.find("\n  %0 = arith.addi %arg0, %arg0 : i32 loc(\"z.py\":3:4)\n") != std::string::npos);
  REQUIRE(log.find(" loc(#loc") != std::string::npos);
  REQUIRE(log.find("= loc(fused[") != std::string::npos);
  DumpListing l = ReadMlirLog("t.log", log, "");
  REQUIRE(l.passes.size() >= 2);
  const DumpPass& dce = l.passes.back();
  const DumpPass& before = l.passes[l.passes.size() - 2];
  REQUIRE(dce.pass_name == "SymbolDCE");
  CHECK(Text(dce).find("@unused") == std::string::npos);
  REQUIRE(Text(before).find("@unused") != std::string::npos);
  // SymbolDCE removed @unused and changed nothing else: the module before it is spelt as its dump is.
  CHECK(Without(Text(before), "unused") == Text(dce));
  CHECK(Text(before).find("i32 loc(\"z.py\":3:4)") == std::string::npos);  // zeta's locations as aliases
  CHECK(Text(before).find("i32 loc(#loc3)") != std::string::npos);
}

TEST_CASE("mlir_locations: a module-scope log with locations keeps every dump as printed",
          "[mlir_log][mlir_locations]") {
  TempDir t;
  std::string log = Log(t, "--mlir-print-ir-after-all --mlir-print-ir-module-scope");
  DumpListing l = ReadMlirLog("t.log", log, "");
  REQUIRE(!l.passes.empty());
  for (const DumpPass& p : l.passes) {
    INFO(p.pass_name);
    if (p.executions.size() <= 1) {
      CHECK(log.find(Text(p)) != std::string::npos);  // byte for byte a dump of the log
      continue;
    }
    // A nested pass over several functions (input/mlir_pipeline.h): its last execution's module with each
    // other function as its own execution printed it, so every line is one the log printed, none respelt.
    std::string text = Text(p);
    for (size_t at = 0, end; at < text.size(); at = end + 1) {
      end = text.find('\n', at);
      if (end == std::string::npos) end = text.size();
      std::string line = text.substr(at, end - at);
      CHECK(log.find(line) != std::string::npos);
    }
  }
}

}  // namespace
}  // namespace irtrace
