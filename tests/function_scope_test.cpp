// Function scoping (lib/function_scope.h): inline fixtures per format, the real dumps under
// ../shared/fixtures, and robustness (garbage, huge inputs).
#include "scope/function_scope.h"
#include "test_util.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#ifndef IRTRACE_SOURCE_DIR
#error "IRTRACE_SOURCE_DIR must name the project root"
#endif

namespace irtrace {
namespace {

namespace fs = std::filesystem;

using test::Text;

// "key[begin,end)" per section: readable when a comparison fails.
std::vector<std::string> Describe(const Scope& scope) {
  std::vector<std::string> out;
  for (const Section& s : scope.sections) {
    out.push_back(s.key + "[" + std::to_string(s.begin) + "," + std::to_string(s.end) + ")");
  }
  return out;
}

std::vector<std::string> Keys(const Scope& scope) {
  std::vector<std::string> out;
  for (const Section& s : scope.sections) out.push_back(s.key);
  return out;
}

Scope Split(ScopeLanguage lang, const std::string& text) { return SplitFunctions(lang, Text(text).lines); }

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

fs::path FixtureDir(const std::string& sub) {
  return fs::path(IRTRACE_SOURCE_DIR) / ".." / "shared" / "fixtures" / sub / "passes_dump";
}

// The real dumps live beside the repository (../shared/fixtures); a clone elsewhere has none, and then
// the fixture tests say so and pass (scripts/test.sh makes their absence an error under CI).
bool HaveFixtures() {
  bool have = fs::is_directory(fs::path(IRTRACE_SOURCE_DIR) / ".." / "shared" / "fixtures");
  if (!have) WARN("../shared/fixtures is missing: fixture test skipped");
  return have;
}

std::vector<fs::path> FixtureFiles(const std::string& sub) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(FixtureDir(sub))) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The Scope contract: sections ordered, non-overlapping, inside the text, unique keys; none on fallback.
void CheckInvariants(const Scope& scope, size_t n_lines) {
  if (!scope.fallback.empty()) REQUIRE(scope.sections.empty());
  std::set<std::string> keys;
  size_t prev_end = 0;
  for (const Section& s : scope.sections) {
    REQUIRE(s.begin < s.end);
    REQUIRE(s.end <= n_lines);
    REQUIRE(s.begin >= prev_end);
    REQUIRE(keys.insert(s.key).second);
    prev_end = s.end;
  }
}

const ScopeLanguage kScanned[] = {ScopeLanguage::kPython, ScopeLanguage::kMlir, ScopeLanguage::kLlvm,
                                  ScopeLanguage::kC};

}  // namespace

// ---- dispatch ------------------------------------------------------------------------------------

TEST_CASE("scope: extensions select a language, case-sensitively", "[function_scope]") {
  CHECK(LanguageForExtension("py") == ScopeLanguage::kPython);
  CHECK(LanguageForExtension("tir") == ScopeLanguage::kPython);
  CHECK(LanguageForExtension("mlir") == ScopeLanguage::kMlir);
  CHECK(LanguageForExtension("ll") == ScopeLanguage::kLlvm);
  for (const char* ext : {"cpp", "cc", "cu", "c", "h", "hpp", "hip", "pto"}) {
    CHECK(LanguageForExtension(ext) == ScopeLanguage::kC);
  }
  CHECK(LanguageForExtension("MLIR") == ScopeLanguage::kNone);
  CHECK(LanguageForExtension("txt") == ScopeLanguage::kNone);
  CHECK(LanguageForExtension("") == ScopeLanguage::kNone);
  CHECK(std::string(LanguageName(ScopeLanguage::kPython)) == "python");
  CHECK(std::string(LanguageName(ScopeLanguage::kMlir)) == "mlir");
  CHECK(std::string(LanguageName(ScopeLanguage::kLlvm)) == "llvm");
  CHECK(std::string(LanguageName(ScopeLanguage::kC)) == "c");
  CHECK(std::string(LanguageName(ScopeLanguage::kNone)) == "text");
}

TEST_CASE("scope: kNone and empty files give no sections and no fallback", "[function_scope]") {
  Scope none = Split(ScopeLanguage::kNone, "def f():\n    pass\n");
  CHECK(none.sections.empty());
  CHECK(none.fallback.empty());
  for (ScopeLanguage lang : kScanned) {
    Scope empty = Split(lang, "");
    CHECK(empty.sections.empty());
    CHECK(empty.fallback.empty());
  }
}

// ---- Python-like ---------------------------------------------------------------------------------

TEST_CASE("scope/python: top-level defs with decorators and async", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kPython,
                  "import x\n"            // 0
                  "\n"                    // 1
                  "@dec\n"                // 2
                  "@other(a,\n"           // 3
                  "       b)\n"           // 4
                  "def f(a):\n"           // 5
                  "    return a\n"        // 6
                  "\n"                    // 7
                  "# about g\n"           // 8
                  "async def g():\n"      // 9
                  "    await h()\n"       // 10
                  "def one(): return 1\n" // 11
                  "x = 2\n"               // 12
                  "\n");
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"f[2,7)", "g[9,11)", "one[11,12)"});
}

TEST_CASE("scope/python: class members, member class, nested defs, class lines outside", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kPython,
                  "@pl.program\n"                 // 0  outside
                  "class Prog:\n"                 // 1  outside
                  "    \"\"\"Doc with def x():\"\"\"\n"  // 2  outside
                  "    @pl.function\n"            // 3
                  "    def a(self):\n"            // 4
                  "        def inner():\n"        // 5  stays in a
                  "            return 1\n"        // 6
                  "        return inner()\n"      // 7
                  "\n"                            // 8
                  "    async def b(self): pass\n" // 9
                  "    @pl.function_group(aic=\"a\")\n"  // 10
                  "    class group:\n"            // 11
                  "        \"\"\"Parameter passing:\n"   // 12
                  "          def not_a_def()\n"   // 13
                  "        \"\"\"\n"              // 14
                  "        pass\n"                // 15
                  "def top():\n"                  // 16
                  "    class Local:\n"            // 17 stays in top
                  "        def m(self): ...\n"    // 18
                  "    return Local\n");          // 19
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"Prog.a[3,8)", "Prog.b[9,10)", "Prog.group[10,16)", "top[16,20)"});
}

