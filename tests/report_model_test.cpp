// The report model (lib/report/report_model.h): entry statuses from the diff and the .log, where a log's text
// goes (error or warning), and decoding warnings.
#include "report/report_model.h"

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "input/snapshot.h"

namespace irtrace {
namespace {

using Strings = std::vector<std::string>;
using namespace std::string_literals;

// A pass entry for before -> after, with `log_text` read from "01_after_A.log" (none when empty name).
Entry PassEntry(const Snapshot& before, const Snapshot& after, const std::string& log_name = "",
                const std::string& log_text = "") {
  return MakePassEntry(1, "A", 0, 1, after, DiffPass(before, after), log_name, log_text);
}

TEST_CASE("report_model: LogHasError looks for 'error:' on any line", "[report_model]") {
  CHECK(LogHasError("a.py:3: error: bad\n"));
  CHECK(LogHasError("warning: x\nfatal error: y"));
  CHECK_FALSE(LogHasError("warning: unused\n"));
  CHECK_FALSE(LogHasError("error without colon\n"));
  CHECK(LogHasError("Traceback (most recent call last):\n  ...\nRuntimeError: verifier failed\n"));
  CHECK(LogHasError("ERROR: bad\n"));
  CHECK(LogHasError("Error: x"));
  CHECK_FALSE(LogHasError(""));
}

TEST_CASE("report_model: a pass's status comes from its diff", "[report_model]") {
  auto a = MakeSnapshot("00_frontend.py", "py", "x = 1\ny = 2\n");
  auto same = MakeSnapshot("01_after_A.py", "py", "x = 1\ny = 2\n");
  auto changed = MakeSnapshot("01_after_A.py", "py", "x = 1\ny = 3\nz = 4\n");
  auto crlf = MakeSnapshot("01_after_A.py", "py", "x = 1\r\ny = 2\n");

  Entry noop = PassEntry(*a, *same);
  CHECK(noop.kind == EntryKind::kPass);
  CHECK(noop.num == 1);
  CHECK(noop.name == "A");
  CHECK(noop.before == 0);
  CHECK(noop.after == 1);
  CHECK(noop.status == EntryStatus::kNoop);
  CHECK(noop.ins == 0);
  CHECK(noop.del == 0);
  CHECK(noop.warnings.empty());
  CHECK(noop.error.empty());
  CHECK(noop.log.empty());

  Entry ch = PassEntry(*a, *changed);
  CHECK(ch.status == EntryStatus::kChanged);
  CHECK(ch.ins == 2);
  CHECK(ch.del == 1);
  CHECK(ch.ins == ch.diff.whole.script.Inserted());
  CHECK_FALSE(ch.diff.whole.script.Empty());

  // Only line endings differ: nothing to show as a change, the note says why.
  Entry le = PassEntry(*a, *crlf);
  CHECK(le.status == EntryStatus::kNoop);
  CHECK(le.notes == Strings{"only line endings differ (CRLF vs LF)"});
}

TEST_CASE("report_model: a pass log with 'error:' fails the pass", "[report_model]") {
  auto a = MakeSnapshot("00_frontend.py", "py", "x = 1\n");
  auto b = MakeSnapshot("01_after_A.py", "py", "x = 2\n");
  const std::string log = "checking...\nkernel.py:4: error: tile shape mismatch\n";
  Entry e = PassEntry(*a, *b, "01_after_A.log", log);
  CHECK(e.status == EntryStatus::kFailed);
  CHECK(e.error == log);
  CHECK(e.log == "01_after_A.log");
  CHECK(e.warnings.empty());  // the log is the error, not also a warning
  CHECK(e.ins == 1);          // the diff is still there
  CHECK(e.del == 1);

  SECTION("even when the pass changed nothing") {
    Entry n = PassEntry(*a, *a, "01_after_A.log", log);
    CHECK(n.status == EntryStatus::kFailed);
    CHECK(n.error == log);
  }
}

TEST_CASE("report_model: a pass log without 'error:' is a warning, verbatim", "[report_model]") {
  auto a = MakeSnapshot("00_frontend.py", "py", "x = 1\n");
  auto b = MakeSnapshot("01_after_A.py", "py", "x = 2\n");
  const std::string log = "warning: loop not unrolled\n  <trailing spaces>  \n";
  Entry e = PassEntry(*a, *b, "01_after_A.log", log);
  CHECK(e.status == EntryStatus::kChanged);
  CHECK(e.error.empty());
  CHECK(e.warnings == Strings{log});
  CHECK(e.log == "01_after_A.log");

  SECTION("an empty log adds no warning but is named") {
    Entry n = PassEntry(*a, *b, "01_after_A.log", "");
    CHECK(n.status == EntryStatus::kChanged);
    CHECK(n.warnings.empty());
    CHECK(n.log == "01_after_A.log");
  }
}

TEST_CASE("report_model: a frontend log with 'error:' stays a warning", "[report_model]") {
  auto s = MakeSnapshot("00_frontend.py", "py", "x = 1\n");
  const std::string log = "frontend.py:1: error: something the frontend reported\n";
  Entry e = MakeFrontendEntry(*s, "00_frontend.log", log);
  CHECK(e.kind == EntryKind::kFrontend);
  CHECK(e.num == 0);
  CHECK(e.name == "frontend");
  CHECK(e.before == -1);
  CHECK(e.after == 0);
  CHECK(e.status == EntryStatus::kFrontend);  // the frontend is not a pass: it cannot fail
  CHECK(e.error.empty());
  CHECK(e.warnings == Strings{log});
  CHECK(e.log == "00_frontend.log");
}

TEST_CASE("report_model: decoding warnings of the after snapshot become the pass's", "[report_model]") {
  auto a = MakeSnapshot("00_frontend.py", "py", std::string("x = '\xff'\n"));
  auto b = MakeSnapshot("01_after_A.py", "py", "x = 1\ny = '\xfe'\nz = '\0'\n"s);
  REQUIRE(a->warnings.size() == 1);
  REQUIRE(b->warnings.size() == 2);
  Entry e = PassEntry(*a, *b, "01_after_A.log", "note: done\n");
  // The after side's decoding warnings (not the before side's), then the log.
  Strings expected = b->warnings;
  expected.push_back("note: done\n");
  CHECK(e.warnings == expected);
  CHECK_THAT(e.warnings[0], Catch::Contains("01_after_A.py line 2"));
  CHECK_THAT(e.warnings[1], Catch::Contains("01_after_A.py line 3"));

  Entry fe = MakeFrontendEntry(*a, "", "");
  CHECK(fe.warnings == a->warnings);
  CHECK(fe.log.empty());
}

TEST_CASE("report_model: a codegen entry", "[report_model]") {
  auto s = MakeSnapshot("kernels/k.cpp", "cpp", "void k() {}\n");
  Entry e = MakeCodegenEntry(CodegenRole::kDevice, 5, *s);
  CHECK(e.kind == EntryKind::kCodegen);
  CHECK(e.num == -1);
  CHECK(e.name == "kernels/k.cpp");
  CHECK(e.role == CodegenRole::kDevice);
  CHECK(e.before == -1);
  CHECK(e.after == 5);
  CHECK(e.status == EntryStatus::kCodegen);
  CHECK(e.warnings.empty());
}

}  // namespace
}  // namespace irtrace
