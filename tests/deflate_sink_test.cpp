// Compressing the payload (lib/deflate_sink.h): Base64 against RFC 4648's test vectors, and the
// DeflateBase64Sink round trip (base64-decode, then inflate with zlib) for empty, small and large input
// written in odd-sized chunks.
#include "util/deflate_sink.h"

#include <catch2/catch.hpp>

#include <zlib.h>

#include <algorithm>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "util/output_sink.h"

namespace irtrace {
namespace {

// Decodes RFC 4648 base64 with padding; REQUIREs well-formed input (length a multiple of 4, alphabet only,
// '=' only at the end, at most two). Checked once at the end: one assertion per call, not per group.
std::string DecodeBase64(std::string_view in) {
  static const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  bool ok = in.size() % 4 == 0;
  std::string out;
  for (size_t i = 0; ok && i < in.size(); i += 4) {
    unsigned v = 0;
    int pad = 0;
    for (size_t k = 0; k < 4; ++k) {
      char c = in[i + k];
      size_t d = alphabet.find(c);
      if (c == '=') {
        ok = ok && i + 4 == in.size() && k >= 2;
        ++pad;
        d = 0;
      } else {
        ok = ok && pad == 0 && d != std::string::npos;
      }
      v = (v << 6) | static_cast<unsigned>(d & 63);
    }
    out.push_back(static_cast<char>(v >> 16));
    if (pad < 2) out.push_back(static_cast<char>((v >> 8) & 0xFF));
    if (pad < 1) out.push_back(static_cast<char>(v & 0xFF));
  }
  REQUIRE(ok);
  return out;
}

// Inflates a zlib (RFC 1950) stream; REQUIREs that it is complete and valid.
std::string Inflate(const std::string& in) {
  z_stream z{};
  REQUIRE(inflateInit(&z) == Z_OK);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  std::string out;
  unsigned char buf[1 << 14];
  int rc;
  do {
    z.next_out = buf;
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_NO_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END) break;
    out.append(reinterpret_cast<char*>(buf), sizeof buf - z.avail_out);
  } while (rc != Z_STREAM_END);
  inflateEnd(&z);
  REQUIRE(rc == Z_STREAM_END);
  CHECK(z.avail_in == 0);  // nothing after the stream's end
  return out;
}

// Writes `input` through a DeflateBase64Sink in chunks of the given sizes (cycled), and returns the text
// the sink passed on.
std::string Compress(const std::string& input, const std::vector<size_t>& chunks) {
  StringSink out;
  DeflateBase64Sink sink(&out);
  size_t pos = 0;
  for (size_t k = 0; pos < input.size(); ++k) {
    size_t n = std::min(chunks[k % chunks.size()], input.size() - pos);
    sink.Write(std::string_view(input).substr(pos, n));
    pos += n;
  }
  sink.Finish();
  return out.text;
}

TEST_CASE("deflate_sink: Base64 of the RFC 4648 test vectors", "[deflate_sink]") {
  CHECK(Base64("") == "");
  CHECK(Base64("f") == "Zg==");
  CHECK(Base64("fo") == "Zm8=");
  CHECK(Base64("foo") == "Zm9v");
  CHECK(Base64("foob") == "Zm9vYg==");
  CHECK(Base64("fooba") == "Zm9vYmE=");
  CHECK(Base64("foobar") == "Zm9vYmFy");
}

TEST_CASE("deflate_sink: Base64 of bytes above 0x7f uses the whole alphabet", "[deflate_sink]") {
  CHECK(Base64(std::string("\xfb\xff\xbf", 3)) == "+/+/");
  CHECK(Base64(std::string("\0\0\0", 3)) == "AAAA");
  std::string all;
  for (int c = 0; c < 256; ++c) all.push_back(static_cast<char>(c));
  CHECK(DecodeBase64(Base64(all)) == all);
}

TEST_CASE("deflate_sink: empty input round-trips", "[deflate_sink]") {
  std::string encoded = Compress("", {1});
  CHECK_FALSE(encoded.empty());  // a zlib stream has a header and checksum even when empty
  CHECK(encoded.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") ==
        std::string::npos);
  CHECK(Inflate(DecodeBase64(encoded)).empty());
}

TEST_CASE("deflate_sink: small input round-trips", "[deflate_sink]") {
  const std::string input = "{\"schema\": 1, \"text\": [\"def f():\", \"    return 1\"]}\n";
  SECTION("in one write") { CHECK(Inflate(DecodeBase64(Compress(input, {input.size()}))) == input); }
  SECTION("a byte at a time") { CHECK(Inflate(DecodeBase64(Compress(input, {1}))) == input); }
}

TEST_CASE("deflate_sink: 1 MB of pseudo-random text in odd-sized chunks round-trips", "[deflate_sink]") {
  std::mt19937 rng(2024);
  const std::string words[] = {"func.func", "@kernel", "%0",   "=", "arith.addi", "\n",       "  ", "return",
                               "{",         "}",       "tile", "<", ">",          "\xC3\xA9", "x"};
  std::string input;
  while (input.size() < (1u << 20)) {
    if (rng() % 8 == 0) {
      input.push_back(static_cast<char>(' ' + rng() % 95));  // some incompressible noise
    } else {
      input += words[rng() % (sizeof words / sizeof words[0])];
      input.push_back(' ');
    }
  }
  input.resize(1u << 20);
  std::string encoded = Compress(input, {1, 7, 4093, 3, 65537, 129, 2});
  CHECK(encoded.size() % 4 == 0);
  CHECK(encoded.find('\n') == std::string::npos);  // no line breaks
  CHECK(encoded.size() < input.size());            // it did compress
  CHECK(Inflate(DecodeBase64(encoded)) == input);
}

}  // namespace
}  // namespace irtrace
