// LLVM IR's attribute-group (`#N`) and metadata (`!N`) references compared by what they name. Each printing
// numbers them on its own (llvm/lib/IR/AsmWriter.cpp's SlotTracker: a function dump numbers its own `#0`,
// `!tbaa !5`; a module dump numbers the module's), so a number says nothing across dumps: a pass's status and
// counts compare the references by what they name where the text defines them (a module dump's
// `attributes #0 = { ... }` and `!5 = !{...}` lines), else by canonical numbering (each kind renumbered in
// order of first appearance within its scope: a function's lines, or the lines outside every function).
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "input/snapshot.h"

namespace irtrace {

// True when `line` holds a reference: '#' or '!' followed by digits that no letter, digit or '_' follows
// (`#0`, `!12`; not `!dbg`, `!"s"`, `#dbg_value`).
bool HasIrRef(std::string_view line);

// True when `line` defines one: "attributes #N = ..." or "!N = ..." at its start.
bool IsIrRefDefinition(std::string_view line);

// True when some line of `s` outside every function is a definition (IsIrRefDefinition): a module dump.
bool HoldsIrRefDefinitions(const Snapshot& s);

enum class IrRefMode {
  kCanonical,  // by order of first appearance, per kind, within the line's scope
  kByContent,  // by what the reference names where `s` defines it (else its number as printed)
};

// Per line of `s` (0-based), a 64-bit hash of its comparison (Snapshot::KeyOf and LacksNewline) with every
// reference replaced as `mode` says. kByContent: `#N` by its group's attributes, `!N` by its node's
// contents with the references in them followed 4 deep (a node reached deeper, or a cycle, counts as
// `!?`), so the same content gives the same hash whatever the traversal order; a definition line hashes as
// what it defines. Two lines hash equal when they compare equal this way (up to 64-bit collisions).
std::vector<uint64_t> IrRefKeyHashes(const Snapshot& s, IrRefMode mode);

// IrRefKeyHashes(s, mode), computed once per snapshot and mode and kept in `s` (Snapshot::ref_key_hashes);
// safe to call from several threads at once. Never null.
std::shared_ptr<const std::vector<uint64_t>> CachedIrRefKeyHashes(const Snapshot& s, IrRefMode mode);

}  // namespace irtrace
