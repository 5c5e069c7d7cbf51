#include "input/llvm_blocks.h"

#include <catch2/catch.hpp>

#include <string>

namespace irtrace {
namespace {

// A loop dump as opt 19 prints it (LoopRotatePass on loop %<unnamed loop> in function sum), its leading
// blank line dropped as the log reader does.
const std::string kLoopDump =
    "; Preheader:\n"
    ".lr.ph:                                           ; preds = %2\n"
    "  br label %5\n"
    "\n"
    "; Loop:\n"
    "5:                                                ; preds = %.lr.ph, %5\n"
    "  %.09 = phi i32 [ 0, %.lr.ph ], [ %12, %5 ]\n"
    "  br i1 %13, label %5, label %._crit_edge, !llvm.loop !9\n"
    "\n"
    "; Exit blocks\n"
    "._crit_edge:                                      ; preds = %5\n"
    "  br label %4\n";

TEST_CASE("llvm_blocks: block labels as LLVM prints them", "[llvm_blocks]") {
  CHECK(BlockLabel("5:                                                ; preds = %.lr.ph, %5") == "5");
  CHECK(BlockLabel(".lr.ph:                                           ; preds = %2") == ".lr.ph");
  CHECK(BlockLabel("\"a b\":  ; preds = %0") == "\"a b\"");
  CHECK(BlockLabel("for.body:\r") == "for.body");
  CHECK(BlockLabel("  br label %5") == "");
  CHECK(BlockLabel("; Loop:") == "");
  CHECK(BlockLabel("define i32 @f() {") == "");
  CHECK(BlockLabel("}") == "");
}

TEST_CASE("llvm_blocks: a loop dump's parts and blocks, and a function's blocks", "[llvm_blocks]") {
  LineIndex lines(kLoopDump, '\n');
  std::vector<IrBlockLine> d = SplitLoopDump(lines, 0, lines.size());
  std::vector<std::string> blocks;
  for (const IrBlockLine& b : d) {
    if (b.block)
      blocks.push_back(std::to_string(static_cast<int>(b.part)) + " " + b.label + " " + std::to_string(b.begin) + "-" +
                       std::to_string(b.end));
  }
  CHECK(blocks == std::vector<std::string>{"0 .lr.ph 1-3", "1 5 5-8", "2 ._crit_edge 10-12"});
  CHECK(LoopHeaderOf(d) == "5");
  // Without a preheader the loop's blocks come first, with no "; Loop:" line; an unnamed entry block.
  std::string bare = "  br label %3\n\n3:\n  br label %3\n";
  LineIndex bl(bare, '\n');
  std::vector<IrBlockLine> b = SplitLoopDump(bl, 0, bl.size());
  REQUIRE(b.size() == 3);
  CHECK((b[0].block && b[0].label.empty() && b[0].part == LoopPart::kLoop));
  CHECK(LoopHeaderOf(b) == "");
  std::string fn =
      "; Function Attrs: nounwind\ndefine i32 @f() {\n  br label %1\n\n1:   ; preds = %0\n  ret i32 0\n}\n";
  LineIndex fl(fn, '\n');
  std::vector<std::string> labels;
  for (const IrBlockLine& x : SplitFunctionBlocks(fl, 0, fl.size())) {
    if (x.block) labels.push_back(x.label + " " + std::to_string(x.begin) + "-" + std::to_string(x.end));
  }
  CHECK(labels == std::vector<std::string>{" 2-3", "1 4-6"});
}

TEST_CASE("llvm_blocks: canonical numbering of metadata and attribute groups", "[llvm_blocks]") {
  // A loop dump and its function's dump number metadata apart (opt 19: !tbaa !7 in one, !5 in the other).
  CHECK(CanonicalNumbering("  %9 = load i32, ptr %8, align 4, !tbaa !7\n  br label %7, !llvm.loop !11\n") ==
        CanonicalNumbering("  %9 = load i32, ptr %8, align 4, !tbaa !5\n  br label %7, !llvm.loop !15\n"));
  CHECK(CanonicalNumbering("call void @g() #3, !dbg !12\n") == "call void @g() #0, !dbg !0\n");
  // The same number twice is one node; names, values and strings are left alone.
  CHECK(CanonicalNumbering("!5 !6 !5") == "!0 !1 !0");
  CHECK(CanonicalNumbering("%x!5 a#1 !llvm.loop #dbg_value !{i32 7}") == "%x!5 a#1 !llvm.loop #dbg_value !{i32 7}");
  CHECK(CanonicalNumbering("!5 !6") != CanonicalNumbering("!5 !5"));
}

}  // namespace
}  // namespace irtrace
