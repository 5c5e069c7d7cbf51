// A streaming JSON writer whose output is safe inside an HTML <script type="application/json"> element.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "util/output_sink.h"

namespace irtrace {

// Appends `s` to `out` as a JSON string literal (with quotes). Escapes '"', '\\', control characters,
// and also '<', '>', '&', U+2028 and U+2029 as \uXXXX, so the text can never close the script element or
// start markup. `s` must be valid UTF-8 (every snapshot and name is decoded first).
void AppendJsonString(std::string_view s, std::string* out);

// Writes JSON values to a sink through a buffer, inserting commas itself. Misuse (a value without a key
// inside an object) is a programming error, not checked at run time.
class JsonWriter {
 public:
  explicit JsonWriter(OutputSink* sink) : sink_(sink) {}
  ~JsonWriter();  // does not flush: call Flush() (a destructor must not throw)

  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  JsonWriter& Key(std::string_view key);
  JsonWriter& String(std::string_view s);
  JsonWriter& Int(int64_t v);
  JsonWriter& Bool(bool v);
  JsonWriter& Null();
  // A number with `decimals` digits after the point (0 to 9), "%.Nf"; null when `v` is not finite.
  JsonWriter& Fixed(double v, int decimals);
  // A flat array of unsigned integers.
  JsonWriter& IntArray(const std::vector<uint32_t>& v);

  // Values already written as JSON by another JsonWriter (`values`: "v1,v2,..."), put in the open array as
  // they are: a comma first when the array has elements. Empty: nothing. Call again with the next piece
  // of the same values (`more` true) to continue them without a comma.
  JsonWriter& RawValues(std::string_view values, bool more = false);
  // A line break (JSON whitespace) where the writer is: between two values, before a comma or a closing
  // bracket. A JSON string never holds a raw one, so a reader can find the line breaks placed this way by
  // scanning bytes.
  JsonWriter& Newline();
  // Sends everything buffered to the sink.
  void Flush();

 private:
  void BeforeValue();
  void MaybeFlush();

  OutputSink* sink_;
  std::string buf_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
};

}  // namespace irtrace
