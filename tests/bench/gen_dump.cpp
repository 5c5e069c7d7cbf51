// ir-trace-gen-dump: writes a synthetic pass dump for the scale benchmark (tests/bench/).
//
// The dump looks like what PyPTO's pass manager writes: 00_frontend.py, then NN_after_<Pass>.py for
// NN = 1..P, and an NN_after_<Pass>.log with a warning line every 10th pass; `--lang llvm` and
// `--lang mlir` write the same program shape as an LLVM IR module (.ll, `define` functions) or an MLIR
// module (.mlir, `func.func` ops). Each snapshot is derived in memory from the previous one and written
// with one fwrite, so 300 x 20,000 lines (~600 MB) takes seconds. Output depends only on the flags (own
// PRNG, no std distributions), never on the platform.
//
// Standard library only; one file so the benchmark needs no build system beyond a compiler.

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

namespace {

const char kUsage[] =
    "usage: ir-trace-gen-dump --out DIR --passes P --lines L [--shape edits|ssa|rewrite]\n"
    "                         [--lang python|llvm|mlir] [--seed S] [--long-line-bytes B]\n"
    "                         [--functions F] [--edits N]\n"
    "\n"
    "Writes DIR/00_frontend.EXT and DIR/NN_after_<Pass>.EXT for NN = 1..P (NN zero-padded to\n"
    "max(2, digits(P)) digits), plus NN_after_<Pass>.log holding a warning on every 10th pass.\n"
    "Every snapshot has about L lines: F functions of L/F lines (at least 5) each.\n"
    "\n"
    "  --lang python    (default) EXT = py: a PyPTO `class Bench` of @pl.function methods.\n"
    "  --lang llvm      EXT = ll: an LLVM IR module of `define` functions.\n"
    "  --lang mlir      EXT = mlir: an MLIR `module` of `func.func` ops.\n"
    "  --shape edits    (default) F = L/96 functions of ~96 lines. Passes 1, 2 (mod 3) make 1-4\n"
    "                   edits at random places (retyped dtype, inserted line, renamed op);\n"
    "                   every 3rd pass is a no-op (identical snapshot).\n"
    "  --shape ssa      as edits, and every 5th pass renames the defined variable in 30% of\n"
    "                   all body lines (t_3_41 -> t_3_41_1 -> t_3_41_2 ...).\n"
    "  --shape rewrite  F = ceil(L/50000) functions of L/F lines; pass p rewrites function\n"
    "                   (p-1) mod F completely (every body line changes), the rest is kept.\n"
    "                   `--lines 50000 --passes 10 --shape rewrite` = one 50,000-line function\n"
    "                   fully rewritten by every pass.\n"
    "  --functions F    override the function count for any shape.\n"
    "  --edits N        edit passes make exactly N edits each (default 1-4), at places drawn\n"
    "                   from the snapshot before the pass (so N can be large: 20,000 edits of a\n"
    "                   1,000,000-line function take a second).\n"
    "  --long-line-bytes B  pass 1 (only) holds one extra line of B bytes.\n"
    "  --seed S         PRNG seed (default 1); same flags, same bytes.\n";

// splitmix64: tiny, fast, and fully specified, so dumps are identical on every platform.
struct Rng {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  size_t below(size_t n) { return n ? static_cast<size_t>(next() % n) : 0; }
  bool chance(unsigned percent) { return below(100) < percent; }
};

const char* const kPassNames[] = {
    "UnrollLoops",  "ConvertToSSA",        "FlattenCallExpr",     "SplitChunkedLoops",       "InterchangeChunkLoops",
    "RunVerifier",  "OutlineIncoreScopes", "ExpandMixedKernel",   "ConvertTensorToBlockOps", "InitMemRef",
    "MemoryReuse",  "InsertSync",          "AllocateMemoryAddr",  "FuseElementwise",         "HoistLoopInvariants",
    "LowerTileOps", "CanonicalizeLoops",   "DeadCodeElimination", "CommonSubexprElim",       "LegalizeDtypes",
};
const char* const kUnary[] = {"exp", "sqrt", "rsqrt", "neg", "abs", "relu", "recip"};
const char* const kBinary[] = {"add", "mul", "max", "sub", "min", "div"};
const char* const kDtypes[] = {"FP32", "BF16", "FP16", "INT32"};
// The same dtypes as LLVM vector element types and MLIR tensor element types.
const char* const kLlvmDtypes[] = {"float", "bfloat", "half", "i32"};
const char* const kMlirDtypes[] = {"f32", "bf16", "f16", "i32"};
const char* const kMems[] = {"Vec", "Mat", "Acc"};
const int kDims[] = {16, 32, 64, 128, 256, 512};

template <typename T, size_t N>
constexpr size_t count(const T (&)[N]) {
  return N;
}

enum class Kind : uint8_t { Other, Body };

// The language the dump is written in; the program's shape is the same in each.
enum class Lang { kPython, kLlvm, kMlir };

// One snapshot: its lines, and which of them are edit targets (assignments).
struct Program {
  std::vector<std::string> lines;
  std::vector<Kind> kinds;
};

struct Options {
  std::string out;
  long passes = -1;
  long lines = -1;
  std::string shape = "edits";
  Lang lang = Lang::kPython;
  long edits = 0;  // 0: 1-4 per edit pass
  uint64_t seed = 1;
  long long long_line_bytes = 0;
  long functions = 0;
};

[[noreturn]] void Die(const std::string& msg) {
  std::fprintf(stderr, "ir-trace-gen-dump: error: %s\n", msg.c_str());
  std::exit(1);
}

// Name of variable k of function f, in rewrite generation g (0 = original).
std::string VarName(long f, long k, long g) {
  std::string s = g ? "r" + std::to_string(g) + "_" : "t_";
  return s + std::to_string(f) + "_" + std::to_string(k);
}

std::string TileType(Rng& rng) {
  std::string t = "pl.Tile[[";
  t += std::to_string(kDims[rng.below(count(kDims))]);
  t += ", ";
  t += std::to_string(kDims[rng.below(count(kDims))]);
  t += "], pl.";
  t += rng.chance(60) ? "FP32" : kDtypes[rng.below(count(kDtypes))];
  t += ", pl.Mem.";
  t += kMems[rng.below(count(kMems))];
  t += "]";
  return t;
}

// "<128 x float>" (LLVM) or "tensor<16x128xf32>" (MLIR): a tile type, FP32 60% of the time.
std::string VectorType(Rng& rng, Lang lang) {
  size_t d0 = rng.below(count(kDims)), d1 = rng.below(count(kDims));
  size_t dt = rng.chance(60) ? 0 : rng.below(count(kDtypes));
  if (lang == Lang::kLlvm) return "<" + std::to_string(kDims[d1]) + " x " + kLlvmDtypes[dt] + ">";
  return "tensor<" + std::to_string(kDims[d0]) + "x" + std::to_string(kDims[d1]) + "x" + kMlirDtypes[dt] + ">";
}

// One LLVM or MLIR body line, 60-110 bytes: "<indent>%t_3_41 = call <128 x float> @tile.<op>(args)"
// or "<indent>%t_3_41 = tile.<op> args : type", defining `name` from `prev` (and `prev2`) of function f.
std::string IrBodyLine(Rng& rng, Lang lang, const std::string& indent, long f, const std::string& name,
                       const std::string& prev, const std::string& prev2) {
  const bool llvm = lang == Lang::kLlvm;
  std::string ty = VectorType(rng, lang), fs = std::to_string(f);
  std::string dim = std::to_string(kDims[rng.below(count(kDims))]);
  std::string op, args;
  size_t pick = rng.below(10);
  if (pick < 3) {
    op = kUnary[rng.below(count(kUnary))];
    args = llvm ? ty + " %" + prev : "%" + prev + " : " + ty;
  } else if (pick < 6) {
    op = kBinary[rng.below(count(kBinary))];
    args = llvm ? ty + " %" + prev + ", " + ty + " %" + prev2 : "%" + prev + ", %" + prev2 + " : " + ty;
  } else if (pick < 8) {
    op = "cast";
    args = llvm ? ty + " %" + prev + ", i32 2" : "%" + prev + " {mode = 2 : i32} : " + ty + " to " + ty;
  } else if (pick < 9) {
    op = "load";
    args =
        llvm ? "ptr %x_" + fs + ", i64 0, i64 " + dim : "%x_" + fs + "[0, " + dim + "] : memref<64x128xf32> to " + ty;
  } else {
    op = "store";
    args = llvm ? ty + " %" + prev + ", ptr %out_" + fs + ", i64 " + dim
                : "%" + prev + ", %out_" + fs + "[0, " + dim + "] : " + ty + " into memref<64x128xf32>";
  }
  if (llvm) return indent + "%" + name + " = call " + ty + " @tile." + op + "(" + args + ")";
  return indent + "%" + name + " = tile." + op + " " + args;
}

// One assignment line, 80-110 bytes: "<indent>t_3_41: pl.Tile[...] = pl.tile.<op>(args)", defining
// `name` from `prev` (and `prev2` for binary ops) of function f; for LLVM and MLIR, IrBodyLine.
std::string BodyLine(Rng& rng, Lang lang, const std::string& indent, long f, const std::string& name,
                     const std::string& prev, const std::string& prev2) {
  if (lang != Lang::kPython) return IrBodyLine(rng, lang, indent, f, name, prev, prev2);
  std::string line = indent + name + ": " + TileType(rng) + " = pl.tile.";
  size_t pick = rng.below(10);
  if (pick < 3) {
    line += kUnary[rng.below(count(kUnary))];
    line += "(" + prev + ")";
  } else if (pick < 6) {
    line += kBinary[rng.below(count(kBinary))];
    line += "(" + prev + ", " + prev2 + ")";
  } else if (pick < 8) {
    line += "cast(" + prev + ", target_type=pl." + kDtypes[rng.below(count(kDtypes))] + ", mode=2)";
  } else if (pick < 9) {
    line += "load(x_" + std::to_string(f) + ", [0, " + std::to_string(kDims[rng.below(count(kDims))]) + "], [16, 128])";
  } else {
    line += "store(" + prev + ", [0, " + std::to_string(kDims[rng.below(count(kDims))]) + "], out_" +
            std::to_string(f) + ")";
  }
  return line;
}

std::string BodyLine(Rng& rng, Lang lang, const std::string& indent, long f, long k, long g) {
  if (k == 0 && lang == Lang::kPython) {
    return indent + VarName(f, 0, g) + ": pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x_" +
           std::to_string(f) + ", [0, 0], [16, 128])";
  }
  if (k == 0)
    return BodyLine(rng, lang, indent, f, VarName(f, 0, g), "x_" + std::to_string(f), "x_" + std::to_string(f));
  return BodyLine(rng, lang, indent, f, VarName(f, k, g), VarName(f, k - 1, g), VarName(f, k > 1 ? k - 2 : 0, g));
}

// The name a body line defines ("        t_3_41: ..." or "  %t_3_41 = ..." -> "t_3_41").
std::string DefinedName(const std::string& line) {
  size_t b = line.find_first_not_of(" %"), e = b;
  while (e < line.size() && (std::isalnum(static_cast<unsigned char>(line[e])) || line[e] == '_')) ++e;
  return line.substr(b, e - b);
}

// The file's first lines (before the functions) and last lines (after them).
std::vector<std::string> HeaderLines(Lang lang) {
  switch (lang) {
    case Lang::kLlvm:
      return {"; ModuleID = 'bench'", "source_filename = \"bench.c\"",
              "target datalayout = \"e-m:e-i64:64-i128:128-f80:128-n8:16:32:64-S128\"",
              "target triple = \"x86_64-pc-linux-gnu\"", ""};
    case Lang::kMlir: return {"#map = affine_map<(d0, d1) -> (d0, d1)>", "module {"};
    default: return {"# pypto.program: Bench", "import pypto.language as pl", "", "@pl.program", "class Bench:"};
  }
}

std::vector<std::string> TrailerLines(Lang lang) {
  switch (lang) {
    case Lang::kLlvm: return {"attributes #0 = { nounwind uwtable }"};
    case Lang::kMlir: return {"}"};
    default: return {};
  }
}

const char* Extension(Lang lang) { return lang == Lang::kLlvm ? ".ll" : lang == Lang::kMlir ? ".mlir" : ".py"; }

// Body indentation: normal, and inside a loop block.
const char* Indent(Lang lang, bool loop) {
  switch (lang) {
    case Lang::kLlvm: return "  ";
    case Lang::kMlir: return "    ";
    default: return loop ? "            " : "        ";
  }
}

// Appends function f (S lines in all, including the blank line after it) in generation g.
void AppendFunction(Program& p, Rng& rng, Lang lang, long f, long S, long g) {
  std::string fs = std::to_string(f);
  auto other = [&p](std::string line) {
    p.lines.push_back(std::move(line));
    p.kinds.push_back(Kind::Other);
  };
  if (lang == Lang::kPython) {
    other("    @pl.function");
    other("    def f_" + fs + "(self, x_" + fs + ": pl.Tensor[[64, 128], pl.FP32], out_" + fs +
          ": pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:");
  } else if (lang == Lang::kLlvm) {
    other("define dso_local <128 x float> @f_" + fs + "(ptr noundef %x_" + fs + ", ptr noundef %out_" + fs + ") #0 {");
  } else {
    other("  func.func @f_" + fs + "(%x_" + fs + ": memref<64x128xf32>, %out_" + fs +
          ": memref<64x128xf32>) -> tensor<16x128xf32> {");
  }
  long body = S - 4 > 1 ? S - 4 : 1;  // decorator, def, return, blank (LLVM, MLIR: define, return, }, blank)
  long k = 0;
  std::string loop_var = g ? "i_" + std::to_string(g) : "i";
  while (k < body) {
    // A loop block of 6 lines (header + 5) at roughly every 32nd body line (LLVM: a block label; MLIR: a
    // comment, so the brace structure stays that of one block).
    if (k % 32 == 20 && body - k >= 6) {
      if (lang == Lang::kPython) other("        for " + loop_var + " in pl.range(0, 8):");
      else if (lang == Lang::kLlvm) other("loop_" + std::to_string(k) + ":");
      else other("    // loop " + loop_var + " in [0, 8)");
      for (int j = 0; j < 5; ++j, ++k) {
        p.lines.push_back(BodyLine(rng, lang, Indent(lang, true), f, k, g));
        p.kinds.push_back(Kind::Body);
      }
      ++k;  // the header took a line's place
      continue;
    }
    p.lines.push_back(BodyLine(rng, lang, Indent(lang, false), f, k, g));
    p.kinds.push_back(Kind::Body);
    ++k;
  }
  if (lang == Lang::kPython) {
    other("        return " + VarName(f, k - 1, g));
  } else if (lang == Lang::kLlvm) {
    other("  ret <128 x float> %" + VarName(f, k - 1, g));
    other("}");
  } else {
    other("    return %" + VarName(f, k - 1, g) + " : tensor<16x128xf32>");
    other("  }");
  }
  other("");
}

size_t RandomBodyLine(const Program& p, Rng& rng) {
  for (;;) {
    size_t i = rng.below(p.lines.size());
    if (p.kinds[i] == Kind::Body) return i;
  }
}

// Replaces the first occurrence of `from` in s by `to`; false if absent.
bool ReplaceFirst(std::string& s, const std::string& from, const std::string& to, size_t start = 0) {
  size_t at = s.find(from, start);
  if (at == std::string::npos) return false;
  s.replace(at, from.size(), to);
  return true;
}

// Edit 1: the tile's dtype changes (FP32 -> BF16 -> FP16 -> INT32 -> FP32).
void Retype(Lang lang, std::string& line) {
  for (size_t i = 0; i < count(kDtypes); ++i) {
    size_t j = (i + 1) % count(kDtypes);
    bool done = false;
    switch (lang) {
      case Lang::kLlvm:
        done = ReplaceFirst(line, std::string(" x ") + kLlvmDtypes[i] + ">", std::string(" x ") + kLlvmDtypes[j] + ">");
        break;
      case Lang::kMlir:
        done = ReplaceFirst(line, std::string("x") + kMlirDtypes[i] + ">", std::string("x") + kMlirDtypes[j] + ">");
        break;
      default:
        done = ReplaceFirst(line, std::string("], pl.") + kDtypes[i] + ", pl.Mem",
                            std::string("], pl.") + kDtypes[j] + ", pl.Mem");
    }
    if (done) return;
  }
}

// Edit 3: the op is renamed to another of the same arity; cast/load/store become their _v2 form.
void RenameOp(Lang lang, std::string& line, Rng& rng) {
  const char* marker = lang == Lang::kLlvm ? " @tile." : lang == Lang::kMlir ? "= tile." : "= pl.tile.";
  size_t at = line.find(marker);
  if (at == std::string::npos) return;
  size_t op = at + std::strlen(marker), paren = line.find(lang == Lang::kMlir ? ' ' : '(', op);
  std::string name = line.substr(op, paren - op);
  auto pick_other = [&](const char* const* set, size_t n) {
    for (;;) {
      std::string c = set[rng.below(n)];
      if (c != name) return c;
    }
  };
  std::string repl;
  for (auto u : kUnary)
    if (name == u) repl = pick_other(kUnary, count(kUnary));
  for (auto b : kBinary)
    if (name == b) repl = pick_other(kBinary, count(kBinary));
  if (repl.empty()) {
    size_t v2 = name.rfind("_v2");
    repl = v2 != std::string::npos && v2 + 3 == name.size() ? name.substr(0, v2) : name + "_v2";
  }
  line.replace(op, paren - op, repl);
}

// Edit 2: a new line to go after line i, reading what line i defines.
std::string InsertedLine(const Program& p, Rng& rng, Lang lang, size_t i, long& fresh) {
  const std::string& ref = p.lines[i];
  std::string indent = ref.substr(0, ref.find_first_not_of(' ')), prev = DefinedName(ref);
  long f = std::strtol(prev.c_str() + prev.find('_') + 1, nullptr, 10);  // t_<f>_, r<g>_<f>_
  return BodyLine(rng, lang, indent, f, VarName(f, fresh++, 0), prev, prev);
}

// 1-4 edits at random places.
void ApplyEdits(Program& p, Rng& rng, Lang lang, long& fresh) {
  size_t n = 1 + rng.below(4);
  for (size_t e = 0; e < n; ++e) {
    size_t i = RandomBodyLine(p, rng);
    switch (rng.below(3)) {
      case 0: Retype(lang, p.lines[i]); break;
      case 1: {
        std::string line = InsertedLine(p, rng, lang, i, fresh);
        p.lines.insert(p.lines.begin() + static_cast<long>(i) + 1, line);
        p.kinds.insert(p.kinds.begin() + static_cast<long>(i) + 1, Kind::Body);
        break;
      }
      default: RenameOp(lang, p.lines[i], rng);
    }
  }
}

// Exactly n edits (--edits), the places drawn from the program before any of them, inserted lines put in
// with one rebuild: linear in the program's size whatever n is.
void ApplyManyEdits(Program& p, Rng& rng, Lang lang, long& fresh, long n) {
  std::vector<std::pair<size_t, std::string>> inserts;  // (after line, text)
  for (long e = 0; e < n; ++e) {
    size_t i = RandomBodyLine(p, rng);
    switch (rng.below(3)) {
      case 0: Retype(lang, p.lines[i]); break;
      case 1: inserts.emplace_back(i, InsertedLine(p, rng, lang, i, fresh)); break;
      default: RenameOp(lang, p.lines[i], rng);
    }
  }
  if (inserts.empty()) return;
  std::stable_sort(inserts.begin(), inserts.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  Program out;
  out.lines.reserve(p.lines.size() + inserts.size());
  out.kinds.reserve(p.lines.size() + inserts.size());
  size_t next = 0;
  for (size_t i = 0; i < p.lines.size(); ++i) {
    out.lines.push_back(std::move(p.lines[i]));
    out.kinds.push_back(p.kinds[i]);
    for (; next < inserts.size() && inserts[next].first == i; ++next) {
      out.lines.push_back(std::move(inserts[next].second));
      out.kinds.push_back(Kind::Body);
    }
  }
  p = std::move(out);
}

// SSA rename: the defined name of 30% of body lines gets a version suffix (t_3_41 -> t_3_41_1, then
// t_3_41_1 -> t_3_41_2).
void SsaRename(Program& p, Rng& rng) {
  for (size_t i = 0; i < p.lines.size(); ++i) {
    if (p.kinds[i] != Kind::Body || !rng.chance(30)) continue;
    std::string& s = p.lines[i];
    std::string name = DefinedName(s);
    size_t at = s.find(name);
    int underscores = 0;
    for (char c : name) underscores += c == '_';
    std::string renamed;
    if (underscores >= 3) {
      size_t last = name.rfind('_');
      renamed = name.substr(0, last + 1) + std::to_string(std::atol(name.c_str() + last + 1) + 1);
    } else {
      renamed = name + "_1";
    }
    s.replace(at, name.size(), renamed);
  }
}

// Rewrite shape: function f replaced by its generation g (every body line, loop and return differ).
void RewriteFunction(Program& p, Rng& rng, Lang lang, long f, long F, long S, long g, size_t header, size_t trailer) {
  Program fresh;
  AppendFunction(fresh, rng, lang, f, S, g);
  size_t begin = header + static_cast<size_t>(f * S);
  size_t end = f + 1 == F ? p.lines.size() - trailer : begin + static_cast<size_t>(S);
  p.lines.erase(p.lines.begin() + static_cast<long>(begin), p.lines.begin() + static_cast<long>(end));
  p.kinds.erase(p.kinds.begin() + static_cast<long>(begin), p.kinds.begin() + static_cast<long>(end));
  p.lines.insert(p.lines.begin() + static_cast<long>(begin), fresh.lines.begin(), fresh.lines.end());
  p.kinds.insert(p.kinds.begin() + static_cast<long>(begin), fresh.kinds.begin(), fresh.kinds.end());
}

void WriteFile(const std::filesystem::path& path, const std::string& data) {
  FILE* f = std::fopen(path.string().c_str(), "wb");
  if (!f) Die(path.string() + ": " + std::strerror(errno));
  if (std::fwrite(data.data(), 1, data.size(), f) != data.size() || std::fclose(f) != 0)
    Die(path.string() + ": write failed: " + std::strerror(errno));
}

// Writes the lines, and before line `extra_at` (if set) the extra line.
void WriteSnapshot(const std::filesystem::path& path, const Program& p, std::string& buf,
                   const std::string* extra = nullptr, size_t extra_at = 0) {
  buf.clear();
  for (size_t i = 0; i < p.lines.size(); ++i) {
    if (extra && i == extra_at) {
      buf += *extra;
      buf += '\n';
    }
    buf += p.lines[i];
    buf += '\n';
  }
  WriteFile(path, buf);
}

std::string LongLine(Lang lang, long long bytes) {
  std::string s = lang == Lang::kLlvm   ? "  ; c_big = const ["
                  : lang == Lang::kMlir ? "    // c_big = const ["
                                        : "        c_big: pl.Tensor[[1, 262144], pl.FP32] = pl.const([";
  for (long i = 0; static_cast<long long>(s.size()) < bytes - 2; ++i) s += std::to_string(i % 1000) + ".5, ";
  s.resize(static_cast<size_t>(bytes > 2 ? bytes - 2 : 0));
  s += "])";
  return s;
}

long ParseLong(const char* flag, const char* v) {
  char* end = nullptr;
  errno = 0;
  long long n = std::strtoll(v, &end, 10);
  if (errno || !*v || *end || n < 0) Die(std::string(flag) + ": not a non-negative number: " + v);
  return static_cast<long>(n);
}

Options ParseArgs(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    }
    if (i + 1 >= argc) Die("missing value for " + a + "\n" + kUsage);
    const char* v = argv[++i];
    if (a == "--out") o.out = v;
    else if (a == "--passes") o.passes = ParseLong("--passes", v);
    else if (a == "--lines") o.lines = ParseLong("--lines", v);
    else if (a == "--shape") o.shape = v;
    else if (a == "--seed") o.seed = static_cast<uint64_t>(ParseLong("--seed", v));
    else if (a == "--long-line-bytes") o.long_line_bytes = ParseLong("--long-line-bytes", v);
    else if (a == "--functions") o.functions = ParseLong("--functions", v);
    else if (a == "--edits") o.edits = ParseLong("--edits", v);
    else if (a == "--lang") {
      std::string l = v;
      if (l == "python") o.lang = Lang::kPython;
      else if (l == "llvm") o.lang = Lang::kLlvm;
      else if (l == "mlir") o.lang = Lang::kMlir;
      else Die("unknown --lang " + l);
    } else Die("unknown flag " + a + "\n" + kUsage);
  }
  if (o.out.empty() || o.passes < 1 || o.lines < 1)
    Die(std::string("--out, --passes and --lines are required\n") + kUsage);
  if (o.shape != "edits" && o.shape != "ssa" && o.shape != "rewrite") Die("unknown --shape " + o.shape);
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  Options o = ParseArgs(argc, argv);
  const bool rewrite = o.shape == "rewrite", ssa = o.shape == "ssa";
  long F = o.functions ? o.functions : rewrite ? (o.lines + 49999) / 50000 : (o.lines + 48) / 96;
  if (F < 1) F = 1;
  const long S = o.lines / F > 5 ? o.lines / F : 5;  // lines per function

