// Diffing one pass (lib/diff/pass_diff.h): line endings, missing final newline, per-function statuses and the
// fallback to the whole file.
#include "diff/pass_diff.h"

#include <catch2/catch.hpp>

#include <algorithm>
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

// The function list the viewer offers for a pass (lib/report/PAYLOAD.md, "Function"): the touched functions,
// then every other key of the after side as "same", in its order.
std::vector<std::string> Offered(const PassDiff& d, const Snapshot& after) {
  std::vector<std::string> out = Keys(d);
  for (const std::string& k : FunctionKeys(after)) {
    if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k + " (same)");
  }
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
  // Compared by function, nothing touched: every function is the same and none is listed.
  CHECK(d.by_function);
  CHECK(d.functions.empty());
  CHECK(d.sections.Empty());
  CHECK(Offered(d, *b) == std::vector<std::string>{"f (same)", " (same)"});
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
  CHECK_FALSE(d.by_function);  // no scanner for .txt
  CHECK(d.functions.empty());
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
  // Only the touched ones are listed, in the after side's order (removed ones after them); the viewer
  // offers the rest after them.
  CHECK(d.by_function);
  CHECK(Keys(d) == std::vector<std::string>{"g", "h", "new", "gone"});
  CHECK(Offered(d, *b) == std::vector<std::string>{"g", "h", "new", "gone", "f (same)", " (same)"});

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

  CHECK_FALSE(Find(d, "f"));
  CHECK_FALSE(Find(d, ""));

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
  // Only the touched ones, in the after side's order (changed f3, f1003, ..., added g), then removed f17.
  REQUIRE(d.functions.size() == 6);
  std::vector<std::string> touched;
  for (const FunctionDiff& f : d.functions) {
    touched.push_back(f.key + ":" +
                      (f.status == FunctionStatus::kChanged   ? "changed"
                       : f.status == FunctionStatus::kAdded   ? "added"
                       : f.status == FunctionStatus::kRemoved ? "removed"
                                                              : "other"));
  }
  CHECK(touched == std::vector<std::string>{"f3:changed", "f1003:changed", "f2003:changed", "f3003:changed", "g:added",
                                            "f17:removed"});
  const FunctionDiff* f1003 = Find(d, "f1003");
  REQUIRE(f1003);
  CHECK(f1003->ins == 1);
  CHECK(f1003->del == 1);
  CHECK(Find(d, "f17")->del == 2);
  CHECK(Find(d, "g")->ins == 2);
  CHECK_FALSE(Find(d, "f3999"));
  CHECK(Offered(d, *sb).size() == static_cast<size_t>(n + 1));  // 3,999 kept + g, and f17 removed
}

