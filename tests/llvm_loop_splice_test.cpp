// A loop pass's dump spliced into its function (input/llvm_loop_splice.h): by hand on small texts, then on
// real opt-19 output against the module-scope log of the same run (-print-module-scope prints the whole
// module after every pass, loop passes too).
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <regex>

#include "cli_in_process.h"
#include "input/input_format.h"
#include "input/llvm_loop_splice.h"
#include "input/snapshot.h"
#include "llvm_truth_run.h"
#include "payload_json.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::Text;

// The spliced text: runs of `fn` and `dump` joined, each line with its '\n'.
std::string Spliced(const Text& fn, const Text& dump, const Text* previous) {
  std::vector<IrBlockLine> f = SplitFunctionBlocks(fn.lines, 0, fn.lines.size());
  std::vector<IrBlockLine> d = SplitLoopDump(dump.lines, 0, dump.lines.size());
  std::vector<IrBlockLine> p;
  if (previous) p = SplitLoopDump(previous->lines, 0, previous->lines.size());
  LoopSplice s = SpliceLoop(fn.lines, f, dump.lines, d, previous ? &p : nullptr);
  std::string out;
  for (const SpliceRun& r : s.runs) {
    if (r.from == SpliceRun::From::kLiteral) {
      out += r.literal + "\n";
      continue;
    }
    const Text& from = r.from == SpliceRun::From::kDump ? dump : fn;
    for (size_t k = r.begin; k < r.end; ++k) out += std::string(from.lines[k]) + "\n";
  }
  return out;
}

const char* kFunction =
    "; Function Attrs: nounwind\n"
    "define i32 @f(i32 %n) {\n"
    "  %c = icmp sgt i32 %n, 0\n"
    "  br i1 %c, label %ph, label %exit\n"
    "\n"
    "ph:                                               ; preds = %0\n"
    "  br label %body\n"
    "\n"
    "body:                                             ; preds = %ph, %body\n"
    "  %i = phi i32 [ 0, %ph ], [ %i1, %body ]\n"
    "  %i1 = add i32 %i, 1\n"
    "  %d = icmp slt i32 %i1, %n\n"
    "  br i1 %d, label %body, label %exit\n"
    "\n"
    "exit:                                             ; preds = %body, %0\n"
    "  ret i32 0\n"
    "}\n";

TEST_CASE("llvm_loop_splice: the dump's blocks replace the function's, in place", "[llvm_loop_splice]") {
  Text fn(kFunction);
  Text dump(
      "\n; Preheader:\nph:                                               ; preds = %0\n  %w = zext i32 %n to i64\n"
      "  br label %body\n\n; Loop:\nbody:                                             ; preds = %ph, %body\n"
      "  %i = phi i32 [ 0, %ph ], [ %i1, %body ]\n  %i1 = add nuw i32 %i, 1\n  %d = icmp slt i32 %i1, %n\n"
      "  br i1 %d, label %body, label %exit\n\n; Exit blocks\n"
      "exit:                                             ; preds = %body, %0\n  ret i32 0\n");
  std::string want = kFunction;
  want.replace(want.find("  br label %body"), 0, "  %w = zext i32 %n to i64\n");
  want.replace(want.find("add i32"), 7, "add nuw i32");
  CHECK(Spliced(fn, dump, nullptr) == want);
}

TEST_CASE(
    "llvm_loop_splice: blocks the loop's previous dump printed and this one lacks are removed, new blocks "
    "follow their neighbour in the dump",
    "[llvm_loop_splice]") {
  Text fn(kFunction);
  // The previous dump printed ph, body and exit; this one a new latch after body, and no ph (merged away).
  Text previous(
      "\n; Preheader:\nph:\n  br label %body\n\n; Loop:\nbody:\n  br label %body\n\n; Exit blocks\nexit:\n  ret i32 "
      "0\n");
  Text dump(
      "\n; Loop:\nbody:                                             ; preds = %0, %latch\n  br label %latch\n\n"
      "latch:                                            ; preds = %body\n  br label %body\n\n; Exit blocks\n"
      "exit:                                             ; preds = %body, %0\n  ret i32 0\n");
  std::string got = Spliced(fn, dump, &previous);
  CHECK(got.find("ph:") == std::string::npos);
  CHECK(got.find("  br label %ph") == std::string::npos);  // the entry block is the function's
  CHECK(got.find("  br i1 %c, label %ph, label %exit\n\nbody:") != std::string::npos);
  CHECK(got.find("  br label %latch\n\nlatch:") != std::string::npos);
  CHECK(got.find("  br label %body\n\nexit:") != std::string::npos);
  CHECK(got.substr(got.size() - 12) == "ret i32 0\n}\n");
  // Without the previous dump nothing says ph is gone: it stays.
  CHECK(Spliced(fn, dump, nullptr).find("\nph:") != std::string::npos);
}

