// MLIR: function ops with a body (`func.func`, `llvm.func`, `gpu.func`, Triton's `tt.func`: any
// `<dialect>.func`), in the custom form mlir-opt's printer writes and in the generic form it writes for IR
// that failed verification (a failed pass).
//
// Custom form, as the func dialect documents `func.func` (`llvm.func`, `gpu.func` and `tt.func` are written
// alike):
//
//   func.func sym_visibility? @name `(` argument-list `)` (`->` function-result-list)?
//             (`attributes` dictionary-attribute)? region?
//
// Accepted: any words between the op name and the `@` (visibility `private`/`nested`/`public`, llvm.func's
// linkage, `unnamed_addr` and calling convention); `@name` or `@"quoted name"` (key unquoted, `\"` and `\\`
// unescaped: ReadAtSymbol); the signature's bracketed groups, keywords (`kernel`, `workgroup(...)`) and
// `attributes {...}`, up to the region's `{`. The grammar lets the op spread over lines: the symbol may come
// on a later line, and a line ending at bracket depth 0 continues when the next one starts with `{`, `->`,
// `attributes`, `kernel`, `workgroup` or `private` (none of which starts an operation); otherwise the op is
// a declaration (no region) and stays outside.
//
// Generic form, as the MLIR Language Reference ("Operations") gives it:
//
//   generic-operation ::= string-literal `(` value-use-list? `)` successor-list?
//                         dictionary-properties? region-list? dictionary-attribute? `:` function-type
//
// `"func.func"`, `"llvm.func"`, `"gpu.func"` (any `"<dialect>.func"`) are keyed by their `sym_name`, from
// the properties `<{...}>` (MLIR 18 on) or the attribute dictionary after the regions (older MLIR; gpu.func,
// whose sym_name is no property), read as the custom form's quoted symbol is, so both forms of one function
// give one key. The
// range is from the op's line to the line closing its region list (or the dictionary after it). An op
// whose regions are empty is a declaration (the generic form of a custom one-line declaration) and stays
// outside, again as in the custom form. A generic func op with a body but no sym_name makes the snapshot
// fall back.
//
// Only lines outside function bodies are checked for a func op at their start (after indentation);
// everything else there (module wrappers in either form, `gpu.module`, `#map`/`#loc` aliases, resource
// blobs) stays outside. Brackets are matched outside string literals and `//` comments.
#include <cctype>
#include <string>
#include <vector>

#include "scope/function_scope.h"
#include "scope/scope_scan.h"