TEST_CASE("scope/python: strings, prefixes and comments hide def, brackets and quotes", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kPython,
                  "def f():\n"                         // 0
                  "    s = r'''\n"                     // 1
                  "def fake():\n"                      // 2 inside a raw triple string
                  "'''\n"                              // 3
                  "    t = b\"(\" + f'[{x}' + rb'\\'' + \"\\\")\"  # ) ] }\n"  // 4
                  "    u = \"\"\"\n"                   // 5
                  "class Fake:\n"                      // 6
                  "  \\\"\"\" still open \"\"\"\n"     // 7 escaped quote, then close
                  "    return s\n"                     // 8
                  "def g():\n"                         // 9
                  "    pass\n");                       // 10
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"f[0,9)", "g[9,11)"});
}

TEST_CASE("scope/python: brackets and backslashes continue lines, even dedented", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kPython,
                  "def f(a,\n"              // 0
                  "b):\n"                   // 1 dedented inside the parameter list
                  "    x = g(\n"            // 2
                  "1, [2,\n"                // 3
                  "{3: 4}])\n"              // 4
                  "    y = 1 + \\\n"        // 5
                  "2\n"                     // 6 backslash continuation at column 0
                  "def h(): pass\n");       // 7
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"f[0,7)", "h[7,8)"});
}

TEST_CASE("scope/python: trailing blank and dedented comment lines are not part of a body", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kPython,
                  "class C:\n"                // 0
                  "    def a(self):\n"        // 1
                  "        x = 1\n"           // 2
                  "# col-0 comment inside\n"  // 3 followed by more body: included
                  "        y = 2\n"           // 4
                  "        # deeper comment\n"  // 5 trailing but indented deeper: included
                  "\n"                        // 6
                  "    # member-level comment\n"  // 7 not part of a
                  "\n"                        // 8
                  "    def b(self):\n"        // 9
                  "        pass\n"            // 10
                  "\n"                        // 11
                  "# end\n");                 // 12
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"C.a[1,6)", "C.b[9,11)"});
}

TEST_CASE("scope/python: CRLF, tabs and a missing final newline", "[function_scope]") {
  Scope crlf = Split(ScopeLanguage::kPython,
                     "class C:\r\n    def a(self):\r\n        x = (1,\r\n2)\r\n\r\n    def b(self):\r\n        pass");
  CHECK(crlf.fallback.empty());
  CHECK(Describe(crlf) == std::vector<std::string>{"C.a[1,4)", "C.b[5,7)"});
  // A tab is 8 columns: `\tdef` (8) is deeper than `    def` (4) and so nested; `        x` equals `\tx`.
  Scope tabs = Split(ScopeLanguage::kPython,
                     "class C:\n    def a(self):\n\tdef nested(): pass\n        x = 1\n    def b(self):\n\tpass\n");
  CHECK(tabs.fallback.empty());
  CHECK(Describe(tabs) == std::vector<std::string>{"C.a[1,4)", "C.b[4,6)"});
}

TEST_CASE("scope/python: PyPTO text that is not valid Python still splits", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kPython,
                  "@pl.program\n"
                  "class P:\n"
                  "    @pl.function\n"
                  "    def k(self, a: pl.Tensor[[1, 32], pl.INT32]) -> pl.Tensor[[1], pl.FP32]:\n"
                  "        m = pl.tensor.and(a, a)\n"
                  "        if m:\n"
                  "            z = pl.yield_(1)\n"
                  "        else:\n"
                  "    @pl.function\n"
                  "    def k2(self):\n"
                  "        for i in pl.range(4):\n");
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"P.k[2,8)", "P.k2[8,11)"});
}

TEST_CASE("scope/python: decorators attach across blank and comment lines, only at the same column",
          "[function_scope]") {
  Scope s = Split(ScopeLanguage::kPython,
                  "@a\n"            // 0
                  "\n"              // 1
                  "# note\n"        // 2
                  "@b\n"            // 3
                  "def f(): pass\n" // 4
                  "@c\n"            // 5 dropped: a statement follows
                  "x = 1\n"         // 6
                  "def g(): pass\n" // 7
                  "if x:\n"         // 8
                  "    @d\n"        // 9
                  "    def h():\n"  // 10 a def under a top-level `if` still counts as top level
                  "        pass\n"); // 11
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"f[0,5)", "g[7,8)", "h[9,12)"});
}

TEST_CASE("scope/python: header variants of the Python grammar (funcdef, classdef, decorators)", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kPython,
                  "@(lambda f: f)\n"                        // 0 any expression is a decorator (3.9)
                  "@a.b[c](d)\n"                            // 1
                  "async def a():\n"                        // 2
                  "    pass\n"                              // 3
                  "def\tb[T](x: T) -> T:\n"                 // 4 a tab, type parameters (3.12)
                  "    return x\n"                          // 5
                  "def \\\n"                                // 6 backslash continuation before the name
                  "  c():\n"                                // 7
                  "    pass\n"                              // 8
                  "async \\\n"                              // 9
                  "def d(): pass\n"                         // 10
                  "class K[T](Base, metaclass=M):\n"        // 11
                  "    class Inner:\n"                      // 12 a member class, its own members inside
                  "        def m(self): pass\n"             // 13
                  "    async def am(self): pass\n"          // 14
                  "    @staticmethod\n"                     // 15
                  "    def \\\n"                            // 16
                  "sm(): pass\n"                            // 17
                  "class E(Exception): pass\n"              // 18 one-line class: no members
                  "def e(): return 1\n");                   // 19
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"a[0,4)", "b[4,6)", "c[6,9)", "d[9,11)", "K.Inner[12,14)",
                                                "K.am[14,15)", "K.sm[15,18)", "e[19,20)"});
}