TEST_CASE(
    "llvm_loop_splice: a numbered block the pass renumbered stays where it stood, not where its new number "
    "would first fit",
    "[llvm_loop_splice]") {
  // The loop's block list is hdr, 3, latch; the function lays out hdr, 3, latch, exit. The pass deletes %1,
  // so the printer renumbers block 3 as 2 (and %4 as %3, %5 as %4) without moving it.
  Text fn(
      "define i32 @f(i1 %c, i32 %n) {\n"
      "  br i1 %c, label %ph, label %exit\n\nph:                                               ; preds = %0\n"
      "  br label %hdr\n\nhdr:                                              ; preds = %ph, %latch\n"
      "  %i = phi i32 [ 0, %ph ], [ %i1, %latch ]\n  %1 = zext i32 %i to i64\n  %2 = add i32 %i, 7\n"
      "  br i1 %c, label %3, label %latch\n\n3:                                                 ; preds = %hdr\n"
      "  %4 = add i32 %2, 1\n  br label %latch\n\nlatch:                                             ; preds = "
      "%hdr, %3\n  %i1 = add i32 %i, 1\n  %d = icmp slt i32 %i1, %n\n  br i1 %d, label %hdr, label %exit\n\n"
      "exit:                                              ; preds = %latch, %0\n"
      "  %5 = phi i32 [ 0, %0 ], [ %i1, %latch ]\n  ret i32 %5\n}\n");
  Text previous(
      "\n; Preheader:\nph:                                               ; preds = %0\n  br label %hdr\n\n; Loop:\n"
      "hdr:                                              ; preds = %ph, %latch\n"
      "  %i = phi i32 [ 0, %ph ], [ %i1, %latch ]\n  %1 = zext i32 %i to i64\n  %2 = add i32 %i, 7\n"
      "  br i1 %c, label %3, label %latch\n\n3:                                                 ; preds = %hdr\n"
      "  %4 = add i32 %2, 1\n  br label %latch\n\nlatch:                                             ; preds = "
      "%hdr, %3\n  %i1 = add i32 %i, 1\n  %d = icmp slt i32 %i1, %n\n  br i1 %d, label %hdr, label %exit\n\n"
      "; Exit blocks\nexit:                                              ; preds = %latch, %0\n"
      "  %5 = phi i32 [ 0, %0 ], [ %i1, %latch ]\n  ret i32 %5\n");
  Text dump(
      "\n; Preheader:\nph:                                               ; preds = %0\n  br label %hdr\n\n; Loop:\n"
      "hdr:                                              ; preds = %ph, %latch\n"
      "  %i = phi i32 [ 0, %ph ], [ %i1, %latch ]\n  %1 = add i32 %i, 7\n"
      "  br i1 %c, label %2, label %latch\n\n2:                                                 ; preds = %hdr\n"
      "  %3 = add i32 %1, 1\n  br label %latch\n\nlatch:                                             ; preds = "
      "%hdr, %2\n  %i1 = add i32 %i, 1\n  %d = icmp slt i32 %i1, %n\n  br i1 %d, label %hdr, label %exit\n\n"
      "; Exit blocks\nexit:                                              ; preds = %latch, %0\n"
      "  %4 = phi i32 [ 0, %0 ], [ %i1, %latch ]\n  ret i32 %4\n");
  std::string got = Spliced(fn, dump, &previous);
  CHECK(got.find("\n3:") == std::string::npos);
  CHECK(got.find("  br i1 %c, label %2, label %latch\n\n2:") != std::string::npos);
  CHECK(got.find("  br label %latch\n\nlatch:") != std::string::npos);
  CHECK(got.find("label %exit\n\nexit:") != std::string::npos);
  CHECK(got.find("\n\n\n") == std::string::npos);
  CHECK(got.substr(got.size() - 13) == "ret i32 %4\n}\n");
}

TEST_CASE(
    "llvm_loop_splice: a metadata number the dump shares with no function line is the one at its distance "
    "between two learned numbers with the same gap",
    "[llvm_loop_splice]") {
  // The function dump numbers the function's nodes after the module's (!66, !67, !69), the loop dump from
  // its own start (!22, !23, !25); the pass moves a !dbg !23 (the entry's !67) onto a new preheader line.
  Text fn(
      "define i32 @f(i32 %n) !dbg !55 {\n  %c = icmp sgt i32 %n, 0, !dbg !67\n"
      "  br i1 %c, label %ph, label %exit, !dbg !66\n\nph:                                               ; "
      "preds = %0\n  br label %body, !dbg !69\n\nbody:                                             ; preds = "
      "%ph, %body\n  %i = phi i32 [ 0, %ph ], [ %i1, %body ]\n  %i1 = add i32 %i, 1, !dbg !66\n"
      "  br i1 %c, label %body, label %exit, !dbg !69\n\nexit:                                             ; "
      "preds = %body, %0\n  ret i32 0, !dbg !70\n}\n");
  Text dump(
      "\n; Preheader:\nph:                                               ; preds = %0\n"
      "  %w = zext i32 %n to i64, !dbg !23\n  br label %body, !dbg !25\n\n; Loop:\n"
      "body:                                             ; preds = %ph, %body\n"
      "  %i = phi i32 [ 0, %ph ], [ %i1, %body ]\n  %i1 = add i32 %i, 1, !dbg !22\n"
      "  br i1 %c, label %body, label %exit, !dbg !25\n");
  std::string got = Spliced(fn, dump, nullptr);
  CHECK(got.find("  %w = zext i32 %n to i64, !dbg !67\n") != std::string::npos);
  CHECK(got.find("  %i1 = add i32 %i, 1, !dbg !66\n") != std::string::npos);
  CHECK(got.find("!23") == std::string::npos);
}

