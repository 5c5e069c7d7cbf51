#include "driver/shard.h"

#include <cstdint>

#include "driver/report_name.h"
#include "util/fnv1a.h"

namespace irtrace {
namespace {

// Whole number from 1 to 1000000 written in decimal digits only, or 0.
unsigned ParseCount(const std::string& s) {
  if (s.empty() || s.size() > 7) return 0;
  unsigned v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return 0;
    v = v * 10 + static_cast<unsigned>(c - '0');
  }
  return v <= 1000000 ? v : 0;
}

}  // namespace

bool ParseShard(const std::string& text, Shard* shard) {
  size_t slash = text.find('/');
  if (slash == std::string::npos) return false;
  unsigned k = ParseCount(text.substr(0, slash));
  unsigned n = ParseCount(text.substr(slash + 1));
  if (k == 0 || n == 0 || k > n) return false;
  *shard = Shard{k, n};
  return true;
}

bool InShard(const std::string& path, const Shard& shard) {
  if (shard.n == 0) return true;
  return Fnv1a(EscapeReportName(path)) % shard.n == shard.k - 1;
}

}  // namespace irtrace