TEST_CASE("scope/python: unsafe snapshots fall back with a reason", "[function_scope]") {
  Scope dup = Split(ScopeLanguage::kPython, "class C:\n    def f(self): pass\n    def f(self): pass\n");
  CHECK(dup.sections.empty());
  CHECK(dup.fallback == "duplicate function key 'C.f' at lines 2 and 3");
  Scope dup_top = Split(ScopeLanguage::kPython, "def f(): pass\nx = 1\ndef f(): pass\n");
  CHECK(dup_top.fallback == "duplicate function key 'f' at lines 1 and 3");

  Scope unclosed = Split(ScopeLanguage::kPython, "def f():\n    x = g(1,\n    return x\n");
  CHECK(unclosed.sections.empty());
  CHECK(unclosed.fallback == "unbalanced brackets: '(' not closed at line 2");
  Scope extra = Split(ScopeLanguage::kPython, "def f():\n    return x)\n");
  CHECK(extra.fallback == "unbalanced brackets: unexpected ')' at line 2");
  Scope mismatch = Split(ScopeLanguage::kPython, "def f():\n    return [x)\n");
  CHECK(mismatch.fallback == "unbalanced brackets: unexpected ')' at line 2");
  Scope triple = Split(ScopeLanguage::kPython, "def f():\n    '''doc\n    return 1\n");
  CHECK(triple.sections.empty());
  CHECK(triple.fallback == "unterminated triple-quoted string starting at line 2");
  // A one-quote string left open ends with its line (lenient), no fallback.
  Scope open_quote = Split(ScopeLanguage::kPython, "def f():\n    s = 'abc\n    return s\n");
  CHECK(open_quote.fallback.empty());
  CHECK(Describe(open_quote) == std::vector<std::string>{"f[0,3)"});
}

// ---- MLIR ----------------------------------------------------------------------------------------

TEST_CASE("scope/mlir: func ops with bodies, declarations outside", "[function_scope]") {
  Scope s = Split(
      ScopeLanguage::kMlir,
      "#map = affine_map<(d0) -> (d0)>\n"                                        // 0
      "module {\n"                                                               // 1
      "  func.func private @decl(i32) -> i32\n"                                  // 2 no body
      "  llvm.func @malloc(i64) -> !llvm.ptr attributes {sym_visibility = \"private\"}\n"  // 3
      "  func.func @f(%a: tensor<4xf32, #enc<{x = 1}>>) -> !llvm.struct<(ptr, i64)> attributes {a = \"}\"} {\n"  // 4
      "    %0 = \"test.op\"() {s = \"{{{\"} : () -> i32  // }}}\n"              // 5
      "    scf.for %i = %c0 to %c1 step %c1 {\n"                                // 6
      "    }\n"                                                                  // 7
      "    return\n"                                                             // 8
      "  }\n"                                                                    // 9
      "  gpu.module @kernels {\n"                                                // 10
      "    gpu.func @\"k-1 x\"(%arg0: memref<?xf32>) kernel {\n"               // 11
      "      gpu.return\n"                                                       // 12
      "    }\n"                                                                  // 13
      "  }\n"                                                                    // 14
      "  llvm.func internal @g$1.x(%arg0: i64,\n"                                // 15 signature spans lines
      "      %arg1: i64) -> i64 {\n"                                             // 16
      "    llvm.return %arg0 : i64\n"                                            // 17
      "  }\n"                                                                    // 18
      "}\n"                                                                      // 19
      "#loc = loc(\"x.mlir\":1:1)\n");                                           // 20
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"f[4,10)", "k-1 x[11,14)", "g$1.x[15,19)"});
}

TEST_CASE("scope/mlir: any dialect's func op (Triton's tt.func) is a function, custom and generic form",
          "[function_scope]") {
  // Triton's TTIR as its MLIR dumps print a kernel (tt.func public, argument attributes and locations).
  Scope s = Split(ScopeLanguage::kMlir,
                  "#loc = loc(\"/k.py\":10:0)\n"                                                      // 0
                  "module attributes {\"ttg.num-warps\" = 4 : i32} {\n"                                // 1
                  "  tt.func public @add_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32} "
                  "loc(\"/k.py\":10:0), %arg1: i32 loc(\"/k.py\":10:0)) attributes {noinline = false} {\n"  // 2
                  "    %0 = tt.get_program_id x : i32 loc(#loc1)\n"                                     // 3
                  "    tt.return loc(#loc2)\n"                                                          // 4
                  "  } loc(#loc)\n"                                                                     // 5
                  "  tt.func private @helper(i32) -> i32 loc(#loc)\n"  // 6 declaration
                  "  \"tt.func\"() <{function_type = () -> (), sym_name = \"g\"}> ({\n"  // 7
                  "    \"tt.return\"() : () -> ()\n"  // 8
                  "  }) : () -> ()\n"  // 9
                  "  my_dialect.func @other() {\n"  // 10
                  "    my_dialect.return\n"  // 11
                  "  }\n"  // 12
                  "  tt.funcs @x() {\n"  // 13 no func op
                  "  }\n"  // 14
                  "}\n");  // 15
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"add_kernel[2,6)", "g[7,10)", "other[10,13)"});
}

