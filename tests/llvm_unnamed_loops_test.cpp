// Two unnamed loops of one function ("loop %<unnamed loop>": clang drops value names): a loop dump is the
// loop whose blocks it prints, never the first loop of that name.
#include <catch2/catch.hpp>

#include <string>

#include "cli_in_process.h"
#include "payload_json.h"
#include "test_util.h"

namespace irtrace {
namespace {

// f's two loops (headers 2 and 5); block mid is the first's exit and the second's preheader. Each loop
// dump numbers metadata its own way (the function's !24 is the first loop dump's !5, the second's !2),
// and the second loop pass changes nothing.
const char* kTwoLoops =
    "; *** IR Dump After LCSSAPass on f ***\n"
    "define i32 @f(ptr %0) {\n"
    "  br label %2, !dbg !20\n"
    "\n"
    "2:                                                ; preds = %2, %1\n"
    "  %3 = load i8, ptr %0, align 1, !dbg !21\n"
    "  %.not = icmp eq i8 %3, 0, !dbg !22\n"
    "  br i1 %.not, label %mid, label %2, !dbg !22\n"
    "\n"
    "mid:                                              ; preds = %2\n"
    "  %4 = zext i8 %3 to i64, !dbg !23\n"
    "  br label %5, !dbg !24\n"
    "\n"
    "5:                                                ; preds = %5, %mid\n"
    "  %.0 = phi i64 [ 0, %mid ], [ %6, %5 ], !dbg !24\n"
    "  %6 = add i64 %.0, 1, !dbg !25\n"
    "  %7 = icmp ult i64 %6, %4, !dbg !25\n"
    "  br i1 %7, label %5, label %8, !dbg !26\n"
    "\n"
    "8:                                                ; preds = %5\n"
    "  ret i32 0, !dbg !27\n"
    "}\n"
    "; *** IR Dump After LICMPass on loop %<unnamed loop> in function f ***\n"
    "\n"
    "; Preheader:\n"
    "  br label %2, !dbg !1\n"
    "\n"
    "; Loop:\n"
    "2:                                                ; preds = %2, %1\n"
    "  %3 = load i8, ptr %0, align 1, !dbg !2\n"
    "  %.not = icmp eq i8 %3, 0, !dbg !3\n"
    "  br i1 %.not, label %mid, label %2, !dbg !3\n"
    "\n"
    "; Exit blocks\n"
    "mid:                                              ; preds = %2\n"
    "  %4 = zext i8 %3 to i64, !dbg !4\n"
    "  br label %5, !dbg !5\n"
    "; *** IR Dump After LICMPass on loop %<unnamed loop> in function f ***\n"
    "\n"
    "; Preheader:\n"
    "mid:                                              ; preds = %2\n"
    "  %4 = zext i8 %3 to i64, !dbg !1\n"
    "  br label %5, !dbg !2\n"
    "\n"
    "; Loop:\n"
    "5:                                                ; preds = %5, %mid\n"
    "  %.0 = phi i64 [ 0, %mid ], [ %6, %5 ], !dbg !2\n"
    "  %6 = add i64 %.0, 1, !dbg !3\n"
    "  %7 = icmp ult i64 %6, %4, !dbg !3\n"
    "  br i1 %7, label %5, label %8, !dbg !4\n"
    "\n"
    "; Exit blocks\n"
    "8:                                                ; preds = %5\n"
    "  ret i32 0, !dbg !5\n";

TEST_CASE("llvm_unnamed_loops: a second unnamed loop whose preheader the first printed is a no-op when unchanged",
          "[llvm_unnamed_loops]") {
  test::TempDir t;
  test::WriteFile(t / "two.log", kTwoLoops);
  test::CliResult r = test::RunMain({t / "two.log", "--no-compress", "-o", t / "two.html"});
  REQUIRE(r.code == 0);
  nlohmann::json p = test::PayloadOf(t / "two.html");
  const nlohmann::json& entries = p["entries"];
  REQUIRE(entries.size() >= 3);
  const nlohmann::json& second = entries[entries.size() - 1];
  REQUIRE(second["name"] == "LICMPass");
  // Its blocks are the function's (5, 8) and the first loop dump's (mid), each numbered its own way.
  CHECK(second["status"] == "noop");
  const nlohmann::json& first = entries[entries.size() - 2];
  REQUIRE(first["name"] == "LICMPass");
  CHECK(first["status"] == "noop");
}

}  // namespace
}  // namespace irtrace
