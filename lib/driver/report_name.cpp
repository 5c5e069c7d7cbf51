#include "driver/report_name.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <numeric>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "util/fnv1a.h"

namespace irtrace {
namespace {

constexpr size_t kMaxName = 200;
constexpr size_t kLongHashDigits = 16;

bool Plain(unsigned char c) { return std::isalnum(c) || c == '.' || c == '_' || c == '-'; }

void AppendEscaped(const std::string& component, std::string* out) {
  for (unsigned char c : component) {
    if (Plain(c) && c < 0x80) {
      out->push_back(static_cast<char>(c));
    } else {
      *out += fmt::format("%{:02X}", c);
    }
  }
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// `name` cut to `keep` bytes without splitting a %XX escape.
std::string CutName(const std::string& name, size_t keep) {
  size_t cut = keep;
  if (cut >= 1 && name[cut - 1] == '%') {
    cut -= 1;
  } else if (cut >= 2 && name[cut - 2] == '%') {
    cut -= 2;
  }
  return name.substr(0, cut);
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The byte of the "%XX" at key[at], or -1 when there is none there.
int EscapedByte(const std::string& key, size_t at) {
  if (at + 2 >= key.size() || key[at] != '%') return -1;
  int hi = HexDigit(key[at + 1]), lo = HexDigit(key[at + 2]);
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

// The length in bytes of the well-formed UTF-8 sequence that `bytes` starts with (RFC 3629: no overlong
// form, no surrogate, at most U+10FFFF), or 0 when it starts with none of 2 or more bytes.
size_t Utf8Length(const std::vector<int>& bytes) {
  if (bytes.empty()) return 0;
  int b0 = bytes[0];
  size_t n = b0 >= 0xC2 && b0 <= 0xDF ? 2 : b0 >= 0xE0 && b0 <= 0xEF ? 3 : b0 >= 0xF0 && b0 <= 0xF4 ? 4 : 0;
  if (n == 0 || bytes.size() < n) return 0;
  int lo = 0x80, hi = 0xBF;  // the second byte's range
  if (b0 == 0xE0) lo = 0xA0;
  if (b0 == 0xED) hi = 0x9F;
  if (b0 == 0xF0) lo = 0x90;
  if (b0 == 0xF4) hi = 0x8F;
  if (bytes[1] < lo || bytes[1] > hi) return 0;
  for (size_t i = 2; i < n; ++i) {
    if (bytes[i] < 0x80 || bytes[i] > 0xBF) return 0;
  }
  return n;
}

}  // namespace

std::string ReportFileName(const std::string& key) {
  std::string out;
  for (size_t at = 0; at < key.size();) {
    if (EscapedByte(key, at) < 0) {
      out += key[at++];
      continue;
    }
    std::vector<int> bytes;  // the escaped bytes from here on, up to 4
    for (size_t k = at; bytes.size() < 4 && EscapedByte(key, k) >= 0; k += 3) bytes.push_back(EscapedByte(key, k));
    size_t n = Utf8Length(bytes);
    if (n == 0) {
      out += '+';
      out.append(key, at + 1, 2);
      at += 3;
      continue;
    }
    for (size_t i = 0; i < n; ++i) out += static_cast<char>(bytes[i]);
    at += 3 * n;
  }
  return out;
}

std::string EscapeReportName(const std::string& path) {
  bool absolute = !path.empty() && path[0] == '/';
  std::vector<std::string> parts;
  size_t at = 0;
  while (at <= path.size()) {
    size_t slash = path.find('/', at);
    if (slash == std::string::npos) slash = path.size();
    std::string part = path.substr(at, slash - at);
    if (!part.empty() && part != ".") parts.push_back(part);
    at = slash + 1;
  }
  std::string name = absolute ? "%2F" : "";
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) name += "__";
    if (parts[i] == "..") {
      name += "%2E%2E";
    } else {
      AppendEscaped(parts[i], &name);
    }
  }
  if (name.empty()) return "%2E";
  if (name[0] == '.') name.replace(0, 1, "%2E");
  return name;
}

std::vector<std::string> ReportNames(const std::vector<std::string>& paths) {
  std::vector<std::string> names(paths.size());
  std::vector<std::string> keys(paths.size());  // what a name's hash is made from
  for (size_t i = 0; i < paths.size(); ++i) {
    // Hashes are of the escaped name, not the path as given: `./k` and `k` are one name (README).
    const std::string escaped = EscapeReportName(paths[i]);
    names[i] = escaped;
    if (names[i].size() > kMaxName) {
      names[i] = CutName(names[i], kMaxName - 1 - kLongHashDigits) + fmt::format("~{:016x}", Fnv1a(escaped));
    }
    keys[i] = escaped;
  }
  std::vector<size_t> order(paths.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return paths[a] < paths[b]; });
  std::set<std::string> taken = {"index"};
  for (size_t i : order) {
    std::string name = names[i];
    for (unsigned k = 0; taken.count(Lower(name)); ++k) {
      std::string key = k == 0 ? keys[i] : keys[i] + "\n" + std::to_string(k);
      name = names[i] + fmt::format("~{:08x}", static_cast<uint32_t>(Fnv1a(key)));
    }
    taken.insert(Lower(name));
    names[i] = name;
  }
  for (std::string& name : names) name = ReportFileName(name);
  return names;
}

}  // namespace irtrace
