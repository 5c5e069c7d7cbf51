// LLVM IR: `define` bodies keyed by their `@name`, as LLVM's textual printer writes them.
//
// The header, as the LLVM Language Reference Manual ("Functions") gives it:
//
//   define [linkage] [PreemptionSpecifier] [visibility] [DLLStorageClass] [cconv] [ret attrs]
//          <ResultType> @<FunctionName> ([argument list])
//          [(unnamed_addr|local_unnamed_addr)] [AddrSpace] [fn Attrs] [section "name"] [partition "name"]
//          [comdat [($name)]] [align N] [gc] [prefix Constant] [prologue Constant] [personality Constant]
//          (!name !N)* { ... }
//
// Accepted: all of it. Before the name, words and whole bracketed groups are stepped over, so any
// linkage, `dso_local`, visibility, DLL storage class, calling convention (`fastcc`, `cc 10`), return
// attributes (`noundef`, `align 8`, `dereferenceable(16)`, `range(i32 0, 100)`) and result type (`ptr`,
// `{ i32, i64 }`, `<4 x i32>`, `[3 x ptr]`, `%"class.std::string"`, and the function-pointer types of
// typed-pointer IR, LLVM <= 16: `i32 (i32)*`) may come before the `@`. The name is `@name`, a numbered
// `@0`, or `@"quoted name"` (the key is the text between the quotes as written, so `@"\01f"` is `\01f`;
// LLVM strings end at the next quote). After the parameter list, everything up to the body's `{` is
// stepped over (`unnamed_addr`, `addrspace(1)`, `#0`, inline attributes, `section "s"`, `comdat($c)`,
// `align 16`, `gc "g"`, prefix/prologue/personality constants, whose `{ ... }` struct type and value are
// not the body, `!dbg !7` attachments). The header may be spread over lines with `;` comments between,
// and the body's `{` may be on a later line; the grammar allows both, the printer writes one line.
//
// Only lines outside bodies that start with `define` are looked at, so globals, `declare` lines,
// `attributes #0 = { ... }` groups and metadata `!0 = !{...}` stay outside. The range is from the
// `define` line to the line of the body's closing `}` (the `; Function Attrs:` comment above is outside).
#include <string>
#include <vector>

#include "scope/function_scope.h"
#include "scope/scope_scan.h"

namespace irtrace {
namespace {

constexpr TextSyntax kLlvmSyntax{";", false};

// When `s` starts with the word `define` (after indentation; then a blank, a `;` comment or the line's
// end, as the header may go on on the next line), the index just past `define`.
size_t DefineEnd(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && IsBlankChar(s[i])) ++i;
  constexpr std::string_view kDefine = "define";
  if (s.size() < i + kDefine.size() || s.substr(i, kDefine.size()) != kDefine) return 0;
  size_t end = i + kDefine.size();
  if (end < s.size() && !IsBlankChar(s[end]) && s[end] != ';') return 0;
  return end;
}

// Steps from after `define` to the '@' of the function's name, over words and whole bracketed groups.
// False when the text ends first.
bool SkipToName(TextCursor* c) {
  return c->SkipUntil([](char ch) { return ch == '@'; });
}

// At the '@': moves past the name and returns it; empty when there is none.
std::string ReadName(TextCursor* c) {
  c->Advance();
  if (c->Peek() == '"') return c->ReadString();
  return std::string(c->ReadWord("$.-"));
}

// From after the name, steps over the parameter list and the rest of the header to the body's '{'. A
// `{` right after `prefix`, `prologue` or `personality` is a struct type, and a `{` right after that
// type's group is its value: both are stepped over. False when the text ends first.
bool SkipToBody(TextCursor* c) {
  enum class Constant { kNone, kType, kValue } constant = Constant::kNone;  // where a `{` is a constant's
  while (c->SkipSpace()) {
    char ch = c->Peek();
    if (ch == '{' && constant == Constant::kNone) return true;
    if (ch == '"') {
      c->ReadString();
      constant = Constant::kNone;
    } else if (IsOpener(ch)) {
      bool struct_type = ch == '{' && constant == Constant::kType;
      if (!c->SkipGroup()) return false;
      constant = struct_type ? Constant::kValue : Constant::kNone;
    } else if (IsIdentStart(ch)) {
      std::string_view word = c->ReadWord("$.-");
      bool constant_follows = word == "prefix" || word == "prologue" || word == "personality";
      constant = constant_follows ? Constant::kType : Constant::kNone;
    } else {
      c->Advance();
      constant = Constant::kNone;
    }
  }
  return false;
}

// Adds the definition whose `define` starts line `ln` (`name_from` indexes just past the keyword) and
// returns the line after it; on a header or body that does not end, records the fallback instead.
size_t AddDefinition(const LineIndex& lines, size_t ln, size_t name_from, ScopeBuilder* out) {
  TextCursor c(lines, kLlvmSyntax, ln, name_from);
  if (!SkipToName(&c)) {
    out->Fail(AtLine("no function name after `define`", ln));
    return lines.size();
  }
  std::string key = ReadName(&c);
  if (key.empty()) return ln + 1;  // `@` without a name: not a definition
  bool empty = false;
  if (!SkipToBody(&c)) {
    out->Fail(AtLine("no body for @" + key + ", defined", ln));
  } else if (!c.SkipBraces(&empty)) {
    out->Fail(AtLine("unbalanced braces: the body of @" + key + " is not closed, defined", ln));
  } else {
    out->Add(std::move(key), ln, c.line() + 1);
    return c.line() + 1;
  }
  return lines.size();
}

}  // namespace

Scope SplitLlvm(const LineIndex& lines) {
  ScopeBuilder out;
  size_t ln = 0;
  while (ln < lines.size() && !out.failed()) {
    size_t name_from = DefineEnd(StripCr(lines[ln]));
    ln = name_from == 0 ? ln + 1 : AddDefinition(lines, ln, name_from, &out);
  }
  return out.Finish();
}

}  // namespace irtrace
