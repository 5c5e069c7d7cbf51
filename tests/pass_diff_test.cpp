// Diffing one pass (lib/diff/pass_diff.h): line endings, missing final newline, per-function statuses and the
// fallback to the whole file.
#include "diff/pass_diff.h"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "input/snapshot.h"
#include "report/payload_writer.h"

namespace irtrace {
namespace {

using Fixes = std::vector<std::pair<uint32_t, std::string>>;

// The delta's "fix" list for a -> b (DeltaFixes, report/payload_writer.h), as owned strings: the line
// rule (CR dropped for comparison) is the diff's, so its consequences are checked here.
Fixes FixesOf(const Snapshot& a, const Snapshot& b, const PassDiff& d) {
  Fixes out;
  for (const auto& [line, text] : DeltaFixes(a, b, d.whole.script)) out.emplace_back(line, std::string(text));
  return out;
}

const FunctionDiff* Find(const PassDiff& d, const std::string& key) {
  for (const FunctionDiff& f : d.functions) {
    if (f.key == key) return &f;
  }
  return nullptr;
}

std::vector<std::string> Keys(const PassDiff& d) {
  std::vector<std::string> out;
  for (const FunctionDiff& f : d.functions) out.push_back(f.key);
  return out;
}

TEST_CASE("pass_diff: byte-identical snapshots", "[pass_diff]") {
  auto a = MakeSnapshot("00_frontend.py", "py", "import pl\n\ndef f():\n    return 1\n");
  auto b = MakeSnapshot("01_after_A.py", "py", "import pl\n\ndef f():\n    return 1\n");
  PassDiff d = DiffPass(*a, *b);
  CHECK(d.identical);
  CHECK(d.whole.script.Empty());
  CHECK(d.whole.pairs.empty());
  CHECK(d.notes.empty());
  CHECK(FixesOf(*a, *b, d).empty());
  REQUIRE(d.functions.size() == 2);
  CHECK(d.functions[0].key == "f");
  CHECK(d.functions[0].status == FunctionStatus::kSame);
  CHECK(d.functions[1].key == "");
  CHECK(d.functions[1].status == FunctionStatus::kSame);
}

TEST_CASE("pass_diff: a CRLF-only difference is an empty script with a note and fixes", "[pass_diff]") {
  auto a = MakeSnapshot("00_frontend.py", "py", "a = 1\r\nb = 2\nc = 3\r\n");
  auto b = MakeSnapshot("01_after_A.py", "py", "a = 1\nb = 2\nc = 3\n");
  PassDiff d = DiffPass(*a, *b);
  CHECK_FALSE(d.identical);
  CHECK(d.whole.script.Empty());
  CHECK(d.notes == std::vector<std::string>{"only line endings differ (CRLF vs LF)"});
  CHECK(FixesOf(*a, *b, d) == Fixes{{0, "a = 1"}, {2, "c = 3"}});

  SECTION("the other way round the fixes carry the CR") {
    PassDiff r = DiffPass(*b, *a);
    CHECK(r.whole.script.Empty());
    CHECK(r.notes == std::vector<std::string>{"only line endings differ (CRLF vs LF)"});
    CHECK(FixesOf(*b, *a, r) == Fixes{{0, "a = 1\r"}, {2, "c = 3\r"}});
  }
}

TEST_CASE("pass_diff: fixes cover CR differences around real changes", "[pass_diff]") {
  auto a = MakeSnapshot("a.txt", "txt", "keep\r\nold\r\ntail\r\n");
  auto b = MakeSnapshot("b.txt", "txt", "keep\nnew\ntail\n");
  PassDiff d = DiffPass(*a, *b);
  CHECK(d.whole.script.ops == std::vector<uint32_t>{1, 1, 1});
  CHECK(d.notes.empty());
  CHECK(FixesOf(*a, *b, d) == Fixes{{0, "keep"}, {2, "tail"}});
  CHECK(d.functions.empty());  // no scanner for .txt
}

TEST_CASE("pass_diff: a missing final newline on one side is a change", "[pass_diff]") {
  auto a = MakeSnapshot("a.txt", "txt", "x\ny\n");
  auto b = MakeSnapshot("b.txt", "txt", "x\ny");
  PassDiff d = DiffPass(*a, *b);
  CHECK_FALSE(d.identical);
  CHECK(d.whole.script.ops == std::vector<uint32_t>{1, 1, 1});
  CHECK(d.whole.script.Inserted() == 1);
  CHECK(d.whole.script.Deleted() == 1);
  CHECK(d.notes.empty());
  CHECK(FixesOf(*a, *b, d).empty());
  // The two "y" lines pair as one replace row.
  REQUIRE(d.whole.pairs.size() == 1);
  CHECK(d.whole.pairs[0].pairs == std::vector<uint32_t>{0, 0});

  SECTION("and with CRLF too") {
    auto c = MakeSnapshot("c.txt", "txt", "x\r\ny\r\n");
    auto e = MakeSnapshot("e.txt", "txt", "x\ny");
    PassDiff d2 = DiffPass(*c, *e);
    CHECK(d2.whole.script.ops == std::vector<uint32_t>{1, 1, 1});
    CHECK(d2.notes.empty());
  }
}

TEST_CASE("pass_diff: a whole-file change pairs similar lines", "[pass_diff]") {
  auto a = MakeSnapshot("a.py", "py", "def f(a, b):\n    x = pl.add(a, b)\n    return x\n");
  auto b = MakeSnapshot("b.py", "py", "def f(a_0, b_0):\n    x_0 = pl.add(a_0, b_0)\n    return x_0\n");
  PassDiff d = DiffPass(*a, *b);
  CHECK(d.whole.script.ops == std::vector<uint32_t>{0, 3, 3});
  REQUIRE(d.whole.pairs.size() == 1);
  CHECK(d.whole.pairs[0].block == 0);
  CHECK(d.whole.pairs[0].flags == 0);
  CHECK(d.whole.pairs[0].pairs == std::vector<uint32_t>{0, 0, 1, 1, 2, 2});
}

const char kBefore[] =
    "import pl\n"          // 0
    "\n"                   // 1
    "def f():\n"           // 2
    "    return 1\n"       // 3
    "\n"                   // 4
    "def g():\n"           // 5
    "    return 2\n"       // 6
    "\n"                   // 7
    "def h():\n"           // 8
    "    return 3\n"       // 9
    "\n"                   // 10
    "def gone():\n"        // 11
    "    return 4\n";      // 12

const char kAfter[] =
    "import pl\n"          // 0
    "\n"                   // 1
    "def g():\n"           // 2
    "    return 2\n"       // 3
    "\n"                   // 4
    "def f():\n"           // 5
    "    return 1\n"       // 6
    "\n"                   // 7
    "def h():\n"           // 8
    "    return 30\n"      // 9
    "\n"                   // 10
    "def new():\n"         // 11
    "    return 5\n";      // 12

TEST_CASE("pass_diff: function statuses added removed moved changed same", "[pass_diff]") {
  auto a = MakeSnapshot("01_after_A.py", "py", kBefore);
  auto b = MakeSnapshot("02_after_B.py", "py", kAfter);
  REQUIRE(a->scope.fallback.empty());
  REQUIRE(b->scope.fallback.empty());
  PassDiff d = DiffPass(*a, *b);
  CHECK(d.notes.empty());
  CHECK(FixesOf(*a, *b, d).empty());
  // Touched first in the after side's order (removed ones after them), then the rest.
  CHECK(Keys(d) == std::vector<std::string>{"g", "h", "new", "gone", "f", ""});

  const FunctionDiff* g = Find(d, "g");
  REQUIRE(g);
  CHECK(g->status == FunctionStatus::kMoved);
  CHECK(g->ins == 0);
  CHECK(g->del == 0);
  CHECK(g->diff.script.Empty());

  const FunctionDiff* h = Find(d, "h");
  REQUIRE(h);
  CHECK(h->status == FunctionStatus::kChanged);
  CHECK(h->ins == 1);
  CHECK(h->del == 1);
  CHECK(h->diff.script.ops == std::vector<uint32_t>{1, 1, 1});
  REQUIRE(h->diff.pairs.size() == 1);
  CHECK(h->diff.pairs[0].pairs == std::vector<uint32_t>{0, 0});

  const FunctionDiff* added = Find(d, "new");
  REQUIRE(added);
  CHECK(added->status == FunctionStatus::kAdded);
  CHECK(added->ins == 2);
  CHECK(added->del == 0);
  CHECK(added->diff.script.Empty());

  const FunctionDiff* gone = Find(d, "gone");
  REQUIRE(gone);
  CHECK(gone->status == FunctionStatus::kRemoved);
  CHECK(gone->ins == 0);
  CHECK(gone->del == 2);

  const FunctionDiff* f = Find(d, "f");
  REQUIRE(f);
  CHECK(f->status == FunctionStatus::kSame);
  CHECK(f->ins == 0);
  CHECK(f->del == 0);

  const FunctionDiff* outside = Find(d, "");
  REQUIRE(outside);
  CHECK(outside->status == FunctionStatus::kSame);

  // The whole-file counts see every line.
  CHECK(d.whole.script.Inserted() >= 4);
  CHECK(d.whole.script.Deleted() >= 4);
}

TEST_CASE("pass_diff: thousands of functions each get their own lines", "[pass_diff]") {
  // Sections are looked up by key (an index per snapshot), not by scanning every section per function,
  // which made a module of 50,000 functions quadratic (tens of seconds). Here: the statuses and counts.
  std::string a, b;
  const int n = 4000;
  for (int k = 0; k < n; ++k) {
    a += "def f" + std::to_string(k) + "():\n    return " + std::to_string(k) + "\n";
    if (k == 17) continue;  // removed
    b += "def f" + std::to_string(k) + "():\n    return " + std::to_string(k + (k % 1000 == 3)) + "\n";
  }
  b += "def g():\n    pass\n";
  auto sa = MakeSnapshot("a.py", "py", a);
  auto sb = MakeSnapshot("b.py", "py", b);
  REQUIRE(sa->scope.sections.size() == static_cast<size_t>(n));
  PassDiff d = DiffPass(*sa, *sb);
  REQUIRE(d.functions.size() == static_cast<size_t>(n + 1));
  // Touched first in the after side's order (changed f3, f1003, ..., added g), then removed f17, then the rest.
  std::vector<std::string> touched;
  for (const FunctionDiff& f : d.functions) {
    if (f.status == FunctionStatus::kSame) continue;
    touched.push_back(f.key + ":" + (f.status == FunctionStatus::kChanged ? "changed"
                                     : f.status == FunctionStatus::kAdded ? "added"
                                     : f.status == FunctionStatus::kRemoved ? "removed" : "other"));
  }
  CHECK(touched == std::vector<std::string>{"f3:changed", "f1003:changed", "f2003:changed", "f3003:changed",
                                            "g:added", "f17:removed"});
  const FunctionDiff* f1003 = Find(d, "f1003");
  REQUIRE(f1003);
  CHECK(f1003->ins == 1);
  CHECK(f1003->del == 1);
  CHECK(Find(d, "f17")->del == 2);
  CHECK(Find(d, "g")->ins == 2);
  CHECK(Find(d, "f3999")->status == FunctionStatus::kSame);
}

TEST_CASE("pass_diff: lines outside every function have the key empty", "[pass_diff]") {
  auto a = MakeSnapshot("a.py", "py", "import pl\n\ndef f():\n    return 1\n");
  auto b = MakeSnapshot("b.py", "py", "import pl\nimport numpy\n\ndef f():\n    return 1\n");
  CHECK(FunctionLines(*a, "") == std::vector<uint32_t>{0, 1});
  CHECK(FunctionLines(*b, "") == std::vector<uint32_t>{0, 1, 2});
  CHECK(FunctionLines(*b, "f") == std::vector<uint32_t>{3, 4});
  CHECK(FunctionLines(*b, "missing").empty());
  PassDiff d = DiffPass(*a, *b);
  CHECK(Keys(d) == std::vector<std::string>{"", "f"});
  CHECK(d.functions[0].status == FunctionStatus::kChanged);
  CHECK(d.functions[0].ins == 1);
  CHECK(d.functions[0].del == 0);
  CHECK(d.functions[0].diff.script.ops == std::vector<uint32_t>{1, 0, 1});
  CHECK(d.functions[1].status == FunctionStatus::kSame);

  SECTION("outside lines that appear are added, that vanish removed") {
    auto only = MakeSnapshot("c.py", "py", "def f():\n    return 1\n");
    PassDiff gone = DiffPass(*a, *only);
    CHECK(Keys(gone) == std::vector<std::string>{"", "f"});
    CHECK(gone.functions[0].status == FunctionStatus::kRemoved);
    CHECK(gone.functions[0].del == 2);
    PassDiff back = DiffPass(*only, *a);
    CHECK(Keys(back) == std::vector<std::string>{"", "f"});
    CHECK(back.functions[0].status == FunctionStatus::kAdded);
    CHECK(back.functions[0].ins == 2);
  }
}

TEST_CASE("pass_diff: a snapshot that cannot be split gives no functions", "[pass_diff]") {
  auto a = MakeSnapshot("01_after_A.py", "py", "def f():\n    return 1\n");
  auto b = MakeSnapshot("02_after_B.py", "py", "def f():\n    return 1\n\ndef f():\n    return 2\n");
  REQUIRE_FALSE(b->scope.fallback.empty());
  CHECK_THAT(b->scope.fallback, Catch::Contains("duplicate function key 'f'"));
  PassDiff d = DiffPass(*a, *b);
  CHECK(d.functions.empty());
  CHECK(d.whole.script.ops == std::vector<uint32_t>{2, 0, 3});
  CHECK(d.notes.empty());  // the viewer explains it from the snapshot's fallback

  PassDiff back = DiffPass(*b, *a);
  CHECK(back.functions.empty());
  CHECK(back.notes.empty());

  SECTION("also when the pass changed nothing") {
    auto c = MakeSnapshot("03_after_C.py", "py", b->text);
    PassDiff same = DiffPass(*b, *c);
    CHECK(same.identical);
    CHECK(same.functions.empty());
    CHECK(same.notes.empty());
  }
}

TEST_CASE("pass_diff: formats without a scanner list no functions changed or not", "[pass_diff]") {
  auto a = MakeSnapshot("01_after_A.txt", "txt", "one\ntwo\n");
  auto b = MakeSnapshot("02_after_B.txt", "txt", "one\ntwo\n");
  auto c = MakeSnapshot("03_after_C.txt", "txt", "one\nthree\n");
  CHECK(DiffPass(*a, *b).functions.empty());
  CHECK(DiffPass(*b, *c).functions.empty());
}

TEST_CASE("pass_diff: an empty snapshot on either side", "[pass_diff]") {
  auto empty = MakeSnapshot("a.py", "py", "");
  auto one = MakeSnapshot("b.py", "py", "def f():\n    pass\n");
  PassDiff d = DiffPass(*empty, *one);
  CHECK(d.whole.script.ops == std::vector<uint32_t>{0, 0, 2});
  REQUIRE(d.functions.size() == 1);
  CHECK(d.functions[0].key == "f");
  CHECK(d.functions[0].status == FunctionStatus::kAdded);
  PassDiff r = DiffPass(*one, *empty);
  CHECK(r.whole.script.ops == std::vector<uint32_t>{0, 2, 0});
  REQUIRE(r.functions.size() == 1);
  CHECK(r.functions[0].status == FunctionStatus::kRemoved);
  PassDiff same = DiffPass(*empty, *MakeSnapshot("c.py", "py", ""));
  CHECK(same.identical);
  CHECK(same.functions.empty());
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("pass_diff: a pass that only adds or removes a byte-order mark is a no-op with a note", "[pass_diff]") {
  auto a = MakeSnapshot("00_frontend.py", "py", "def kernel():\n    return 1\n");
  auto b = MakeSnapshot("01_after_A.py", "py", "\xEF\xBB\xBF" "def kernel():\n    return 1\n");
  PassDiff d = DiffPass(*a, *b);
  CHECK_FALSE(d.identical);
  CHECK(d.whole.script.Empty());
  CHECK(d.notes == std::vector<std::string>{"a byte-order mark (U+FEFF) was added at the start of the file"});
  REQUIRE(d.functions.size() == 1);
  CHECK(d.functions[0].key == "kernel");
  CHECK(d.functions[0].status == FunctionStatus::kSame);  // not removed, then added
  CHECK(FixesOf(*a, *b, d) == Fixes{{0, "\xEF\xBB\xBF" "def kernel():"}});
  PassDiff r = DiffPass(*b, *a);
  CHECK(r.notes == std::vector<std::string>{"the byte-order mark (U+FEFF) at the start of the file was removed"});

  SECTION("with a real change too, the note stays and only the changed line is in the diff") {
    auto c = MakeSnapshot("02_after_B.py", "py", "\xEF\xBB\xBF" "def kernel():\n    return 2\n");
    PassDiff e = DiffPass(*a, *c);
    CHECK(e.whole.script.ops == std::vector<uint32_t>{1, 1, 1});
    CHECK(e.notes == std::vector<std::string>{"a byte-order mark (U+FEFF) was added at the start of the file"});
    REQUIRE(e.functions.size() == 1);
    CHECK(e.functions[0].status == FunctionStatus::kChanged);
  }
}

TEST_CASE("pass_diff: CR-only, CRLF and LF line ends compare equal, with notes", "[pass_diff]") {
  auto lf = MakeSnapshot("00_frontend.py", "py", "def f():\n    return 1\n");
  auto cr = MakeSnapshot("01_after_A.py", "py", "def f():\r    return 1\r");
  auto crlf = MakeSnapshot("02_after_B.py", "py", "def f():\r\n    return 1\r\n");
  PassDiff to_cr = DiffPass(*lf, *cr);
  CHECK(to_cr.whole.script.Empty());
  CHECK(to_cr.notes == std::vector<std::string>{
                           "lines end in CR only (classic Mac OS line ends), read as line breaks",
                           "only line endings differ (CR vs LF)"});
  CHECK(FixesOf(*lf, *cr, to_cr).empty());  // the lines themselves are byte-identical
  PassDiff cr_to_crlf = DiffPass(*cr, *crlf);
  CHECK(cr_to_crlf.whole.script.Empty());
  CHECK(cr_to_crlf.notes == std::vector<std::string>{"only line endings differ (CR vs CRLF)"});
  PassDiff cr_to_cr = DiffPass(*cr, *MakeSnapshot("03_after_C.py", "py", "def f():\r    return 2\r"));
  CHECK(cr_to_cr.whole.script.ops == std::vector<uint32_t>{1, 1, 1});
  CHECK(cr_to_cr.notes.empty());  // the file's own note shows where it first appears
}

}  // namespace
}  // namespace irtrace
