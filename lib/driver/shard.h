// --shard K/N: the part of a batch one machine converts, so that N machines (a CI matrix) share the dumps.
#pragma once

#include <string>

namespace irtrace {

// Shard K of N (1 <= K <= N); N == 0: no sharding, every dump.
struct Shard {
  unsigned k = 0;
  unsigned n = 0;
};

// Parses "K/N" (decimal, 1 <= K <= N <= 1000000) into `shard`. Returns false (and leaves it) otherwise.
bool ParseShard(const std::string& text, Shard* shard);

// Whether the dump at `path` (relative to --find's ROOT, or as given) belongs to `shard`: the FNV-1a
// 64-bit hash of its escaped report name (driver/report_name.h EscapeReportName, so `./x` and `x` agree)
// mod N == K - 1. Depends on the path alone, so adding a dump moves no other dump between shards.
bool InShard(const std::string& path, const Shard& shard);

}  // namespace irtrace
