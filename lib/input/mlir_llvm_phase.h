// An MLIR log with an LLVM pipeline's dumps in it: Triton with MLIR_ENABLE_DUMP=1 and LLVM_IR_ENABLE_DUMP=1
// prints every kernel's compilation into one stream (stderr). triton-lang/triton python/src/ir.cc
// (pass_manager.enable_debug: MLIR_ENABLE_DUMP turns on MLIR's IR printing before and after every pass, at
// module scope, threading off, with debug info, to llvm::dbgs() unless MLIR_DUMP_PATH names a file) prints
// MLIR's banners (`// -----// IR Dump Before/After CSE (cse) ('builtin.module' operation) //----- //`,
// mlir/lib/Pass/IRPrinting.cpp); python/src/llvm.cc (optimize_module, and translateLLVMIRToASM for the
// code generator: LLVM_IR_ENABLE_DUMP sets LLVM's -print-after-all) then prints LLVM's
// (`; *** IR Dump After InstCombinePass on add_kernel ***`, llvm/lib/Passes/StandardInstrumentations.cpp;
// the backend's legacy and machine dumps). Per kernel: its MLIR pipelines (make_ttir, make_ttgir, the MLIR
// part of make_llir), then the LLVM module Triton translated the result to goes through LLVM's pipeline.
// Neither log prints that translated module.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "input/dump_dir.h"
#include "util/line_index.h"

namespace irtrace {

// The phase names of a compilation whose log holds both: its MLIR passes, then its LLVM passes (the LLVM
// reader's backend passes keep their phase "backend", input/llvm_machine.h).
inline constexpr const char* kMlirPhase = "mlir";
inline constexpr const char* kLlvmPhase = "llvm";

// True when `line` (one line, without its '\n') is an LLVM IR-dump banner (input/llvm_log.h), so starts
// the LLVM pipeline's dumps after an MLIR dump.
bool IsLlvmDumpLine(std::string_view line);

// One run of the log's lines that is an LLVM pipeline's dumps: lines [begin, end), 0-based.
struct LlvmLines {
  size_t begin = 0, end = 0;
};

// Appends to `listing` (an MLIR log's, its passes numbered 1..N) the LLVM passes of `runs`, lines of
// `lines` (the whole log `name`), read together as one LLVM log by the LLVM
// reader (input/llvm_log.h ReadLlvmLog, its snapshots named "<name> line N" by the log's own lines), numbered
// N+1 and on: the MLIR passes get phase kMlirPhase, the LLVM ones kLlvmPhase (but "backend"'s). The first
// LLVM pass is diffed against the IR the LLVM log holds before it (none for -print-after-all: against
// nothing, its output shown whole, noted), never against the last MLIR module; the LLVM log's notes go on
// it. `mlir_after`: an MLIR dump of this compilation follows one of `runs` (noted: listed before them).
// Does nothing when `runs` is empty. When the LLVM reader refuses them (DumpError, as for an LLVM log
// alone), the listing gets a note saying so and no LLVM pass. Throws nothing.
void AppendLlvmPhase(const std::string& name, const LineIndex& lines, const std::vector<LlvmLines>& runs,
                     bool mlir_after, DumpListing* listing);

}  // namespace irtrace
