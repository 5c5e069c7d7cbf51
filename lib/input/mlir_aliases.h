// MLIR's attribute, type and location aliases compared by what they stand for. MLIR's printer
// (mlir/lib/IR/AsmPrinter.cpp, AliasInitializer) names each attribute or type a dump uses often enough
// (`#map = affine_map<(d0) -> (d0 + 1)>`, `!t = !llvm.struct<...>`, defined above the `module` line; with
// --mlir-print-debuginfo `#loc3 = loc("k.py":3:4)` after it, referenced as `loc(#loc3)`), numbers them per
// printing (`#map`, `#map1`, ... in order of use) and defines only those the dump uses. So between two dumps
// an alias may be renamed (`#map1` -> `#map` when `#map` is used no more) or vanish with its last use, and a
// function printed alone spells the values inline: none of that is a change of the IR. Compared by
// meaning, every reference to an alias the text defines is its value, and a definition line hashes as what
// it defines (a dropped definition stays a deleted line, but it is never a change of the lines outside
// every function: lib/diff/pass_diff.cpp leaves definition lines out of that comparison).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "input/snapshot.h"

namespace irtrace {

// True when `line` defines an alias at its start: `#name = ...` or `!name = ...` (name: letters, digits,
// '_', '$', '.', '-').
bool IsMlirAliasDefinition(std::string_view line);

// True when some line of `s` outside every function defines an alias (IsMlirAliasDefinition).
bool HoldsMlirAliases(const Snapshot& s);

// Per line of `s` (0-based), a 64-bit hash of its comparison (Snapshot::KeyOf and LacksNewline) with every
// `#name` / `!name` that a line of `s` outside every function defines replaced by its value, expanded in
// turn (8 deep at most); a location alias (its value `loc(X)`) stands for X, so `loc(#loc3)` reads as the
// `loc(X)` a function dump prints inline. A definition line hashes as "=" and its expanded value, whatever
// its name. Two lines hash equal when they compare equal this way (up to 64-bit collisions).
std::vector<uint64_t> MlirAliasKeyHashes(const Snapshot& s);

}  // namespace irtrace