TEST_CASE("scope/mlir: CRLF, one-line bodies, fallbacks", "[function_scope]") {
  Scope crlf = Split(ScopeLanguage::kMlir,
                     "module {\r\n  func.func @a() {\r\n    return\r\n  }\r\n  func.func @b() { return }\r\n}\r\n");
  CHECK(crlf.fallback.empty());
  CHECK(Describe(crlf) == std::vector<std::string>{"a[1,4)", "b[4,5)"});
  Scope dup = Split(ScopeLanguage::kMlir, "func.func @a() {\n}\nfunc.func @a() {\n}\n");
  CHECK(dup.sections.empty());
  CHECK(dup.fallback == "duplicate function key 'a' at lines 1 and 3");
  Scope open_body = Split(ScopeLanguage::kMlir, "func.func @a() {\n  scf.if %c {\n  }\n");
  CHECK(open_body.sections.empty());
  CHECK(open_body.fallback == "unbalanced braces: the body of @a is not closed, opened at line 1");
  Scope open_sig = Split(ScopeLanguage::kMlir, "func.func @a(%x: i32\n");
  CHECK(open_sig.fallback == "unbalanced brackets in the signature of @a starting at line 1");
}

TEST_CASE("scope/mlir: header variants the func dialect grammar allows", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kMlir,
                  "func.func private @p() {\n"                                        // 0
                  "  return\n"                                                        // 1
                  "}\n"                                                               // 2
                  "func.func nested @n() {\n"                                         // 3
                  "  return\n"                                                        // 4
                  "}\n"                                                               // 5
                  "func.func public @\"quoted {name}\"() {\n"                         // 6
                  "  return\n"                                                        // 7
                  "}\n"                                                               // 8
                  "llvm.func linkonce_odr hidden local_unnamed_addr fastcc @lf() -> i32 attributes {passthrough = "
                  "[\"a\"]} {\n"  // 9
                  "  llvm.return %0 : i32\n"                                          // 10
                  "}\n"                                                               // 11
                  "func.func\n"                                                       // 12 symbol on a later line
                  "    @later(%x: i64) -> (i64 {a.b}, i64)\n"                          // 13
                  "  attributes {fruit = \"banana\"}\n"  // 14 as in the func dialect docs
                  "{\n"  // 15 region on a later line
                  "  return %x, %x : i64, i64\n"  // 16
                  "}\n"  // 17
                  "func.func private @decl(i32) -> i32\n"  // 18 declaration
                  "// a comment\n"  // 19
                  "func.func private @decl2()\n"  // 20 declaration before a
                  "{-#\n"  // 21 resource section
                  "  dialect_resources: {builtin: {r: \"0x04\"}}\n"  // 22
                  "#-}\n");  // 23
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"p[0,3)", "n[3,6)", "quoted {name}[6,9)", "lf[9,12)", "later[12,18)"});
  // `func.func` as a word inside another op's line, or not followed by a symbol, is no function.
  Scope none = Split(ScopeLanguage::kMlir, "func.funcs @x() {\n}\nfunc.func %0 {\n}\n");
  CHECK(none.fallback.empty());
  CHECK(none.sections.empty());
}

// ---- LLVM ----------------------------------------------------------------------------------------

TEST_CASE("scope/llvm: defines keyed by name, everything else outside", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kLlvm,
                  "; ModuleID = 'x'\n"  // 0
                  "@g = global [2 x i8] c\"{\\00\"\n"  // 1
                  "; Function Attrs: nounwind\n"  // 2
                  "define dso_local { i32, i64 } @\"foo bar\"(ptr %0) #0 {\n"  // 3
                  "entry:\n"  // 4
                  "  %x = call i32 @h(ptr @\"}\") ; } in a comment\n"  // 5
                  "  ret { i32, i64 } zeroinitializer\n"  // 6
                  "}\n"  // 7
                  "declare void @llvm.lifetime.start.p0(i64, ptr)\n"  // 8
                  "define internal void @a-b$c.d() prologue { i8, i8 } { i8 1, i8 2 } {\n"  // 9
                  "  ret void\n"  // 10
                  "}\n"  // 11
                  "define void @one() { ret void }\n"  // 12
                  "attributes #0 = { nounwind \"a\"=\"}\" }\n"  // 13
                  "!0 = !{!\"}\"}\n");  // 14
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"foo bar[3,8)", "a-b$c.d[9,12)", "one[12,13)"});
}

TEST_CASE("scope/llvm: CRLF and fallbacks", "[function_scope]") {
  Scope crlf = Split(ScopeLanguage::kLlvm,
                     "define i32 @f() {\r\n  ret i32 0\r\n}\r\n\r\ndefine i32 @g() {\r\n  ret i32 1\r\n}\r\n");
  CHECK(Describe(crlf) == std::vector<std::string>{"f[0,3)", "g[4,7)"});
  Scope dup = Split(ScopeLanguage::kLlvm, "define void @f() {\n}\ndefine void @f() {\n}\n");
  CHECK(dup.fallback == "duplicate function key 'f' at lines 1 and 3");
  Scope open_body = Split(ScopeLanguage::kLlvm, "define void @f() {\n  ret void\n");
  CHECK(open_body.sections.empty());
  CHECK(open_body.fallback == "unbalanced braces: the body of @f is not closed, defined at line 1");
}

