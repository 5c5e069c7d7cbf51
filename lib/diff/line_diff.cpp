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

// How often each id occurs in the range being diffed, per side (0, 1, or 2 for two or more), and where an
// id that occurs once on the b side is: flat arrays over the ids (dense from 0), allocated once per
// DiffLines. A range fills them, uses them, and clears them before it recurses, so a range costs its own
// length rather than the number of ids, and a file of a million lines needs 6 bytes an id instead of hash
// maps of tens of bytes an entry.
class Scratch {
 public:
  explicit Scratch(size_t ids) : count_a_(ids, 0), count_b_(ids, 0), pos_b_(ids, 0) {}

  void Fill(const Ids& a, size_t alo, size_t ahi, const Ids& b, size_t blo, size_t bhi) {
    for (size_t i = alo; i < ahi; ++i) count_a_[a[i]] += count_a_[a[i]] < 2;
    for (size_t j = blo; j < bhi; ++j) {
      count_b_[b[j]] += count_b_[b[j]] < 2;
      pos_b_[b[j]] = static_cast<uint32_t>(j);
    }
  }
  void Clear(const Ids& a, size_t alo, size_t ahi, const Ids& b, size_t blo, size_t bhi) {
    for (size_t i = alo; i < ahi; ++i) count_a_[a[i]] = 0;
    for (size_t j = blo; j < bhi; ++j) count_b_[b[j]] = 0;
  }
  bool InA(uint32_t id) const { return count_a_[id] != 0; }
  bool InB(uint32_t id) const { return count_b_[id] != 0; }
  bool OnceInA(uint32_t id) const { return count_a_[id] == 1; }
  bool OnceInB(uint32_t id) const { return count_b_[id] == 1; }
  uint32_t PosInB(uint32_t id) const { return pos_b_[id]; }  // valid when OnceInB(id)

 private:
  std::vector<uint8_t> count_a_, count_b_;
  std::vector<uint32_t> pos_b_;
};

// What every range of one DiffLines call shares.
struct Context {
  Marks marks;
  Scratch scratch;
};

// Anchoring recursion deeper than this gives up on matching (bounded stack on adversarial input).
constexpr int kMaxDepth = 64;

void DiffRange(const Ids& a, size_t alo, size_t ahi, const Ids& b, size_t blo, size_t bhi, Context* c, int depth);

// The lines of a[alo,ahi) and b[blo,bhi) whose id occurs on the other side too: the only ones that can
// match. Lines found on one side only are always deleted or inserted, so dtl never sees them. Built once
// per range and shared by the safety check, the direct diff and the middle-snake split.
struct Reduced {
  Ids a, b;
  std::vector<uint32_t> ia, ib;  // reduced index -> original index
};

