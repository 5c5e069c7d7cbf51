// LLVM IR basic blocks as LLVM's printers write them, for reading a loop pass's dump against its function:
// a block is its label line ("5:", ".lr.ph:", "for.body:", each followed by "; preds = ..." padding), or no
// label for a function's unnamed entry block, and its instructions, up to a blank line. A loop dump, as
// llvm/lib/Analysis/LoopInfo.cpp printLoop (LLVM 19) writes it under "IR Dump After P on loop %x in
// function f": "; Preheader:" and the preheader block, "; Loop:" and the loop's blocks (without a preheader
// the loop's blocks come first, with no "; Loop:" line), then "; Exit blocks" and the exit blocks, blank
// lines between blocks.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "util/line_index.h"

namespace irtrace {

// Which part of a loop dump a block is in (a function's blocks are all kLoop).
enum class LoopPart { kPreheader, kLoop, kExit };

// One line of a loop dump: a block (lines [begin, end), 0-based, end excluded; `label` without its ':', ""
// for an unnamed entry block) or, when !block, a line kept as it is (a "; Loop:" marker, a blank line).
struct IrBlockLine {
  bool block = false;
  LoopPart part = LoopPart::kLoop;
  std::string label;
  size_t begin = 0, end = 0;
};

// The label a line defines ("5" for "5:   ; preds = %2", "\"a b\"" for "\"a b\":"), or "" when the line
// is no block label (it is indented, a comment, or has no ':' after a name).
std::string BlockLabel(std::string_view line);

// The number a block label, value name or `!N` / `#N` reference's digits spell ("15" -> 15), or -1 when
// `digits` is empty, holds a non-digit or is longer than 9 digits (no LLVM printer numbers that far).
long LlvmNumber(std::string_view digits);

// The lines [begin, end) of `lines` (a loop dump's text) as blocks and kept lines, in order. Never fails:
// lines before any marker are the loop's blocks.
std::vector<IrBlockLine> SplitLoopDump(const LineIndex& lines, size_t begin, size_t end);

// The blocks of one function's text, lines [begin, end) of `lines` (from its define line, or the
// "; Function Attrs:" line above it, to its closing brace): each block, the entry one labelled "" unless it
// is named. The define line, the brace and blank lines are not blocks (returned with block = false).
std::vector<IrBlockLine> SplitFunctionBlocks(const LineIndex& lines, size_t begin, size_t end);

// `text` with its metadata and attribute-group numbers (`!5`, `#0`: a number after '!' or '#' that no name
// character precedes) renumbered by first appearance, each kind from 0: the same IR printed by a printer
// that numbered them otherwise (a loop dump, a function dump and the module each number their own) gives the
// same text. Blind to a pass that swaps one node or group for another.
std::string CanonicalNumbering(std::string_view text);

// The header of a loop dump: the label of its first block in the kLoop part ("" when there is none).
std::string LoopHeaderOf(const std::vector<IrBlockLine>& dump);

}  // namespace irtrace
