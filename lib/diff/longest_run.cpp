#include "diff/longest_run.h"

#include <algorithm>
#include <cstdint>

namespace irtrace {

std::vector<size_t> LongestIncreasingRun(const std::vector<size_t>& values) {
  // tails[p]: the smallest value ending an increasing run of length p + 1 seen so far, at tail_idx[p];
  // prev[k]: the element before k in the run ending at k.
  std::vector<size_t> tails, tail_idx, prev(values.size(), SIZE_MAX);
  for (size_t k = 0; k < values.size(); ++k) {
    size_t p = std::lower_bound(tails.begin(), tails.end(), values[k]) - tails.begin();
    if (p == tails.size()) {
      tails.push_back(values[k]);
      tail_idx.push_back(k);
    } else {
      tails[p] = values[k];
      tail_idx[p] = k;
    }
    prev[k] = p > 0 ? tail_idx[p - 1] : SIZE_MAX;
  }
  std::vector<size_t> run;
  run.reserve(tails.size());
  for (size_t k = tail_idx.empty() ? SIZE_MAX : tail_idx.back(); k != SIZE_MAX; k = prev[k]) run.push_back(k);
  std::reverse(run.begin(), run.end());
  return run;
}

}  // namespace irtrace
