// The terminal printer (lib/report/terminal_diff.h): unified hunks with @@ headers, --context, per function,
// colours on and off, the [FAILED] block, control characters made visible, and the auto colour rule
// (a terminal, NO_COLOR, TERM=dumb) on a real pseudo-terminal.
#include "report/terminal_diff.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "diff/pass_diff.h"
#include "input/snapshot.h"

namespace irtrace {
namespace {

// Lines "l1".."l<n>", one per line.
std::string Numbered(int n) {
  std::string s;
  for (int i = 1; i <= n; ++i) s += "l" + std::to_string(i) + "\n";
  return s;
}

// The printed diff of before -> after (extension `ext`), or "" when there is nothing to show.
std::string Print(const std::string& before, const std::string& after, TerminalStyle style = {},
                  const std::string& ext = "txt", std::optional<std::string> function = std::nullopt) {
  auto a = MakeSnapshot("01_after_A." + ext, ext, before);
  auto b = MakeSnapshot("02_after_B." + ext, ext, after);
  std::string out;
  bool shown = WritePassDiff({"pass 2 B", "01_after_A." + ext, "02_after_B." + ext}, *a, *b, DiffPass(*a, *b), style,
                             function, &out);
  CHECK(shown == !out.empty());
  return out;
}

// Sets an environment variable for a scope, then puts back what was there.
class EnvVar {
 public:
  EnvVar(const char* name, const char* value) : name_(name) {
    const char* old = std::getenv(name);
    if (old) old_ = old;
    if (value) {
      ::setenv(name, value, 1);
    } else {
      ::unsetenv(name);
    }
  }
  ~EnvVar() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST_CASE("terminal_diff: one change is one hunk with 3 lines of context and git's headers", "[terminal_diff]") {
  std::string after = Numbered(20);
  after.replace(after.find("l10\n"), 4, "ten\n");
  CHECK(Print(Numbered(20), after) ==
        "pass 2 B: +1 -1\n"
        "--- a/01_after_A.txt\n"
        "+++ b/02_after_B.txt\n"
        "@@ -7,7 +7,7 @@\n"
        " l7\n l8\n l9\n-l10\n+ten\n l11\n l12\n l13\n");
}

TEST_CASE("terminal_diff: changes closer than twice the context share a hunk, others do not", "[terminal_diff]") {
  std::string after = Numbered(30);
  after.replace(after.find("l5\n"), 3, "five\n");
  after.replace(after.find("l12\n"), 4, "twelve\n");
  after.replace(after.find("l25\n"), 4, "");  // a deletion far away
  std::string out = Print(Numbered(30), after);
  CHECK(out.find("@@ -2,14 +2,14 @@\n") != std::string::npos);  // l5 and l12: 6 equal lines between
  CHECK(out.find("@@ -22,7 +22,6 @@\n l22\n l23\n l24\n-l25\n l26\n") != std::string::npos);
  TerminalStyle zero;
  zero.context = 0;
  std::string tight = Print(Numbered(30), after, zero);
  CHECK(tight.find("@@ -5 +5 @@\n-l5\n+five\n@@ -12 +12 @@\n-l12\n+twelve\n@@ -25 +24,0 @@\n-l25\n") !=
        std::string::npos);
  TerminalStyle wide;
  wide.context = 100;
  CHECK(Print(Numbered(30), after, wide).find("@@ -1,30 +1,29 @@\n l1\n") != std::string::npos);
}

// Issue 24: the page folded only runs of 2 or more, the terminal like diff -U. One rule for both: a run of
// unchanged lines is cut whenever at least one line would be hidden (2N+1 between two changes, N+1 at
// either end; tests/browser/fold_rule.test.mjs checks the page against this output).
TEST_CASE("terminal_diff: a run of unchanged lines is cut whenever one line would be hidden", "[terminal_diff]") {
  // l1-l3 before the first change (N+1), l5-l9 between two (2N+1), l11-l14 (2N), l16-l17 after (N).
  std::string after = Numbered(17);
  for (const char* l : {"l4\n", "l10\n", "l15\n"}) after.replace(after.find(l), std::strlen(l), "x\n");
  TerminalStyle two;
  two.context = 2;
  CHECK(Print(Numbered(17), after, two) ==
        "pass 2 B: +3 -3\n"
        "--- a/01_after_A.txt\n"
        "+++ b/02_after_B.txt\n"
        "@@ -2,5 +2,5 @@\n l2\n l3\n-l4\n+x\n l5\n l6\n"
        "@@ -8,10 +8,10 @@\n l8\n l9\n-l10\n+x\n l11\n l12\n l13\n l14\n-l15\n+x\n l16\n l17\n");
}

TEST_CASE("terminal_diff: colours as git's: bold headers, cyan @@, red -, green +", "[terminal_diff]") {
  TerminalStyle color;
  color.color = true;
  std::string out = Print("a\nb\nc\n", "a\nB\nc\n", color);
  CHECK(out ==
        "\033[1mpass 2 B: +1 -1\033[m\n"
        "\033[1m--- a/01_after_A.txt\033[m\n"
        "\033[1m+++ b/02_after_B.txt\033[m\n"
        "\033[36m@@ -1,3 +1,3 @@\033[m\n"
        " a\n\033[31m-b\033[m\n\033[32m+B\033[m\n c\n");
  // Without colours not one escape.
  CHECK(Print("a\nb\nc\n", "a\nB\nc\n").find('\033') == std::string::npos);
}

TEST_CASE("terminal_diff: by function, only the functions the pass touched, each with its headers", "[terminal_diff]") {
  const std::string before =
      "def f():\n    return 1\n\n"
      "def g():\n    return 2\n\n"
      "class K:\n    def m(self):\n        return 3\n";
  const std::string after =
      "def f():\n    return 1\n\n"
      "def g():\n    return 20\n\n"
      "class K:\n    def m(self):\n        return 3\n\n"
      "def h():\n    pass\n";
  std::string out = Print(before, after, {}, "py");
  CHECK(out ==
        "pass 2 B: +4 -1\n"
        "--- a/01_after_A.py  g\n"
        "+++ b/02_after_B.py  g\n"
        "@@ -4,2 +4,2 @@ g\n"
        " def g():\n-    return 2\n+    return 20\n"
        "--- a/01_after_A.py  h (added)\n"
        "+++ b/02_after_B.py  h (added)\n"
        "@@ -0,0 +11,2 @@ h\n"
        "+def h():\n+    pass\n"
        "--- a/01_after_A.py  (outside functions)\n"
        "+++ b/02_after_B.py  (outside functions)\n"
        "@@ -3,3 +3,4 @@ (outside functions)\n"
        " \n \n class K:\n+\n");  // the blank lines and the class line are in no function
  // One function asked for: only its part, with its own counts; an untouched one: nothing to show.
  CHECK(Print(before, after, {}, "py", "g") ==
        "pass 2 B: +1 -1\n--- a/01_after_A.py  g\n+++ b/02_after_B.py  g\n@@ -4,2 +4,2 @@ g\n"
        " def g():\n-    return 2\n+    return 20\n");
  CHECK(Print(before, after, {}, "py", "K.m").empty());
  // A removed function: every line "-" (the side without it has no place for it: 0,0).
  CHECK(Print(after, before, {}, "py", "h") ==
        "pass 2 B: +0 -2\n--- a/01_after_A.py  h (removed)\n+++ b/02_after_B.py  h (removed)\n"
        "@@ -11,2 +0,0 @@ h\n-def h():\n-    pass\n");
}

TEST_CASE("terminal_diff: MLIR and LLVM functions are named as the report does, with '@'", "[terminal_diff]") {
  std::string before = "define i32 @crc32(i32 %x) {\n  ret i32 %x\n}\n";
  std::string after = "define i32 @crc32(i32 %x) {\n  ret i32 0\n}\n";
  std::string out = Print(before, after, {}, "ll");
  CHECK(out.find("--- a/01_after_A.ll  @crc32\n") != std::string::npos);
  CHECK(out.find("@@ -1,3 +1,3 @@ @crc32\n") != std::string::npos);
  CHECK(FunctionLabel("crc32", ScopeLanguage::kLlvm) == "@crc32");
  CHECK(FunctionLabel("K.m", ScopeLanguage::kPython) == "K.m");
  CHECK(FunctionLabel("", ScopeLanguage::kPython) == "(outside functions)");
}

TEST_CASE("terminal_diff: a pass that changed nothing shows nothing", "[terminal_diff]") {
  CHECK(Print("a\nb\n", "a\nb\n").empty());
  CHECK(Print("a\nb\n", "a\r\nb\r\n").empty());  // line endings alone are not a change of the IR
}

TEST_CASE("terminal_diff: a last line without a newline is marked as diff marks it", "[terminal_diff]") {
  CHECK(Print("a\nb\n", "a\nb").find("-b\n+b\n\\ No newline at end of file\n") != std::string::npos);
}

TEST_CASE("terminal_diff: control characters in the IR and names cannot reach the terminal", "[terminal_diff]") {
  auto a = MakeSnapshot("a", "txt", "x\n");
  auto b = MakeSnapshot("b", "txt",
                        "\033[2J\tred\x7f \xc2\x9b"
                        "1m\\n\n");
  std::string out;
  WritePassDiff({"pass 1 \033]0;title\a", "a\033", "b"}, *a, *b, DiffPass(*a, *b), {}, std::nullopt, &out);
  CHECK(out.find('\033') == std::string::npos);
  CHECK(out.find("+\\x1B[2J\tred\\x7F \\u009B1m\\n\n") != std::string::npos);  // tab and backslash kept
  CHECK(out.find("pass 1 \\x1B]0;title\\x07: +1 -1\n") != std::string::npos);
  CHECK(out.find("--- a/a\\x1B\n") != std::string::npos);
}

TEST_CASE("terminal_diff: the FAILED block holds the error and the last IR", "[terminal_diff]") {
  auto last = MakeSnapshot("03_after_C.py", "py", "def f():\n    return 1\n\ndef g():\n    return 2\n");
  std::string out;
  WriteFailedPass({"pass 4 D", "03_after_C.py", "04_after_D.py"}, "error: boom\nsecond line\n", *last, "03_after_C.py",
                  {}, std::nullopt, &out);
  CHECK(out ==
        "[FAILED] pass 4 D\nerror: boom\nsecond line\nlast IR (03_after_C.py):\n"
        "def f():\n    return 1\n\ndef g():\n    return 2\n");
  TerminalStyle color;
  color.color = true;
  out.clear();
  WriteFailedPass({"pass 4 D", "", ""}, "error: boom", *last, "03_after_C.py", color, std::string("g"), &out);
  CHECK(out ==
        "\033[1;31m[FAILED] pass 4 D\033[m\n\033[31merror: boom\033[m\n"
        "\033[1mlast IR (03_after_C.py, g):\033[m\ndef g():\n    return 2\n");
}

TEST_CASE("terminal_diff: a pass asked for that changed nothing says so", "[terminal_diff]") {
  std::string out;
  WriteUnchangedPass({"pass 2 B", "", ""}, std::nullopt, ScopeLanguage::kNone, {}, &out);
  WriteUnchangedPass({"pass 3 C", "", ""}, std::string("crc32"), ScopeLanguage::kLlvm, {}, &out);
  CHECK(out == "pass 2 B: no change\npass 3 C: no change to @crc32\n");
}

TEST_CASE("terminal_diff: auto colour is a terminal without NO_COLOR or TERM=dumb", "[terminal_diff]") {
  int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  REQUIRE(master >= 0);
  REQUIRE(::grantpt(master) == 0);
  REQUIRE(::unlockpt(master) == 0);
  int tty = ::open(::ptsname(master), O_RDWR | O_NOCTTY);
  REQUIRE(tty >= 0);
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  {
    EnvVar no_color("NO_COLOR", nullptr);
    EnvVar term("TERM", "xterm-256color");
    CHECK(AutoColor(tty));
    CHECK_FALSE(AutoColor(fds[1]));  // a pipe
  }
  {
    EnvVar no_color("NO_COLOR", "1");
    CHECK_FALSE(AutoColor(tty));
  }
  {
    EnvVar no_color("NO_COLOR", "");  // no-color.org: set and empty is as unset
    EnvVar term("TERM", nullptr);
    CHECK(AutoColor(tty));
  }
  {
    EnvVar no_color("NO_COLOR", nullptr);
    EnvVar term("TERM", "dumb");
    CHECK_FALSE(AutoColor(tty));
  }
  ::close(fds[0]);
  ::close(fds[1]);
  ::close(tty);
  ::close(master);
}

}  // namespace
}  // namespace irtrace
