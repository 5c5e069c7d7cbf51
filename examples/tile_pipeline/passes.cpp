// The example's passes over its tile IR: tiling, loop interchange, fusion and memory allocation. Each checks
// the condition that makes it legal on this IR and throws std::runtime_error when it does not hold.
#include <algorithm>
#include <set>
#include <stdexcept>

#include "tile_ir.h"

namespace tile {
namespace {

// --- tiling ---------------------------------------------------------------------------------------------

void Tile(std::vector<Stmt>* body, const std::map<std::string, long>& tiles) {
  for (Stmt& s : *body) {
    if (s.kind != Stmt::kFor) continue;
    Tile(&s.body, tiles);
    auto it = tiles.find(s.var);
    if (it == tiles.end()) continue;
    long size = it->second;
    if (size <= 0 || s.extent % size != 0) {
      throw std::runtime_error("tile " + std::to_string(size) + " does not divide loop " + s.var + " (" +
                               std::to_string(s.extent) + ")");
    }
    // for v in range(n): body  ->  for v0 in range(n / T): for v1 in range(T): body[v := v0 * T + v1]
    std::string outer = s.var + "0", inner = s.var + "1";
    SubstituteAll(&s.body, {{s.var, Add(Mul(Var(outer), Int(size)), Var(inner))}});
    Stmt inner_loop = For(inner, size, std::move(s.body));
    s = For(outer, s.extent / size, {std::move(inner_loop)});
  }
}

// --- interchange ----------------------------------------------------------------------------------------

// The loops of the perfect nest starting at `s` (each loop's body is the next loop alone), outermost first.
std::vector<Stmt*> PerfectNest(Stmt* s) {
  std::vector<Stmt*> nest;
  while (s->kind == Stmt::kFor) {
    nest.push_back(s);
    if (s->body.size() != 1 || s->body[0].kind != Stmt::kFor) break;
    s = &s->body[0];
  }
  return nest;
}

// Reorders the headers (var, extent) of a perfect nest: the loops named in `order` take the places named
// loops had, in `order`'s order; the others stay where they are. Legal here: every loop has constant bounds
// (the nest is rectangular), and the one dependence carried by a loop is the reduction over k into C[i, j],
// whose order for each element no interchange changes (k still runs upwards for each (i, j)).
void Interchange(Stmt* top, const std::vector<std::string>& order) {
  std::vector<Stmt*> nest = PerfectNest(top);
  auto rank = [&](const Stmt* s) { return std::find(order.begin(), order.end(), s->var) - order.begin(); };
  std::vector<std::pair<std::string, long>> named;
  for (Stmt* s : nest) {
    if (rank(s) < static_cast<long>(order.size())) named.emplace_back(s->var, s->extent);
  }
  std::stable_sort(named.begin(), named.end(), [&](const auto& a, const auto& b) {
    return std::find(order.begin(), order.end(), a.first) < std::find(order.begin(), order.end(), b.first);
  });
  size_t next = 0;
  for (Stmt* s : nest) {
    if (rank(s) >= static_cast<long>(order.size())) continue;
    s->var = named[next].first;
    s->extent = named[next].second;
    ++next;
  }
}

// --- fusion ---------------------------------------------------------------------------------------------

// Every access (store or load) below `body`: buffer -> the index tuples, printed.
void Accesses(const ExprP& e, std::map<std::string, std::set<std::string>>* out) {
  if (e->kind == Expr::kLoad) {
    std::string index;
    for (const ExprP& i : e->args) index += PrintExpr(*i) + ";";
    (*out)[e->name].insert(index);
  }
  for (const ExprP& a : e->args) Accesses(a, out);
}

void Accesses(const std::vector<Stmt>& body, std::map<std::string, std::set<std::string>>* out,
              std::set<std::string>* written) {
  for (const Stmt& s : body) {
    if (s.kind == Stmt::kFor) {
      Accesses(s.body, out, written);
      continue;
    }
    std::string index;
    for (const ExprP& i : s.index) {
      index += PrintExpr(*i) + ";";
      Accesses(i, out);
    }
    (*out)[s.buffer].insert(index);
    written->insert(s.buffer);
    Accesses(s.value, out);
  }
}

// Fusing two adjacent loops over the same range is legal when each buffer one of them writes and both
// touch is accessed at one index tuple only, which names the loop's variable: iteration v of the second
// loop then reads just what iteration v of the first wrote (conservative: no dependence analysis needed).
void CheckFusable(const Stmt& a, const Stmt& b) {
  std::map<std::string, std::set<std::string>> in_a, in_b;
  std::set<std::string> written;
  Accesses(a.body, &in_a, &written);
  Accesses(b.body, &in_b, &written);
  for (const std::string& buffer : written) {
    if (!in_a.count(buffer) || !in_b.count(buffer)) continue;
    std::set<std::string> all = in_a[buffer];
    all.insert(in_b[buffer].begin(), in_b[buffer].end());
    if (all.size() != 1 || all.begin()->find(a.var) == std::string::npos) {
      throw std::runtime_error("cannot fuse the loops over " + a.var + ": " + buffer +
                               " is accessed at different places");
    }
  }
}

void Fuse(std::vector<Stmt>* body, int depth) {
  if (depth <= 0) return;
  std::vector<Stmt> fused;
  for (Stmt& s : *body) {
    Stmt* last = fused.empty() ? nullptr : &fused.back();
    if (last && last->kind == Stmt::kFor && s.kind == Stmt::kFor && last->var == s.var && last->extent == s.extent) {
      CheckFusable(*last, s);
      for (Stmt& inner : s.body) last->body.push_back(std::move(inner));
    } else {
      fused.push_back(std::move(s));
    }
  }
  for (Stmt& s : fused) {
    if (s.kind == Stmt::kFor) Fuse(&s.body, depth - 1);
  }
  *body = std::move(fused);
}

// --- memory allocation ----------------------------------------------------------------------------------

// One access of a buffer: its index and the loops around it (by identity: fused loops are one loop).
struct Access {
  std::vector<ExprP> index;
  std::vector<const Stmt*> loops;
};

void FindAccesses(const ExprP& e, const std::string& buffer, const std::vector<const Stmt*>& loops,
                  std::vector<Access>* out) {
  if (e->kind == Expr::kLoad && e->name == buffer) out->push_back({e->args, loops});
  for (const ExprP& a : e->args) FindAccesses(a, buffer, loops, out);
}

void FindAccesses(const std::vector<Stmt>& body, const std::string& buffer, std::vector<const Stmt*>* loops,
                  std::vector<Access>* out) {
  for (const Stmt& s : body) {
    if (s.kind == Stmt::kFor) {
      loops->push_back(&s);
      FindAccesses(s.body, buffer, loops, out);
      loops->pop_back();
      continue;
    }
    if (s.buffer == buffer) out->push_back({s.index, *loops});
    FindAccesses(s.value, buffer, *loops, out);
  }
}

ExprP RewriteLoads(const ExprP& e, const std::string& buffer, const std::map<std::string, ExprP>& values) {
  if (e->args.empty()) return e;
  Expr copy = *e;
  for (ExprP& a : copy.args) a = RewriteLoads(a, buffer, values);
  if (e->kind == Expr::kLoad && e->name == buffer) {
    for (ExprP& i : copy.args) i = Substitute(i, values);
  }
  return std::make_shared<const Expr>(std::move(copy));
}

void RewriteAccesses(std::vector<Stmt>* body, const std::string& buffer, const std::map<std::string, ExprP>& values) {
  for (Stmt& s : *body) {
    if (s.kind == Stmt::kFor) {
      RewriteAccesses(&s.body, buffer, values);
      continue;
    }
    if (s.buffer == buffer) {
      for (ExprP& i : s.index) i = Substitute(i, values);
    }
    s.value = RewriteLoads(s.value, buffer, values);
  }
}

// A temporary whose every access sits inside the same outer loops needs only one tile's worth of memory:
// its index with those loops' variables at 0 is the place inside the tile. Returns false (and leaves the
// kernel alone) when that index is not one inner loop variable per dimension, the same at every access.
bool Localize(Kernel* kernel, Buffer* buffer, long* next_offset) {
  std::vector<const Stmt*> loops;
  std::vector<Access> accesses;
  FindAccesses(kernel->body, buffer->name, &loops, &accesses);
  if (accesses.empty()) return false;
  std::vector<const Stmt*> common = accesses[0].loops;
  for (const Access& a : accesses) {
    size_t n = 0;
    while (n < common.size() && n < a.loops.size() && common[n] == a.loops[n]) ++n;
    common.resize(n);
  }
  std::map<std::string, ExprP> zero;
  for (const Stmt* l : common) zero[l->var] = Int(0);
  std::vector<long> shape;
  std::string tuple;
  for (const Access& a : accesses) {
    std::string this_tuple;
    std::vector<long> this_shape;
    for (const ExprP& i : a.index) {
      ExprP local = Substitute(i, zero);
      if (local->kind != Expr::kVar) return false;
      auto loop = std::find_if(a.loops.begin(), a.loops.end(), [&](const Stmt* l) { return l->var == local->name; });
      if (loop == a.loops.end()) return false;
      this_tuple += local->name + ";";
      this_shape.push_back((*loop)->extent);
    }
    if (!tuple.empty() && (this_tuple != tuple || this_shape != shape)) return false;
    tuple = this_tuple;
    shape = this_shape;
  }
  RewriteAccesses(&kernel->body, buffer->name, zero);
  long bytes = 4;
  for (long d : shape) bytes *= d;
  buffer->shape = shape;
  buffer->space = "local";
  buffer->offset = *next_offset;
  *next_offset += (bytes + 63) / 64 * 64;  // each buffer 64-byte aligned
  return true;
}

}  // namespace

void TileLoops(Kernel* kernel, const std::map<std::string, long>& tiles) { Tile(&kernel->body, tiles); }

void InterchangeLoops(Kernel* kernel, const std::vector<std::string>& order) {
  for (Stmt& s : kernel->body) Interchange(&s, order);
}

void FuseLoops(Kernel* kernel, int depth) { Fuse(&kernel->body, depth); }

void AllocateMemory(Kernel* kernel) {
  long offset = 0;
  for (Buffer& b : kernel->buffers) {
    if (b.role == Buffer::kTemp) Localize(kernel, &b, &offset);
  }
  kernel->local_bytes = offset;
}

}  // namespace tile
