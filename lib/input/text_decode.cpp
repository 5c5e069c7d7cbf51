#include "input/text_decode.h"

#include <cstdint>
#include <cstring>

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
// True when none of the 8 bytes at `p` is NUL or has its high bit set (plain ASCII): the common case,
// decided a word at a time.
bool PlainAscii8(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  constexpr uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  return ((w | ((w - kOnes) & ~w)) & kHigh) == 0;  // a high bit set, or a zero byte, fails
}

size_t FirstProblem(const std::string& s) {
  size_t i = 0;
  while (i < s.size()) {
    if (i + 8 <= s.size() && PlainAscii8(s.data() + i)) {
      i += 8;
      continue;
    }
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

// Appends code point `cp` (at most U+10FFFF, not a surrogate) as UTF-8.
void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Decoding issues, one per affected line and kind. Lines are counted both at '\n' and at '\r': a text
// without any '\n' breaks its lines at '\r' (Snapshot), and its issues must name those lines.
class IssueLog {
 public:
  explicit IssueLog(std::vector<DecodeIssue>* out) : out_(out) {}
  ~IssueLog() {
    const std::vector<DecodeIssue>& kept = seen_lf_ ? by_lf_.issues : by_cr_.issues;
    out_->insert(out_->end(), kept.begin(), kept.end());
  }
  // Counts one decoded character.
  void Char(uint32_t c) {
    if (c == '\n') {
      ++lf_;
      seen_lf_ = true;
    } else if (c == '\r') {
      ++cr_;
    }
  }
  // An issue on the current line: a NUL (`nul`) or an invalid sequence.
  void Add(bool nul) {
    Note(&by_lf_, lf_, nul);
    Note(&by_cr_, cr_, nul);
  }

 private:
  struct Lines {
    std::vector<DecodeIssue> issues;
    size_t last_bad = 0, last_nul = 0;
  };
  static void Note(Lines* l, size_t line, bool nul) {
    size_t& last = nul ? l->last_nul : l->last_bad;
    if (last != line) l->issues.push_back({line, nul});
    last = line;
  }

  std::vector<DecodeIssue>* out_;
  Lines by_lf_, by_cr_;
  size_t lf_ = 1, cr_ = 1;
  bool seen_lf_ = false;
};

// UTF-16 (after its 2-byte byte-order mark) to UTF-8, as DecodeText describes.
std::string DecodeUtf16(const std::string& in, bool little_endian, std::vector<DecodeIssue>* issues) {
  auto unit = [&](size_t k) {
    auto b0 = static_cast<unsigned char>(in[k]), b1 = static_cast<unsigned char>(in[k + 1]);
    return static_cast<uint32_t>(little_endian ? (b1 << 8 | b0) : (b0 << 8 | b1));
  };
  std::string out;
  out.reserve(in.size());
  IssueLog log(issues);
  auto bad = [&] {
    out.append(kReplacement);
    log.Add(false);
  };
  size_t i = 2;
  for (; i + 1 < in.size(); i += 2) {
    uint32_t u = unit(i);
    if (u >= 0xD800 && u <= 0xDBFF && i + 3 < in.size() && unit(i + 2) >= 0xDC00 && unit(i + 2) <= 0xDFFF) {
      AppendUtf8(0x10000 + ((u - 0xD800) << 10) + (unit(i + 2) - 0xDC00), &out);
      i += 2;
    } else if (u >= 0xD800 && u <= 0xDFFF) {
      bad();
    } else if (u == 0) {
      out.append(kNulSymbol);
      log.Add(true);
    } else {
      AppendUtf8(u, &out);
      log.Char(u);
    }
  }
  if (i < in.size()) bad();  // a final odd byte
  return out;
}

}  // namespace

TextEncoding DecodeText(std::string* bytes, std::vector<DecodeIssue>* issues) {
  if (bytes->size() >= 2) {
    auto b0 = static_cast<unsigned char>((*bytes)[0]), b1 = static_cast<unsigned char>((*bytes)[1]);
    if ((b0 == 0xFF && b1 == 0xFE) || (b0 == 0xFE && b1 == 0xFF)) {
      bool le = b0 == 0xFF;
      *bytes = DecodeUtf16(*bytes, le, issues);
      return le ? TextEncoding::kUtf16Le : TextEncoding::kUtf16Be;
    }
  }
  DecodeUtf8(bytes, issues);
  return TextEncoding::kUtf8;
}

void DecodeUtf8(std::string* bytes, std::vector<DecodeIssue>* issues) {
  const std::string& in = *bytes;
  size_t first = FirstProblem(in);
  if (first == std::string::npos) return;

  std::string out;
  out.reserve(in.size() + 64);
  out.append(in, 0, first);
  IssueLog log(issues);
  for (size_t k = 0; k < first; ++k) log.Char(static_cast<unsigned char>(in[k]));
  size_t i = first;
  while (i < in.size()) {
    unsigned char c = static_cast<unsigned char>(in[i]);
    if (c == 0) {
      out.append(kNulSymbol);
      log.Add(true);
      ++i;
      continue;
    }
    if (c < 0x80) {
      log.Char(c);
      out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    size_t len = ValidSequenceLength(in, i);
    if (len == 0) {
      out.append(kReplacement);
      log.Add(false);
      ++i;
      continue;
    }
    out.append(in, i, len);
    i += len;
  }
  bytes->swap(out);
}

}  // namespace irtrace
