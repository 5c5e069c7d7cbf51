// FNV-1a, 64-bit, of a byte string: small, and stable across platforms, compilers and versions, so what
// it names is a contract (batch report names' hash suffixes, which shard a dump belongs to: every machine
// of a CI matrix must agree). Not for hash tables (xxhash is, in input/).
#pragma once

#include <cstdint>
#include <string_view>

namespace irtrace {

// Takes any bytes; returns the 64-bit FNV-1a hash (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
inline uint64_t Fnv1a(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

}  // namespace irtrace
