#include "diff/line_pairing.h"

#include <algorithm>
#include <functional>

namespace irtrace {
namespace {

using Tokens = std::vector<uint64_t>;

bool IsWordChar(unsigned char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c >= 0x80;
}

// The tokens similarity counts: word pieces (identifiers split at '_', numbers), so an SSA rename
// (`a` -> `a_0`) keeps most of a line's tokens. Punctuation counts only on lines without any word:
// in IR nearly every line is full of `=`, `(`, `,` and `%`, which would make unrelated lines look alike.
Tokens Tokenize(std::string_view s) {
  Tokens words, punct;
  std::hash<std::string_view> h;
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == ' ' || c == '\t' || c == '\r' || c == '_') {
      ++i;
      continue;
    }
    size_t j = i + 1;
    if (IsWordChar(c)) {
      while (j < s.size() && IsWordChar(static_cast<unsigned char>(s[j]))) ++j;
      words.push_back(h(s.substr(i, j - i)));
    } else {
      punct.push_back(h(s.substr(i, 1)));
    }
    i = j;
  }
  return words.empty() ? punct : words;
}

// A line's tokens, sorted (a multiset).
struct LineTokens {
  Tokens bag;
};

LineTokens MakeLineTokens(std::string_view s) {
  LineTokens t{Tokenize(s)};
  std::sort(t.bag.begin(), t.bag.end());
  return t;
}

size_t BagOverlap(const Tokens& a, const Tokens& b) {
  size_t i = 0, j = 0, n = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] == b[j]) ++n, ++i, ++j;
    else if (a[i] < b[j]) ++i;
    else ++j;
  }
  return n;
}

// Dice coefficient over the token multisets: 2 * |common tokens| / (n + m). Order-blind, so one merge of
// the sorted bags (linear) instead of an LCS table per cell: blocks of 500 x 500 lines stay fast.
double Similarity(const LineTokens& la, const LineTokens& lb) {
  size_t n = la.bag.size(), m = lb.bag.size();
  if (n == 0 && m == 0) return 1.0;
  double total = static_cast<double>(n + m);
  if (2.0 * std::min(n, m) / total < kPairThreshold) return 0.0;  // lengths alone rule it out
  return 2.0 * BagOverlap(la.bag, lb.bag) / total;
}

// Best non-crossing pairing of a D x I block (weighted LCS by dynamic programming).
std::vector<uint32_t> BestPairs(const std::vector<std::string_view>& del,
                                const std::vector<std::string_view>& ins) {
  size_t d = del.size(), n = ins.size();
  std::vector<LineTokens> td(d), ti(n);
  for (size_t k = 0; k < d; ++k) td[k] = MakeLineTokens(del[k]);
  for (size_t k = 0; k < n; ++k) ti[k] = MakeLineTokens(ins[k]);
  std::vector<double> score((d + 1) * (n + 1), 0.0), sim(d * n, 0.0);
  auto at = [&](size_t i, size_t j) -> double& { return score[i * (n + 1) + j]; };
  for (size_t i = 1; i <= d; ++i) {
    for (size_t j = 1; j <= n; ++j) {
      double s = Similarity(td[i - 1], ti[j - 1]);
      sim[(i - 1) * n + (j - 1)] = s;
      double best = std::max(at(i - 1, j), at(i, j - 1));
      if (s >= kPairThreshold) best = std::max(best, at(i - 1, j - 1) + s);
      at(i, j) = best;
    }
  }
  std::vector<uint32_t> pairs;
  size_t i = d, j = n;
  while (i > 0 && j > 0) {
    double s = sim[(i - 1) * n + (j - 1)];
    if (s >= kPairThreshold && at(i, j) == at(i - 1, j - 1) + s) {
      pairs.push_back(static_cast<uint32_t>(j - 1));
      pairs.push_back(static_cast<uint32_t>(i - 1));
      --i, --j;
    } else if (at(i, j) == at(i - 1, j)) {
      --i;
    } else {
      --j;
    }
  }
  std::reverse(pairs.begin(), pairs.end());  // now d0, i0, d1, i1, ... ascending
  return pairs;
}

}  // namespace

double LineSimilarity(std::string_view a, std::string_view b) {
  return Similarity(MakeLineTokens(a), MakeLineTokens(b));
}

BlockPairs PairBlock(uint32_t block, const std::vector<std::string_view>& del,
                     const std::vector<std::string_view>& ins) {
  const uint32_t d = static_cast<uint32_t>(del.size()), n = static_cast<uint32_t>(ins.size());
  bool long_line = false;
  for (auto l : del) long_line |= l.size() > kMaxPairedLineBytes;
  for (auto l : ins) long_line |= l.size() > kMaxPairedLineBytes;
  BlockPairs bp;
  bp.block = block;
  if (long_line || static_cast<uint64_t>(d) * n > kMaxPairedBlockCells) {
    bp.flags = 1;
    for (uint32_t p = 0; p < std::min(d, n); ++p) bp.pairs.insert(bp.pairs.end(), {p, p});
  } else {
    bp.pairs = BestPairs(del, ins);
  }
  return bp;
}

}  // namespace irtrace
