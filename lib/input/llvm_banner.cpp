#include "input/llvm_banner.h"

#include <algorithm>

#include "input/llvm_machine.h"

namespace irtrace {
namespace {

std::string_view TrimCr(std::string_view s) { return !s.empty() && s.back() == '\r' ? s.substr(0, s.size() - 1) : s; }

bool StartsWith(std::string_view s, std::string_view p) { return s.size() >= p.size() && s.substr(0, p.size()) == p; }

// Drops `suffix` from the end of `s` when it is there.
bool CutSuffix(std::string_view* s, std::string_view suffix) {
  if (s->size() < suffix.size() || s->substr(s->size() - suffix.size()) != suffix) return false;
  s->remove_suffix(suffix.size());
  return true;
}

}  // namespace

std::string IrKey(std::string_view name) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string key;
  for (char ch : name) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c == '\\') {
      key += "\\\\";
    } else if (c >= 0x20 && c <= 0x7e && c != '"') {
      key.push_back(ch);
    } else {
      key.push_back('\\');
      key.push_back(kHex[c >> 4]);
      key.push_back(kHex[c & 15]);
    }
  }
  return key;
}

namespace {

// The function names of an IR unit: "[module]", "(f, g)", "loop %x in function f", "f"; `funcs` as keys.
void ParseUnit(std::string_view ir, LlvmBanner* b) {
  b->ir = std::string(ir);
  size_t in_function = ir.rfind(" in function ");
  if (ir == "[module]") {
    b->unit = LlvmBanner::Unit::kModule;
  } else if (StartsWith(ir, "loop %") && in_function != std::string_view::npos && in_function >= 5) {
    b->unit = LlvmBanner::Unit::kLoop;
    b->funcs = {IrKey(ir.substr(in_function + 13))};
  } else if (ir.size() >= 2 && ir.front() == '(' && ir.back() == ')') {
    b->unit = LlvmBanner::Unit::kScc;
    std::string_view list = ir.substr(1, ir.size() - 2);
    for (size_t at = 0; at <= list.size();) {
      size_t comma = std::min(list.find(", ", at), list.size());
      b->funcs.push_back(IrKey(list.substr(at, comma - at)));
      at = comma + 2;
    }
  } else {
    b->unit = LlvmBanner::Unit::kFunction;
    b->funcs = {IrKey(ir)};
  }
}

// "<pass> on <unit>": the first " on " after a non-empty pass name; false when there is none or the unit
// is empty.
bool SplitOn(std::string_view s, LlvmBanner* b) {
  size_t on = s.size() > 1 ? s.find(" on ", 1) : std::string_view::npos;
  if (on == std::string_view::npos || on + 4 >= s.size()) return false;
  std::string_view pass = s.substr(0, on);
  // -print-before-pass-number=N / -print-after-pass-number=N write "97-SimplifyCFGPass".
  size_t digits = 0;
  while (digits < pass.size() && pass[digits] >= '0' && pass[digits] <= '9') ++digits;
  if (digits > 0 && digits + 1 < pass.size() && pass[digits] == '-') {
    b->counter = std::string(pass.substr(0, digits));
    pass.remove_prefix(digits + 1);
  }
  b->pass = std::string(pass);
  ParseUnit(s.substr(on + 4), b);
  return true;
}

}  // namespace

std::optional<LlvmBanner> ParseLlvmBanner(std::string_view raw) {
  if (std::optional<BackendBanner> bb = ParseBackendBanner(raw)) {
    LlvmBanner b;
    b.kind = bb->before ? LlvmBanner::Kind::kBefore : LlvmBanner::Kind::kAfter;
    b.pass = std::move(bb->pass);
    b.unit = LlvmBanner::Unit::kFunction;  // until its dump says (MakePass)
    b.backend = true;
    b.machine = bb->machine;
    return b;
  }
  std::string_view line = TrimCr(raw);
  if (StartsWith(line, "; ")) line.remove_prefix(2);
  if (!StartsWith(line, "*** IR ") || line.size() < 11 || line.substr(line.size() - 4) != " ***") return std::nullopt;
  std::string_view middle = line.substr(7, line.size() - 11);
  LlvmBanner b;
  if (middle == "Dump At Start") {
    b.kind = LlvmBanner::Kind::kStart;
    return b;
  }
  bool after = StartsWith(middle, "Dump After "), before = StartsWith(middle, "Dump Before ");
  if (after || before) {
    middle.remove_prefix(after ? 11 : 12);
    bool omitted = CutSuffix(&middle, " omitted because no change");
    b.invalidated = CutSuffix(&middle, " (invalidated)");
    if (!SplitOn(middle, &b)) return std::nullopt;
    b.kind = omitted ? LlvmBanner::Kind::kOmitted : after ? LlvmBanner::Kind::kAfter : LlvmBanner::Kind::kBefore;
    return b;
  }
  if (StartsWith(middle, "Pass ")) {
    middle.remove_prefix(5);
    bool ignored = CutSuffix(&middle, " ignored");
    bool invalidated = !ignored && CutSuffix(&middle, " invalidated");
    if (!ignored && !invalidated) return std::nullopt;
    // LLVM 19 writes "*** IR Pass LoopFullUnrollPass invalidated ***", naming no unit.
    if (!SplitOn(middle, &b)) {
      if (!invalidated || middle.empty() || middle.find(' ') != std::string_view::npos) return std::nullopt;
      b.pass = std::string(middle);
    }
    b.kind = LlvmBanner::Kind::kIgnored;
    b.invalidated = invalidated;
    return b;
  }
  return std::nullopt;
}

}  // namespace irtrace
