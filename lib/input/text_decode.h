// Decoding snapshot bytes into the text the report shows.
#pragma once

#include <string>
#include <vector>

namespace irtrace {

// A decoding problem, reported as a warning on the snapshot's pass.
struct DecodeIssue {
  size_t line = 0;      // 1-based line number: lines end at '\n', or at '\r' in a text without any '\n'
                        // (as Snapshot splits it)
  bool nul = false;     // true: a NUL byte (shown as U+2400); false: invalid UTF-8 (shown as U+FFFD)
};

// The encoding a text was read in.
enum class TextEncoding {
  kUtf8,     // the default: no UTF-16 byte-order mark
  kUtf16Le,  // starts with the byte-order mark FF FE (as Windows PowerShell's `>` writes)
  kUtf16Be,  // starts with the byte-order mark FE FF
};

// Decodes `bytes` in place into UTF-8: as UTF-16 (little- or big-endian, per its byte-order mark, which
// is dropped) when it starts with FF FE or FE FF, else as UTF-8 (DecodeUtf8). In UTF-16, an unpaired
// surrogate or a final odd byte becomes U+FFFD and U+0000 becomes U+2400, with issues as DecodeUtf8
// reports them. Returns the encoding found. Linear.
TextEncoding DecodeText(std::string* bytes, std::vector<DecodeIssue>* issues);

// Decodes `bytes` as UTF-8 in place: each byte of an invalid sequence becomes U+FFFD, each NUL byte
// U+2400 (the symbol for NUL); every other byte, including '\r', is kept. Appends one issue per
// affected line and kind, in line order. Linear; the common case (valid, no NUL) copies nothing.
void DecodeUtf8(std::string* bytes, std::vector<DecodeIssue>* issues);

}  // namespace irtrace
