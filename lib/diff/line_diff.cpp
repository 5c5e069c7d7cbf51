#include "diff/line_diff.h"

#include <algorithm>
#include <unordered_map>

#include <dtl/dtl.hpp>

#include "diff/longest_run.h"

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

// The lines of a[alo,ahi) and b[blo,bhi) whose id occurs on the other side too: the only ones that can
// match. Lines found on one side only are always deleted or inserted, so dtl never sees them. Built once
// per range and shared by the safety check, the direct diff and the middle-snake split.
struct Reduced {
  Ids a, b;
  std::vector<size_t> ia, ib;  // reduced index -> original index
};

Reduced Reduce(const Ids& a, size_t alo, size_t ahi, const Ids& b, size_t blo, size_t bhi,
               const std::unordered_map<uint32_t, uint32_t>& ha,
               const std::unordered_map<uint32_t, uint32_t>& hb) {
  Reduced r;
  for (size_t i = alo; i < ahi; ++i) {
    if (hb.count(a[i])) {
      r.a.push_back(a[i]);
      r.ia.push_back(i);
    }
  }
  for (size_t j = blo; j < bhi; ++j) {
    if (ha.count(b[j])) {
      r.b.push_back(b[j]);
      r.ib.push_back(j);
    }
  }
  return r;
}

// Runs dtl on the reduced lines `r` and marks the matches.
void DiffDirect(const Reduced& r, Marks* m) {
  if (r.a.empty() || r.b.empty()) return;
  dtl::Diff<uint32_t, Ids> d(r.a, r.b);
  d.compose();
  // Take the matches only if they form a valid common subsequence: increasing on both sides, equal ids.
  // (Guards against a defective script; dtl's partial-path mode is avoided by DtlSafe.)
  std::vector<std::pair<size_t, size_t>> matches;
  long long pi = 0, pj = 0;
  for (const auto& e : d.getSes().getSequence()) {
    if (e.second.type != dtl::SES_COMMON) continue;
    long long i = e.second.beforeIdx, j = e.second.afterIdx;
    if (i <= pi || j <= pj || i > static_cast<long long>(r.a.size()) || j > static_cast<long long>(r.b.size()) ||
        r.a[static_cast<size_t>(i - 1)] != r.b[static_cast<size_t>(j - 1)]) {
      return;  // nothing matched: this range becomes one delete+insert block
    }
    matches.emplace_back(static_cast<size_t>(i - 1), static_cast<size_t>(j - 1));
    pi = i;
    pj = j;
  }
  for (const auto& [i, j] : matches) {
    m->a_common[r.ia[i]] = 1;
    m->b_common[r.ib[j]] = 1;
  }
}

// True when dtl can diff the reduced lines `r` within its path table.
// dtl 1.20 records one path coordinate per snake; once it holds dtl::MAX_CORDINATES_SIZE of them it
// switches to a partial-path mode that returns inconsistent common lines (indices out of order, unequal
// lines). With M <= N the lengths, delta = N - M and P = (D - delta) / 2 for edit distance D, compose()
// makes (P + 1) * (delta + P + 1) snakes. As D <= N + M, that is at most (M + 1) * (N + 1): when that
// bound is within the limit the input is safe outright and dtl is not run here. Otherwise D is computed
// first with dtl's edit-distance-only mode (no path table, linear memory) and stored in `edit_distance`
// (left unchanged when not computed).
bool DtlSafe(const Reduced& r, uint64_t* edit_distance) {
  const uint64_t limit = dtl::MAX_CORDINATES_SIZE / 2;  // margin below dtl's limit
  const uint64_t n = r.a.size(), k = r.b.size();
  uint64_t m_len = std::min(n, k), n_len = std::max(n, k);
  if ((m_len + 1) * (n_len + 1) <= limit) return true;
  dtl::Diff<uint32_t, Ids> d(r.a, r.b);
  d.onOnlyEditDistance();
  d.compose();
  uint64_t delta = n_len - m_len;
  uint64_t ed = static_cast<uint64_t>(d.getEditDistance());
  *edit_distance = ed;
  uint64_t p = ed > delta ? (ed - delta) / 2 : 0;
  return (p + 1) * (delta + p + 1) <= limit;
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
  std::vector<size_t> cand_j;
  for (size_t i = alo; i < ahi; ++i) {
    if (ha.at(a[i]) != 1) continue;
    auto it = pos_b.find(a[i]);
    if (it != pos_b.end()) {
      cand.emplace_back(i, it->second);
      cand_j.push_back(it->second);
    }
  }
  std::vector<size_t> run = LongestIncreasingRun(cand_j);
  if (run.empty()) return;  // nothing safe to match cheaply: one delete+insert block
  size_t i0 = alo, j0 = blo;
  for (size_t c : run) {
    const auto [i, j] = cand[c];
    DiffRange(a, i0, i, b, j0, j, m, depth + 1);
    m->a_common[i] = 1;
    m->b_common[j] = 1;
    i0 = i + 1;
    j0 = j + 1;
  }
  DiffRange(a, i0, ahi, b, j0, bhi, m, depth + 1);
}

