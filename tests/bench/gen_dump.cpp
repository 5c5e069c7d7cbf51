// ir-trace-gen-dump: writes a synthetic PyPTO-style pass dump for the scale benchmark (tests/bench/).
//
// The dump looks like what PyPTO's pass manager writes: 00_frontend.py, then NN_after_<Pass>.py for
// NN = 1..P, and an NN_after_<Pass>.log with a warning line every 10th pass. Each snapshot is derived
// in memory from the previous one and written with one fwrite, so 300 x 20,000 lines (~600 MB) takes
// seconds. Output depends only on the flags (own PRNG, no std distributions), never on the platform.
//
// Standard library only; one file so the benchmark needs no build system beyond a compiler.

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
    "                         [--seed S] [--long-line-bytes B] [--functions F]\n"
    "\n"
    "Writes DIR/00_frontend.py and DIR/NN_after_<Pass>.py for NN = 1..P (NN zero-padded to\n"
    "max(2, digits(P)) digits), plus NN_after_<Pass>.log holding a warning on every 10th pass.\n"
    "Every snapshot has about L lines: a `class Bench` of F @pl.function methods.\n"
    "\n"
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
    "UnrollLoops",        "ConvertToSSA",          "FlattenCallExpr",     "SplitChunkedLoops",
    "InterchangeChunkLoops", "RunVerifier",        "OutlineIncoreScopes", "ExpandMixedKernel",
    "ConvertTensorToBlockOps", "InitMemRef",       "MemoryReuse",         "InsertSync",
    "AllocateMemoryAddr", "FuseElementwise",       "HoistLoopInvariants", "LowerTileOps",
    "CanonicalizeLoops",  "DeadCodeElimination",   "CommonSubexprElim",   "LegalizeDtypes",
};
const char* const kUnary[] = {"exp", "sqrt", "rsqrt", "neg", "abs", "relu", "recip"};
const char* const kBinary[] = {"add", "mul", "max", "sub", "min", "div"};
const char* const kDtypes[] = {"FP32", "BF16", "FP16", "INT32"};
const char* const kMems[] = {"Vec", "Mat", "Acc"};
const int kDims[] = {16, 32, 64, 128, 256, 512};

template <typename T, size_t N>
constexpr size_t count(const T (&)[N]) { return N; }

enum class Kind : uint8_t { Other, Body };

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

// One assignment line, 80-110 bytes: "<indent>t_3_41: pl.Tile[...] = pl.tile.<op>(args)", defining
// `name` from `prev` (and `prev2` for binary ops) of function f.
std::string BodyLine(Rng& rng, const std::string& indent, long f, const std::string& name,
                     const std::string& prev, const std::string& prev2) {
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
    line += "load(x_" + std::to_string(f) + ", [0, " + std::to_string(kDims[rng.below(count(kDims))]) +
            "], [16, 128])";
  } else {
    line += "store(" + prev + ", [0, " + std::to_string(kDims[rng.below(count(kDims))]) + "], out_" +
            std::to_string(f) + ")";
  }
  return line;
}

std::string BodyLine(Rng& rng, const std::string& indent, long f, long k, long g) {
  if (k == 0) return indent + VarName(f, 0, g) + ": pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x_" +
                     std::to_string(f) + ", [0, 0], [16, 128])";
  return BodyLine(rng, indent, f, VarName(f, k, g), VarName(f, k - 1, g), VarName(f, k > 1 ? k - 2 : 0, g));
}

// The name a body line defines ("        t_3_41: ..." -> "t_3_41").
std::string DefinedName(const std::string& line) {
  size_t ws = line.find_first_not_of(' ');
  return line.substr(ws, line.find(':', ws) - ws);
}

