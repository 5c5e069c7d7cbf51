// The page shell (lib/html_report.h): the title is escaped and the data slot is found whatever the title.
#include "report/html_report.h"

#include <catch2/catch.hpp>

#include <string>

namespace irtrace {
namespace {

TEST_CASE("html_report: the title is HTML-escaped", "[html_report]") {
  PageShell shell = ExpandPageShell("<img src=x onerror=alert(1)>&\"'");
  CHECK(shell.head.find("<img") == std::string::npos);
  CHECK(shell.head.find("&lt;img src=x onerror=alert(1)&gt;&amp;") != std::string::npos);
  CHECK(shell.tail.find("<img") == std::string::npos);
}

TEST_CASE("html_report: a title spelling the slot marker does not move the data slot", "[html_report]") {
  // A dump directory may be named with any bytes but '/' and NUL, control characters included.
  for (std::string title : {std::string("\x01IR_TRACE_DATA_SLOT\x01"), std::string("IR_TRACE_DATA_SLOT")}) {
    PageShell shell = ExpandPageShell(title);
    const std::string open = "<script type=\"application/json\" id=\"ir-trace-data\">";
    REQUIRE(shell.head.size() >= open.size());
    CHECK(shell.head.compare(shell.head.size() - open.size(), open.size(), open) == 0);
    CHECK(shell.tail.rfind("</script>", 0) == 0);
    CHECK(shell.head.find("<title>") != std::string::npos);
  }
}

}  // namespace
}  // namespace irtrace