TEST_CASE("pass_diff: lines outside every function have the key empty", "[pass_diff]") {
  auto a = MakeSnapshot("a.py", "py", "import pl\n\ndef f():\n    return 1\n");
  auto b = MakeSnapshot("b.py", "py", "import pl\nimport numpy\n\ndef f():\n    return 1\n");
  CHECK(FunctionLines(*a, "") == std::vector<uint32_t>{0, 1});
  CHECK(FunctionLines(*b, "") == std::vector<uint32_t>{0, 1, 2});
  CHECK(FunctionLines(*b, "f") == std::vector<uint32_t>{3, 4});
  CHECK(FunctionLines(*b, "missing").empty());
  PassDiff d = DiffPass(*a, *b);
  CHECK(Keys(d) == std::vector<std::string>{""});
  CHECK(Offered(d, *b) == std::vector<std::string>{"", "f (same)"});
  CHECK(d.functions[0].status == FunctionStatus::kChanged);
  CHECK(d.functions[0].ins == 1);
  CHECK(d.functions[0].del == 0);
  CHECK(d.functions[0].diff.script.ops == std::vector<uint32_t>{1, 0, 1});

  SECTION("outside lines that appear are added, that vanish removed") {
    auto only = MakeSnapshot("c.py", "py", "def f():\n    return 1\n");
    PassDiff gone = DiffPass(*a, *only);
    CHECK(Keys(gone) == std::vector<std::string>{""});
    CHECK(gone.functions[0].status == FunctionStatus::kRemoved);
    CHECK(gone.functions[0].del == 2);
    PassDiff back = DiffPass(*only, *a);
    CHECK(Keys(back) == std::vector<std::string>{""});
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
  CHECK_FALSE(d.by_function);
  CHECK(d.functions.empty());
  CHECK(d.whole.script.ops == std::vector<uint32_t>{2, 0, 3});
  CHECK(d.notes.empty());  // the viewer explains it from the snapshot's fallback

  PassDiff back = DiffPass(*b, *a);
  CHECK_FALSE(back.by_function);
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

// A function of `n` body lines between a header and a trailer, as LLVM IR; body line k reads "%v<k> = ..."
// unless `edit` maps k to another text (an empty text removes the line).
std::string Module(int n, const std::vector<std::pair<int, std::string>>& edit) {
  std::string s = "; ModuleID = 'm'\ntarget triple = \"x86_64\"\n\ndefine i32 @big(i32 %x) {\n";
  for (int k = 0; k < n; ++k) {
    std::string line = "  %v" + std::to_string(k) + " = add i32 %x, " + std::to_string(k % 7);
    for (const auto& [at, text] : edit) {
      if (at == k) line = text;
    }
    if (!line.empty()) s += line + "\n";
  }
  return s + "  ret i32 %x\n}\n\nattributes #0 = { nounwind }\n";
}

TEST_CASE("pass_diff: a function holding every change reuses the whole-file diff", "[pass_diff]") {
  // One function spanning (nearly) the file with scattered edits: its diff is the whole-file script shifted
  // to the function's first line, and the same script and pairs as diffing its lines on their own.
  std::vector<std::pair<int, std::string>> edits;
  for (int k = 5; k < 2000; k += 97)
    edits.emplace_back(k, k % 2 ? "  %v" + std::to_string(k) + " = mul i32 %x, 3" : "");
  auto a = MakeSnapshot("00_frontend.ll", "ll", Module(2000, {}));
  auto b = MakeSnapshot("01_after_A.ll", "ll", Module(2000, edits));
  REQUIRE(a->scope.sections.size() == 1);
  const Section& sa = a->scope.sections[0];
  const Section& sb = b->scope.sections[0];
  PassDiff d = DiffPass(*a, *b);
  REQUIRE(d.functions.size() == 1);
  const FunctionDiff& f = d.functions[0];
  CHECK(f.key == "big");
  CHECK(f.status == FunctionStatus::kChanged);
  std::vector<uint32_t> shifted = d.whole.script.ops;
  shifted[0] -= sa.begin;
  CHECK(f.diff.script.ops == shifted);
  CHECK(f.ins == d.whole.script.Inserted());
  CHECK(f.del == d.whole.script.Deleted());

  // The function's lines alone (a format without functions: the whole file is the view).
  auto slice = [](const Snapshot& s, const Section& sec) {
    std::string t;
    for (size_t i = sec.begin; i < sec.end; ++i) t += std::string(s.lines[i]) + "\n";
    return t;
  };
  PassDiff alone = DiffPass(*MakeSnapshot("a.txt", "txt", slice(*a, sa)), *MakeSnapshot("b.txt", "txt", slice(*b, sb)));
  CHECK(f.diff.script.ops == alone.whole.script.ops);
  REQUIRE(f.diff.pairs.size() == alone.whole.pairs.size());
  for (size_t k = 0; k < f.diff.pairs.size(); ++k) {
    CHECK(f.diff.pairs[k].block == alone.whole.pairs[k].block);
    CHECK(f.diff.pairs[k].flags == alone.whole.pairs[k].flags);
    CHECK(f.diff.pairs[k].pairs == alone.whole.pairs[k].pairs);
  }

  SECTION("a change outside the function: diffed on its own lines") {
    auto c = MakeSnapshot("02_after_B.ll", "ll", "; header changed\n" + b->text);
    PassDiff e = DiffPass(*a, *c);
    REQUIRE(e.functions.size() == 2);
    CHECK(e.functions[0].key == "big");
    CHECK(e.functions[0].diff.script.ops == alone.whole.script.ops);
    CHECK(e.functions[1].key == "");
  }
}

TEST_CASE("pass_diff: the sections script keeps sections whose place relative to the one before is kept",
          "[pass_diff]") {
  // A line inserted into f moves g's and h's begin and end, but not their distance from the section before
  // them: only f's entry changes.
  auto a = MakeSnapshot("a.py", "py",
                        "import pl\n\ndef f():\n    return 1\n\ndef g():\n    return 2\n\ndef h():\n    pass\n");
  auto b = MakeSnapshot(
      "b.py", "py", "import pl\n\ndef f():\n    x = 0\n    return 1\n\ndef g():\n    return 2\n\ndef h():\n    pass\n");
  PassDiff d = DiffPass(*a, *b);
  CHECK(d.sections.ops == std::vector<uint32_t>{0, 1, 1});
  // f removed, g gone, h renamed: f and h change, g is deleted.
  auto c = MakeSnapshot("c.py", "py", "import pl\n\ndef f():\n    x = 0\n    return 1\n\ndef k():\n    pass\n");
  PassDiff e = DiffPass(*b, *c);
  CHECK(e.sections.ops == std::vector<uint32_t>{1, 2, 1});
  CHECK(DiffPass(*a, *MakeSnapshot("d.py", "py", a->text + "# end\n")).sections.Empty());
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("pass_diff: a pass that only adds or removes a byte-order mark is a no-op with a note", "[pass_diff]") {
  auto a = MakeSnapshot("00_frontend.py", "py", "def kernel():\n    return 1\n");
  auto b = MakeSnapshot("01_after_A.py", "py",
                        "\xEF\xBB\xBF"
                        "def kernel():\n    return 1\n");
  PassDiff d = DiffPass(*a, *b);
  CHECK_FALSE(d.identical);
  CHECK(d.whole.script.Empty());
  CHECK(d.notes == std::vector<std::string>{"a byte-order mark (U+FEFF) was added at the start of the file"});
  CHECK(d.by_function);
  CHECK(d.functions.empty());  // the same: not removed, then added
  CHECK(Offered(d, *b) == std::vector<std::string>{"kernel (same)"});
  CHECK(FixesOf(*a, *b, d) == Fixes{{0,
                                     "\xEF\xBB\xBF"
                                     "def kernel():"}});
  PassDiff r = DiffPass(*b, *a);
  CHECK(r.notes == std::vector<std::string>{"the byte-order mark (U+FEFF) at the start of the file was removed"});

  SECTION("with a real change too, the note stays and only the changed line is in the diff") {
    auto c = MakeSnapshot("02_after_B.py", "py",
                          "\xEF\xBB\xBF"
                          "def kernel():\n    return 2\n");
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
  CHECK(to_cr.notes == std::vector<std::string>{"lines end in CR only (classic Mac OS line ends), read as line breaks",
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

namespace irtrace {
namespace {

TEST_CASE("pass_diff: a snapshot that is now UTF-16 says so even when its text is the same", "[pass_diff]") {
  auto a = MakeSnapshot("00_frontend.py", "py", "x = 1\n");
  auto b = MakeSnapshot("01_after_A.py", "py",
                        std::string("\xFF\xFEx\0 \0=\0 \0"
                                    "1\0\n\0",
                                    14));
  REQUIRE(b->text == "x = 1\n");
  PassDiff d = DiffPass(*a, *b);
  CHECK(d.identical);
  CHECK(d.notes == std::vector<std::string>{"decoded from UTF-16LE (the file starts with the byte-order mark FF FE)"});
  CHECK(DiffPass(*b, *MakeSnapshot("02_after_B.py", "py", std::string("\xFF\xFEx\0", 4))).notes.empty());
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("pass_diff: the same text in another language is not identical, its functions are listed", "[pass_diff]") {
  const std::string text = "def f():\n    return 1\n\ndef g():\n    return 2\n";
  auto txt = MakeSnapshot("00_frontend.txt", "txt", text);
  auto py = MakeSnapshot("01_after_ToPy.py", "py", text);
  PassDiff d = DiffPass(*txt, *py);
  CHECK_FALSE(d.identical);  // stored as a delta, so its sections are written, not taken from .txt's
  CHECK(d.whole.script.Empty());
  // Plain text has no functions: all its lines are outside them (""). Read as Python they move into f and
  // g, so "" is touched too, and listed.
  auto status = [](const PassDiff& p, const std::string& key) {
    for (const FunctionDiff& f : p.functions)
      if (f.key == key) return f.status;
    FAIL("no function " << key);
    return FunctionStatus::kSame;
  };
  CHECK(Keys(d) == std::vector<std::string>{"f", "g", ""});
  CHECK(status(d, "f") == FunctionStatus::kAdded);
  CHECK(status(d, "g") == FunctionStatus::kAdded);
  CHECK(status(d, "") == FunctionStatus::kChanged);
  PassDiff back = DiffPass(*py, *txt);
  CHECK(Keys(back) == std::vector<std::string>{"", "f", "g"});
  CHECK(status(back, "") == FunctionStatus::kChanged);
  CHECK(status(back, "f") == FunctionStatus::kRemoved);
  CHECK(status(back, "g") == FunctionStatus::kRemoved);
}

TEST_CASE("pass_diff: a snapshot read as UTF-8 again after UTF-16 says so", "[pass_diff]") {
  auto u16 = MakeSnapshot("00_frontend.py", "py", std::string("\xFF\xFEx\0\n\0", 6));
  auto u8 = MakeSnapshot("01_after_A.py", "py", "x\n");
  CHECK(DiffPass(*u16, *u8).notes ==
        std::vector<std::string>{"read as UTF-8 again (the snapshot before was UTF-16LE)"});
  auto bom8 = MakeSnapshot("02_after_B.py", "py", "\xEF\xBB\xBFx\n");
  // UTF-8 with a byte-order mark to UTF-16: the encoding note, not "the byte-order mark was removed".
  CHECK(DiffPass(*bom8, *u16).notes ==
        std::vector<std::string>{"decoded from UTF-16LE (the file starts with the byte-order mark FF FE)"});
}

}  // namespace
}  // namespace irtrace
