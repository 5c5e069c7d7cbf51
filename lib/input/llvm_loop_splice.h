// A loop pass's dump put into its function: LLVM 19's loop dump ("IR Dump After P on loop %x in function
// f", llvm/lib/Analysis/LoopInfo.cpp printLoop) prints only the loop's preheader, blocks and exit blocks, so
// the function after the pass, as far as the log shows it, is the function's latest text with the blocks the
// dump prints put in place of their earlier text. What a loop dump cannot show (an edit outside its blocks,
// where LLVM put a block it added, blocks renumbered) the splice does not guess beyond the rules below; the
// reader notes it (input/llvm_log_notes.h) until a function-level dump prints the function whole again.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "input/llvm_blocks.h"
#include "util/line_index.h"

namespace irtrace {

// One run of a spliced function's text: lines [begin, end) (0-based, end excluded) of the function's text
// (kFunction) or of the loop dump (kDump), or one literal line (kLiteral: an empty line between blocks).
struct SpliceRun {
  enum class From { kFunction, kDump, kLiteral } from = From::kLiteral;
  size_t begin = 0, end = 0;
  std::string literal;
};

// The function as the loop dump leaves it, as runs, and what the splice did to its blocks (labels as
// BlockLabel gives them, "" for the entry block): `replaced` (the dump's text put in place of the
// function's), `removed` (left out), `added` (the dump's blocks the function lacked, put in).
struct LoopSplice {
  std::vector<SpliceRun> runs;
  std::vector<std::string> replaced, removed, added;
};

// Splices loop dump `dump` (SplitLoopDump of `dump_lines`) into function `function` (SplitFunctionBlocks of
// `function_lines`: its "; Function Attrs:" and define lines, blocks, "}"). `previous`: the same loop's
// previous dump in the current run of loop passes on the function (null when there is none).
// - each function block whose label the dump prints is replaced by the dump's block, in place;
// - each block `previous` printed that the dump (any of its parts) no longer prints is removed
//   (LoopRotate folding the old header, LoopSimplifyCFG merging blocks: the loop dump is all the log shows
//   of them); the entry block is never removed;
// - each block of the dump the function lacks is put in: a numbered one (its label's number, or its first
//   unnamed value's: LLVM numbers a function's unnamed blocks and values in the order they stand) before
//   the first block after the entry block whose number is higher (none: before "}"); one without numbers
//   after the nearest block before it in the dump's order that the function holds (the first such:
//   before the nearest one after it; none at all: before "}"); an empty line between blocks. A numbered
//   block of the dump that stands where `previous` printed a removed numbered block (input/
//   llvm_block_renames.h: the printer renumbered it) goes in that block's place instead.
// - the dump's `!N` / `#N` references are renumbered as the function's text numbers them (each printing
//   numbers metadata and attribute groups its own way: a loop dump's `!tbaa !5` is the function dump's
//   `!11`), as learned from the lines of blocks both print that are equal but for those numbers (or, else,
//   but for value numbers too); a number not learned is kept, unless the function's text uses it (for
//   another node, as far as the log shows): then it gets a number above every one the function uses. A
//   `!N` not learned between two learned ones whose gaps are equal in both numberings is mapped at its
//   distance from the lower (both printings number the function's nodes in first-reference order); one
//   still not learned keeps the offset of the nearest learned one when that lands on a number the
//   function's text references and no other number maps to. A
//   renumbered line is a kLiteral run.
// Lines outside blocks (the define line, "}") are the function's. Never fails.
// `numbering` (may be null): what the loop dumps' numbers are in the function's numbering, learned so far
// in this run of loop passes ("!5" -> "11", "#2" -> "0"); the splice learns from this dump too (see
// LearnLoopNumbering) and renumbers by it.
using LoopNumbering = std::map<std::string, std::string>;
LoopSplice SpliceLoop(const LineIndex& function_lines, const std::vector<IrBlockLine>& function,
                      const LineIndex& dump_lines, const std::vector<IrBlockLine>& dump,
                      const std::vector<IrBlockLine>* previous, LoopNumbering* numbering = nullptr);

// Adds to `numbering` what loop dump `dump` (lines `dump_lines`) shows of its numbers against function
// `function` (lines `function_lines`): each line of a block both print, equal but for its `!N` / `#N`
// numbers to a line of the function's block of that label, pairs its numbers with those (a number learned
// before is kept). For a loop dump that is spliced into nothing (a no-op pass), so later dumps of the run
// renumber what it showed.
void LearnLoopNumbering(const LineIndex& function_lines, const std::vector<IrBlockLine>& function,
                        const LineIndex& dump_lines, const std::vector<IrBlockLine>& dump, LoopNumbering* numbering);

}  // namespace irtrace
