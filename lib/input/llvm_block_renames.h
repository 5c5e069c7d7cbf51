// Blocks a loop pass's dump shows renumbered: LLVM numbers a function's unnamed blocks and values in the
// order they stand (AsmWriter's slot tracker), so a pass that adds or deletes an unnamed value before a
// numbered block renames it ("16:" becomes "15:") without moving it, and the loop dump prints it under its
// new number in the place of the old one in the loop's block list (LLVM keeps that list's order).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "input/llvm_blocks.h"

namespace irtrace {

// The numbered blocks of loop dump `dump` that are blocks of the loop's previous dump `previous` renumbered:
// dump index -> the label `previous` printed it under. A block of `dump` counts when its label is a number
// the function lacks (`in_function`: the function's block labels), and the block `previous` printed right
// after (before, for the dump's first block) the same neighbour is a numbered block of `removed` (those
// `previous` printed that `dump` does not); each removed block is paired once. Never fails.
std::map<size_t, std::string> RenamedBlocks(const std::vector<IrBlockLine>& dump,
                                            const std::vector<IrBlockLine>& previous,
                                            const std::set<std::string>& removed,
                                            const std::set<std::string>& in_function);

}  // namespace irtrace
