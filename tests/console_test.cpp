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
  CHECK(c.Text() == "ir-trace: error: bad thing \n");
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
