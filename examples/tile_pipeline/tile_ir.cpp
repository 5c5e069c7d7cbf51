#include "tile_ir.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace tile {
namespace {

ExprP Make(Expr e) { return std::make_shared<const Expr>(std::move(e)); }

bool IsInt(const ExprP& e, long v) { return e->kind == Expr::kInt && e->ivalue == v; }

std::string FloatText(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", static_cast<double>(v));
  return buf;
}

void PrintBody(const std::vector<Stmt>& body, int depth, std::string* out) {
  std::string indent(static_cast<size_t>(depth) * 4, ' ');
  for (const Stmt& s : body) {
    if (s.kind == Stmt::kFor) {
      *out += indent + "for " + s.var + " in range(" + std::to_string(s.extent) + "):\n";
      PrintBody(s.body, depth + 1, out);
    } else {
      std::string index;
      for (const ExprP& i : s.index) index += (index.empty() ? "" : ", ") + PrintExpr(*i);
      *out += indent + s.buffer + "[" + index + "] = " + PrintExpr(*s.value) + "\n";
    }
  }
}

// The interpreter's state: each buffer's elements (row-major) and each loop variable's value.
struct Machine {
  const Kernel& kernel;
  std::map<std::string, std::vector<float>> memory;
  std::map<std::string, long> vars;

  long Flat(const std::string& buffer, const std::vector<ExprP>& index) {
    const Buffer* b = kernel.Find(buffer);
    long flat = 0;
    for (size_t d = 0; d < index.size(); ++d) {
      long i = static_cast<long>(Eval(*index[d]));
      if (i < 0 || i >= b->shape[d]) throw std::runtime_error("index out of range in " + buffer);
      flat = flat * b->shape[d] + i;
    }
    return flat;
  }

  double Eval(const Expr& e) {
    switch (e.kind) {
      case Expr::kInt: return static_cast<double>(e.ivalue);
      case Expr::kFloat: return e.fvalue;
      case Expr::kVar: return static_cast<double>(vars.at(e.name));
      case Expr::kAdd: return Eval(*e.args[0]) + Eval(*e.args[1]);
      case Expr::kMul: return Eval(*e.args[0]) * Eval(*e.args[1]);
      case Expr::kMax: return std::max(Eval(*e.args[0]), Eval(*e.args[1]));
      case Expr::kLoad: return memory[e.name][static_cast<size_t>(Flat(e.name, e.args))];
    }
    return 0;
  }

  void Run(const std::vector<Stmt>& body) {
    for (const Stmt& s : body) {
      if (s.kind == Stmt::kFor) {
        for (long i = 0; i < s.extent; ++i) {
          vars[s.var] = i;
          Run(s.body);
        }
      } else {
        float v = static_cast<float>(Eval(*s.value));  // as the kernel stores it: a float
        memory[s.buffer][static_cast<size_t>(Flat(s.buffer, s.index))] = v;
      }
    }
  }
};

}  // namespace

ExprP Int(long v) { return Make({Expr::kInt, v, 0, "", {}}); }
ExprP Float(float v) { return Make({Expr::kFloat, 0, v, "", {}}); }
ExprP Var(const std::string& name) { return Make({Expr::kVar, 0, 0, name, {}}); }
ExprP Add(ExprP a, ExprP b) { return Make({Expr::kAdd, 0, 0, "", {std::move(a), std::move(b)}}); }
ExprP Mul(ExprP a, ExprP b) { return Make({Expr::kMul, 0, 0, "", {std::move(a), std::move(b)}}); }
ExprP Max(ExprP a, ExprP b) { return Make({Expr::kMax, 0, 0, "", {std::move(a), std::move(b)}}); }
ExprP Load(const std::string& buffer, std::vector<ExprP> index) {
  return Make({Expr::kLoad, 0, 0, buffer, std::move(index)});
}

Stmt For(const std::string& var, long extent, std::vector<Stmt> body) {
  Stmt s{Stmt::kFor, var, extent, std::move(body), "", {}, nullptr};
  return s;
}

Stmt Store(const std::string& buffer, std::vector<ExprP> index, ExprP value) {
  Stmt s{Stmt::kStore, "", 0, {}, buffer, std::move(index), std::move(value)};
  return s;
}

const Buffer* Kernel::Find(const std::string& name) const {
  for (const Buffer& b : buffers) {
    if (b.name == name) return &b;
  }
  throw std::runtime_error("no buffer " + name);
}