// Myers' middle snake in linear space (the bisection of "An O(ND) Difference Algorithm", 4b, as
// diff-match-patch writes it): a point (x, y) that an optimal edit path of a vs b passes through, so
// a[0, x) vs b[0, y) and a[x, n) vs b[y, m) can be diffed separately and stay minimal together. Time
// O((n + m) * D), memory O(n + m). False only if no overlap was found (then the caller does not split).
bool MiddleSnake(const Ids& a, const Ids& b, size_t* split_a, size_t* split_b) {
  const long long n = static_cast<long long>(a.size()), m = static_cast<long long>(b.size());
  const long long max_d = (n + m + 1) / 2;
  const long long off = max_d;
  const long long len = 2 * max_d + 2;
  std::vector<long long> v1(static_cast<size_t>(len), -1), v2(static_cast<size_t>(len), -1);
  v1[static_cast<size_t>(off + 1)] = 0;
  v2[static_cast<size_t>(off + 1)] = 0;
  const long long delta = n - m;
  const bool front = delta % 2 != 0;  // odd delta: the forward pass detects the overlap
  long long k1start = 0, k1end = 0, k2start = 0, k2end = 0;
  auto at = [](std::vector<long long>& v, long long i) -> long long& { return v[static_cast<size_t>(i)]; };
  for (long long d = 0; d < max_d; ++d) {
    for (long long k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
      long long k1o = off + k1;
      long long x1 = (k1 == -d || (k1 != d && at(v1, k1o - 1) < at(v1, k1o + 1))) ? at(v1, k1o + 1)
                                                                                  : at(v1, k1o - 1) + 1;
      long long y1 = x1 - k1;
      while (x1 < n && y1 < m && a[static_cast<size_t>(x1)] == b[static_cast<size_t>(y1)]) ++x1, ++y1;
      at(v1, k1o) = x1;
      if (x1 > n) {
        k1end += 2;  // ran off the right edge
      } else if (y1 > m) {
        k1start += 2;  // ran off the bottom edge
      } else if (front) {
        long long k2o = off + delta - k1;
        if (k2o >= 0 && k2o < len && at(v2, k2o) != -1 && x1 >= n - at(v2, k2o)) {
          *split_a = static_cast<size_t>(x1);
          *split_b = static_cast<size_t>(y1);
          return true;
        }
      }
    }
    for (long long k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
      long long k2o = off + k2;
      long long x2 = (k2 == -d || (k2 != d && at(v2, k2o - 1) < at(v2, k2o + 1))) ? at(v2, k2o + 1)
                                                                                  : at(v2, k2o - 1) + 1;
      long long y2 = x2 - k2;
      while (x2 < n && y2 < m && a[static_cast<size_t>(n - x2 - 1)] == b[static_cast<size_t>(m - y2 - 1)]) {
        ++x2, ++y2;
      }
      at(v2, k2o) = x2;
      if (x2 > n) {
        k2end += 2;
      } else if (y2 > m) {
        k2start += 2;
      } else if (!front) {
        long long k1o = off + delta - k2;
        if (k1o >= 0 && k1o < len && at(v1, k1o) != -1) {
          long long x1 = at(v1, k1o);
          long long y1 = off + x1 - k1o;
          if (x1 >= n - x2) {
            *split_a = static_cast<size_t>(x1);
            *split_b = static_cast<size_t>(y1);
            return true;
          }
        }
      }
    }
  }
  return false;
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
  size_t ai = 0, bj = 0;  // where to split, when a middle snake was found
  bool split = false;
  {
    // Scoped: the reduced copies are released before recursing, so the stack holds one at a time.
    Reduced r = Reduce(a, alo, ahi, b, blo, bhi, ha, hb);
    const uint64_t n = r.a.size(), k = r.b.size();  // lines on both sides after setting aside one-sided ones
    if (n == 0 || k == 0) return;  // nothing can match
    if ((n + k) * std::min(n, k) <= kMaxDirectCost) {
      uint64_t ed = n + k;
      if (DtlSafe(r, &ed)) {
        DiffDirect(r, m);
        return;
      }
      // Too many path coordinates for dtl: split at a point of an optimal path (exact, linear memory)
      // and diff both halves the same way, while that stays affordable.
      size_t x = 0, y = 0;
      if (depth < kMaxDepth && (n + k) * (ed / 2 + 1) <= kMaxDirectCost && MiddleSnake(r.a, r.b, &x, &y)) {
        ai = x < r.ia.size() ? r.ia[x] : ahi;
        bj = y < r.ib.size() ? r.ib[y] : bhi;
        split = (ai != alo || bj != blo) && (ai != ahi || bj != bhi);
      }
    }
  }
  if (split) {
    DiffRange(a, alo, ai, b, blo, bj, m, depth + 1);
    DiffRange(a, ai, ahi, b, bj, bhi, m, depth + 1);
    return;
  }
  if (depth < kMaxDepth) DiffAnchored(a, alo, ahi, b, blo, bhi, m, ha, hb, depth);
}

}  // namespace

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
    if (d == 0 && in == 0) {
      // Unequal numbers of matched lines on the two sides (cannot happen when every step above is
      // consistent): end with one block rather than loop forever.
      d = static_cast<uint32_t>(a.size() - i);
      in = static_cast<uint32_t>(b.size() - j);
      i = a.size();
      j = b.size();
    }
    out.ops.insert(out.ops.end(), {e, d, in});
    e = 0;
  }
  return out;
}

}  // namespace irtrace
