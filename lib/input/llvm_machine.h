// The backend's dumps in an LLVM log: what a whole compile (`clang -O2 -c x.c -mllvm -print-after-all`) and
// `llc -print-after-all` print after the new pass manager's IR passes. Banners as LLVM 19 writes them (read
// from real clang-19 / llc-19 output; the legacy printers are llvm/lib/IR/IRPrintingPasses.cpp and
// llvm/lib/CodeGen/MachineFunctionPrinterPass.cpp, the banner text llvm/lib/IR/LegacyPassManager.cpp's
// "*** IR Dump After " + pass name + " (" + argument + ") ***"):
//   *** IR Dump After ObjC ARC contraction (objc-arc-contract) ***     (a legacy IR pass: no "; ", no unit)
//   # *** IR Dump After X86 DAG->DAG Instruction Selection (x86-isel) ***:   (a machine pass)
//   *** IR Dump After Expand large div/rem (expand-large-div-rem) *** (function: f)   (-print-module-scope)
// A legacy IR dump names no unit: it prints a function (its define), the module ("; ModuleID") or a loop's
// blocks ("; Preheader:", as llvm/lib/Analysis/LoopInfo.cpp printLoop). The legacy pass manager runs every
// codegen pass on one function before the next, so a loop dump is a loop of the last function dumped. A
// machine dump holds one function's machine code, "# Machine code for function f: <properties>" to
// "# End machine code for function f.".
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace irtrace {

// What a backend banner says: the pass's name as printed ("ObjC ARC contraction (objc-arc-contract)": its
// argument kept, it is how -print-after= names it), whether it is a machine dump ("# *** ...***:"), and
// whether it is a before-dump.
struct BackendBanner {
  std::string pass;
  bool machine = false;
  bool before = false;
};

// Takes one line of the log (a CR at its end allowed). Returns the banner when the line is a legacy IR or a
// machine pass banner as above, else nullopt. A new pass manager banner ("; *** IR Dump After P on f ***",
// and -print-changed's "*** IR Dump After P on (f) ***") is not one: its name holds no space before " on ".
std::optional<BackendBanner> ParseBackendBanner(std::string_view line);

// Takes a machine dump's text. Returns the function it is the machine code of, as the dump spells it after
// "# Machine code for function " (up to the ": " before its properties), or nullopt when no line says.
std::optional<std::string> MachineFunctionOf(const std::string& text);

// The phase of every backend pass (DumpPass::phase).
inline constexpr const char* kBackendPhase = "backend";

}  // namespace irtrace
