// `ir-trace DUMP --terminal` (lib/driver/terminal_job.h, cmd/ir-trace/terminal_command.cpp, and
// lib/driver/pager.h): the diffs on standard output, no report unless -o; --pass by number and by a
// repeated name; --function by full key, label and unique bare name, an ambiguous or unknown one exit 2;
// --color auto|always|never against NO_COLOR; failed and crashed passes; a pager only on a terminal (a real
// pseudo-terminal through script(1)).
#include "driver/terminal_job.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "cli_in_process.h"
#include "test_util.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::ReadFile;
using test::Run;
using test::RunMain;
using test::ShellQuote;
using test::TempDir;
using test::WriteFile;

const std::string kBin = ShellQuote(IRTRACE_BINARY);

// Python-like passes: A changes K.run, B changes nothing, A again changes helper and L.run, C (in phase
// "late") adds g.
void WriteClassDump(const std::string& dir) {
  const std::string v0 =
      "class K:\n    def run(self):\n        return 1\n\n"
      "class L:\n    def run(self):\n        return 1\n\n"
      "def helper():\n    return 0\n";
  std::string v1 = v0;
  v1.replace(v1.find("return 1"), 8, "return 2");
  std::string v3 = v1;
  v3.replace(v3.find("return 0"), 8, "return 5");
  v3.replace(v3.rfind("return 1"), 8, "return 3");
  WriteFile(dir + "/00_frontend.py", v0);
  WriteFile(dir + "/01_after_A.py", v1);
  WriteFile(dir + "/02_after_B.py", v1);
  WriteFile(dir + "/03_after_A.py", v3);
  WriteFile(dir + "/04_after_C.py", v3 + "\ndef g():\n    pass\n");
  WriteFile(dir + "/phases.txt", "4\tlate\n");
}

// The pass header lines of `out`, in order ("pass 1 A: +1 -1").
std::vector<std::string> Headers(const std::string& out) {
  std::vector<std::string> h;
  for (const std::string& line : test::SplitLines(out)) {
    if (line.rfind("pass ", 0) == 0 || line.rfind("[FAILED] ", 0) == 0) h.push_back(line);
  }
  return h;
}

TEST_CASE("terminal: every changed pass as a unified diff per function on stdout", "[terminal]") {
  TempDir t;
  WriteClassDump(t / "d");
  test::CliResult r = RunMain({t / "d", "--terminal"});
  CHECK(r.code == 0);
  CHECK(r.err.empty());  // no summary line: no report was written
  CHECK(Headers(r.out) == std::vector<std::string>{"pass 1 A: +1 -1", "pass 3 A: +2 -2", "pass 4 C (late): +3 -0"});
  CHECK(r.out.find("pass 1 A: +1 -1\n"
                   "--- a/00_frontend.py  K.run\n"
                   "+++ b/01_after_A.py  K.run\n"
                   "@@ -2,2 +2,2 @@ K.run\n"
                   "     def run(self):\n-        return 1\n+        return 2\n") == 0);
  CHECK(r.out.find("--- a/02_after_B.py  helper\n") != std::string::npos);
  CHECK(r.out.find("+++ b/04_after_C.py  g (added)\n") != std::string::npos);
  CHECK(r.out.find('\033') == std::string::npos);  // not a terminal: no colour
  // --context, as for the report.
  test::CliResult tight = RunMain({t / "d", "--terminal", "--context", "0"});
  CHECK(tight.out.find("@@ -3 +3 @@ K.run\n-        return 1\n+        return 2\n") != std::string::npos);
}

TEST_CASE("terminal: no report unless -o is given too", "[terminal]") {
  TempDir t;
  test::WriteTwoPassDump(t / "d");
  test::RunResult r = Run(kBin + " d --terminal", t.path());
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("pass 1 A: +1 -1\n") == 0);
  CHECK_FALSE(fs::exists(t / "ir_trace.html"));
  r = Run(kBin + " d --terminal -o r.html", t.path());
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("pass 1 A: +1 -1\n") == 0);
  CHECK(r.err == "wrote r.html: 2 passes, 1 changed, 0 warnings\n");
  CHECK(fs::exists(t / "r.html"));
  // What only a report has needs -o; the report cannot share standard output with the diff.
  CHECK(RunMain({t / "d", "--terminal", "--json", t / "j.json"}).code == 2);
  CHECK(RunMain({t / "d", "--terminal", "-o", "-"}).code == 2);
  CHECK(RunMain({t / "d", t / "d", "--terminal", "-o", t / "out/"}).code == 2);
}

