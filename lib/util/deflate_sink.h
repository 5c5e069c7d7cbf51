// Compressing the report payload: zlib deflate, then base64, so it can sit inside a <script> element
// and be inflated by the browser's built-in DecompressionStream("deflate").
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "util/output_sink.h"

namespace irtrace {

// Deflates (zlib format, RFC 1950, level 6) everything written to it and passes the result base64-encoded
// (RFC 4648, with padding, no line breaks) to `out`, which it does not own. Finish() must be called once
// at the end; it flushes the compressor and the last base64 group. The compression runs on a thread of
// its own, a few chunks behind the writer (a large payload's deflate costs as much as everything else),
// so `out` is written from that thread until Finish returns, and must not be written by anyone else
// meanwhile. Throws Error if zlib fails, and what `out` throws, from a later Write or from Finish.
class DeflateBase64Sink : public OutputSink {
 public:
  explicit DeflateBase64Sink(OutputSink* out);
  ~DeflateBase64Sink() override;
  void Write(std::string_view bytes) override;
  void Finish();

 private:
  void Deflate(std::string_view bytes, int flush);
  void EmitBase64(std::string_view bytes, bool last);

  struct State;
  std::unique_ptr<State> state_;
  OutputSink* out_;
  std::string pending_;  // 0-2 bytes not yet forming a base64 group
};

// Base64 (RFC 4648) of `bytes`, with padding. For tests and small data.
std::string Base64(std::string_view bytes);

// Base64 (as above) of `bytes` deflated as one complete zlib stream (RFC 1950, level 6), on the calling
// thread: a piece a reader inflates on its own (the live report's chunks, report/payload_writer.h).
// Throws Error if zlib fails.
std::string DeflateToBase64(std::string_view bytes);

// The CRC-32 of `bytes` (IEEE 802.3, zlib's crc32: "123456789" gives 0xcbf43926).
uint32_t Crc32(std::string_view bytes);

}  // namespace irtrace
