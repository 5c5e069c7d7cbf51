// Pairing similar lines inside change blocks (lib/line_pairing.h): the pairs the issue requires and
// forbids, non-crossing, and the positional fallback for huge blocks and long lines.
#include "diff/line_pairing.h"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace irtrace {
namespace {

using Lines = std::vector<std::string_view>;

// One change block: all of `del` replaced by all of `ins`.
std::vector<BlockPairs> PairOneBlock(const std::vector<std::string>& del, const std::vector<std::string>& ins) {
  EditScript s;
  s.ops = {0, static_cast<uint32_t>(del.size()), static_cast<uint32_t>(ins.size())};
  Lines a(del.begin(), del.end()), b(ins.begin(), ins.end());
  return PairLines(s, a, b);
}

bool Pairs(const std::string& x, const std::string& y) {
  auto r = PairOneBlock({x}, {y});
  return !r.empty() && r[0].pairs == std::vector<uint32_t>{0, 0};
}

// Pairs are strictly increasing in both the deleted and the inserted index, and in range.
bool NonCrossing(const BlockPairs& bp, size_t d, size_t n) {
  if (bp.pairs.size() % 2) return false;
  for (size_t k = 0; k < bp.pairs.size(); k += 2) {
    if (bp.pairs[k] >= d || bp.pairs[k + 1] >= n) return false;
    if (k && (bp.pairs[k] <= bp.pairs[k - 2] || bp.pairs[k + 1] <= bp.pairs[k - 1])) return false;
  }
  return true;
}

TEST_CASE("line_pairing: lines the issue requires to pair", "[line_pairing]") {
  CHECK(Pairs("x = pl.add(a, b)", "x_0 = pl.add(a_0, b_0)"));
  CHECK(Pairs("    y = pl.mul(x, c)", "        y = pl.mul(x, c)"));  // indentation only
  CHECK(Pairs("    y = pl.mul(x, c)", "\ty = pl.mul(x, c)\r"));
  CHECK(Pairs("t: pl.Tile[[16, 128], pl.FP32] = pl.load(x, [0, 0])",
              "t: pl.Tile[[16, 128], pl.BF16] = pl.load(x, [0, 0])"));
  CHECK(Pairs("t: pl.Tile[[16, 128], pl.FP32]", "t: pl.Tile[[16, 128], pl.BF16]"));
  CHECK(LineSimilarity("x = pl.add(a, b)", "x_0 = pl.add(a_0, b_0)") >= kPairThreshold);
  CHECK(LineSimilarity("a b c", "a  b\tc") == 1.0);
  CHECK(LineSimilarity("", "   ") == 1.0);
}

TEST_CASE("line_pairing: lines the issue forbids to pair", "[line_pairing]") {
  CHECK_FALSE(Pairs("return x", "for i in pl.range(0, 8):"));
  CHECK(LineSimilarity("return x", "for i in pl.range(0, 8):") < kPairThreshold);
  CHECK_FALSE(Pairs("import numpy as np", "}"));
  CHECK(PairOneBlock({"return x"}, {"for i in pl.range(0, 8):"}).empty());
}

TEST_CASE("line_pairing: the block index counts only changed triples", "[line_pairing]") {
  std::vector<std::string> a = {"keep", "x = f(a)", "keep2", "gone", "keep3", "y = g(b, c)"};
  std::vector<std::string> b = {"keep", "x = f(a_0)", "keep2", "keep3", "y = g(b_0, c)", "new"};
  EditScript s;
  s.ops = {1, 1, 1, 1, 1, 0, 1, 1, 2};  // blocks 0, 1 (delete only), 2
  Lines la(a.begin(), a.end()), lb(b.begin(), b.end());
  auto r = PairLines(s, la, lb);
  REQUIRE(r.size() == 2);
  CHECK(r[0].block == 0);
  CHECK(r[0].flags == 0);
  CHECK(r[0].pairs == std::vector<uint32_t>{0, 0});
  CHECK(r[1].block == 2);
  CHECK(r[1].flags == 0);
  CHECK(r[1].pairs == std::vector<uint32_t>{0, 0});
}

TEST_CASE("line_pairing: the best pairs are chosen in order", "[line_pairing]") {
  // The deleted line matches the second inserted line, not the first.
  auto r = PairOneBlock({"y = pl.mul(x, c)"}, {"# a new comment here", "y_1 = pl.mul(x, c)"});
  REQUIRE(r.size() == 1);
  CHECK(r[0].pairs == std::vector<uint32_t>{0, 1});

  auto r2 = PairOneBlock({"a = load(p, 0)", "zzz qqq rrr", "b = store(q, 1)"},
                         {"a = load(p, 1)", "b = store(q, 2)", "c = extra(r, 3, 4, 5)"});
  REQUIRE(r2.size() == 1);
  CHECK(r2[0].pairs == std::vector<uint32_t>{0, 0, 2, 1});
}

TEST_CASE("line_pairing: pairs never cross", "[line_pairing]") {
  // d0 is most like i1 and d1 most like i0: only one of the two crossing pairs may be kept.
  auto r = PairOneBlock({"alpha = beta(gamma, delta)", "one = two(three, four)"},
                        {"one = two(three, four, five)", "alpha = beta(gamma, delta, eps)"});
  REQUIRE(r.size() == 1);
  REQUIRE(r[0].pairs.size() == 2);
  CHECK(NonCrossing(r[0], 2, 2));

  std::mt19937 rng(42);
  const char* words[] = {"x", "y", "pl", "add", "(", ")", ",", "=", "0", "1", "tile", "for"};
  auto random_line = [&] {
    std::string s;
    for (int k = 0, n = 1 + static_cast<int>(rng() % 8); k < n; ++k) s += std::string(words[rng() % 12]) + " ";
    return s;
  };
  for (int round = 0; round < 300; ++round) {
    std::vector<std::string> del(1 + rng() % 12), ins(1 + rng() % 12);
    for (auto& l : del) l = random_line();
    for (auto& l : ins) l = random_line();
    auto pr = PairOneBlock(del, ins);
    INFO("round " << round);
    REQUIRE(pr.size() <= 1);
    if (pr.empty()) continue;
    CHECK(pr[0].flags == 0);
    CHECK(NonCrossing(pr[0], del.size(), ins.size()));
    for (size_t k = 0; k < pr[0].pairs.size(); k += 2) {
      CHECK(LineSimilarity(del[pr[0].pairs[k]], ins[pr[0].pairs[k + 1]]) >= kPairThreshold);
    }
  }
}

TEST_CASE("line_pairing: blocks over 500 x 500 lines pair by position with flags 1", "[line_pairing]") {
  std::vector<std::string> del(501), ins(501);
  for (size_t k = 0; k < del.size(); ++k) del[k] = "d = f(" + std::to_string(k) + ")";
  for (size_t k = 0; k < ins.size(); ++k) ins[k] = "completely different text " + std::to_string(k);
  ins.pop_back();
  ins.push_back("x");
  ins.push_back("y");  // 501 x 502
  auto r = PairOneBlock(del, ins);
  REQUIRE(r.size() == 1);
  CHECK(r[0].block == 0);
  CHECK(r[0].flags == 1);
  REQUIRE(r[0].pairs.size() == 2 * 501);
  for (uint32_t k = 0; k < 501; ++k) {
    CHECK(r[0].pairs[2 * k] == k);
    CHECK(r[0].pairs[2 * k + 1] == k);
  }

  SECTION("exactly 500 x 500 is still paired by similarity") {
    std::vector<std::string> d500(500), i500(500);
    for (size_t k = 0; k < 500; ++k) {
      d500[k] = "d = f(" + std::to_string(k) + ")";
      i500[k] = "d = f(" + std::to_string(k) + ", 1)";
    }
    auto r2 = PairOneBlock(d500, i500);
    REQUIRE(r2.size() == 1);
    CHECK(r2[0].flags == 0);
    CHECK(r2[0].pairs.size() == 2 * 500);
    CHECK(NonCrossing(r2[0], 500, 500));
  }
}

TEST_CASE("line_pairing: a line over 10000 characters makes its block positional", "[line_pairing]") {
  std::string long_line(kMaxPairedLineBytes + 1, 'x');
  auto r = PairOneBlock({"a = 1", long_line, "c = 3"}, {"zzz", "a = 1 + 0"});
  REQUIRE(r.size() == 1);
  CHECK(r[0].flags == 1);
  CHECK(r[0].pairs == std::vector<uint32_t>{0, 0, 1, 1});

  std::string stem(kMaxPairedLineBytes - 7, 'x');  // lines of exactly kMaxPairedLineBytes bytes
  auto r2 = PairOneBlock({stem + " = f(a)"}, {stem + " = f(b)"});
  REQUIRE(r2.size() == 1);
  CHECK(r2[0].flags == 0);
  CHECK(r2[0].pairs == std::vector<uint32_t>{0, 0});
}

TEST_CASE("line_pairing: the name a line defines", "[line_pairing]") {
  // Python-like IR.
  CHECK(DefinedName("x = pl.add(a, b)") == "x");
  CHECK(DefinedName("        x_chunk_0: pl.Tensor[[2, 64], pl.FP32] = pl.tensor.cast(_t0, mode=2)") == "x_chunk_0");
  CHECK(DefinedName("\tt: pl.Tile[[16, 128], pl.FP32]=pl.load(x)") == "t");
  CHECK(DefinedName("    def kernel_0(self, x):") == "kernel_0");
  CHECK(DefinedName("def  f (a)") == "f");
  CHECK(DefinedName("x := 1") == "x");
  CHECK(DefinedName("\xc3\xa9t\xc3\xa9 = 1") == "\xc3\xa9t\xc3\xa9");  // non-ASCII names
  // MLIR and LLVM IR.
  CHECK(DefinedName("    %x = arith.addf %a, %b : f32") == "%x");
  CHECK(DefinedName("  %res:2 = scf.for %i = %c0 to %n") == "%res");
  CHECK(DefinedName("%.0.in = phi i32 [ %a, %6 ]") == "%.0.in");
  CHECK(DefinedName("%\"a b\" = add i32 1, 2") == "%\"a b\"");
  CHECK(DefinedName("@table = internal constant [4 x i32] zeroinitializer") == "@table");
  CHECK(DefinedName("define dso_local i32 @crc32(ptr %0, i64 %1) #0 {") == "@crc32");
  CHECK(DefinedName("  func.func private @softmax(%arg0: memref<16xf32>) {") == "@softmax");
  CHECK(DefinedName("llvm.func @scale(%arg0: !llvm.ptr)") == "@scale");
  CHECK(DefinedName("gpu.func @k() kernel {") == "@k");
  CHECK(DefinedName("func @old_style()") == "@old_style");
}

TEST_CASE("line_pairing: lines that define no name", "[line_pairing]") {
  for (const char* line : {"",
                           "   ",
                           "return x",
                           "x == y",
                           "x: pl.Tensor[[2, 64], pl.FP32]",
                           "x.y = 1",
                           "x[0] = 1",
                           "a::b = c;",
                           "else: y = 1",
                           "try: y = 1",
                           "finally: y = 1",
                           "lambda: y == 1",
                           "default: y = 1;",
                           "x: T <= y",
                           "pl.comm.tpush_to_aic(kj_0, AIV_IDX)",
                           "store i32 %x, ptr %p",
                           "%x",
                           "%x == %y",
                           "@pl.function",
                           "    # x = 1",
                           "\"x\" = 1",
                           "def (x)",
                           "def x",
                           "defx(",
                           "cf.br ^bb1(%7 : index)",
                           "%0 = llvm.mlir.constant(0 : index) : i64",  // numbered: a position, not an identity
                           "%12:2 = call @f()",
                           "@0 = private constant i32 1",
                           "define i32 @1() {",
                           "%\"unclosed = 1",
                           "func.call @f()",
                           "llvm.call @f()"}) {
    INFO(line);
    CHECK(DefinedName(line).empty());
  }
}

TEST_CASE("line_pairing: lines that define the same name pair first (qwen3 FlattenCallExpr)", "[line_pairing]") {
  // qwen3 pass 3: the call nested in x_chunk_0's line moves out into a new _t0 line. By similarity alone
  // the old line pairs with _t0 (a false rename, the real edit hidden); by the name it defines, with the new
  // x_chunk_0, and sq_sum_4 with sq_sum_4.
  auto r = PairOneBlock(
      {"x_chunk_0: pl.Tensor[[2, 64], pl.FP32] = pl.tensor.cast(pl.tensor.view(hidden_states_0, [2, 64], "
       "[b_0, p0_0, k0_0]), target_type=pl.FP32, mode=2)",
       "sq_sum_4: pl.Tensor[[2, 1], pl.FP32] = pl.tensor.add(sq_sum_iter_2, pl.tensor.row_sum("
       "pl.tensor.mul(x_chunk_0, x_chunk_0)))"},
      {"_t0: pl.Tensor[[2, 64], pl.BFLOAT16] = pl.tensor.view(hidden_states_0, [2, 64], [b_0, p0_0, k0_0])",
       "x_chunk_0: pl.Tensor[[2, 64], pl.FP32] = pl.tensor.cast(_t0, target_type=pl.FP32, mode=2)",
       "_t1: pl.Tensor[[2, 64], pl.FP32] = pl.tensor.mul(x_chunk_0, x_chunk_0)",
       "_t2: pl.Tensor[[2, 1], pl.FP32] = pl.tensor.row_sum(_t1)",
       "sq_sum_4: pl.Tensor[[2, 1], pl.FP32] = pl.tensor.add(sq_sum_iter_2, _t2)"});
  REQUIRE(r.size() == 1);
  CHECK(r[0].flags == 0);
  CHECK(r[0].pairs == std::vector<uint32_t>{0, 1, 1, 4});

  // The same name pairs even when the lines share too little to pair by similarity.
  CHECK(LineSimilarity("%v = arith.addf %a, %b : f32", "%v = memref.load %m[%i] : memref<8xf32>") < kPairThreshold);
  CHECK(Pairs("%v = arith.addf %a, %b : f32", "%v = memref.load %m[%i] : memref<8xf32>"));
  CHECK(Pairs("func.func @softmax(%arg0: memref<16x128xf32>) -> memref<16x128xf32> {",
              "llvm.func @softmax(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64) {"));
}

TEST_CASE("line_pairing: same-name pairs never cross, the rest pair by similarity around them", "[line_pairing]") {
  // a and b are defined in one order before and in the other after: only one of the two same-name pairs
  // can be kept; the most similar one wins (b), and a's lines stay unpaired (they would cross it).
  auto r = PairOneBlock({"a = f(x, y, z)", "b = g(u, v, w)"}, {"b = g(u, v, w, q)", "a = f(x, y, z, q, r, s)"});
  REQUIRE(r.size() == 1);
  CHECK(r[0].pairs == std::vector<uint32_t>{1, 0});
  CHECK(NonCrossing(r[0], 2, 2));

  // Lines without a shared name pair by similarity in the gaps the same-name pairs leave; a line that
  // defines a name may still pair with a renamed one (x -> x_0) by similarity.
  auto r2 = PairOneBlock({"x = pl.add(a, b)", "y = pl.mul(x, c)", "pl.store(y, out)"},
                         {"x_0 = pl.add(a_0, b_0)", "t = 1", "y = pl.sub(x_0, c)", "pl.store(y, out, 1)"});
  REQUIRE(r2.size() == 1);
  CHECK(r2[0].pairs == std::vector<uint32_t>{0, 0, 1, 2, 2, 3});

  // Numbered SSA values are positions: %5 before and %5 after an inserted instruction are different
  // values, so they pair only by similarity.
  auto r3 = PairOneBlock({"%5 = load i32, ptr %p", "%6 = add i32 %5, 1"},
                         {"%5 = call i32 @g()", "%6 = load i32, ptr %p", "%7 = add i32 %6, 1"});
  REQUIRE(r3.size() == 1);
  CHECK(r3[0].pairs == std::vector<uint32_t>{0, 1, 1, 2});

  // Random blocks of named lines: pairs never cross, and a pair either defines one name or scores high.
  std::mt19937 rng(7);
  const char* names[] = {"a", "b", "c", "%d", "@e"};
  const char* rhs[] = {"pl.add(x, y)", "pl.mul(x, y)", "load p", "f(a, b, c)", "g()"};
  for (int round = 0; round < 300; ++round) {
    std::vector<std::string> del(1 + rng() % 10), ins(1 + rng() % 10);
    for (auto* side : {&del, &ins}) {
      for (auto& l : *side) l = std::string(names[rng() % 5]) + " = " + rhs[rng() % 5];
    }
    auto pr = PairOneBlock(del, ins);
    INFO("round " << round);
    if (pr.empty()) continue;
    CHECK(NonCrossing(pr[0], del.size(), ins.size()));
    for (size_t k = 0; k < pr[0].pairs.size(); k += 2) {
      std::string_view dl = del[pr[0].pairs[k]], il = ins[pr[0].pairs[k + 1]];
      CHECK((DefinedName(dl) == DefinedName(il) || LineSimilarity(dl, il) >= kPairThreshold));
    }
  }
}

TEST_CASE("line_pairing: pure insertions and deletions have no pairs", "[line_pairing]") {
  CHECK(PairOneBlock({}, {"a", "b"}).empty());
  CHECK(PairOneBlock({"a", "b"}, {}).empty());
  EditScript empty;
  CHECK(PairLines(empty, std::vector<std::string_view>{}, std::vector<std::string_view>{}).empty());
}

}  // namespace
}  // namespace irtrace

// Punctuation is everywhere in IR; it must not make unrelated lines pair (seen on the MLIR fixture).
TEST_CASE("line_pairing: punctuation alone does not pair unrelated IR lines", "[line_pairing]") {
  CHECK(irtrace::LineSimilarity("    linalg.generic {indexing_maps = [#map, #map], iterator_types = [\"parallel\"]} "
                                "ins(%arg0 : memref<16xf32>)",
                                "    %0 = memref.load %arg1[%c0] : memref<16xf32>") < irtrace::kPairThreshold);
  // Lines made of punctuation only still compare by it.
  CHECK(irtrace::LineSimilarity("  })", "  })") == 1.0);
  CHECK(irtrace::LineSimilarity("  }", "  });") >= irtrace::kPairThreshold);
}
