// The command's printer (lib/driver/console.h): every line goes to the stream handed in.
#include "driver/console.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

namespace irtrace {
namespace {

// A temporary stream and what was written to it.
class Capture {
 public:
  Capture() : f_(std::tmpfile()) { REQUIRE(f_ != nullptr); }
  ~Capture() { std::fclose(f_); }
  std::FILE* file() { return f_; }
  std::string Text() {
    std::fflush(f_);
    std::rewind(f_);
    std::string s;
    char buf[1024];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f_)) > 0) s.append(buf, n);
    return s;
  }

 private:
  std::FILE* f_;
};

TEST_CASE("console: the summary line counts with singular and plural", "[console]") {
  Capture c;
  {
    Console con(c.file(), false, false, false);
    ConvertSummary s;
    s.passes = 1;
    con.Summary("r.html", s);
    s.passes = 13;
    s.changed = 4;
    s.failed = 2;
    s.codegen = 3;
    s.warnings = 1;
    con.Summary("out/r.html", s);
  }
  CHECK(c.Text() ==
        "wrote r.html: 1 pass, 0 changed, 0 warnings\n"
        "wrote out/r.html: 13 passes, 4 changed, 2 failed, 3 codegen, 1 warning\n");
}

TEST_CASE("console: quiet drops the summary, never the error", "[console]") {
  Capture c;
  {
    Console con(c.file(), false, true, false);
    con.Summary("r.html", ConvertSummary{});
    con.Error("bad\nthing\r");
  }
  CHECK(c.Text() == "ir-trace: error: bad\\nthing\\r\n");
}

// File names are bytes: one with ESC sequences would colour the terminal, one with a newline would forge a
// line. Every name printed goes through EscapeControls.
TEST_CASE("console: EscapeControls writes what a terminal acts on as C escapes", "[console]") {
  CHECK(EscapeControls("plain name_01.py") == "plain name_01.py");
  CHECK(EscapeControls("a\tb\nc\rd") == "a\\tb\\nc\\rd");
  CHECK(EscapeControls("\x1b[31mred\x1b[0m") == "\\x1b[31mred\\x1b[0m");
  CHECK(EscapeControls(std::string("nul\0bel\x07"
                                   "del\x7f",
                                   12)) == "nul\\x00bel\\x07del\\x7f");
  CHECK(EscapeControls("back\\slash") == "back\\\\slash");          // unambiguous: \\ is a backslash
  CHECK(EscapeControls("csi\xC2\x9B"
                       "2J") == "csi\\u009b2J");          // C1 control U+009B
  CHECK(EscapeControls("bad\x9B\xFFutf8") == "bad\\x9b\\xffutf8");   // not UTF-8: bytes
  const char* utf8 = "\xC3\xA9t\xC3\xA9 \xE2\x86\x92 \xF0\x9F\x98\x80";  // "été → 😀"
  CHECK(EscapeControls(utf8) == utf8);
  CHECK(EscapeControls("\xC0\xAF\xED\xA0\x80") == "\\xc0\\xaf\\xed\\xa0\\x80");  // overlong, surrogate
  CHECK(EscapeControls("\xE2\x86") == "\\xe2\\x86");                 // cut short
}

TEST_CASE("console: every line escapes what it prints", "[console]") {
  Capture c;
  {
    Console con(c.file(), true, false, false);
    con.Observer().diagnostic("ignored a\nir-trace: error: forged");
    ConvertSummary s;
    con.Summary("out\x1b[2J.html", s);
    con.Error("'\x1b]0;title\x07'");
  }
  CHECK(c.Text() ==
        "ir-trace: ignored a\\nir-trace: error: forged\n"
        "wrote out\\x1b[2J.html: 0 passes, 0 changed, 0 warnings\n"
        "ir-trace: error: '\\x1b]0;title\\x07'\n");
}

TEST_CASE("console: diagnostics only under -v, with the prefix", "[console]") {
  Capture quiet_c, verbose_c;
  {
    Console plain(quiet_c.file(), false, false, false);
    CHECK_FALSE(plain.Observer().diagnostic);
    Console verbose(verbose_c.file(), true, true, false);
    ConvertObserver o = verbose.Observer();
    REQUIRE(o.diagnostic);
    o.diagnostic("ignored notes.txt");
  }
  CHECK(quiet_c.Text().empty());
  CHECK(verbose_c.Text() == "ir-trace: ignored notes.txt\n");
}

TEST_CASE("console: a progress line only on a terminal and not under -q", "[console]") {
  Capture c;
  Console not_terminal(c.file(), false, false, false);
  CHECK_FALSE(not_terminal.Observer().progress);
  Console quiet(c.file(), false, true, true);
  CHECK_FALSE(quiet.Observer().progress);
  Console terminal(c.file(), false, false, true);
  CHECK(terminal.Observer().progress);
}

}  // namespace
}  // namespace irtrace