// Appends function f (S lines in all, including the blank line after it) in generation g.
void AppendFunction(Program& p, Rng& rng, long f, long S, long g) {
  std::string fs = std::to_string(f);
  p.lines.push_back("    @pl.function");
  p.kinds.push_back(Kind::Other);
  p.lines.push_back("    def f_" + fs + "(self, x_" + fs + ": pl.Tensor[[64, 128], pl.FP32], out_" + fs +
                    ": pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:");
  p.kinds.push_back(Kind::Other);
  long body = S - 4 > 1 ? S - 4 : 1;  // decorator, def, return, blank
  long k = 0;
  std::string loop_var = g ? "i_" + std::to_string(g) : "i";
  while (k < body) {
    // A for block of 6 lines (header + 5) at roughly every 32nd body line.
    if (k % 32 == 20 && body - k >= 6) {
      p.lines.push_back("        for " + loop_var + " in pl.range(0, 8):");
      p.kinds.push_back(Kind::Other);
      for (int j = 0; j < 5; ++j, ++k) {
        p.lines.push_back(BodyLine(rng, "            ", f, k, g));
        p.kinds.push_back(Kind::Body);
      }
      ++k;  // the header took a line's place
      continue;
    }
    p.lines.push_back(BodyLine(rng, "        ", f, k, g));
    p.kinds.push_back(Kind::Body);
    ++k;
  }
  p.lines.push_back("        return " + VarName(f, k - 1, g));
  p.kinds.push_back(Kind::Other);
  p.lines.push_back("");
  p.kinds.push_back(Kind::Other);
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
void Retype(std::string& line) {
  for (size_t i = 0; i < count(kDtypes); ++i) {
    std::string from = std::string("], pl.") + kDtypes[i] + ", pl.Mem";
    if (ReplaceFirst(line, from, std::string("], pl.") + kDtypes[(i + 1) % count(kDtypes)] + ", pl.Mem"))
      return;
  }
}

// Edit 3: the op is renamed to another of the same arity; cast/load/store become their _v2 form.
void RenameOp(std::string& line, Rng& rng) {
  size_t at = line.find("= pl.tile.");
  if (at == std::string::npos) return;
  size_t op = at + 10, paren = line.find('(', op);
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

// 1-4 edits at random places.
void ApplyEdits(Program& p, Rng& rng, long& fresh) {
  size_t n = 1 + rng.below(4);
  for (size_t e = 0; e < n; ++e) {
    size_t i = RandomBodyLine(p, rng);
    switch (rng.below(3)) {
      case 0:
        Retype(p.lines[i]);
        break;
      case 1: {
        // A new line after line i, reading what line i defines.
        const std::string& ref = p.lines[i];
        std::string indent = ref.substr(0, ref.find_first_not_of(' ')), prev = DefinedName(ref);
        long f = std::strtol(prev.c_str() + prev.find('_') + 1, nullptr, 10);  // t_<f>_, r<g>_<f>_
        std::string line = BodyLine(rng, indent, f, VarName(f, fresh++, 0), prev, prev);
        p.lines.insert(p.lines.begin() + static_cast<long>(i) + 1, line);
        p.kinds.insert(p.kinds.begin() + static_cast<long>(i) + 1, Kind::Body);
        break;
      }
      default:
        RenameOp(p.lines[i], rng);
    }
  }
}

// SSA rename: the defined name of 30% of body lines gets a version suffix (t_3_41 -> t_3_41_1, then
// t_3_41_1 -> t_3_41_2).
void SsaRename(Program& p, Rng& rng) {
  for (size_t i = 0; i < p.lines.size(); ++i) {
    if (p.kinds[i] != Kind::Body || !rng.chance(30)) continue;
    std::string& s = p.lines[i];
    std::string name = DefinedName(s);
    size_t ws = s.find_first_not_of(' ');
    int underscores = 0;
    for (char c : name) underscores += c == '_';
    std::string renamed;
    if (underscores >= 3) {
      size_t last = name.rfind('_');
      renamed = name.substr(0, last + 1) + std::to_string(std::atol(name.c_str() + last + 1) + 1);
    } else {
      renamed = name + "_1";
    }
    s.replace(ws, name.size(), renamed);
  }
}

// Rewrite shape: function f replaced by its generation g (every body line, loop and return differ).
void RewriteFunction(Program& p, Rng& rng, long f, long F, long S, long g, size_t header) {
  Program fresh;
  AppendFunction(fresh, rng, f, S, g);
  size_t begin = header + static_cast<size_t>(f * S);
  size_t end = f + 1 == F ? p.lines.size() : begin + static_cast<size_t>(S);
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

std::string LongLine(long long bytes) {
  std::string s = "        c_big: pl.Tensor[[1, 262144], pl.FP32] = pl.const([";
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
    else Die("unknown flag " + a + "\n" + kUsage);
  }
  if (o.out.empty() || o.passes < 1 || o.lines < 1) Die(std::string("--out, --passes and --lines are required\n") + kUsage);
  if (o.shape != "edits" && o.shape != "ssa" && o.shape != "rewrite") Die("unknown --shape " + o.shape);
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  Options o = ParseArgs(argc, argv);
  const bool rewrite = o.shape == "rewrite", ssa = o.shape == "ssa";
  long F = o.functions ? o.functions : rewrite ? (o.lines + 49999) / 50000 : (o.lines + 48) / 96;
  if (F < 1) F = 1;
  const long S = o.lines / F > 8 ? o.lines / F : 8;  // lines per function

  std::filesystem::path dir(o.out);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) Die(o.out + ": " + ec.message());

  Rng rng{o.seed * 0x2545f4914f6cdd1dULL + 1};
  Program p;
  for (const char* h : {"# pypto.program: Bench", "import pypto.language as pl", "", "@pl.program", "class Bench:"}) {
    p.lines.emplace_back(h);
    p.kinds.push_back(Kind::Other);
  }
  const size_t header = p.lines.size();
  for (long f = 0; f < F; ++f) AppendFunction(p, rng, f, S, 0);

  std::string buf;
  buf.reserve(static_cast<size_t>(o.lines) * 110 + static_cast<size_t>(o.long_line_bytes) + 4096);
  WriteSnapshot(dir / "00_frontend.py", p, buf);

  int width = 2;
  for (long n = o.passes; n >= 100; n /= 10) ++width;
  long fresh = 100000;  // variable numbers of inserted lines, unique across the dump
  std::vector<long> generation(static_cast<size_t>(F), 0);
  const std::string long_line = o.long_line_bytes > 0 ? LongLine(o.long_line_bytes) : std::string();

  for (long pass = 1; pass <= o.passes; ++pass) {
    if (rewrite) {
      long f = (pass - 1) % F;
      RewriteFunction(p, rng, f, F, S, ++generation[static_cast<size_t>(f)], header);
    } else if (ssa && pass % 5 == 0) {
      SsaRename(p, rng);
    } else if (pass % 3 != 0) {
      ApplyEdits(p, rng, fresh);
    }  // else: no-op pass, identical snapshot

    std::string num = std::to_string(pass);
    num.insert(0, num.size() < static_cast<size_t>(width) ? width - num.size() : 0, '0');
    std::string name = kPassNames[(pass - 1) % count(kPassNames)];
    std::string stem = num + "_after_" + name;
    if (pass == 1 && !long_line.empty())
      WriteSnapshot(dir / (stem + ".py"), p, buf, &long_line, header + 2);
    else
      WriteSnapshot(dir / (stem + ".py"), p, buf);
    if (pass % 10 == 0) {
      WriteFile(dir / (stem + ".log"),
                "[pypto] running pass " + name + "\nwarning: tile shape not aligned at line " +
                    std::to_string(header + 1 + rng.below(p.lines.size() - header)) + "\n");
    }
  }
  return 0;
}
