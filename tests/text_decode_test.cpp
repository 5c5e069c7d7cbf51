// Decoding snapshot bytes (lib/text_decode.h): U+FFFD per invalid byte, U+2400 per NUL, everything else
// kept, issues with 1-based line numbers.
#include "input/text_decode.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace irtrace {
namespace {

const std::string kFffd = "\xEF\xBF\xBD";
const std::string kNul = "\xE2\x90\x80";

struct Decoded {
  std::string text;
  std::vector<DecodeIssue> issues;
};

Decoded Decode(std::string bytes) {
  Decoded d;
  DecodeUtf8(&bytes, &d.issues);
  d.text = std::move(bytes);
  return d;
}

TEST_CASE("text_decode: valid UTF-8 is kept byte for byte with no issue", "[text_decode]") {
  std::string valid =
      "ascii\r\n\t\x7F"
      "\xC2\xA9 \xC3\xA9 \xDF\xBF"          // 2-byte: U+00A9, U+00E9, U+07FF
      "\xE0\xA0\x80 \xE2\x82\xAC \xED\x9F\xBF \xEE\x80\x80 \xEF\xBF\xBF"  // U+0800 U+20AC U+D7FF
      "\xF0\x90\x80\x80 \xF0\x9F\x98\x80 \xF4\x8F\xBF\xBF\n";  // U+10000 U+1F600 U+10FFFF
  Decoded d = Decode(valid);
  CHECK(d.text == valid);
  CHECK(d.issues.empty());
  CHECK(Decode("").text.empty());
  CHECK(Decode("").issues.empty());
}

TEST_CASE("text_decode: CR bytes are kept", "[text_decode]") {
  Decoded d = Decode("a\r\nb\rc\r");
  CHECK(d.text == "a\r\nb\rc\r");
  CHECK(d.issues.empty());
}

TEST_CASE("text_decode: each invalid byte becomes one U+FFFD", "[text_decode]") {
  SECTION("lone continuation byte") {
    Decoded d = Decode("a\x80z");
    CHECK(d.text == "a" + kFffd + "z");
  }
  SECTION("Latin-1 byte") { CHECK(Decode("caf\xE9\n").text == "caf" + kFffd + "\n"); }
  SECTION("truncated 3-byte sequence: each byte replaced") { CHECK(Decode("\xE2\x82z").text == kFffd + kFffd + "z"); }
  SECTION("truncated at end of input") {
    CHECK(Decode("x\xF0\x9F\x98").text == "x" + kFffd + kFffd + kFffd);
    CHECK(Decode("x\xC3").text == "x" + kFffd);
  }
  SECTION("0xFE 0xFF and 0xF5..") {
    CHECK(Decode("\xFE\xFF\xF5\x80\x80\x80").text == kFffd + kFffd + kFffd + kFffd + kFffd + kFffd);
  }
  SECTION("overlong encodings are invalid") {
    CHECK(Decode("\xC0\xAF").text == kFffd + kFffd);          // '/' in 2 bytes
    CHECK(Decode("\xC1\xBF").text == kFffd + kFffd);
    CHECK(Decode("\xE0\x80\xAF").text == kFffd + kFffd + kFffd);  // '/' in 3 bytes
    CHECK(Decode("\xE0\x9F\xBF").text == kFffd + kFffd + kFffd);
    CHECK(Decode("\xF0\x80\x80\xAF").text == kFffd + kFffd + kFffd + kFffd);
    CHECK(Decode("\xF0\x8F\xBF\xBF").text == kFffd + kFffd + kFffd + kFffd);
  }
  SECTION("UTF-16 surrogates are invalid") {
    CHECK(Decode("\xED\xA0\x80").text == kFffd + kFffd + kFffd);  // U+D800
    CHECK(Decode("\xED\xBF\xBF").text == kFffd + kFffd + kFffd);  // U+DFFF
  }
  SECTION("beyond U+10FFFF is invalid") { CHECK(Decode("\xF4\x90\x80\x80").text == kFffd + kFffd + kFffd + kFffd); }
  SECTION("a valid character right after an invalid byte is kept") {
    CHECK(Decode("\xC3\xC3\xA9").text == kFffd + "\xC3\xA9");
  }
}

TEST_CASE("text_decode: NUL becomes U+2400", "[text_decode]") {
  Decoded d = Decode(std::string("a\0b\0\0", 5));
  CHECK(d.text == "a" + kNul + "b" + kNul + kNul);
  REQUIRE(d.issues.size() == 1);
  CHECK(d.issues[0].line == 1);
  CHECK(d.issues[0].nul);
}

TEST_CASE("text_decode: one issue per affected line and kind 1-based in line order", "[text_decode]") {
  std::string bytes = std::string("ok\n") +        // line 1
                      "bad \xFF and \xFE\n" +      // line 2: two invalid bytes, one issue
                      "ok\n" +                     // line 3
                      std::string("nul \0 and \xFF\n", 12) +  // line 4: NUL and invalid
                      "\r\n" +                     // line 5
                      "\x80";                      // line 6, no final newline
  Decoded d = Decode(bytes);
  REQUIRE(d.issues.size() == 4);
  CHECK(d.issues[0].line == 2);
  CHECK_FALSE(d.issues[0].nul);
  CHECK(d.issues[1].line == 4);
  CHECK(d.issues[1].nul);
  CHECK(d.issues[2].line == 4);
  CHECK_FALSE(d.issues[2].nul);
  CHECK(d.issues[3].line == 6);
  CHECK_FALSE(d.issues[3].nul);
  CHECK(d.text == "ok\nbad " + kFffd + " and " + kFffd + "\nok\nnul " + kNul + " and " + kFffd + "\n\r\n" + kFffd);
}

TEST_CASE("text_decode: the first problem's line counts the valid text before it", "[text_decode]") {
  std::string bytes(1000, 'a');
  for (size_t k = 99; k < bytes.size(); k += 100) bytes[k] = '\n';  // 10 lines of 99 'a'
  bytes += "\xC3\xA9\xFF";
  Decoded d = Decode(bytes);
  REQUIRE(d.issues.size() == 1);
  CHECK(d.issues[0].line == 11);
  CHECK(d.text == bytes.substr(0, bytes.size() - 1) + kFffd);
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("text_decode: in a text without any LF, issues name CR-ended lines", "[text_decode]") {
  std::string cr = "l1\rl2 \xff\rl3 \xfe\rl4 \xff\r";
  std::vector<DecodeIssue> issues;
  DecodeText(&cr, &issues);
  REQUIRE(issues.size() == 3);
  CHECK(issues[0].line == 2);
  CHECK(issues[1].line == 3);
  CHECK(issues[2].line == 4);
  // With an LF anywhere, CR stays inside lines: one line here.
  std::string mixed = "l1\rl2 \xff\rl3 \xfe\n";
  std::vector<DecodeIssue> one;
  DecodeText(&mixed, &one);
  REQUIRE(one.size() == 1);
  CHECK(one[0].line == 1);
  // UTF-16 likewise: a NUL on the second CR-ended line.
  std::string utf16(
      "\xFF\xFE"
      "a\0\r\0\0\0",
      8);
  std::vector<DecodeIssue> u;
  DecodeText(&utf16, &u);
  REQUIRE(u.size() == 1);
  CHECK(u[0].line == 2);
  CHECK(u[0].nul);
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("text_decode: a bad byte or a NUL is found at any place in a run of ASCII (checked a word at a time)",
          "[text_decode]") {
  for (size_t at = 0; at < 24; ++at) {
    for (const char bad : {'\xff', '\0', '\x80'}) {
      std::string bytes(24, 'a');
      bytes[at] = bad;
      Decoded d = Decode(bytes);
      INFO("at " << at << " byte " << static_cast<int>(static_cast<unsigned char>(bad)));
      CHECK(d.text == std::string(at, 'a') + (bad == '\0' ? kNul : kFffd) + std::string(23 - at, 'a'));
    }
  }
  // Valid multi-byte sequences between ASCII words stay as they are.
  std::string mixed = std::string(13, 'x') + "\xC3\xA9" + std::string(9, 'y') + "\xE2\x82\xAC";
  CHECK(Decode(mixed).text == mixed);
  CHECK(Decode(mixed).issues.empty());
}

}  // namespace
}  // namespace irtrace