// `s`: filled for the range.
Reduced Reduce(const Ids& a, size_t alo, size_t ahi, const Ids& b, size_t blo, size_t bhi, const Scratch& s) {
  Reduced r;
  for (size_t i = alo; i < ahi; ++i) {
    if (s.InB(a[i])) {
      r.a.push_back(a[i]);
      r.ia.push_back(static_cast<uint32_t>(i));
    }
  }
  for (size_t j = blo; j < bhi; ++j) {
    if (s.InA(b[j])) {
      r.b.push_back(b[j]);
      r.ib.push_back(static_cast<uint32_t>(j));
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
// The scratch is filled for the range on entry and cleared here, before the recursion.
void DiffAnchored(const Ids& a, size_t alo, size_t ahi, const Ids& b, size_t blo, size_t bhi, Context* c, int depth) {
  std::vector<uint32_t> cand_i, cand_j;  // unique in both, in a's order: positions in a and in b
  {
    const Scratch& s = c->scratch;
    size_t count = 0;  // reserved exactly: a million anchors are a million
    for (size_t i = alo; i < ahi; ++i) count += s.OnceInA(a[i]) && s.OnceInB(a[i]);
    cand_i.reserve(count);
    cand_j.reserve(count);
    for (size_t i = alo; i < ahi; ++i) {
      if (s.OnceInA(a[i]) && s.OnceInB(a[i])) {
        cand_i.push_back(static_cast<uint32_t>(i));
        cand_j.push_back(s.PosInB(a[i]));
      }
    }
  }
  c->scratch.Clear(a, alo, ahi, b, blo, bhi);
  std::vector<uint32_t> run = LongestIncreasingRun32(cand_j);
  if (run.empty()) return;  // nothing safe to match cheaply: one delete+insert block
  // Keep only the anchors (the run, in place) before recursing.
  for (size_t k = 0; k < run.size(); ++k) {
    uint32_t at = run[k];
    cand_i[k] = cand_i[at];
    cand_j[k] = cand_j[at];
  }
  cand_i.resize(run.size());
  cand_j.resize(run.size());
  cand_i.shrink_to_fit();
  cand_j.shrink_to_fit();
  std::vector<uint32_t>().swap(run);
  size_t i0 = alo, j0 = blo;
  for (size_t k = 0; k < cand_i.size(); ++k) {
    const size_t i = cand_i[k], j = cand_j[k];
    DiffRange(a, i0, i, b, j0, j, c, depth + 1);
    c->marks.a_common[i] = 1;
    c->marks.b_common[j] = 1;
    i0 = i + 1;
    j0 = j + 1;
  }
  DiffRange(a, i0, ahi, b, j0, bhi, c, depth + 1);
}

// The furthest x a d-path reaches on diagonal k (at index ko of v, the furthest x of each diagonal at d - 1):
// down from diagonal k + 1, or right from k - 1.
inline long long FurthestX(const std::vector<long long>& v, long long ko, long long k, long long d) {
  const long long up = v[static_cast<size_t>(ko + 1)], left = v[static_cast<size_t>(ko - 1)];
  return (k == -d || (k != d && left < up)) ? up : left + 1;
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
      long long x1 = FurthestX(v1, k1o, k1, d);
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
      long long x2 = FurthestX(v2, k2o, k2, d);
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

void DiffRange(const Ids& a, size_t alo, size_t ahi, const Ids& b, size_t blo, size_t bhi, Context* c, int depth) {
  Marks* m = &c->marks;
  while (alo < ahi && blo < bhi && a[alo] == b[blo]) {
    m->a_common[alo++] = 1;
    m->b_common[blo++] = 1;
  }
  while (alo < ahi && blo < bhi && a[ahi - 1] == b[bhi - 1]) {
    m->a_common[--ahi] = 1;
    m->b_common[--bhi] = 1;
  }
  if (alo == ahi || blo == bhi) return;
  c->scratch.Fill(a, alo, ahi, b, blo, bhi);
  auto clear = [&] { c->scratch.Clear(a, alo, ahi, b, blo, bhi); };
  size_t ai = 0, bj = 0;  // where to split, when a middle snake was found
  bool split = false;
  {
    // Scoped: the reduced copies are released before recursing, so the stack holds one at a time.
    Reduced r = Reduce(a, alo, ahi, b, blo, bhi, c->scratch);
    const uint64_t n = r.a.size(), k = r.b.size();  // lines on both sides after setting aside one-sided ones
    if (n == 0 || k == 0) {
      clear();
      return;  // nothing can match
    }
    if ((n + k) * std::min(n, k) <= kMaxDirectCost) {
      uint64_t ed = n + k;
      if (DtlSafe(r, &ed)) {
        clear();
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
    clear();
    DiffRange(a, alo, ai, b, blo, bj, c, depth + 1);
    DiffRange(a, ai, ahi, b, bj, bhi, c, depth + 1);
    return;
  }
  if (depth < kMaxDepth) {
    DiffAnchored(a, alo, ahi, b, blo, bhi, c, depth);
  } else {
    clear();
  }
}

// The number of ids the scratch needs for `a` and `b` (one past the largest), or 0 when that is far more
// than their lines (ids drawn from a larger set: a function's lines with the pass's ids), for Dense.
size_t IdSpan(const Ids& a, const Ids& b) {
  uint32_t top = 0;
  for (uint32_t v : a) top = std::max(top, v);
  for (uint32_t v : b) top = std::max(top, v);
  size_t span = static_cast<size_t>(top) + 1;
  return span <= 2 * (a.size() + b.size()) + 4096 ? span : 0;
}

// Renumbers the ids of `a` and `b` densely from 0 (equal ids stay equal, unequal ones unequal); returns
// the number of ids.
size_t Dense(Ids* a, Ids* b) {
  std::unordered_map<uint32_t, uint32_t> to;
  to.reserve(a->size() + b->size());
  for (Ids* v : {a, b}) {
    for (uint32_t& id : *v) id = to.try_emplace(id, static_cast<uint32_t>(to.size())).first->second;
  }
  return to.size();
}

}  // namespace

EditScript DiffLines(const Ids& a_in, const Ids& b_in) {
  size_t span = IdSpan(a_in, b_in);
  const bool dense = span != 0;
  Ids a_dense, b_dense;
  if (!dense) {
    a_dense = a_in;
    b_dense = b_in;
    span = Dense(&a_dense, &b_dense);
  }
  const Ids& a = dense ? a_in : a_dense;
  const Ids& b = dense ? b_in : b_dense;
  Context c{Marks(), Scratch(span)};
  Marks& m = c.marks;
  m.a_common.assign(a.size(), 0);
  m.b_common.assign(b.size(), 0);
  DiffRange(a, 0, a.size(), b, 0, b.size(), &c, 0);

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
