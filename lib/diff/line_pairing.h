// Pairing similar lines inside a change block, so a changed line shows as one replace row.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "diff/line_diff.h"

namespace irtrace {

// Blocks with more than this many deleted x inserted lines are paired by position.
constexpr uint64_t kMaxPairedBlockCells = 500ULL * 500ULL;
// Lines longer than this (bytes) are never compared; their block is paired by position.
constexpr size_t kMaxPairedLineBytes = 10000;
// Minimum token similarity (LineSimilarity, 0..1) for two lines to pair.
constexpr double kPairThreshold = 0.5;

// The replace rows of one change block.
struct BlockPairs {
  uint32_t block = 0;            // 0-based index among the script's triples with D + I > 0
  uint32_t flags = 0;            // 0: similarity pairing (highlight words); 1: positional, no highlight
  std::vector<uint32_t> pairs;   // d0, i0, d1, i1, ...: 0-based within the block's deleted / inserted
                                 // lines, strictly increasing in both
};

// Token similarity of two lines in [0, 1]: the Dice coefficient 2 * |common| / (n + m) of their token
// multisets. Tokens are word pieces (identifiers split at '_', numbers); punctuation characters count only
// on a line without any word. Whitespace is ignored. Two lines without tokens score 1.
double LineSimilarity(std::string_view a, std::string_view b);

// The name a line of IR defines, its identity across a pass: `x` for Python-like `x = ...` and `x: T = ...`
// and for `def x(`; `%x` for `%x = ...` and MLIR's `%x:2 = ...`; `@x` for `@x = ...` and for a function
// header whose first word is `define` (LLVM), `func` or ends in `.func` (MLIR `func.func`, `llvm.func`,
// `gpu.func`): its first `@name`. Leading spaces and tabs are skipped. A sigil name is `[A-Za-z0-9_.$-]+`
// or a quoted `"..."` (kept with its quotes); a Python-like name is `[A-Za-z_]` or any byte >= 0x80, then
// those and digits. Returns "" when the line defines nothing: any other line, `x == y`, `x: T` without a
// value, `a::b = c`, `else: y = 1` (else, try, finally, lambda and default are not names), and names made
// of digits only (`%0`, `%5:2`, `@1`), which LLVM and MLIR number by position, so that the same number
// before and after an inserted instruction names two different values. The view points into `line`.
std::string_view DefinedName(std::string_view line);

// Pairs the lines of one change block: `del` (its deleted lines) with `ins` (its inserted lines), never
// crossing. First the pairs of lines that define the same name (DefinedName, not ""), as many as can be
// kept in order; then, in what that leaves, pairs scoring >= kPairThreshold. Among choices with the same
// number of same-name pairs, the one with the largest total similarity (of all its pairs) wins. A block
// over kMaxPairedBlockCells, or with a line over kMaxPairedLineBytes, pairs by position (flags 1).
// `block`: its index (BlockPairs::block).
BlockPairs PairBlock(uint32_t block, const std::vector<std::string_view>& del,
                     const std::vector<std::string_view>& ins);

// Pairs lines of every block of `script` (over sides `a` and `b`, the sequences that were diffed: anything
// whose operator[](size_t) gives a line as a std::string_view, e.g. a LineIndex or a vector of views), each
// as PairBlock does. Blocks without any pair are omitted.
template <typename Lines>
std::vector<BlockPairs> PairLines(const EditScript& script, const Lines& a, const Lines& b) {
  std::vector<BlockPairs> out;
  ForEachBlock(script, [&](const EditBlock& blk) {
    if (blk.del == 0 || blk.ins == 0) return;
    std::vector<std::string_view> del(blk.del), ins(blk.ins);
    for (uint32_t k = 0; k < blk.del; ++k) del[k] = a[blk.before + k];
    for (uint32_t k = 0; k < blk.ins; ++k) ins[k] = b[blk.after + k];
    BlockPairs bp = PairBlock(static_cast<uint32_t>(blk.index), del, ins);
    if (!bp.pairs.empty()) out.push_back(std::move(bp));
  });
  return out;
}

}  // namespace irtrace
