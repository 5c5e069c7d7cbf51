#include "input/llvm_changed_diff.h"

#include <catch2/catch.hpp>

#include <filesystem>

#include "cli_in_process.h"
#include "input/input_format.h"
#include "input/llvm_blocks.h"
#include "input/log_listing.h"
#include "payload_json.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::TempDir;

const char* kStart =
    "; ModuleID = 'm.c'\n"
    "source_filename = \"m.c\"\n"
    "\n"
    "; Function Attrs: nounwind\n"
    "define i32 @f(i32 %0) #0 {\n"
    "  %2 = add i32 %0, 0\n"
    "  ret i32 %2\n"
    "}\n"
    "\n"
    "define i32 @g() {\n"
    "  br label %1\n"
    "\n"
    "1:\n"
    "  ret i32 7\n"
    "}\n"
    "\n"
    "attributes #0 = { nounwind }\n";

TEST_CASE("llvm_changed_diff: a function pass's diff replaces its body, its define line kept", "[llvm_changed_diff]") {
  ChangedDiffModule m(kStart);
  CHECK(m.Text() == kStart);
  CHECK(m.FunctionKeys() == std::vector<std::string>{"f", "g"});
  ChangedDiffModule::Applied a = m.ApplyFunction("f", " \n-  %2 = add i32 %0, 0\n-  ret i32 %2\n+  ret i32 %0\n\n");
  CHECK(a.text == "; Function Attrs: nounwind\ndefine i32 @f(i32 %0) #0 {\n  ret i32 %0\n}\n");
  CHECK(a.changed == std::vector<std::string>{"f"});
  CHECK(a.notes.empty());
  // =cdiff's colours; a before side that is not the function's text is noted.
  a = m.ApplyFunction("f", " \n\x1b[31m-  ret i32 %9\x1b[0m\n\x1b[32m+  ret i32 1\x1b[0m\n");
  CHECK(a.text == "; Function Attrs: nounwind\ndefine i32 @f(i32 %0) #0 {\n  ret i32 1\n}\n");
  REQUIRE(a.notes.size() == 1);
  CHECK(a.notes[0] == "the diff's before side of f is not its text as the log showed it last");
  a = m.ApplyFunction("h", " \n+  ret void\n");
  CHECK(a.text.empty());
  CHECK(a.notes.size() == 1);
  CHECK(LooksLikeChangedDiff(" \n-  a\n+  b\n\n"));
  CHECK(LooksLikeChangedDiff("*** IR for function [module] ***\n \n\x1b[31m-  a\x1b[0m\n"));
  CHECK_FALSE(LooksLikeChangedDiff(" \n   a\n"));  // nothing marked
  CHECK_FALSE(LooksLikeChangedDiff("define i32 @f() {\n-  a\n"));
}

TEST_CASE("llvm_changed_diff: a module pass's functions are matched by order, removed ones go", "[llvm_changed_diff]") {
  ChangedDiffModule m(kStart);
  // f unchanged, g's blocks merged; then g removed and a function added that the diff cannot name.
  ChangedDiffModule::Applied a = m.ApplyModule(
      "\n*** IR for function [module] ***\n \n   %2 = add i32 %0, 0\n   ret i32 %2\n\n"
      "*** IR for function [module] ***\n \n-  br label %1\n+  ret i32 7\n \n-1:\n-  ret i32 7\n\n");
  CHECK(a.changed == std::vector<std::string>{"g"});
  CHECK(a.text.find("define i32 @g() {\n  ret i32 7\n}\n") != std::string::npos);
  CHECK(a.text.find("define i32 @f(i32 %0) #0 {\n  %2 = add i32 %0, 0\n") != std::string::npos);
  a = m.ApplyModule(
      "*** IR for function (g) ***\n \n   %2 = add i32 %0, 0\n   ret i32 %2\n\n"
      "*** IR for function (g) ***\n \n-  ret i32 7\n\n"
      "*** IR for function (g) ***\n \n+  ret i32 8\n\n");
  CHECK(a.changed == std::vector<std::string>{"g"});
  CHECK(a.text.find("@g") == std::string::npos);
  CHECK(m.FunctionKeys() == std::vector<std::string>{"f"});
  REQUIRE(a.notes.size() == 1);
  CHECK(a.notes[0].find("a function added here is left out") == 0);
}

// The lines of `text` that are instructions or block labels (not define lines, attributes or module-level
// lines, which -print-changed=diff does not print), metadata numbered canonically (a function dump and a
// module number them apart: `!llvm.loop !9` vs `!14`).
std::string Body(const std::string& text) {
  std::string out;
  for (const std::string& l : SplitKeepingBreaks(text)) {
    if (l.rfind("  ", 0) == 0 || !BlockLabel(l).empty()) out += l;
  }
  return CanonicalNumbering(out);
}

// A snapshot's bytes, held or read again from its log.
std::string TextOf(const DumpFile& f) { return f.text ? *f.text : f.load ? f.load() : std::string(); }

// Real opt-19 output (Debian llvm-19): -print-changed=diff and =cdiff rebuild what -print-changed prints.
TEST_CASE("llvm_changed_diff: real -print-changed=diff and =cdiff logs rebuild -print-changed's IR",
          "[llvm_changed_diff]") {
  REQUIRE(std::filesystem::exists("/usr/bin/opt-19"));
  TempDir t;
  test::WriteFile(t / "p.c",
                  "static int sq(int x) { return x * x; }\n"
                  "int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += sq(a[i]); return s; }\n"
                  "int twice(int *a, int n) { return sum(a, n) + sum(a, n); }\n");
  auto run = [&](const std::string& cmd) { test::Shell(t, cmd); };
  run("clang-19 -O2 -Xclang -disable-llvm-passes -emit-llvm -S p.c -o p.ll");
  run("opt-19 -O2 -print-changed p.ll -o /dev/null 2>pc.log");
  for (const char* form : {"diff", "cdiff"}) {
    INFO(form);
    run(std::string("opt-19 -O2 -print-changed=") + form + " p.ll -o /dev/null 2>pcd.log");
    DumpListing pc = ListInput(t / "pc.log", InputFormat::kAuto, {});
    DumpListing pcd = ListInput(t / "pcd.log", InputFormat::kAuto, {});
    ListAllPasses(&pc);
    ListAllPasses(&pcd);
    REQUIRE(pc.passes.size() == pcd.passes.size());
    size_t compared = 0;
    for (size_t k = 0; k < pc.passes.size(); ++k) {
      const DumpPass &a = pc.passes[k], &b = pcd.passes[k];
      INFO(k << " " << a.pass_name);
      REQUIRE(a.pass_name == b.pass_name);
      if (a.unchanged) CHECK(b.unchanged);  // omitted because no change
      // A loop dump holds the loop's blocks and an SCC dump its functions, where =diff rebuilds the function
      // and the module.
      if (a.unchanged || b.unchanged || a.unit == IrUnit::kLoop || a.unit == IrUnit::kScc) continue;
      ++compared;
      CHECK(Body(TextOf(a.file)) == Body(TextOf(b.file)));
      CHECK(b.log_notes.size() >= 2);  // the define lines and the module-level lines it does not print
    }
    CHECK(compared > 20);
  }
  CHECK(test::RunMain({t / "pcd.log", "-o", t / "pcd.html"}).code == 0);
}

}  // namespace
}  // namespace irtrace
