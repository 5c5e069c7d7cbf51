// XML escaping of the JUnit summary (lib/report/junit_summary.h). The whole document is checked through
// the command line in summary_files_test.cpp (xmllint and Python's xml.etree).
#include "report/junit_summary.h"

#include <catch2/catch.hpp>

#include <string>

namespace irtrace {
namespace {

TEST_CASE("junit_summary: markup, quotes and CDATA ends are entities", "[junit_summary]") {
  CHECK(XmlEscape("a<b>&\"c\"'d']]>", false) == "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;]]&gt;");
  CHECK(XmlEscape("a<b>&\"c\"'d']]>", true) == "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;]]&gt;");
}

TEST_CASE("junit_summary: tab, LF, CR kept in text, numbered in attributes", "[junit_summary]") {
  CHECK(XmlEscape("a\tb\nc\rd", false) == "a\tb\nc&#13;d");
  CHECK(XmlEscape("a\tb\nc\rd", true) == "a&#9;b&#10;c&#13;d");
}

TEST_CASE("junit_summary: characters XML 1.0 forbids are replaced", "[junit_summary]") {
  CHECK(XmlEscape(std::string("a\0b", 3), false) == "a\\x00b");
  CHECK(XmlEscape("\x01\x1b\x1f", true) == "\\x01\\x1B\\x1F");
  CHECK(XmlEscape("x\xEF\xBF\xBEy\xEF\xBF\xBFz", false) == "x\xEF\xBF\xBDy\xEF\xBF\xBDz");  // U+FFFE, U+FFFF
  // Allowed: DEL, C1 controls, U+FFFD, other characters.
  CHECK(XmlEscape("\x7f\xC2\x85\xEF\xBF\xBD\xC3\xA9", false) == "\x7f\xC2\x85\xEF\xBF\xBD\xC3\xA9");
}

}  // namespace
}  // namespace irtrace
