#include "input/text_decode.h"

namespace irtrace {
namespace {

const char kReplacement[] = "\xEF\xBF\xBD";  // U+FFFD
const char kNulSymbol[] = "\xE2\x90\x80";    // U+2400

// Length of the valid UTF-8 sequence at s[i] (1-4), or 0 when invalid (RFC 3629 table).
size_t ValidSequenceLength(const std::string& s, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  if (c < 0x80) return 1;
  size_t n = s.size();
  auto cont = [&](size_t k) { return k < n && (byte(k) & 0xC0) == 0x80; };
  if (c >= 0xC2 && c <= 0xDF) return cont(i + 1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    if (i + 1 >= n) return 0;
    unsigned char c1 = byte(i + 1);
    if (c == 0xE0 && c1 < 0xA0) return 0;
    if (c == 0xED && c1 > 0x9F) return 0;
    return cont(i + 1) && cont(i + 2) ? 3 : 0;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (i + 1 >= n) return 0;
    unsigned char c1 = byte(i + 1);
    if (c == 0xF0 && c1 < 0x90) return 0;
    if (c == 0xF4 && c1 > 0x8F) return 0;
    return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}

// Finds the first byte that needs rewriting, or npos.
size_t FirstProblem(const std::string& s) {
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == 0) return i;
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len = ValidSequenceLength(s, i);
    if (len == 0) return i;
    i += len;
  }
  return std::string::npos;
}

}  // namespace

void DecodeUtf8(std::string* bytes, std::vector<DecodeIssue>* issues) {
  const std::string& in = *bytes;
  size_t first = FirstProblem(in);
  if (first == std::string::npos) return;

  std::string out;
  out.reserve(in.size() + 64);
  out.append(in, 0, first);
  size_t line = 1;
  for (size_t k = 0; k < first; ++k) line += in[k] == '\n';
  size_t last_bad_line = 0, last_nul_line = 0;
  size_t i = first;
  while (i < in.size()) {
    unsigned char c = static_cast<unsigned char>(in[i]);
    if (c == 0) {
      out.append(kNulSymbol);
      if (last_nul_line != line) issues->push_back({line, true});
      last_nul_line = line;
      ++i;
      continue;
    }
    if (c < 0x80) {
      line += c == '\n';
      out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    size_t len = ValidSequenceLength(in, i);
    if (len == 0) {
      out.append(kReplacement);
      if (last_bad_line != line) issues->push_back({line, false});
      last_bad_line = line;
      ++i;
      continue;
    }
    out.append(in, i, len);
    i += len;
  }
  bytes->swap(out);
}

}  // namespace irtrace
