// Function scoping: splitting one snapshot into the functions the function selector offers.
//
// Every format returns sections as 0-based, half-open line ranges over the snapshot's lines (the lines
// as decoded, without their '\n'; a trailing '\r' may still be present and must be ignored by the
// scanners). Lines in no section form the "outside functions" part, which the caller derives.
//
// In every format a repeated key (C++ overloads, a snapshot holding two module dumps) makes the whole
// snapshot fall back ("duplicate function key 'f' at lines 3 and 9"); keys are never disambiguated. So
// does a function starting on the line where the previous one ends ("two functions share a line").
// Fallback reasons carry 1-based line numbers. Shared helpers live in scope_scan.h.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "util/line_index.h"

namespace irtrace {

// One function (or member class) of a snapshot.
struct Section {
  std::string key;    // pairing key across passes: "name", "Class.member" (Python-like), "softmax" (MLIR/LLVM
                      // symbol without '@', quotes removed), "ns::f" or "f" (C-like)
  size_t begin = 0;   // first line, 0-based, inclusive (a Python decorator line counts as the start)
  size_t end = 0;     // one past the last line, 0-based, exclusive; begin < end
};

// The result of splitting one snapshot.
struct Scope {
  std::vector<Section> sections;  // in file order, non-overlapping, keys unique; empty when fallback is set
  std::string fallback;           // empty on success; otherwise why the snapshot is shown as a whole file
                                  // (e.g. "duplicate function key 'f'", "unbalanced brackets at line 12"),
                                  // line numbers in the message 1-based
};

// Which scanner a file's extension selects.
enum class ScopeLanguage {
  kPython,  // .py, .tir: TVMScript, PyPTO, TileLang
  kMlir,    // .mlir
  kLlvm,    // .ll
  kC,       // .cpp .cc .cu .c .h .hpp .hip .pto (codegen; IsCodegenExtension)
  kNone,    // anything else: one section, the whole file
};

// True for the extensions of generated C-like sources (without the dot, case-sensitive): cpp cc cu c h
// hpp hip pto. These name codegen files in a dump (codegen_device*.cpp), are the ones a --codegen
// directory contributes, and select the C scanner.
bool IsCodegenExtension(std::string_view ext);

// Maps a file extension without the dot ("py", "MLIR" is not lowercased: case-sensitive) to its language.
ScopeLanguage LanguageForExtension(std::string_view ext);

// Short language name the viewer uses for syntax highlighting: "python", "mlir", "llvm", "c", "text".
const char* LanguageName(ScopeLanguage lang);

// Splits `lines` into sections for `lang`. Never fails and never throws for any input: when the text
// cannot be split safely (duplicate keys, unbalanced brackets or strings), returns no sections and a
// fallback reason. kNone always returns no sections and an empty fallback (the whole file is the view).
// Linear in the total text size.
Scope SplitFunctions(ScopeLanguage lang, const LineIndex& lines);

// The per-format scanners SplitFunctions dispatches to (one file each).
//
// Python-like IR: top-level `def`/`async def` (key `name`) and direct `def`/`async def`/`class` members
// of top-level classes (key `Class.member`), headers as the Python Language Reference's funcdef and
// classdef give them (type parameters, a backslash continuation before the name; see python_scope.cpp),
// each from its first decorator line to the last non-blank line of its body, found by indentation while
// respecting (), [], {}, strings (incl. triple-quoted), comments and backslash continuations. Nested defs stay in their parent. Need not parse as Python.
// A top-level class's own lines (its decorator, `class` line, docstring) are outside. Comment-only
// lines never end a body; one indented deeper than the header belongs to it, so trailing comments at
// or left of the header's column (and trailing blank lines) are outside. Tabs advance to the next
// multiple of 8. Falls back on unbalanced/mismatched brackets and on a triple-quoted string open at
// the end; an unterminated one-quote string just ends with its line.
Scope SplitPython(const LineIndex& lines);
// MLIR: `func.func`, `llvm.func`, `gpu.func` ops with a body, keyed by their symbol, from the op's line to
// the line closing its region, by bracket matching outside strings and `//` comments. Custom form (the
// func dialect's `func.func [visibility] @name(args) [-> results] [attributes {...}] {`): any words before
// the `@`, quoted symbols unquoted, the op spread over lines. Generic form (the MLIR Language Reference's
// generic operation, which mlir-opt prints for IR that failed verification): `"func.func"() <{...}> ({...})
// {...}` keyed by `sym_name` from the properties or the attribute dictionary, so both forms of a function
// give one key. A func op without a body (custom: no region; generic: empty regions) is a declaration and
// is outside; so are `module`/`gpu.module` lines. Falls back when a signature or body is not closed, or a
// generic func op with a body has no sym_name. See mlir_scope.cpp.
Scope SplitMlir(const LineIndex& lines);
// LLVM IR: `define ... @name(...) ... {` to the closing `}` line, keyed by the name (`@name`, numbered `@0`,
// quoted `@"a b"` with the text between the quotes as written). Accepts the whole header grammar of the
// LLVM Language Reference ("Functions"): any linkage, visibility, calling convention, return attributes
// with parentheses (`dereferenceable(16)`, `range(i32 0, 100)`) and result types (`{ i32, i64 }`, typed-
// pointer `i32 (i32)*`) before the name; section, comdat, gc, prefix/prologue/personality constants and
// metadata after the parameters; a header over several lines. The range starts at the `define` line (the
// `; Function Attrs:` comment above it is outside); `declare`, globals, attribute groups and metadata are
// outside. Falls back on a `define` without a name, a body or a closing brace. See llvm_scope.cpp.
Scope SplitLlvm(const LineIndex& lines);
// C-like codegen: top-level function definitions (a declarator followed by a `{ ... }` body at brace
// depth 0, outside namespaces' own braces counted as transparent), by brace matching outside strings,
// char literals and comments, following the C grammar's function-definition (C17 6.9.1; C++'s adds
// ctor-initializers and function-try-blocks, whose handlers belong to the function). The key is the
// declarator's name: qualified if written so, `f<int>` for an explicit specialization, the inner name of
// `int (*f(int))(int)`; attributes and macros with parentheses before the name or after the parameters
// are not taken for it. The range starts at the declaration's first token after the previous `;`, `{`
// or `}` at that level (so a `template <...>` line is included, comments and preprocessor lines before it
// are not) and ends at the closing `}` line. struct/class/union/enum bodies, `= {...}` initializers and
// lambdas are not functions (their inline member functions stay outside), nor are K&R definitions.
// Overloads fall back (duplicate key). Preprocessor lines are skipped, so braces split across `#if`
// branches can make it fall back. See c_scope.cpp.
Scope SplitC(const LineIndex& lines);

}  // namespace irtrace
