// The alias spellings of MLIR's printer (mlir/lib/IR/AsmPrinter.cpp, LLVM 19), as an MLIR log's reader
// (input/mlir_log.h) must undo them to compare a function dump with a module dump. A module dump names
// attribute and type aliases above its `module` line (`#map = affine_map<(d0) -> (d0)>`, `!t = !llvm.struct<...>`)
// and, with --mlir-print-debuginfo, location aliases after its last line (`#loc3 = loc("k.py":3:4)`,
// referenced as `loc(#loc3)`); a dump of one nested operation (op scope) prints none of them and spells
// every value inline. These helpers read those definitions and respell a module between the two forms.
// They hold no state and throw nothing.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace irtrace {

// Alias definitions in the order a dump prints them: name ("#map", "!t", "#loc3"), value (the text after
// " = ", as printed: "affine_map<(d0) -> (d0)>", "loc(\"k.py\":3:4)").
using Aliases = std::vector<std::pair<std::string, std::string>>;

// The attribute and type alias lines at the top of `lines` (each a line with or without its '\n', a '\r'
// before it ignored): the lines starting with '#' or '!' that hold " = ", blank lines between them skipped,
// up to the first other non-blank line. Returns them in order; `*header_lines` gets how many lines of
// `lines` they (and the blank lines among them) take from the top (0 when none).
Aliases HeaderAliases(const std::vector<std::string>& lines, size_t* header_lines);

// `text` with every occurrence of `from` replaced by `to`; with `token_end`, only where the character after
// it cannot continue an alias name (letters, digits, "_$.-"): "#map1" is not replaced as "#map".
std::string ReplaceToken(const std::string& text, const std::string& from, const std::string& to, bool token_end);

// The location aliases at the end of `lines` (the lines `#NAME = loc(...)`, blank lines among them), as a
// module dump prints them after the module with --mlir-print-debuginfo. Returns them in order;
// `*trailing_lines` gets how many lines of `lines` they (and trailing blank lines) take from the end.
Aliases TrailingAliases(const std::vector<std::string>& lines, size_t* trailing_lines);

// Location aliases `aliases` as a function dump prints them: by name, each value with the references in it
// replaced by what they stand for (`loc(fused[#loc1, #loc2])` -> `loc(fused["a":1:2, "b":3:4])`; nested up
// to 8 deep), the value itself still `loc(...)`.
std::map<std::string, std::string> InlineLocations(const Aliases& aliases);

// `module`, a module spliced from function dumps, spelt as the module dump whose header aliases are
// `aliases` and whose trailing location aliases are `trailing`: its own aliases (those at its top and end)
// expanded, then every value of `aliases` (the longest first) replaced by its name and the definitions of
// the ones it uses put on top in `aliases`' order; every location of `trailing` printed inline replaced by
// its reference, and the definitions of those it uses (directly or through another's definition) put at
// the end in `trailing`'s order. A header alias of a location is printed inline where it is used (block
// arguments'): only its definition is put on top, where the body uses its value. Returns the text.
std::string RespellAliases(const std::string& module, const Aliases& aliases, const Aliases& trailing);

}  // namespace irtrace