TEST_CASE(
    "llvm_loop_splice: a metadata number below every learned one keeps the nearest one's offset when the "
    "function references the number it lands on",
    "[llvm_loop_splice]") {
  // Only !25 -> !69 and !26 -> !70 are learned (the lines with !22 and !23 changed): !22 is the function's
  // !66 and !23 its !67, both referenced by the function; !30 would land on !74, which it does not reference.
  Text fn(
      "define i32 @f(i32 %n) !dbg !55 {\n  %c = icmp sgt i32 %n, 0, !dbg !67\n"
      "  br i1 %c, label %ph, label %exit, !dbg !66\n\nph:                                               ; "
      "preds = %0\n  br label %body, !dbg !69\n\nbody:                                             ; preds = "
      "%ph, %body\n  %i = phi i32 [ 0, %ph ], [ %i1, %body ]\n  %i1 = add i32 %i, 1, !dbg !66\n"
      "  br i1 %c, label %body, label %exit, !dbg !70\n\nexit:                                             ; "
      "preds = %body, %0\n  ret i32 0, !dbg !71\n}\n");
  Text dump(
      "\n; Preheader:\nph:                                               ; preds = %0\n"
      "  %w = zext i32 %n to i64, !dbg !23\n  br label %body, !dbg !25\n\n; Loop:\n"
      "body:                                             ; preds = %ph, %body\n"
      "  %i = phi i64 [ 0, %ph ], [ %i1, %body ]\n  %i1 = add i64 %i, 1, !dbg !22\n"
      "  br i1 %c, label %body, label %exit, !dbg !26, !llvm.loop !30\n");
  std::string got = Spliced(fn, dump, nullptr);
  CHECK(got.find("  %w = zext i32 %n to i64, !dbg !67\n") != std::string::npos);
  CHECK(got.find("  %i1 = add i64 %i, 1, !dbg !66\n") != std::string::npos);
  CHECK(got.find("!dbg !70, !llvm.loop !30\n") != std::string::npos);
}

// ---- real opt-19 output ----

const char* kProgram =
    "float saxpy(float *restrict y, const float *restrict x, float a, int n) {\n"
    "  for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];\n"
    "  return y[0];\n"
    "}\n"
    "int sum(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }\n";

TEST_CASE(
    "llvm_loop_splice: after a loop pass the function is the one the module-scope log prints, and the "
    "next function pass is diffed against it",
    "[llvm_loop_splice][truth]") {
  test::TempDir t;
  test::TruthRun run = test::RunWithTruth(t, kProgram, "-O2", "-print-after-all", "fs.log");
  const DumpListing& ms = run.truth;
  const nlohmann::json& p = run.payload;
  const nlohmann::json& entries = p["entries"];
  REQUIRE(entries.size() == ms.passes.size() + 1);
  // IndVarSimplifyPass rewrites only the loop and its preheader (both printed): exact.
  size_t exact = 0;
  for (size_t k = 1; k < entries.size(); ++k) {
    const nlohmann::json& e = entries[k];
    if (e.value("unit", "") != "loop" || e["name"] != "IndVarSimplifyPass" || e["status"] != "changed") continue;
    const DumpPass& truth = ms.passes[k - 1];
    REQUIRE(e.contains("function_after"));
    auto spliced = test::FunctionsOf(test::SnapshotText(p, e["function_after"].get<int>()));
    REQUIRE(spliced.size() == 1);
    auto whole = test::FunctionsOf(truth.file.text ? *truth.file.text : truth.file.load());
    INFO("pass " << k << " on " << spliced.begin()->first);
    CHECK(spliced.begin()->second == whole.at(spliced.begin()->first));
    ++exact;
    // The next pass, SROAPass on the function (a function pass: its dump prints it whole), changes nothing:
    // its before side is the spliced function, not the function before the loop passes.
    const nlohmann::json& next = entries[k + 3];
    REQUIRE(next["name"] == "SROAPass");
    CHECK(next["before"] == e["function_after"]);
    CHECK(next["status"] == "noop");
  }
  CHECK(exact == 2);  // saxpy's and sum's loops
}

}  // namespace
}  // namespace irtrace
