// One line of an LLVM log that is a banner (input/llvm_log.h lists the forms, as
// llvm/lib/Passes/StandardInstrumentations.cpp of LLVM 19 writes them), and the keys of the functions it names.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace irtrace {

// What a banner line says.
struct LlvmBanner {
  enum class Kind { kAfter, kBefore, kStart, kOmitted, kIgnored };
  enum class Unit { kModule, kFunction, kScc, kLoop };
  Kind kind = Kind::kAfter;
  std::string pass;
  Unit unit = Unit::kModule;
  std::string ir;                  // the IR unit as the banner names it ("foo", "(f, g)", "loop %x in function f")
  std::vector<std::string> funcs;  // function: [name]; SCC: its functions; loop: [its function] (as IrKey)
  bool invalidated = false;        // "(invalidated)": the module is printed
  std::string counter;             // "97" of "97-SimplifyCFGPass" (-print-after-pass-number), else ""
  bool backend = false;            // a legacy IR or machine pass's banner (input/llvm_machine.h): no unit named,
  bool machine = false;            // its dump says which (machine: one function's machine code)
};

// The banner `raw` (one line of the log, its '\r' allowed) says, or nullopt when it is no banner:
// "; *** IR Dump After|Before P on u ***" (" omitted because no change", " (invalidated)" too),
// "*** IR Dump At Start ***", "*** IR Pass P on u ignored|invalidated ***" and the backend's banners
// (input/llvm_machine.h ParseBackendBanner; unit kFunction until its dump says).
std::optional<LlvmBanner> ParseLlvmBanner(std::string_view raw);

// A function's key as the IR spells its name, the key scope/llvm_scope gives its section: a banner names
// the function raw (`a"b`, "\x01-[Foo bar]", "é"), the IR as @"a\22b", @"\01-[Foo bar]", @"\C3\A9"
// (llvm/lib/IR/AsmWriter.cpp printEscapedString: '\\' doubled, a byte outside ' '..'~' and '"' as '\' and
// two upper-case hex digits; checked against opt 19).
std::string IrKey(std::string_view name);

}  // namespace irtrace
