// Scanning an MLIR pass manager's log into its dumps: each banner (as mlir/lib/Pass/IRPrinting.cpp, LLVM 19,
// writes it; the forms are listed in input/mlir_log.h) and the operation printed after it. Used by
// input/mlir_log.cpp, which turns the dumps into passes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input/mlir_llvm_phase.h"
#include "util/line_index.h"

namespace irtrace {

// One banner line, parsed.
struct MlirBanner {
  bool before = false;   // "IR Dump Before" (else After)
  bool failed = false;   // "After X Failed"
  std::string pass;      // the pass's name
  std::string op;        // module scope: the operation the pass ran on ("func.func"), else ""
  std::string sym;       // its symbol ("f" for "@f"), else ""
  std::string rest;      // text after the banner on its line (ClangIR prints its type aliases there), else ""
};

// Parses `line` (one log line, a trailing '\r' ignored) as an IR-dump banner; nullopt when it is not one.
std::optional<MlirBanner> ParseMlirBanner(std::string_view line);

// One dump of the log.
struct MlirDump {
  MlirBanner banner;
  size_t line = 0;       // 1-based line of the banner
  std::string text;      // the operation printed (with its aliases), each line ending in '\n'
  std::string between;   // text between the previous dump's end and this banner (blank lines dropped)
  bool module = false;   // it prints the whole module
  bool truncated = false;  // the log ends (or the next banner comes) before the operation is closed
  bool skipped = false;  // printed with --mlir-print-skip-regions: its first line ends in `{...}`
  std::string sym;       // a nested operation's symbol (from the banner or its first line)
  std::string note;      // a before-dump turned into its pass's result (ShiftBeforeDumps): what the log lacks
  LlvmLines llvm;        // an LLVM pipeline's dumps printed after it (Triton: input/mlir_llvm_phase.h), or none
};

// Splits the log's lines into dumps, in log order: each dump's text runs from its banner to the end of the
// operation it prints (braces balanced), with the attribute aliases before it and location aliases and a
// `{-# ... #-}` resource block after it; an LLVM pipeline's dumps after it are recorded in `llvm`, not
// taken as text. `trailing` gets the text after the last dump (blank lines dropped). Never throws.
std::vector<MlirDump> SplitMlirDumps(const LineIndex& lines, std::string* trailing);

// The symbols a module dump defines: the `@name` (or generic `sym_name = "name"`) on the first line of each
// operation directly inside the module (`func.func @f(`, `tt.func public @k(`, `gpu.module @g {`,
// `memref.global "private" @x`), an `@` after a `=` being a use (`%0 = call @f()`), not a definition.
std::vector<std::string> MlirDefinedSymbols(const std::string& module);

}  // namespace irtrace
