#include "util/json_writer.h"

#include <cmath>
#include <cstdio>

namespace irtrace {
namespace {

constexpr size_t kFlushBytes = 1 << 16;

// The bytes a string's JSON escapes or looks at: controls, '"', '\\', the markup characters, and 0xE2 (the
// first byte of U+2028 / U+2029). A table: the test runs once per byte of every snapshot line written.
struct EscapeTable {
  bool needs[256] = {};
  constexpr EscapeTable() {
    for (int c = 0; c < 0x20; ++c) needs[c] = true;
    needs[static_cast<unsigned char>('"')] = needs[static_cast<unsigned char>('\\')] = true;
    needs[static_cast<unsigned char>('<')] = needs[static_cast<unsigned char>('>')] = true;
    needs[static_cast<unsigned char>('&')] = needs[0xE2] = true;
  }
};
constexpr EscapeTable kEscape;

bool NeedsEscape(unsigned char c) { return kEscape.needs[c]; }

}  // namespace

void AppendJsonString(std::string_view s, std::string* out) {
  static const char kHex[] = "0123456789abcdef";
  out->push_back('"');
  size_t i = 0;
  while (i < s.size()) {
    size_t run = i;
    while (run < s.size() && !NeedsEscape(static_cast<unsigned char>(s[run]))) ++run;
    out->append(s.data() + i, run - i);
    i = run;
    if (i >= s.size()) break;
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == 0xE2) {  // U+2028 / U+2029 are E2 80 A8 / E2 80 A9
      if (i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
          (static_cast<unsigned char>(s[i + 2]) == 0xA8 || static_cast<unsigned char>(s[i + 2]) == 0xA9)) {
        out->append(static_cast<unsigned char>(s[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029");
        i += 3;
      } else {
        out->push_back(s[i++]);
      }
      continue;
    }
    switch (c) {
      case '"': out->append("\\\""); break;
      case '\\': out->append("\\\\"); break;
      case '\n': out->append("\\n"); break;
      case '\t': out->append("\\t"); break;
      case '\r': out->append("\\r"); break;
      default:
        out->append("\\u00");
        out->push_back(kHex[c >> 4]);
        out->push_back(kHex[c & 15]);
    }
    ++i;
  }
  out->push_back('"');
}

JsonWriter::~JsonWriter() = default;

void JsonWriter::BeforeValue() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) buf_.push_back(',');
    first_.back() = false;
  }
}

JsonWriter& JsonWriter::RawValues(std::string_view values, bool more) {
  if (values.empty()) return *this;
  if (!more) BeforeValue();
  buf_.append(values);
  MaybeFlush();
  return *this;
}

JsonWriter& JsonWriter::Newline() {
  buf_.push_back('\n');
  return *this;
}

void JsonWriter::MaybeFlush() {
  if (buf_.size() >= kFlushBytes) Flush();
}

void JsonWriter::Flush() {
  if (buf_.empty()) return;
  sink_->Write(buf_);
  buf_.clear();
}

JsonWriter& JsonWriter::BeginObject() {
  BeforeValue();
  buf_.push_back('{');
  first_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::EndObject() {
  buf_.push_back('}');
  first_.pop_back();
  MaybeFlush();
  return *this;
}

JsonWriter& JsonWriter::BeginArray() {
  BeforeValue();
  buf_.push_back('[');
  first_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::EndArray() {
  buf_.push_back(']');
  first_.pop_back();
  MaybeFlush();
  return *this;
}

JsonWriter& JsonWriter::Key(std::string_view key) {
  BeforeValue();
  AppendJsonString(key, &buf_);
  buf_.push_back(':');
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::String(std::string_view s) {
  BeforeValue();
  AppendJsonString(s, &buf_);
  MaybeFlush();
  return *this;
}

JsonWriter& JsonWriter::Int(int64_t v) {
  BeforeValue();
  buf_.append(std::to_string(v));
  return *this;
}

JsonWriter& JsonWriter::Bool(bool v) {
  BeforeValue();
  buf_.append(v ? "true" : "false");
  return *this;
}

JsonWriter& JsonWriter::Null() {
  BeforeValue();
  buf_.append("null");
  return *this;
}

JsonWriter& JsonWriter::Fixed(double v, int decimals) {
  if (!std::isfinite(v)) return Null();
  BeforeValue();
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals < 0 ? 0 : decimals > 9 ? 9 : decimals, v);
  buf_.append(text);
  return *this;
}

JsonWriter& JsonWriter::IntArray(const std::vector<uint32_t>& v) {
  BeginArray();
  for (size_t k = 0; k < v.size(); ++k) {
    if (k) buf_.push_back(',');
    buf_.append(std::to_string(v[k]));
  }
  first_.back() = false;
  return EndArray();
}

}  // namespace irtrace