TEST_CASE("terminal: --pass by number, by a name (every pass of it), repeatable", "[terminal]") {
  TempDir t;
  WriteClassDump(t / "d");
  CHECK(Headers(RunMain({t / "d", "--terminal", "--pass", "3"}).out) == std::vector<std::string>{"pass 3 A: +2 -2"});
  CHECK(Headers(RunMain({t / "d", "--terminal", "--pass", "A"}).out) ==
        std::vector<std::string>{"pass 1 A: +1 -1", "pass 3 A: +2 -2"});
  CHECK(Headers(RunMain({t / "d", "--terminal", "--pass", "C", "--pass", "1"}).out) ==
        std::vector<std::string>{"pass 1 A: +1 -1", "pass 4 C (late): +3 -0"});
  // A pass named that changed nothing says so, rather than printing nothing.
  CHECK(RunMain({t / "d", "--terminal", "--pass", "B"}).out == "pass 2 B: no change\n");
  test::CliResult none = RunMain({t / "d", "--terminal", "--pass", "9"});
  CHECK(none.code == 2);
  CHECK(none.out.empty());
  CHECK(none.err == "ir-trace: error: " + (t / "d") + ": --pass 9: no such pass (the dump has passes 1 to 4)\n");
  test::CliResult unknown = RunMain({t / "d", "--terminal", "--pass", "Tiling"});
  CHECK(unknown.code == 2);
  CHECK(unknown.err == "ir-trace: error: " + (t / "d") + ": --pass 'Tiling': no pass of that name\n");
  // Without --terminal the selections mean nothing: an error, not silently ignored.
  CHECK(RunMain({t / "d", "--pass", "1", "-o", t / "r.html"}).code == 2);
}

TEST_CASE("terminal: --function by full key, by the report's label, by a unique bare name", "[terminal]") {
  TempDir t;
  WriteClassDump(t / "d");
  std::vector<std::string> k_run{"pass 1 A: +1 -1"};
  CHECK(Headers(RunMain({t / "d", "--terminal", "--function", "K.run"}).out) == k_run);
  CHECK(Headers(RunMain({t / "d", "--terminal", "--function", "L.run"}).out) ==
        std::vector<std::string>{"pass 3 A: +1 -1"});
  test::CliResult helper = RunMain({t / "d", "--terminal", "--function", "helper"});
  CHECK(helper.out ==
        "pass 3 A: +1 -1\n--- a/02_after_B.py  helper\n+++ b/03_after_A.py  helper\n@@ -9,2 +9,2 @@ helper\n"
        " def helper():\n-    return 0\n+    return 5\n");
  // A bare name two functions share: exit 2, naming both; a name no function has: exit 2.
  test::CliResult ambiguous = RunMain({t / "d", "--terminal", "--function", "run"});
  CHECK(ambiguous.code == 2);
  CHECK(ambiguous.out.empty());
  CHECK(ambiguous.err ==
        "ir-trace: error: " + (t / "d") + ": --function 'run' names 2 functions: K.run, L.run (give the full key)\n");
  test::CliResult unknown = RunMain({t / "d", "--terminal", "--function", "nope"});
  CHECK(unknown.code == 2);
  CHECK(unknown.err ==
        "ir-trace: error: " + (t / "d") + ": --function 'nope' names no function of the dump's snapshots\n");
  // With --pass: both filters.
  CHECK(RunMain({t / "d", "--terminal", "--function", "K.run", "--pass", "3"}).out == "pass 3 A: no change to K.run\n");
}

TEST_CASE("terminal: --function takes LLVM's @name and the bare name", "[terminal]") {
  TempDir t;
  WriteFile(t / "d/00_frontend.ll",
            "define i32 @crc32(i32 %x) {\n  ret i32 %x\n}\n\ndefine void @init() {\n  ret void\n}\n");
  WriteFile(t / "d/01_after_Opt.ll",
            "define i32 @crc32(i32 %x) {\n  ret i32 0\n}\n\ndefine void @init() {\n  ret void\n}\n");
  for (const char* name : {"@crc32", "crc32"}) {
    test::CliResult r = RunMain({t / "d", "--terminal", "--function", name});
    INFO(name);
    CHECK(r.code == 0);
    CHECK(r.out.find("--- a/00_frontend.ll  @crc32\n") != std::string::npos);
  }
  CHECK(RunMain({t / "d", "--terminal", "--function", "@init"}).out.empty());  // never changed
}

