// Decoding snapshot bytes into the text the report shows.
#pragma once

#include <string>
#include <vector>

namespace irtrace {

// A decoding problem, reported as a warning on the snapshot's pass.
struct DecodeIssue {
  size_t line = 0;      // 1-based line number
  bool nul = false;     // true: a NUL byte (shown as U+2400); false: invalid UTF-8 (shown as U+FFFD)
};

// Decodes `bytes` as UTF-8 in place: each byte of an invalid sequence becomes U+FFFD, each NUL byte
// U+2400 (the symbol for NUL); every other byte, including '\r', is kept. Appends one issue per
// affected line and kind, in line order. Linear; the common case (valid, no NUL) copies nothing.
void DecodeUtf8(std::string* bytes, std::vector<DecodeIssue>* issues);

}  // namespace irtrace
