// The line index (lib/util/line_index.h): lines as start offsets over a text, split as the snapshot
// layer splits ("a" and "a\n" one line, "" none), iterated as views.
#include "util/line_index.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace irtrace {
namespace {

std::vector<std::string> All(const LineIndex& idx) { return {idx.begin(), idx.end()}; }

TEST_CASE("line_index: lines without their break, a last line without one counts", "[line_index]") {
  CHECK(LineIndex("", '\n').empty());
  CHECK(LineIndex("", '\n').EndsWithBreak());
  CHECK(All(LineIndex("a", '\n')) == std::vector<std::string>{"a"});
  CHECK_FALSE(LineIndex("a", '\n').EndsWithBreak());
  CHECK(All(LineIndex("a\n", '\n')) == std::vector<std::string>{"a"});
  CHECK(LineIndex("a\n", '\n').EndsWithBreak());
  CHECK(All(LineIndex("\n\n", '\n')) == std::vector<std::string>{"", ""});
  CHECK(All(LineIndex("a\r\nb\r\n", '\n')) == std::vector<std::string>{"a\r", "b\r"});
  CHECK(All(LineIndex("a\rb", '\r')) == std::vector<std::string>{"a", "b"});
  LineIndex idx("one\ntwo\nthree", '\n');
  REQUIRE(idx.size() == 3);
  CHECK(idx[0] == "one");
  CHECK(idx[1] == "two");
  CHECK(idx.back() == "three");
  CHECK(idx.end() - idx.begin() == 3);
  CHECK(idx.begin()[2] == "three");
}

TEST_CASE("line_index: line 0 without a prefix (a byte-order mark)", "[line_index]") {
  std::string text =
      "\xEF\xBB\xBF"
      "def f():\n    pass\n";
  LineIndex idx(text, '\n');
  LineIndex rest = idx.WithoutPrefix(3);
  CHECK(idx[0] ==
        "\xEF\xBB\xBF"
        "def f():");
  CHECK(rest[0] == "def f():");
  CHECK(rest[1] == "    pass");
  CHECK(rest.size() == 2);
}

}  // namespace
}  // namespace irtrace
