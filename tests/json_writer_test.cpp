// The JSON writer (lib/json_writer.h): escaping that keeps the payload inert inside <script>, and the
// commas it inserts in nested containers.
#include "util/json_writer.h"

#include <catch2/catch.hpp>

#include <string>

namespace irtrace {
namespace {

std::string Json(std::string_view s) {
  std::string out;
  AppendJsonString(s, &out);
  return out;
}

TEST_CASE("json_writer: markup characters are escaped", "[json_writer]") {
  CHECK(Json("</script><script>alert(1)</script>") ==
        R"("\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e")");
  CHECK(Json("<img src=x onerror=alert(1)>") == R"("\u003cimg src=x onerror=alert(1)\u003e")");
  CHECK(Json("a & b &amp; c") == R"("a \u0026 b \u0026amp; c")");
  CHECK(Json("<!--") == R"("\u003c!--")");
  std::string out;
  AppendJsonString("</script>", &out);
  CHECK(out.find('<') == std::string::npos);
  CHECK(out.find('>') == std::string::npos);
}

TEST_CASE("json_writer: U+2028 and U+2029 are escaped - other characters pass through", "[json_writer]") {
  CHECK(Json("a\xE2\x80\xA8z") == R"("a\u2028z")");
  CHECK(Json("a\xE2\x80\xA9z") == R"("a\u2029z")");
  CHECK(Json("\xE2\x80\xA8\xE2\x80\xA9") == R"("\u2028\u2029")");
  // Other characters starting with E2 stay UTF-8: U+2026 (ellipsis), U+20AC (euro), U+2400 (NUL symbol).
  CHECK(Json("\xE2\x80\xA6 \xE2\x82\xAC \xE2\x90\x80") == "\"\xE2\x80\xA6 \xE2\x82\xAC \xE2\x90\x80\"");
  CHECK(Json("\xEF\xBF\xBD caf\xC3\xA9 \xF0\x9F\x98\x80") == "\"\xEF\xBF\xBD caf\xC3\xA9 \xF0\x9F\x98\x80\"");
  CHECK(Json("\xE2\x80") == "\"\xE2\x80\"");  // truncated at the end: copied, never read past the end
}

TEST_CASE("json_writer: quotes backslashes and control characters", "[json_writer]") {
  CHECK(Json("") == R"("")");
  CHECK(Json("say \"hi\"") == R"("say \"hi\"")");
  CHECK(Json("C:\\path\\") == R"("C:\\path\\")");
  CHECK(Json("a\nb\tc\rd") == R"("a\nb\tc\rd")");
  CHECK(Json(std::string("\0", 1)) == R"("\u0000")");
  CHECK(Json("\x01\x08\x0B\x0C\x1B\x1F") == R"("\u0001\u0008\u000b\u000c\u001b\u001f")");
  CHECK(Json("\x7F") == "\"\x7F\"");
  CHECK(Json("/") == R"("/")");
}

TEST_CASE("json_writer: commas and nesting", "[json_writer]") {
  StringSink sink;
  JsonWriter w(&sink);
  w.BeginObject();
  w.Key("schema").Int(1);
  w.Key("title").String("</script>");
  w.Key("empty_obj").BeginObject().EndObject();
  w.Key("empty_arr").BeginArray().EndArray();
  w.Key("list").BeginArray();
  w.BeginObject().Key("a").Bool(true).Key("b").Bool(false).EndObject();
  w.BeginObject().EndObject();
  w.BeginArray().Int(-5).Int(0).BeginArray().EndArray().String("x").EndArray();
  w.IntArray({});
  w.IntArray({1, 2, 3});
  w.Int(4294967296LL);
  w.EndArray();
  w.Key("ops").IntArray({7});
  w.Key("last").BeginObject().Key("k").BeginArray().String("v").EndArray().EndObject();
  w.EndObject();
  w.Flush();
  CHECK(sink.text == R"({"schema":1,"title":"\u003c/script\u003e","empty_obj":{},"empty_arr":[],)"
                     R"("list":[{"a":true,"b":false},{},[-5,0,[],"x"],[],[1,2,3],4294967296],"ops":[7],)"
                     R"("last":{"k":["v"]}})");
}

TEST_CASE("json_writer: a line break goes where it is written, the commas where they belong", "[json_writer]") {
  StringSink sink;
  JsonWriter w(&sink);
  w.BeginObject().Key("snapshots").BeginArray();
  w.Newline().BeginObject().Key("n").Int(1).EndObject();
  w.Newline().BeginObject().Key("s").String("a\nb").EndObject();
  w.Newline().EndArray().Key("entries").BeginArray().Int(2).EndArray().EndObject();
  w.Flush();
  CHECK(sink.text == "{\"snapshots\":[\n{\"n\":1}\n,{\"s\":\"a\\nb\"}\n],\"entries\":[2]}");
}

TEST_CASE("json_writer: keys are escaped too", "[json_writer]") {
  StringSink sink;
  JsonWriter w(&sink);
  w.BeginObject().Key("<k>&\"").String("v").EndObject();
  w.Flush();
  CHECK(sink.text == R"({"\u003ck\u003e\u0026\"":"v"})");
}

TEST_CASE("json_writer: large output is flushed through the sink in order", "[json_writer]") {
  StringSink sink;
  std::string expected = "[";
  {
    JsonWriter w(&sink);
    w.BeginArray();
    for (int k = 0; k < 20000; ++k) {
      std::string s = "line " + std::to_string(k) + " <&>";
      w.String(s);
      if (k) expected += ",";
      expected += "\"line " + std::to_string(k) + " \\u003c\\u0026\\u003e\"";
    }
    w.EndArray();
    CHECK(!sink.text.empty());  // flushed before the end
    w.Flush();
  }
  expected += "]";
  CHECK(sink.text == expected);
}

}  // namespace

TEST_CASE("json_writer: null and fixed-point numbers", "[json_writer]") {
  StringSink sink;
  JsonWriter w(&sink);
  w.BeginArray().Null().Fixed(1.23456, 3).Fixed(0, 3).Fixed(2.5, 0).Fixed(1.0 / 0.0, 3).EndArray();
  w.Flush();
  CHECK(sink.text == "[null,1.235,0.000,2,null]");
}

}  // namespace irtrace