TEST_CASE("ResolveFunction: key, label, bare name, outside functions", "[terminal]") {
  std::vector<DumpFunction> fns{{"K.run", ScopeLanguage::kPython},
                                {"L.run", ScopeLanguage::kPython},
                                {"run", ScopeLanguage::kPython},
                                {"ns::step", ScopeLanguage::kC},
                                {"crc32", ScopeLanguage::kLlvm}};
  CHECK(ResolveFunction("K.run", fns) == "K.run");
  CHECK(ResolveFunction("run", fns) == "run");  // the full key wins over the bare names it shares
  CHECK(ResolveFunction("step", fns) == "ns::step");
  CHECK(ResolveFunction("@crc32", fns) == "crc32");
  CHECK(ResolveFunction("(outside functions)", fns).empty());
  CHECK_THROWS_WITH(ResolveFunction("x", {{"A.x", ScopeLanguage::kPython}, {"B.x", ScopeLanguage::kPython}}),
                    "--function 'x' names 2 functions: A.x, B.x (give the full key)");
}

TEST_CASE("terminal: --color always wins over NO_COLOR, never and auto off a terminal have none", "[terminal]") {
  TempDir t;
  test::WriteTwoPassDump(t / "d");
  test::RunResult always = Run("NO_COLOR=1 " + kBin + " d --terminal --color always", t.path());
  CHECK(always.exit_code == 0);
  CHECK(always.out.find("\033[31m-    return 1\033[m\n\033[32m+    return 2\033[m\n") != std::string::npos);
  CHECK(always.out.find("\033[36m@@ -1,2 +1,2 @@\033[m f\n") != std::string::npos);
  for (const char* color : {"never", "auto"}) {
    test::RunResult r = Run(kBin + " d --terminal --color " + color, t.path());
    INFO(color);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("-    return 1\n") != std::string::npos);
    CHECK(r.out.find('\033') == std::string::npos);
  }
  CHECK(RunMain({t / "d", "--terminal", "--color", "sometimes"}).code == 2);
}

TEST_CASE("terminal: a failed pass and the crashed pass print FAILED blocks", "[terminal]") {
  TempDir t;
  test::WriteTwoPassDump(t / "d", "error: verifier failed\n");
  WriteFile(t / "d/03_after_C.log", "Segmentation fault\n");  // crashed: a log after the last snapshot
  test::CliResult r = RunMain({t / "d", "--terminal"});
  CHECK(r.code == 0);
  CHECK(Headers(r.out) == std::vector<std::string>{"pass 1 A: +1 -1", "[FAILED] pass 1 A", "[FAILED] pass 3 C"});
  CHECK(r.out.find("[FAILED] pass 1 A\nerror: verifier failed\nlast IR (01_after_A.py):\ndef f():\n    return 2\n") !=
        std::string::npos);
  CHECK(r.out.find("[FAILED] pass 3 C\nSegmentation fault\nlast IR (02_after_B.py):\ndef f():\n    return 2\n") !=
        std::string::npos);
  CHECK(Headers(RunMain({t / "d", "--terminal", "--pass", "3"}).out) == std::vector<std::string>{"[FAILED] pass 3 C"});
}

TEST_CASE("terminal: an invalid dump is one error line, exit 1, nothing on stdout", "[terminal]") {
  TempDir t;
  WriteFile(t / "d/00_frontend.py", "a\n");
  WriteFile(t / "d/02_after_B.py", "b\n");
  test::CliResult r = RunMain({t / "d", "--terminal"});
  CHECK(r.code == 1);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("ir-trace: error: " + (t / "d") + ": ", 0) == 0);
}