// Issue 8, item 10: attributes with parentheses (and typed-pointer function types) before the name.
TEST_CASE("scope/llvm: return attributes and result types with parentheses before the name", "[function_scope]") {
  Scope s =
      Split(ScopeLanguage::kLlvm,
            "define dereferenceable(16) ptr @ref_ret(ptr %p) {\n"  // 0
            "  ret ptr %p\n"  // 1
            "}\n"  // 2
            "define internal range(i32 0, 100) i32 @ranged(i32 %x) {\n"  // 3
            "  ret i32 %x\n"  // 4
            "}\n"  // 5
            // clang 14 (typed pointers): a C++ reference return, a function-pointer return.
            "define dso_local noundef nonnull align 4 dereferenceable(16) %struct.Big* @_Z7ref_retv() #0 {\n"  // 6
            "  ret %struct.Big* @g\n"  // 7
            "}\n"  // 8
            "define dso_local noundef i32 (i32)* @_Z5getfpv() #0 {\n"  // 9
            "  ret i32 (i32)* @_ZL2sqi\n"  // 10
            "}\n"  // 11
            "define dso_local noalias noundef [3 x i32 (i32)*]* @_Z11complex_reti(i32 noundef %0) local_unnamed_addr "
            "#0 {\n"  // 12
            "  ret [3 x i32 (i32)*]* null\n"  // 13
            "}\n"  // 14
            "define noundef nofpclass(nan inf) <2 x float> @v() {\n"  // 15
            "  ret <2 x float> zeroinitializer\n"  // 16
            "}\n"  // 17
            "define %\"struct.a@b(\" @q() {\n"  // 18 quoted type with '@' and '('
            "  ret %\"struct.a@b(\" zeroinitializer\n"  // 19
            "}\n");  // 20
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"ref_ret[0,3)", "ranged[3,6)", "_Z7ref_retv[6,9)", "_Z5getfpv[9,12)",
                                                "_Z11complex_reti[12,15)", "v[15,18)", "q[18,21)"});
}

TEST_CASE("scope/llvm: names quoted, numbered and with escapes", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kLlvm,
                  "define void @0() {\n"  // 0
                  "  ret void\n"  // 1
                  "}\n"  // 2
                  "define void @\"\\01?f@@YAXXZ\"() {\n"  // 3 MSVC name with a \01 prefix: kept as written
                  "  ret void\n"  // 4
                  "}\n"  // 5
                  "define void @\"a\\\"(i32 %x) {\n"  // 6 a LLVM string ends at the next quote: name `a\`
                  "  ret void\n"  // 7
                  "}\n"  // 8
                  "define void @.str$x-1() {\n"  // 9
                  "  ret void\n"  // 10
                  "}\n");  // 11
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"0[0,3)", "\\01?f@@YAXXZ[3,6)", "a\\[6,9)", ".str$x-1[9,12)"});
}

TEST_CASE("scope/llvm: every optional part of the LangRef header", "[function_scope]") {
  Scope s =
      Split(ScopeLanguage::kLlvm,
            "define weak_odr dso_preemptable hidden dllexport cc 10 zeroext i8 @all(i8 %a) unnamed_addr "
            "addrspace(1) #0 allocsize(0) \"key\"=\"{\" section \".text.{\" partition \"p\" comdat($all) align 16 "
            "gc \"statepoint-example\" prefix i32 123 prologue { i8, i8 } { i8 1, i8 2 } "
            "personality ptr @__gxx_personality_v0 !dbg !7 !prof !8 {\n"  // 0
            "entry:\n"  // 1
            "  ret i8 %a\n"  // 2
            "}\n"  // 3
            "define private fastcc void @p() prologue <{ i8, i8 }> <{ i8 1, i8 2 }> personality i32 (...)* "
            "bitcast (i32 ()* @gp to i32 (...)*) {\n"  // 4
            "  ret void\n"  // 5
            "}\n"  // 6
            "define linkonce_odr void @c() comdat {\n"  // 7
            "  ret void\n"  // 8
            "}\n");  // 9
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"all[0,4)", "p[4,7)", "c[7,10)"});
}

TEST_CASE("scope/llvm: a header spread over lines, the body's brace on a later line", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kLlvm,
                  "define internal\n"  // 0
                  "    i32 ; the result type (a comment with a '(' and an @)\n"  // 1
                  "    @split(i32 %x,\n"  // 2
                  "           i32 %y)\n"  // 3
                  "    #0\n"  // 4
                  "{\n"  // 5
                  "  ret i32 %x\n"  // 6
                  "}\n"  // 7
                  "define void @pro() prologue { i8, i8 } { i8 1, i8 2 }\n"  // 8 the constants are not the body
                  "{\n"  // 9
                  "  ret void\n"  // 10
                  "}\n"  // 11
                  "define void @one() { ret void }\n");  // 12
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"split[0,8)", "pro[8,12)", "one[12,13)"});
  // `define` alone at the end of its line, or before a comment; `defined` and `define_x` are no headers.
  Scope alone = Split(ScopeLanguage::kLlvm,
                      "define\nvoid @f() {\n  ret void\n}\ndefine ; internal\ni32 @g() {\n  ret i32 0\n}\n"
                      "defined @x\ndefine_x @y\n");
  CHECK(alone.fallback.empty());
  CHECK(Describe(alone) == std::vector<std::string>{"f[0,4)", "g[4,8)"});
}

TEST_CASE("scope/llvm: a define without a name or a body falls back", "[function_scope]") {
  Scope no_name = Split(ScopeLanguage::kLlvm, "define void @f() {\n}\ndefine i32 (i32\n");
  CHECK(no_name.sections.empty());
  CHECK(no_name.fallback == "no function name after `define` at line 3");
  Scope no_body = Split(ScopeLanguage::kLlvm, "define void @f()\ndeclare void @g()\n");
  CHECK(no_body.fallback == "no body for @f, defined at line 1");
  // `@` alone is not a definition: the line stays outside.
  Scope bare_at = Split(ScopeLanguage::kLlvm, "define void @ () {\n}\ndefine void @g() {\n}\n");
  CHECK(bare_at.fallback.empty());
  CHECK(Describe(bare_at) == std::vector<std::string>{"g[2,4)"});
}

// ---- C-like --------------------------------------------------------------------------------------

