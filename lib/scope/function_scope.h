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
// of top-level classes (key `Class.member`), each from its first decorator line to the last non-blank
// line of its body, found by indentation while respecting (), [], {}, strings (incl. triple-quoted),
// comments and backslash continuations. Nested defs stay in their parent. Need not parse as Python.
// A top-level class's own lines (its decorator, `class` line, docstring) are outside. Comment-only
// lines never end a body; one indented deeper than the header belongs to it, so trailing comments at
// or left of the header's column (and trailing blank lines) are outside. Tabs advance to the next
// multiple of 8. Falls back on unbalanced/mismatched brackets and on a triple-quoted string open at
// the end; an unterminated one-quote string just ends with its line.
Scope SplitPython(const LineIndex& lines);
// MLIR: `func.func`, `llvm.func`, `gpu.func` ops (any visibility, optionally `"func.func"` generic form
// not required) keyed by the symbol after '@' (quoted symbols unquoted), from the op's line to the line
// closing its region, by brace matching outside strings; as mlir-opt's IR printer writes them.
// A func op without a region (declaration) is outside; so are `module`/`gpu.module` lines. Falls back
// when a body or a multi-line signature is not closed.
Scope SplitMlir(const LineIndex& lines);
// LLVM IR: `define ... @name(...) ... {` to the closing `}` line, keyed by the name (quoted names
// `@"a b"`, `-`, `$`, `.` included); as LLVM's textual IR printer writes them (`-print-after-all`).
// The range starts at the `define` line (the `; Function Attrs:` comment above it is outside);
// `declare`, globals, attribute groups and metadata are outside. Falls back on an unclosed body.
Scope SplitLlvm(const LineIndex& lines);
// C-like codegen: top-level function definitions (a signature followed by a `{ ... }` body at brace
// depth 0, outside namespaces' own braces counted as transparent), by brace matching outside strings,
// char literals and comments; key is the function name (qualified name if written qualified).
// The range starts at the declaration's first token after the previous `;`, `{` or `}` at that level
// (so a `template <...>` line is included, comments and preprocessor lines before it are not) and ends
// at the closing `}` line. struct/class/union/enum bodies, `= {...}` initializers and lambdas are not
// functions (their inline member functions stay outside). Overloads fall back (duplicate key).
// Preprocessor lines are skipped, so braces split across `#if` branches can make it fall back.
Scope SplitC(const LineIndex& lines);

}  // namespace irtrace