namespace irtrace {
namespace {

constexpr TextSyntax kMlirSyntax{"//", true};
// A func op found at the start of a line.
struct OpStart {
  enum class Form { kNone, kCustom, kGeneric } form = Form::kNone;
  std::string_view name;  // "func.func", "llvm.func", "gpu.func", "tt.func", ...
  size_t after = 0;       // index just past the op name (custom) or its closing quote (generic)
};

// The length of a func op's name at the start of `s`: `<dialect>.func` (a dialect name, `[A-Za-z_]
// [A-Za-z0-9_]*`, then `.func`), else 0. Every dialect's function op is spelt so (func, llvm, gpu, Triton's
// tt, spirv, emitc, ...).
size_t FuncOpName(std::string_view s) {
  size_t n = 0;
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return 0;
  while (n < s.size() && (std::isalnum(static_cast<unsigned char>(s[n])) || s[n] == '_')) ++n;
  return s.substr(n, 5) == ".func" ? n + 5 : 0;
}

OpStart FuncOpAt(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && IsBlankChar(s[i])) ++i;
  std::string_view rest = s.substr(i);
  if (size_t n = FuncOpName(rest); n > 0 && (rest.size() == n || IsBlankChar(rest[n])))
    return OpStart{OpStart::Form::kCustom, rest.substr(0, n), i + n};
  if (!rest.empty() && rest[0] == '"') {
    size_t n = FuncOpName(rest.substr(1));
    if (n > 0 && rest.size() > n + 1 && rest[n + 1] == '"')
      return OpStart{OpStart::Form::kGeneric, rest.substr(1, n), i + n + 2};
  }
  return OpStart{};
}

// ---- custom form ----------------------------------------------------------------------------------

// After a signature line that ended at bracket depth 0: true when the text that follows continues the
// signature rather than starting the next operation (`{-#` opens a resource section, not a region).
bool ContinuesSignature(TextCursor c) {
  if (!c.SkipSpace() || c.LookingAt("{-#")) return false;
  if (c.Peek() == '{' || c.LookingAt("->")) return true;
  std::string_view word = c.ReadWord();
  return word == "attributes" || word == "kernel" || word == "workgroup" || word == "private";
}

enum class SigEnd { kRegion, kDeclaration, kUnbalanced };

// Walks a func op's signature from just after its symbol to its region's '{' (the cursor is left there).
// A '{' at bracket depth 0 opens the region unless it follows the `attributes` keyword. For a declaration
// `last_line` is set to the op's last line.
SigEnd ScanSignature(TextCursor* c, size_t* last_line) {
  std::string_view last_word;
  for (;;) {
    if (!c->SkipSpaceInLine()) {
      *last_line = c->line();
      if (!ContinuesSignature(*c)) return SigEnd::kDeclaration;
      c->SkipSpace();
      continue;
    }
    char ch = c->Peek();
    if (ch == '{' && last_word != "attributes") return SigEnd::kRegion;
    if (IsIdentStart(ch)) {
      last_word = c->ReadWord(".");
      continue;
    }
    last_word = {};
    if (ch == '"') {
      c->ReadString();
    } else if (IsOpener(ch)) {
      if (!c->SkipGroup()) return SigEnd::kUnbalanced;
    } else {
      c->Advance();
    }
  }
}

// Follows the custom-form op starting at line `ln` (`op.after` indexes just past its name) and adds its
// section; returns the line to look at next. Not a func op header (no symbol after the leading words):
// the next line.
size_t ScanCustom(const LineIndex& lines, size_t ln, const OpStart& op, ScopeBuilder* out) {
  TextCursor c(lines, kMlirSyntax, ln, op.after);
  while (c.SkipSpace() && c.Peek() != '@') {
    if (!IsIdentStart(c.Peek())) return ln + 1;
    c.ReadWord();  // visibility, linkage, calling convention
  }
  if (c.AtEnd()) return ln + 1;
  c.Advance();  // '@'
  std::string key = c.Peek() == '"' ? c.ReadString() : std::string(c.ReadWord("$.-"));
  if (key.empty()) return ln + 1;
  size_t last = ln;
  switch (ScanSignature(&c, &last)) {
    case SigEnd::kDeclaration: return last + 1;  // a declaration is not a section
    case SigEnd::kUnbalanced:
      out->Fail(AtLine("unbalanced brackets in the signature of @" + key + " starting", ln));
      return lines.size();
    case SigEnd::kRegion: break;
  }
  size_t open_line = c.line();
  bool empty = false;
  if (!c.SkipBraces(&empty)) {
    out->Fail(AtLine("unbalanced braces: the body of @" + key + " is not closed, opened", open_line));
    return lines.size();
  }
  out->Add(std::move(key), ln, c.line() + 1);
  return c.line() + 1;
}

// ---- generic form ---------------------------------------------------------------------------------

// Moves past one attribute value: to the ',' or '}' that ends it in its dictionary. False when the text
// ends first.
bool SkipValue(TextCursor* c) {
  return c->SkipUntil([](char ch) { return ch == ',' || ch == '}'; });
}

// At a dictionary's '{': moves past its '}'. An entry `sym_name = "..."` directly in it (not in a nested
// dictionary; the name bare or quoted) sets `sym_name`. False when the text ends first.
bool ReadDictionary(TextCursor* c, std::string* sym_name) {
  c->Advance();  // '{'
  while (c->SkipSpace()) {
    char ch = c->Peek();
    if (ch == '}') {
      c->Advance();
      return true;
    }
    if (ch == ',') {
      c->Advance();
      continue;
    }
    std::string name = ch == '"' ? c->ReadString() : std::string(c->ReadWord("$.-"));
    if (!c->SkipSpace()) return false;
    if (!name.empty() && c->Peek() != '=') continue;  // a unit attribute: `gpu.kernel`
    if (c->Peek() == '=') c->Advance();
    if (!c->SkipSpace()) return false;
    if (name == "sym_name" && c->Peek() == '"') {
      *sym_name = c->ReadString();
    } else if (!SkipValue(c)) {
      return false;
    }
  }
  return false;
}

// At a region list's '(': moves past its ')'. `body` is set when a region holds anything but blanks and
// comments. False when the text ends first.
bool SkipRegionList(TextCursor* c, bool* body) {
  c->Advance();  // '('
  while (c->SkipSpace()) {
    char ch = c->Peek();
    bool empty = true;
    if (ch == ')') {
      c->Advance();
      return true;
    }
    if (ch == '{') {
      if (!c->SkipBraces(&empty)) return false;
      if (!empty) *body = true;
    } else if (ch == '"') {
      c->ReadString();
    } else {
      c->Advance();  // ',' between regions
    }
  }
  return false;
}

// What the parts of a generic op after its operands hold.
struct GenericOp {
  bool closed = true;     // false: the text ended inside a part
  bool body = false;      // some region is not empty
  std::string sym_name;   // empty when neither dictionary has one
  size_t last_line = 0;   // line of the last part's closing bracket
};

// Reads the optional parts after the operand list: successors, `<{properties}>`, `({regions})` and the
// attribute dictionary, each only where it starts (a part may begin on a later line).
GenericOp ReadGenericParts(TextCursor* c) {
  GenericOp op;
  op.last_line = c->line();
  auto next_is = [&](char ch) { return c->SkipSpace() && c->Peek() == ch && !c->LookingAt("{-#"); };
  if (next_is('[')) {
    op.closed = c->SkipGroup();
    op.last_line = c->line();
  }
  if (op.closed && next_is('<') && c->LookingAt("<{")) {
    c->Advance();  // '<'
    op.closed = ReadDictionary(c, &op.sym_name);
    if (op.closed && c->SkipSpace() && c->Peek() == '>') c->Advance();
    op.last_line = c->line();
  }
  if (op.closed && next_is('(')) {
    op.closed = SkipRegionList(c, &op.body);
    op.last_line = c->line();
  }
  if (op.closed && next_is('{')) {
    op.closed = ReadDictionary(c, &op.sym_name);
    op.last_line = c->line();
  }
  return op;
}

// Follows the generic-form op starting at line `ln` and adds its section; returns the line to look at next.
size_t ScanGeneric(const LineIndex& lines, size_t ln, const OpStart& start, ScopeBuilder* out) {
  TextCursor c(lines, kMlirSyntax, ln, start.after);
  if (!c.SkipSpace() || c.Peek() != '(') return ln + 1;  // the op name quoted elsewhere, not an op
  GenericOp op;
  op.closed = c.SkipGroup();  // operands
  if (op.closed) op = ReadGenericParts(&c);
  std::string what = "the generic-form \"" + std::string(start.name) + "\"";
  if (!op.closed) {
    out->Fail(AtLine("unbalanced brackets in " + what + " starting", ln));
    return lines.size();
  }
  if (!op.body) return op.last_line + 1;  // a declaration is not a section
  if (op.sym_name.empty()) {
    out->Fail(AtLine("no sym_name in " + what, ln));
    return lines.size();
  }
  out->Add(std::move(op.sym_name), ln, op.last_line + 1);
  return op.last_line + 1;
}

}  // namespace

Scope SplitMlir(const LineIndex& lines) {
  ScopeBuilder out;
  size_t ln = 0;
  while (ln < lines.size() && !out.failed()) {
    OpStart op = FuncOpAt(StripCr(lines[ln]));
    switch (op.form) {
      case OpStart::Form::kNone: ++ln; break;
      case OpStart::Form::kCustom: ln = ScanCustom(lines, ln, op, &out); break;
      case OpStart::Form::kGeneric: ln = ScanGeneric(lines, ln, op, &out); break;
    }
  }
  return out.Finish();
}

}  // namespace irtrace