Kernel MatmulBiasRelu(long m, long n, long k) {
  Kernel kernel;
  kernel.name = "matmul_bias_relu";
  kernel.buffers = {{Buffer::kIn, "A", {m, k}, "global", -1, 7, 3},
                    {Buffer::kIn, "B", {k, n}, "global", -1, 5, 2},
                    {Buffer::kIn, "bias", {n}, "global", -1, 9, 4},
                    {Buffer::kOut, "D", {m, n}, "global", -1, 1, 0},
                    {Buffer::kTemp, "C", {m, n}, "global", -1, 1, 0}};
  ExprP i = Var("i"), j = Var("j"), kk = Var("k");
  kernel.body = {
      For("i", m, {For("j", n, {Store("C", {i, j}, Float(0))})}),
      For("i", m,
          {For("j", n,
               {For("k", k,
                    {Store("C", {i, j}, Add(Load("C", {i, j}), Mul(Load("A", {i, kk}), Load("B", {kk, j}))))})})}),
      For("i", m, {For("j", n, {Store("D", {i, j}, Max(Add(Load("C", {i, j}), Load("bias", {j})), Float(0)))})}),
  };
  return kernel;
}

std::string PrintExpr(const Expr& e) {
  switch (e.kind) {
    case Expr::kInt: return std::to_string(e.ivalue);
    case Expr::kFloat: return FloatText(e.fvalue);
    case Expr::kVar: return e.name;
    case Expr::kAdd: return PrintExpr(*e.args[0]) + " + " + PrintExpr(*e.args[1]);
    case Expr::kMul: {
      // Parenthesise a sum inside a product; a product inside a sum needs none.
      auto operand = [](const Expr& a) { return a.kind == Expr::kAdd ? "(" + PrintExpr(a) + ")" : PrintExpr(a); };
      return operand(*e.args[0]) + " * " + operand(*e.args[1]);
    }
    case Expr::kMax: return "max(" + PrintExpr(*e.args[0]) + ", " + PrintExpr(*e.args[1]) + ")";
    case Expr::kLoad: {
      std::string index;
      for (const ExprP& i : e.args) index += (index.empty() ? "" : ", ") + PrintExpr(*i);
      return e.name + "[" + index + "]";
    }
  }
  return "?";
}

std::string Print(const Kernel& kernel) {
  std::string params, temps;
  for (const Buffer& b : kernel.buffers) {
    std::string shape;
    for (long d : b.shape) shape += (shape.empty() ? "" : ", ") + std::to_string(d);
    std::string type = "f32[" + shape + "]";
    if (b.role == Buffer::kTemp) {
      std::string place = b.space == "local" ? "local, offset=" + std::to_string(b.offset) : b.space;
      temps += "    " + b.name + " = alloc(" + type + ", " + place + ")\n";
    } else {
      params += (params.empty() ? "" : ", ") + b.name + ": " + type + (b.role == Buffer::kIn ? " in" : " out");
    }
  }
  std::string out = "def " + kernel.name + "(" + params + "):\n";
  if (kernel.local_bytes > 0) out += "    # local memory: " + std::to_string(kernel.local_bytes) + " bytes\n";
  out += temps;
  PrintBody(kernel.body, 1, &out);
  return out;
}

double Interpret(const Kernel& kernel) {
  Machine m{kernel, {}, {}};
  for (const Buffer& b : kernel.buffers) {
    long size = 1;
    for (long d : b.shape) size *= d;
    std::vector<float>& data = m.memory[b.name];
    data.resize(static_cast<size_t>(size));
    if (b.role == Buffer::kIn) {
      for (long n = 0; n < size; ++n) data[static_cast<size_t>(n)] = static_cast<float>(n % b.fill_mod - b.fill_bias);
    }
  }
  m.Run(kernel.body);
  double sum = 0;
  for (const Buffer& b : kernel.buffers) {
    if (b.role == Buffer::kOut) {
      for (float v : m.memory[b.name]) sum += v;
    }
  }
  return sum;
}

ExprP Substitute(const ExprP& e, const std::map<std::string, ExprP>& values) {
  if (e->kind == Expr::kVar) {
    auto it = values.find(e->name);
    return it == values.end() ? e : it->second;
  }
  if (e->args.empty()) return e;
  std::vector<ExprP> args;
  for (const ExprP& a : e->args) args.push_back(Substitute(a, values));
  if (e->kind == Expr::kMul && (IsInt(args[0], 0) || IsInt(args[1], 0))) return Int(0);
  if (e->kind == Expr::kMul && IsInt(args[0], 1)) return args[1];
  if (e->kind == Expr::kMul && IsInt(args[1], 1)) return args[0];
  if (e->kind == Expr::kAdd && IsInt(args[0], 0)) return args[1];
  if (e->kind == Expr::kAdd && IsInt(args[1], 0)) return args[0];
  Expr copy = *e;
  copy.args = std::move(args);
  return Make(std::move(copy));
}

void SubstituteAll(std::vector<Stmt>* body, const std::map<std::string, ExprP>& values) {
  for (Stmt& s : *body) {
    if (s.kind == Stmt::kFor) {
      SubstituteAll(&s.body, values);
    } else {
      for (ExprP& i : s.index) i = Substitute(i, values);
      s.value = Substitute(s.value, values);
    }
  }
}

}  // namespace tile
