#include "line_diff.h"

#include <algorithm>
#include <unordered_map>

#include <dtl/dtl.hpp>

namespace irtrace {
namespace {

// Above this (N+M)*min(N,M) the O(NP) worst case is too slow; split at anchors first.
constexpr uint64_t kMaxDirectCost = 400000000ULL;

using Ids = std::vector<uint32_t>;

// Collects the diff as per-line marks, then turns them into triples.
struct Marks {
  std::vector<char> a_common;  // 1: line of a is matched
  std::vector<char> b_common;
};

// Counts how often each id occurs in a range.
std::unordered_map<uint32_t, uint32_t> Histogram(const Ids& v, size_t lo, size_t hi) {
  std::unordered_map<uint32_t, uint32_t> h;
  h.reserve(hi - lo);
  for (size_t i = lo; i < hi; ++i) ++h[v[i]];
  return h;
}

// Anchoring recursion deeper than this gives up on matching (bounded stack on adversarial input).
constexpr int kMaxDepth = 64;

void DiffRange(const Ids& a, size_t alo, size_t ahi, const Ids& b, size_t blo, size_t bhi, Marks* m,
               int depth);

// Runs dtl on a[alo,ahi) and b[blo,bhi) after setting aside one-sided lines; marks the matches.
void DiffDirect(const Ids& a, size_t alo, size_t ahi, const Ids& b, size_t blo, size_t bhi, Marks* m,
                const std::unordered_map<uint32_t, uint32_t>& ha,
                const std::unordered_map<uint32_t, uint32_t>& hb) {
  Ids ra, rb;
  std::vector<size_t> ia, ib;  // reduced index -> original index
  for (size_t i = alo; i < ahi; ++i) {
    if (hb.count(a[i])) {
      ra.push_back(a[i]);
      ia.push_back(i);
    }
  }
  for (size_t j = blo; j < bhi; ++j) {
    if (ha.count(b[j])) {
      rb.push_back(b[j]);
      ib.push_back(j);
    }
  }
  if (ra.empty() || rb.empty()) return;
  dtl::Diff<uint32_t, Ids> d(ra, rb);
  d.compose();
  for (const auto& e : d.getSes().getSequence()) {
    if (e.second.type != dtl::SES_COMMON) continue;
    m->a_common[ia[static_cast<size_t>(e.second.beforeIdx - 1)]] = 1;
    m->b_common[ib[static_cast<size_t>(e.second.afterIdx - 1)]] = 1;
  }
}

// Splits at patience anchors (ids occurring once on each side, longest increasing run of positions).
void DiffAnchored(const Ids& a, size_t alo, size_t ahi, const Ids& b, size_t blo, size_t bhi, Marks* m,
                  const std::unordered_map<uint32_t, uint32_t>& ha,
                  const std::unordered_map<uint32_t, uint32_t>& hb, int depth) {
  std::unordered_map<uint32_t, size_t> pos_b;
  for (size_t j = blo; j < bhi; ++j) {
    auto it = hb.find(b[j]);
    if (it->second == 1) pos_b[b[j]] = j;
  }
  std::vector<std::pair<size_t, size_t>> cand;  // (i, j) unique in both, in a's order
  for (size_t i = alo; i < ahi; ++i) {
    if (ha.at(a[i]) != 1) continue;
    auto it = pos_b.find(a[i]);
    if (it != pos_b.end()) cand.emplace_back(i, it->second);
  }
  // Longest increasing subsequence of j (patience sorting, O(n log n)).
  std::vector<size_t> tails, prev(cand.size(), SIZE_MAX), tail_idx;
  for (size_t k = 0; k < cand.size(); ++k) {
    size_t j = cand[k].second;
    size_t p = std::lower_bound(tails.begin(), tails.end(), j) - tails.begin();
    if (p == tails.size()) {
      tails.push_back(j);
      tail_idx.push_back(k);
    } else {
      tails[p] = j;
      tail_idx[p] = k;
    }
    prev[k] = p > 0 ? tail_idx[p - 1] : SIZE_MAX;
  }
  std::vector<std::pair<size_t, size_t>> anchors;
  for (size_t k = tail_idx.empty() ? SIZE_MAX : tail_idx.back(); k != SIZE_MAX; k = prev[k]) {
    anchors.push_back(cand[k]);
  }
  std::reverse(anchors.begin(), anchors.end());
  if (anchors.empty()) return;  // nothing safe to match cheaply: one delete+insert block
  size_t i0 = alo, j0 = blo;
  for (const auto& [i, j] : anchors) {
    DiffRange(a, i0, i, b, j0, j, m, depth + 1);
    m->a_common[i] = 1;
    m->b_common[j] = 1;
    i0 = i + 1;
    j0 = j + 1;
  }
  DiffRange(a, i0, ahi, b, j0, bhi, m, depth + 1);
}

void DiffRange(const Ids& a, size_t alo, size_t ahi, const Ids& b, size_t blo, size_t bhi, Marks* m,
               int depth) {
  while (alo < ahi && blo < bhi && a[alo] == b[blo]) {
    m->a_common[alo++] = 1;
    m->b_common[blo++] = 1;
  }
  while (alo < ahi && blo < bhi && a[ahi - 1] == b[bhi - 1]) {
    m->a_common[--ahi] = 1;
    m->b_common[--bhi] = 1;
  }
  if (alo == ahi || blo == bhi) return;
  auto ha = Histogram(a, alo, ahi);
  auto hb = Histogram(b, blo, bhi);
  uint64_t n = 0, k = 0;  // lines on both sides after setting aside one-sided ones
  for (size_t i = alo; i < ahi; ++i) n += hb.count(a[i]);
  for (size_t j = blo; j < bhi; ++j) k += ha.count(b[j]);
  if ((n + k) * std::min(n, k) <= kMaxDirectCost) {
    DiffDirect(a, alo, ahi, b, blo, bhi, m, ha, hb);
  } else if (depth < kMaxDepth) {
    DiffAnchored(a, alo, ahi, b, blo, bhi, m, ha, hb, depth);
  }
}

}  // namespace

uint64_t EditScript::Inserted() const {
  uint64_t s = 0;
  for (size_t k = 2; k < ops.size(); k += 3) s += ops[k];
  return s;
}

uint64_t EditScript::Deleted() const {
  uint64_t s = 0;
  for (size_t k = 1; k < ops.size(); k += 3) s += ops[k];
  return s;
}

EditScript DiffLines(const Ids& a, const Ids& b) {
  Marks m;
  m.a_common.assign(a.size(), 0);
  m.b_common.assign(b.size(), 0);
  DiffRange(a, 0, a.size(), b, 0, b.size(), &m, 0);

  // Walk both sides: unmatched a lines are deletions, unmatched b lines insertions; matched lines pair
  // up in order because every step above keeps matches monotone.
  EditScript out;
  size_t i = 0, j = 0;
  uint32_t e = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && m.a_common[i] && m.b_common[j]) {
      ++e, ++i, ++j;
      continue;
    }
    uint32_t d = 0, in = 0;
    while (i < a.size() && !m.a_common[i]) ++d, ++i;
    while (j < b.size() && !m.b_common[j]) ++in, ++j;
    out.ops.insert(out.ops.end(), {e, d, in});
    e = 0;
  }
  return out;
}

}  // namespace irtrace
