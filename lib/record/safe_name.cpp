#include "record/safe_name.h"

#include <cstdint>
#include <cstdio>

#include "util/fnv1a.h"

namespace irtrace {
namespace {

constexpr size_t kMaxName = 200, kKept = 183;  // 183 + "~" + 16 hex digits = 200

bool NeedsEscape(unsigned char c) { return c < 0x20 || c == 0x7f || c == '/' || c == '%' || c == '\\'; }

void AppendHex(unsigned char c, std::string* out) {
  char buf[4];
  std::snprintf(buf, sizeof buf, "%%%02X", c);
  out->append(buf);
}

std::string Escape(std::string_view name, bool escape_leading_dot) {
  std::string out;
  for (size_t i = 0; i < name.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(name[i]);
    if (NeedsEscape(c) || (i == 0 && c == '.' && escape_leading_dot)) {
      AppendHex(c, &out);
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  return out;
}

// Over kMaxName bytes: the first kKept, not cutting a %XX, then "~" and the hash of the original name.
std::string Shorten(std::string escaped, std::string_view original) {
  if (escaped.size() <= kMaxName) return escaped;
  size_t keep = kKept;
  // Every '%' starts an escape ('%' itself is escaped): one that the cut would split is dropped whole.
  if (escaped[keep - 1] == '%') {
    keep -= 1;
  } else if (escaped[keep - 2] == '%') {
    keep -= 2;
  }
  escaped.resize(keep);
  char hash[20];
  std::snprintf(hash, sizeof hash, "~%016llx", static_cast<unsigned long long>(Fnv1a(original)));
  return escaped + hash;
}

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// Where the '.' that makes `name` look like a working copy's sibling or the report is, else npos.
size_t SiblingDot(std::string_view name) {
  if (name == "report.html") return 6;
  for (std::string_view suffix : {std::string_view(".original"), std::string_view(".latest")}) {
    if (EndsWith(name, suffix)) return name.size() - suffix.size();
  }
  size_t digits = name.size();
  while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9') --digits;
  if (digits < name.size() && EndsWith(name.substr(0, digits), ".bak.")) return digits - 5;
  return std::string_view::npos;
}

}  // namespace

std::string SafeSourceName(std::string_view name) {
  if (name.empty()) return "%00";
  std::string escaped = Escape(name, true);
  size_t dot = SiblingDot(escaped);
  if (dot != std::string_view::npos) escaped.replace(dot, 1, "%2E");
  return Shorten(std::move(escaped), name);
}

std::string PrintableText(std::string_view text) {
  std::string out;
  for (char ch : text) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f || c == '\\') {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    } else {
      out.push_back(ch);
    }
  }
  return out;
}

std::string SafeDirName(std::string_view name) {
  if (name.empty()) return "%00";
  return Shorten(Escape(name, true), name);
}

std::string SafePassName(std::string_view name) {
  if (name.empty()) return "%00";
  return Shorten(Escape(name, false), name);
}

std::string SafeExtension(std::string_view ext) {
  bool ok = !ext.empty() && ext.size() <= 16 && ext != "log";
  for (char c : ext) {
    ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'));
  }
  return ok ? std::string(ext) : "txt";
}

std::string SafePhaseName(std::string_view name) {
  std::string out;
  for (char ch : name) {
    unsigned char c = static_cast<unsigned char>(ch);
    out.push_back(c < 0x20 || c == 0x7f ? ' ' : ch);
  }
  if (out.size() > kMaxName) {
    size_t cut = kMaxName;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    out.resize(cut);
  }
  return out;
}

}  // namespace irtrace