TEST_CASE("scope/c: functions at top level and inside namespaces and extern \"C\"", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kC,
                  "#include <x.h>\n"  // 0
                  "#define BODY { \\\n"  // 1 preprocessor, continued
                  "  return; }\n"  // 2
                  "/* void fake() { */\n"  // 3
                  "struct S { int f() { return 1; } };\n"  // 4 struct body: not a function
                  "enum class E : int { A, B };\n"  // 5
                  "static const int kTable[] = {\n"  // 6 initializer
                  "  1'000, '}', 2 };\n"  // 7
                  "namespace ns {\n"  // 8
                  "template <typename T>\n"  // 9
                  "T add(T a,\n"  // 10
                  "      T b) {\n"  // 11
                  "  const char* s = \"}\"; // }\n"  // 12
                  "  return a + b;\n"  // 13
                  "}\n"  // 14
                  "}  // namespace ns\n"  // 15
                  "extern \"C\" {\n"  // 16
                  "__global__ void __launch_bounds__(128) kernel(float* x) {\n"  // 17
                  "  auto r = R\"x(})x\";\n"  // 18
                  "}\n"  // 19
                  "}\n"  // 20
                  "Foo::Foo(int a) : a_{a}, b_(a) {}\n"  // 21 constructor with a brace-initializer
                  "struct S* make() {\n"  // 22 returns a struct pointer
                  "  return nullptr;\n"  // 23
                  "}\n"  // 24
                  "auto f = [](int x) { return x; };\n");  // 25 lambda initializer: not a function
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"add[9,15)", "kernel[17,20)", "Foo::Foo[21,22)", "make[22,25)"});
}

TEST_CASE("scope/c: brace on its own line, attributes, CRLF", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kC,
                  "// Pack.\r\n"  // 0
                  "static inline __device__ unsigned\r\n"  // 1
                  "__pack(const half x) __attribute__((noinline))\r\n"  // 2
                  "{\r\n"  // 3
                  "  return 0;\r\n"  // 4
                  "}\r\n"  // 5
                  "[[nodiscard]] int g() { return 1; }\r\n");  // 6
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"__pack[1,6)", "g[6,7)"});
}

TEST_CASE("scope/c: qualified names, operators, trailing qualifiers", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kC,
                  "int a::b::f() const noexcept(true) {\n"  // 0
                  "}\n"  // 1
                  "auto g(int x = {}) -> decltype(x) {\n"  // 2
                  "  return x;\n"  // 3
                  "}\n"  // 4
                  "bool Vec<T>::operator==(const Vec& o) const { return true; }\n"  // 5
                  "Foo::~Foo() {}\n");  // 6
  CHECK(s.fallback.empty());
  CHECK(Keys(s) == std::vector<std::string>{"a::b::f", "g", "Vec<T>::operator==", "Foo::~Foo"});
  CHECK(Describe(s)[1] == "g[2,5)");
}

TEST_CASE("scope/c: specifiers, attributes and macros before the name", "[function_scope]") {
  Scope s = Split(ScopeLanguage::kC,
                  "static inline __attribute__((always_inline)) void f1(int x) {\n"  // 0
                  "}\n"  // 1
                  "template <typename T, int N = 3>\n"  // 2
                  "__aicore__ inline void f2(__gm__ T* x) {\n"  // 3
                  "}\n"  // 4
                  "extern \"C\" __global__ AICORE void f3(GM_ADDR x, GM_ADDR y) {\n"  // 5
                  "}\n"  // 6
                  "AICORE inline void f4(LocalTensor<half> x)\n"  // 7
                  "{\n"  // 8
                  "}\n"  // 9
                  "EXPORT(int) f5(int x) {\n"  // 10 a return-type macro
                  "}\n"  // 11
                  "static EXPORT(int) f6(int x) {\n"  // 12
                  "}\n"  // 13
                  "SOME_MACRO(x) void f7() {\n"  // 14
                  "}\n"  // 15
                  "__declspec(dllexport) [[nodiscard]] alignas(16) int f8() {\n"  // 16
                  "}\n"  // 17
                  "decltype(auto) f9() { return 1; }\n"  // 18
                  "std::function<void()> f10() {\n"  // 19
                  "}\n");  // 20
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"f1[0,2)", "f2[2,5)", "f3[5,7)", "f4[7,10)", "f5[10,12)", "f6[12,14)",
                                                "f7[14,16)", "f8[16,18)", "f9[18,19)", "f10[19,21)"});
}

TEST_CASE("scope/c: trailing macros, parenthesized declarators, specializations, function-try-blocks",
          "[function_scope]") {
  Scope s = Split(ScopeLanguage::kC,
                  "void g1(int a) MY_MACRO(1) {\n"  // 0 the macro is not the name
                  "}\n"  // 1
                  "void Bar::g2() const ABSL_LOCKS_EXCLUDED(mu) {\n"  // 2
                  "}\n"  // 3
                  "Foo::Foo(int a) EXCLUDES(mu) : a_(a) {\n"  // 4
                  "}\n"  // 5
                  "int (*g3(int x))(int) {\n"  // 6 returns a function pointer
                  "  return 0;\n"  // 7
                  "}\n"  // 8
                  "void (*signal(int sig, void (*func)(int)))(int) {\n"  // 9
                  "}\n"  // 10
                  "int (*(*g4(int))[3])(int) {\n"  // 11
                  "}\n"  // 12
                  "template <> void g5<int>(int x) {\n"  // 13 explicit specialization
                  "}\n"  // 14
                  "template <> inline void Cls<float>::set<2>(float v) {\n"  // 15
                  "}\n"  // 16
                  "S::S() try : x(1) {\n"  // 17 function-try-block
                  "  work();\n"  // 18
                  "} catch (const E& e) {\n"  // 19
                  "  log(e);\n"  // 20
                  "} catch (...) {\n"  // 21
                  "}\n"  // 22
                  "void g6(int (*cb)(int)) {\n"  // 23
                  "}\n"  // 24
                  "auto g7() -> int (*)(int) {\n"  // 25
                  "}\n");  // 26
  CHECK(s.fallback.empty());
  CHECK(Describe(s) == std::vector<std::string>{"g1[0,2)", "Bar::g2[2,4)", "Foo::Foo[4,6)", "g3[6,9)", "signal[9,11)",
                                                "g4[11,13)", "g5<int>[13,15)", "Cls<float>::set<2>[15,17)",
                                                "S::S[17,23)", "g6[23,25)", "g7[25,27)"});
  // K&R definitions (removed in C23) are not recognised: outside, no fallback.
  Scope knr = Split(ScopeLanguage::kC, "int old(a, b) int a; int b; {\n  return a;\n}\n");
  CHECK(knr.fallback.empty());
  CHECK(knr.sections.empty());
}

