// Report names in a batch's OUTDIR (lib/driver/report_name.h): the mapping is a documented contract.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "driver/report_name.h"
#include "report/depfile.h"

using irtrace::EscapeReportName;
using irtrace::ReportFileName;
using irtrace::ReportNames;

TEST_CASE("report_name: slashes become __, other bytes %XX", "[report_name]") {
  CHECK(EscapeReportName("build/k3/passes_dump") == "build__k3__passes_dump");
  CHECK(EscapeReportName("./a/b/") == "a__b");
  CHECK(EscapeReportName("././a//./b") == "a__b");
  CHECK(EscapeReportName("my dump/x:y%z~") == "my%20dump__x%3Ay%25z%7E");
  CHECK(EscapeReportName("caf\xC3\xA9") == "caf%C3%A9");
  CHECK(EscapeReportName("A-Z_0.9") == "A-Z_0.9");
}

TEST_CASE("report_name: .., a leading / and a leading . stay inside OUTDIR and visible", "[report_name]") {
  CHECK(EscapeReportName("../x") == "%2E%2E__x");
  CHECK(EscapeReportName("..") == "%2E%2E");
  CHECK(EscapeReportName("a/../b") == "a__%2E%2E__b");
  CHECK(EscapeReportName("/abs/d") == "%2Fabs__d");
  CHECK(EscapeReportName("/") == "%2F");
  CHECK(EscapeReportName(".") == "%2E");
  CHECK(EscapeReportName("./") == "%2E");
  CHECK(EscapeReportName(".hidden/d") == "%2Ehidden__d");
  CHECK(EscapeReportName("...x") == "%2E..x");
  for (const char* p : {"../../etc", "/", "..", ".", "a/..", "x/\n/y"}) {
    std::string n = EscapeReportName(p);
    CHECK(n.find('/') == std::string::npos);
    CHECK(n[0] != '.');
    CHECK(n.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._%-") ==
          std::string::npos);
  }
}

TEST_CASE("report_name: index is reserved and collisions go to the later path in sorted order", "[report_name]") {
  std::vector<std::string> n = ReportNames({"x/y", "x__y", "index", "Index", "a"});
  // sorted: "Index" < "a" < "index" < "x/y" < "x__y": "x/y" keeps x__y, "x__y" gets the suffix
  CHECK(n[0] == "x__y");
  REQUIRE(n[1].size() == 4 + 9);
  CHECK(n[1].substr(0, 5) == "x__y~");
  CHECK(n[2].substr(0, 6) == "index~");
  CHECK(n[3].substr(0, 6) == "Index~");
  CHECK(n[2] != n[3]);
  CHECK(n[4] == "a");
  // The same input in another order gives the same names: deterministic.
  std::vector<std::string> m = ReportNames({"a", "Index", "x__y", "index", "x/y"});
  CHECK(m[4] == n[0]);
  CHECK(m[2] == n[1]);
  CHECK(m[1] == n[3]);
  // A dump given twice gets two names.
  std::vector<std::string> twice = ReportNames({"d", "d/"});
  CHECK(twice[0] == "d");
  CHECK(twice[1] != "d");
  std::vector<std::string> same = ReportNames({"d", "d", "d"});
  CHECK(same[0] == "d");
  CHECK(same[1] != same[2]);
}

TEST_CASE("report_name: a name over 200 bytes is shortened with a hash", "[report_name]") {
  std::string longer(300, 'a');
  std::vector<std::string> n = ReportNames({longer, longer + "b", std::string(198, 'a') + "/b"});
  CHECK(n[0].size() == 200);
  CHECK(n[0].substr(0, 183) == std::string(183, 'a'));
  CHECK(n[0][183] == '~');
  CHECK(n[1].size() == 200);
  CHECK(n[0] != n[1]);
  CHECK(n[2].size() == 200);  // 198 + "__" + "b" = 201 bytes
  // Never cut inside a %XX escape.
  std::string spaces = std::string(182, 'a') + std::string(20, ' ');
  std::string cut = ReportNames({spaces})[0];
  CHECK(cut.substr(182, 1) == "~");
  CHECK(ReportNames({std::string(200, 'a')})[0] == std::string(200, 'a'));
}

// Found by a new user: `index` and `./index` got different index~HASH names, though a leading ./ is dropped.
TEST_CASE("report_name: spellings of one path get one name, hashes included", "[report_name]") {
  CHECK(ReportNames({"index"}) == ReportNames({"./index"}));
  std::string longer(300, 'a');
  CHECK(ReportNames({longer}) == ReportNames({"./" + longer}));
  CHECK(ReportNames({"k/passes_dump"}) == ReportNames({"./k//passes_dump/"}));
  CHECK(ReportNames({"x__y", "x/y"})[1] == ReportNames({"x__y", "./x/y"})[1]);
}

// Issue 24: `build/my kernel/passes_dump` was named my%20kernel__passes_dump.html, which its own depfile
// could not name (make cannot spell '%'); so was every path beyond ASCII.
TEST_CASE("report_name: file names write '+XX' for '%XX' and keep UTF-8 as it is", "[report_name]") {
  CHECK(ReportFileName("my%20kernel__passes_dump") == "my+20kernel__passes_dump");
  CHECK(ReportFileName("caf%C3%A9") == "caf\xC3\xA9");
  CHECK(ReportFileName("%E6%A0%B8%F0%9F%98%80") == "\xE6\xA0\xB8\xF0\x9F\x98\x80");  // 3 and 4 bytes
  CHECK(ReportFileName("%2F%2E%2E__x%2By%7E") == "+2F+2E+2E__x+2By+7E");
  // Bytes that are not well-formed UTF-8 stay escaped: a lone continuation, a cut sequence, an overlong
  // form, a surrogate, beyond U+10FFFF.
  CHECK(ReportFileName("%A9x%C3") == "+A9x+C3");
  CHECK(ReportFileName("%C0%AF%ED%A0%80%F4%90%80%80") == "+C0+AF+ED+A0+80+F4+90+80+80");
  CHECK(ReportFileName("%E6%A0") == "+E6+A0");
  CHECK(ReportNames({"build/my kernel/passes_dump", "build/caf\xC3\xA9/d", "a+b/d", "a%2Bb/d", "x\xFF/d"}) ==
        std::vector<std::string>{"build__my+20kernel__passes_dump", "build__caf\xC3\xA9__d", "a+2Bb__d", "a+252Bb__d",
                                 "x+FF__d"});
  // Every name is one make can spell (report/depfile.h MakeWord), and the collision suffixes are as before.
  for (const std::string& n : ReportNames({"my kernel", "100%", "a;b|c=d", "t\tx", "x/y", "x__y", "index"})) {
    CHECK(irtrace::MakeWord(n + ".html") == n + ".html");
  }
}
