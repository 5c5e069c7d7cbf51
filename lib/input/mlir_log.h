// Reading MLIR's own pass dumps: the log an MLIR pass manager writes with --mlir-print-ir-after-all,
// -before-all, -after-change or -after-failure (mlir-opt prints it on stderr), with or without
// --mlir-print-ir-module-scope. Banners as mlir/lib/Pass/IRPrinting.cpp (LLVM 19) writes them:
//   // -----// IR Dump After CSE (cse) //----- //
//   // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //      (module scope)
//   // -----// IR Dump After OneShotBufferize Failed (one-shot-bufferize) //----- //
// and older MLIR's `// *** IR Dump After CSE ***`. The pass name is the text before its "(argument)", kept
// whole ("(anonymous namespace)::TestPass"). MLIR after llvm PR #195198 writes the argument after a colon,
// `// -----// IR Dump After CSEPass: cse //----- //`: the name is the text before a trailing
// ": <argument>{options}" (a ':' inside the name stays). ClangIR writes text after the banner on its line
// (`//----- // !s32i = !cir.int<s, 32>`, its first alias): that text is the dump's first line.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input/dump_dir.h"

namespace irtrace {

// True when `head` (a file's first bytes) holds a line that starts with an MLIR IR-dump banner.
bool LooksLikeMlirLog(std::string_view head);

// Splits `text`, the log `name` (as the user gave it; messages and snapshot names say "<name> line N"),
// into a listing whose snapshots are held in memory, in the numbered dump's model (input/dump_dir.h):
// - Each dump's text runs from its banner to the end of the operation it prints (its braces balanced),
//   with attribute aliases before it and a `{-# ... #-}` resource block after it.
// - Dumps of the whole module are snapshots as they are; consecutive module-scope dumps of one pass on
//   several functions are one pass (the last dump: the module after the pass ran on each).
// - Without module scope a dump prints one nested operation (a `func.func`, found from its first line):
//   it is spliced into the last module dump at its place, indented as there (a function not in it is
//   added before the module's last line). The dumps between two module dumps are grouped by function and
//   placed by each function's order of passes (input/mlir_pipeline.h GroupNestedPasses: a nest's k-th pass
//   over every function is one pass), so the order in which a threaded run interleaved them does not
//   matter; a dump an after-change log cannot place (the nest runs its pass more than once) is a pass by
//   itself, with not_in_log notes (DumpPass::log_notes) on it and on the passes it may belong to. Before
//   the first module dump only the functions seen so far exist: the snapshot is those functions inside
//   the first module dump's `module` line and last line, indented as there, in its order (the ones it
//   lacks after them, by name), so that dump charges no pass with their indentation or order; without any
//   module dump, unindented and sorted by name.
//   A function dump spells attribute and type aliases inline (`affine_map<(d0) -> (d0)>`) where a module
//   dump names them (`#map`, defined above its `module` line), and locations too with
//   --mlir-print-debuginfo (`loc("k.py":3:4)` inline, `loc(#loc3)` in a module dump with `#loc3 = loc(...)`
//   after the module; a block argument's location inline in both): the spliced module is spelt with the
//   aliases and location aliases of the module dump after it (the last one's at the log's end), so no pass
//   is charged with the printer's spelling.
// - An LLVM pipeline's dumps after a dump (Triton with LLVM_IR_ENABLE_DUMP=1 too: from an LLVM banner line
//   to the next MLIR banner) are the compilation's LLVM passes, read by the LLVM reader and listed after its
//   MLIR passes, in phases "mlir" and "llvm" (input/mlir_llvm_phase.h).
// - Text between the end of a dump and the next banner belongs to the next pass: the diagnostics of a
//   `Failed` pass (its error; without any, "error: <pass> failed (the log holds no diagnostics)"),
//   otherwise that pass's warnings. Text after the last dump is no pass: a note on the first entry.
// - With after-dumps, the first before-dump (if it comes first) is the frontend; otherwise the first
//   pass's dump is the first entry, named by its pass. A log of before-dumps only: the snapshot after
//   pass k is the one before pass k+1, and the last pass, whose result the log does not hold, is left out
//   with a note.
// Throws DumpError (names relative to the log) when the log holds no IR dump.
// `part`: with several compilations (MlirLogParts), the one to read (its title is its name); "" reads the
// only one, and a log of several is SeveralReports (ExitCode::kUsage); nullopt reads the log as one
// compilation whatever it holds (standard input, an IR tree).
// `input`: the IR the pipeline was handed (--input FILE, input/given_input.h), or null: before the first
// module dump, function dumps are spliced into it (its order, its frame, the functions not dumped yet as it
// has them) rather than assembled as above.
DumpListing ReadMlirLog(const std::string& name, const std::string& text,
                        const std::optional<std::string>& part = std::nullopt, const std::string* input = nullptr);

// One compilation of a stream that holds several (Triton with MLIR_ENABLE_DUMP=1 prints every kernel's
// pipeline into one stderr stream, at module scope, with before-dumps).
struct LogPart {
  std::string name;       // the first symbol its first dump defines (`tt.func public @add_kernel` is
                          // "add_kernel"); "part_N" (1-based) when there is none or it repeats
  size_t first_line = 0;  // 1-based line of its first banner
};

// The compilations of `text`: a compilation starts at a module dump that defines symbols none of which the
// module dump before it defined (Triton's next kernel), with the function dumps right before it whose
// functions that module did not define. Function dumps never start one: one pipeline's per-function dumps,
// in whatever order threads printed them, and its before-dumps are one run. Returns them in order, or
// nothing when there is one.
std::vector<LogPart> MlirLogParts(const std::string& text);

}  // namespace irtrace