TEST_CASE("scope/c: overloads, unbalanced braces and open comments fall back", "[function_scope]") {
  Scope dup = Split(ScopeLanguage::kC, "void f(int) {}\nvoid f(float) {}\n");
  CHECK(dup.sections.empty());
  CHECK(dup.fallback == "duplicate function key 'f' at lines 1 and 2");
  Scope extra = Split(ScopeLanguage::kC, "void f() {\n}\n}\n");
  CHECK(extra.fallback == "unbalanced braces: unexpected '}' at line 3");
  Scope open = Split(ScopeLanguage::kC, "namespace n {\nvoid f() {\n  if (x) {\n}\n");
  CHECK(open.fallback == "unbalanced braces: '{' not closed at line 2");
  Scope comment = Split(ScopeLanguage::kC, "void f() {}\n/* open\n");
  CHECK(comment.fallback == "unterminated comment starting at line 2");
  // Preprocessor lines are skipped, so braces opened in both #if branches do not balance.
  Scope branches = Split(ScopeLanguage::kC, "void f() {\n#if A\n  if (a) {\n#else\n  if (b) {\n#endif\n  }\n}\n");
  CHECK(branches.fallback == "unbalanced braces: '{' not closed at line 1");
  Scope same_line = Split(ScopeLanguage::kC, "void f() {} void g() {}\n");
  CHECK(same_line.fallback == "two functions share a line at line 1");
}

// ---- real dumps ----------------------------------------------------------------------------------

TEST_CASE("scope/fixtures: qwen3 ExpandMixedKernel splits into its four functions", "[function_scope]") {
  if (!HaveFixtures()) return;
  Text t(ReadFile(FixtureDir("pypto/qwen3_32b_training") / "08_after_ExpandMixedKernel.py"));
  REQUIRE(t.lines.size() == 758);
  Scope s = SplitFunctions(ScopeLanguage::kPython, t.lines);
  CHECK(s.fallback.empty());
  const std::string p = "Qwen332BTrainingForwardBackward.qwen3_32b_training_forward_and_backward_layer";
  CHECK(Describe(s) == std::vector<std::string>{p + "[5,159)", p + "_incore_0_aic[159,451)",
                                                p + "_incore_0_aiv[451,750)", p + "_incore_0_group[750,758)"});
}

TEST_CASE("scope/fixtures: no PyPTO snapshot falls back", "[function_scope]") {
  if (!HaveFixtures()) return;
  const std::pair<const char*, const char*> dumps[] = {{"pypto/qwen3_32b_training", "Qwen332BTrainingForwardBackward."},
                                                       {"pypto/pa4_build", "PagedAttentionProgram."},
                                                       {"pypto/batch_hash_lookup", "BatchHashLookup."}};
  for (const auto& [dir, prefix] : dumps) {
    auto files = FixtureFiles(dir);
    REQUIRE(files.size() == 14);
    for (const fs::path& file : files) {
      INFO(file.string());
      Text t(ReadFile(file));
      Scope s = SplitFunctions(ScopeLanguage::kPython, t.lines);
      CHECK(s.fallback.empty());
      REQUIRE(!s.sections.empty());
      CheckInvariants(s, t.lines.size());
      CHECK(s.sections.front().begin == 5);  // lines 0-4: header comment, import, @pl.program, class line
      for (const Section& sec : s.sections) CHECK(sec.key.rfind(prefix, 0) == 0);
    }
  }
  Text pa4(ReadFile(FixtureDir("pypto/pa4_build") / "08_after_ExpandMixedKernel.py"));
  CHECK(Describe(SplitFunctions(ScopeLanguage::kPython, pa4.lines)) ==
        std::vector<std::string>{"PagedAttentionProgram.paged_attention[5,13)",
                                 "PagedAttentionProgram.paged_attention_incore_0_aic[13,81)",
                                 "PagedAttentionProgram.paged_attention_incore_0_aiv[81,174)",
                                 "PagedAttentionProgram.paged_attention_incore_0_group[174,182)"});
}

TEST_CASE("scope/fixtures: MLIR softmax keeps keys softmax and scale in every pass", "[function_scope]") {
  if (!HaveFixtures()) return;
  auto files = FixtureFiles("mlir/softmax");
  REQUIRE(files.size() == 20);
  for (const fs::path& file : files) {
    INFO(file.string());
    Text t(ReadFile(file));
    Scope s = SplitFunctions(ScopeLanguage::kMlir, t.lines);
    CHECK(s.fallback.empty());
    CheckInvariants(s, t.lines.size());
    CHECK(Keys(s) == std::vector<std::string>{"softmax", "scale"});
    for (const Section& sec : s.sections) {
      std::string_view last = t.lines[sec.end - 1];
      CHECK(last.substr(last.find_first_not_of(' ')) == "}");
    }
  }
  Text first(ReadFile(FixtureDir("mlir/softmax") / "00_frontend.mlir"));
  CHECK(Describe(SplitMlir(first.lines)) == std::vector<std::string>{"softmax[0,30)", "scale[30,39)"});
  // `llvm.func @malloc(i64) -> !llvm.ptr` (line 1) is a declaration: outside.
  Text lowered(ReadFile(FixtureDir("mlir/softmax") / "17_after_ConvertFuncToLLVMPass.mlir"));
  CHECK(Describe(SplitMlir(lowered.lines)) == std::vector<std::string>{"softmax[2,265)", "scale[265,352)"});
}