  std::filesystem::path dir(o.out);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) Die(o.out + ": " + ec.message());

  Rng rng{o.seed * 0x2545f4914f6cdd1dULL + 1};
  Program p;
  for (const std::string& h : HeaderLines(o.lang)) {
    p.lines.push_back(h);
    p.kinds.push_back(Kind::Other);
  }
  const size_t header = p.lines.size(), trailer = TrailerLines(o.lang).size();
  for (long f = 0; f < F; ++f) AppendFunction(p, rng, o.lang, f, S, 0);
  for (const std::string& t : TrailerLines(o.lang)) {
    p.lines.push_back(t);
    p.kinds.push_back(Kind::Other);
  }
  const char* ext = Extension(o.lang);

  std::string buf;
  buf.reserve(static_cast<size_t>(o.lines) * 110 + static_cast<size_t>(o.long_line_bytes) + 4096);
  WriteSnapshot(dir / (std::string("00_frontend") + ext), p, buf);

  int width = 2;
  for (long n = o.passes; n >= 100; n /= 10) ++width;
  long fresh = 100000;  // variable numbers of inserted lines, unique across the dump
  std::vector<long> generation(static_cast<size_t>(F), 0);
  const std::string long_line = o.long_line_bytes > 0 ? LongLine(o.lang, o.long_line_bytes) : std::string();

  for (long pass = 1; pass <= o.passes; ++pass) {
    if (rewrite) {
      long f = (pass - 1) % F;
      RewriteFunction(p, rng, o.lang, f, F, S, ++generation[static_cast<size_t>(f)], header, trailer);
    } else if (ssa && pass % 5 == 0) {
      SsaRename(p, rng);
    } else if (pass % 3 != 0 && o.edits > 0) {
      ApplyManyEdits(p, rng, o.lang, fresh, o.edits);
    } else if (pass % 3 != 0) {
      ApplyEdits(p, rng, o.lang, fresh);
    }  // else: no-op pass, identical snapshot

    std::string num = std::to_string(pass);
    num.insert(0, num.size() < static_cast<size_t>(width) ? width - num.size() : 0, '0');
    std::string name = kPassNames[(pass - 1) % count(kPassNames)];
    std::string stem = num + "_after_" + name;
    if (pass == 1 && !long_line.empty()) WriteSnapshot(dir / (stem + ext), p, buf, &long_line, header + 2);
    else WriteSnapshot(dir / (stem + ext), p, buf);
    if (pass % 10 == 0) {
      WriteFile(dir / (stem + ".log"), "[pypto] running pass " + name + "\nwarning: tile shape not aligned at line " +
                                           std::to_string(header + 1 + rng.below(p.lines.size() - header)) + "\n");
    }
  }
  return 0;
}
