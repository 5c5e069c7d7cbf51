#include "diff/longest_run.h"

#include <algorithm>
#include <cstdint>

namespace irtrace {

namespace {

// T: the type of values and of indices; its maximum marks "none".
template <typename T>
std::vector<T> Run(const std::vector<T>& values) {
  constexpr T kNone = static_cast<T>(-1);
  // tails[p]: the smallest value ending an increasing run of length p + 1 seen so far, at tail_idx[p];
  // prev[k]: the element before k in the run ending at k.
  std::vector<T> tails, tail_idx, prev(values.size(), kNone);
  tails.reserve(values.size());  // at most one entry per value; reserved so growth never doubles them
  tail_idx.reserve(values.size());
  for (size_t k = 0; k < values.size(); ++k) {
    size_t p = std::lower_bound(tails.begin(), tails.end(), values[k]) - tails.begin();
    if (p == tails.size()) {
      tails.push_back(values[k]);
      tail_idx.push_back(static_cast<T>(k));
    } else {
      tails[p] = values[k];
      tail_idx[p] = static_cast<T>(k);
    }
    prev[k] = p > 0 ? tail_idx[p - 1] : kNone;
  }
  std::vector<T> run;
  run.reserve(tails.size());
  for (T k = tail_idx.empty() ? kNone : tail_idx.back(); k != kNone; k = prev[k]) run.push_back(k);
  std::reverse(run.begin(), run.end());
  return run;
}

}  // namespace

std::vector<size_t> LongestIncreasingRun(const std::vector<size_t>& values) { return Run(values); }

std::vector<uint32_t> LongestIncreasingRun32(const std::vector<uint32_t>& values) { return Run(values); }

}  // namespace irtrace