TEST_CASE("terminal: a pager only when standard output is a terminal", "[terminal]") {
  TempDir t;
  test::WriteTwoPassDump(t / "d");
  // PAGER is run by the shell: this one leaves a mark and shows its input.
  const std::string pager = "PAGER='touch paged; cat' ";
  test::RunResult file = Run(pager + kBin + " d --terminal", t.path());
  CHECK(file.exit_code == 0);
  CHECK(file.out.find("pass 1 A: +1 -1\n") == 0);
  CHECK_FALSE(fs::exists(t / "paged"));  // standard output is a file: never a pager
  if (Run("command -v script").exit_code != 0) {
    WARN("script(1) is missing: the pager on a terminal is not tested");
    return;
  }
  // script(1) runs the command on a pseudo-terminal: the pager runs, and --color auto colours for it.
  test::RunResult tty =
      Run("TERM=xterm script -qec " + ShellQuote("unset NO_COLOR; " + pager + kBin + " d --terminal") + " /dev/null",
          t.path());
  CHECK(tty.exit_code == 0);
  CHECK(fs::exists(t / "paged"));
  CHECK(tty.out.find("\033[1mpass 1 A: +1 -1\033[m") != std::string::npos);
  // PAGER=cat (or empty) means no pager, as for git.
  fs::remove(t / "paged");
  test::RunResult cat =
      Run("TERM=xterm script -qec " + ShellQuote("PAGER=cat " + kBin + " d --terminal") + " /dev/null", t.path());
  CHECK(cat.out.find("pass 1 A: +1 -1") != std::string::npos);
  CHECK_FALSE(fs::exists(t / "paged"));
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("terminal: an LLVM function-scope log shows each pass against its function's last text", "[terminal]") {
  TempDir t;
  auto fn = [](const char* name, const char* body) {
    return std::string("define i32 @") + name + "() {\n  " + body + "\n}\n";
  };
  WriteFile(t / "fs.log", "; *** IR Dump After A on [module] ***\n" + fn("f", "ret i32 1") + "\n" +
                              fn("g", "ret i32 2") + "; *** IR Dump After InstCombinePass on f ***\n" +
                              fn("f", "ret i32 10") + "; *** IR Dump After InstCombinePass on g ***\n" +
                              fn("g", "ret i32 20") + "; *** IR Dump After SROAPass on g ***\n" +
                              fn("g", "ret i32 20") + "; *** IR Dump After GVNPass on f ***\n" + fn("f", "ret i32 11"));
  test::CliResult r = RunMain({t / "fs.log", "--terminal", "--color", "never"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  // Pass 4 (GVNPass on f) is diffed against f after pass 1, not against g of the pass before it.
  CHECK(r.out.find("-  ret i32 10\n+  ret i32 11\n") != std::string::npos);
  CHECK(r.out.find("-  ret i32 20\n+  ret i32 11") == std::string::npos);
  CHECK(r.out.find("-  ret i32 2\n+  ret i32 20\n") != std::string::npos);
  // The unchanged pass (SROAPass on g) has nothing to show unless named; named, it says so.
  test::CliResult named = RunMain({t / "fs.log", "--terminal", "--color", "never", "--pass", "SROAPass"});
  CHECK(named.code == 0);
  CHECK(named.out.find("no change") != std::string::npos);
  CHECK(RunMain({t / "fs.log", "--terminal", "--function", "g", "--color", "never"}).out.find("ret i32 11") ==
        std::string::npos);
}

// A module-scope log's no-op pass (its module byte for byte the last one) has no file of its own: it is
// read as any other form's, not opened as "LOG line N" (issue 18 point 10).
TEST_CASE("terminal: a module-scope LLVM log with a no-op pass, from opt and as a dump directory", "[terminal]") {
  REQUIRE(fs::exists("/usr/bin/opt-19"));
  TempDir t;
  WriteFile(t / "p.ll", "define i32 @f(i32 %x) {\n  %a = add i32 %x, 0\n  ret i32 %a\n}\n");
  for (const char* form : {"-print-after-all -print-module-scope 2>ms.log",
                           "-print-after-all -print-module-scope -ir-dump-directory=dir"}) {
    test::RunResult o =
        Run(std::string("opt-19 -passes=sroa,instcombine,sroa ") + form + " p.ll -o /dev/null", t.path());
    REQUIRE(o.exit_code == 0);
  }
  for (const char* input : {"ms.log", "dir"}) {
    INFO(input);
    test::CliResult r = RunMain({t / input, "--terminal", "--color", "never"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.out.find("-  %a = add i32 %x, 0") != std::string::npos);
    test::CliResult named = RunMain({t / input, "--terminal", "--color", "never", "--pass", "SROAPass"});
    INFO(named.err);
    CHECK(named.code == 0);
    CHECK(named.out.find("no change") != std::string::npos);
  }
}

}  // namespace
}  // namespace irtrace