TEST_CASE("scope/fixtures: LLVM crc splits into crc32 and insertion_sort", "[function_scope]") {
  if (!HaveFixtures()) return;
  auto files = FixtureFiles("llvm/crc");
  REQUIRE(files.size() == 237);
  for (const fs::path& file : files) {
    INFO(file.string());
    Text t(ReadFile(file));
    Scope s = SplitFunctions(ScopeLanguage::kLlvm, t.lines);
    CheckInvariants(s, t.lines.size());
    // Every snapshot holds exactly one module (no banner of a neighbouring pass left inside).
    CHECK(t.data.find("; *** IR Dump After") == std::string::npos);
    CHECK(s.fallback.empty());
    CHECK(Keys(s) == std::vector<std::string>{"crc32", "insertion_sort"});
    for (const Section& sec : s.sections) {
      CHECK(t.lines[sec.begin].substr(0, 7) == "define ");
      CHECK(t.lines[sec.end - 1] == "}");
    }
  }
  Text first(ReadFile(FixtureDir("llvm/crc") / "00_frontend.ll"));
  CHECK(Describe(SplitLlvm(first.lines)) == std::vector<std::string>{"crc32[6,88)", "insertion_sort[96,189)"});
}

// ---- robustness ----------------------------------------------------------------------------------

TEST_CASE("scope: garbage and mutated fixtures never crash and keep the contract", "[function_scope]") {
  if (!HaveFixtures()) return;
  std::mt19937 rng(12345);
  const std::string alphabet = "{}()[]<>\"'`#/*\\;:@=.,-_ \t\r\nabcdefXYZ019\x80\xff";
  for (int round = 0; round < 300; ++round) {
    std::string text(rng() % 2000, ' ');
    for (char& c : text) c = round % 2 ? static_cast<char>(rng()) : alphabet[rng() % alphabet.size()];
    Text t(text);
    for (ScopeLanguage lang : kScanned) CheckInvariants(SplitFunctions(lang, t.lines), t.lines.size());
  }
  const char* dirs[] = {"pypto/qwen3_32b_training", "pypto/pa4_build", "pypto/batch_hash_lookup", "mlir/softmax",
                        "llvm/crc"};
  for (const char* dir : dirs) {
    for (const fs::path& file : FixtureFiles(dir)) {
      std::string text = ReadFile(file);
      for (ScopeLanguage lang : kScanned) {
        Text whole(text);
        CheckInvariants(SplitFunctions(lang, whole.lines), whole.lines.size());
      }
      // Delete a few random characters (brackets, quotes) and scan again.
      for (int k = 0; k < 5 && !text.empty(); ++k) text.erase(rng() % text.size(), 1);
      Text mutated(text);
      for (ScopeLanguage lang : kScanned) CheckInvariants(SplitFunctions(lang, mutated.lines), mutated.lines.size());
    }
  }
}

// Big and adversarial inputs keep the contract. Speed is the benchmark's business (tests/bench): no timing
// here, but a scan that turned quadratic on these would run for minutes and hit ctest's timeout.
TEST_CASE("scope: 50,000 lines and a 1 MB line keep the contract", "[function_scope]") {
  std::string py, mlir, generic, ll, c;
  for (int i = 0; i < 10000; ++i) {
    std::string n = std::to_string(i);
    py += "def f" + n + "(a,\n      b):\n    x = g([1,\n2])\n    return x\n";
    mlir += "func.func @f" + n + "() {\n  %0 = \"op\"() : () -> i32\n  scf.if %c {\n  }\n}\n";
    generic += "\"func.func\"() <{function_type = () -> (), sym_name = \"f" + n +
               "\"}> ({\n  \"x.op\"() : () -> ()\n}) : () -> ()\n";
    ll += "define void @f" + n + "() {\nentry:\n  %x = add i32 1, 2\n  ret void\n}\n";
    c += "int f" + n + "(int a,\n    int b) {\n  if (a) {\n  }\n}\n";
  }
  const std::string huge_line(1 << 20, '(');
  const std::string huge_braces = std::string(1 << 19, '{') + std::string(1 << 19, '}');
  // Stray closers crossing many '<' in an MLIR signature once made the scan quadratic.
  const std::string stray_angles = "func.func @f(" + std::string(1 << 19, '<') + std::string(1 << 19, ']');
  CHECK(Split(ScopeLanguage::kPython, py).sections.size() == 10000);
  CHECK(Split(ScopeLanguage::kMlir, mlir).sections.size() == 10000);
  CHECK(Split(ScopeLanguage::kMlir, generic).sections.size() == 10000);
  CHECK(Split(ScopeLanguage::kLlvm, ll).sections.size() == 10000);
  CHECK(Split(ScopeLanguage::kC, c).sections.size() == 10000);
  for (ScopeLanguage lang : kScanned) {
    for (const std::string* text : {&huge_line, &huge_braces, &stray_angles}) {
      Scope s = Split(lang, *text);
      CheckInvariants(s, 1);
    }
    // One line of a million small functions/statements.
    std::string many;
    for (int i = 0; i < 50000; ++i) many += "x{} (y) [z] \"s\" 'c' ";
    CheckInvariants(Split(lang, "define void @f() {" + many + "}"), 1);
    CheckInvariants(Split(lang, "Foo() : " + many + " {}"), 1);
  }
}

}  // namespace irtrace
