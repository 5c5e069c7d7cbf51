// A tiny tile IR of the example's own: a kernel is buffers and loop nests of stores. Small on purpose, but
// the passes over it are real (passes.cpp), the C++ it lowers to compiles and runs (codegen.cpp), and an
// interpreter gives the reference result the compiled kernel is checked against.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tile {

struct Expr;
using ExprP = std::shared_ptr<const Expr>;

// An expression: integer index arithmetic (kInt, kVar, kAdd, kMul) or float values (kFloat, kLoad, kAdd,
// kMul, kMax).
struct Expr {
  enum Kind { kInt, kFloat, kVar, kAdd, kMul, kMax, kLoad } kind;
  long ivalue = 0;           // kInt
  float fvalue = 0;          // kFloat
  std::string name;          // kVar: the loop variable; kLoad: the buffer
  std::vector<ExprP> args;   // kAdd, kMul, kMax: two operands; kLoad: one index per dimension
};

ExprP Int(long v);
ExprP Float(float v);
ExprP Var(const std::string& name);
ExprP Add(ExprP a, ExprP b);
ExprP Mul(ExprP a, ExprP b);
ExprP Max(ExprP a, ExprP b);
ExprP Load(const std::string& buffer, std::vector<ExprP> index);

// A statement: a counted loop `for var in range(extent)` or a store `buffer[index] = value`.
struct Stmt {
  enum Kind { kFor, kStore } kind;
  std::string var;               // kFor
  long extent = 0;               // kFor
  std::vector<Stmt> body;        // kFor
  std::string buffer;            // kStore
  std::vector<ExprP> index;      // kStore
  ExprP value;                   // kStore
};

Stmt For(const std::string& var, long extent, std::vector<Stmt> body);
Stmt Store(const std::string& buffer, std::vector<ExprP> index, ExprP value);

// A buffer: a kernel parameter (in or out) or a temporary the kernel allocates.
struct Buffer {
  enum Role { kIn, kOut, kTemp } role;
  std::string name;
  std::vector<long> shape;
  std::string space = "global";  // "local" once AllocateMemory placed it in the tile's scratch memory
  long offset = -1;              // bytes into local memory (AllocateMemory), -1 for global
  int fill_mod = 1, fill_bias = 0;  // kIn: the test input is (n % fill_mod) - fill_bias, n the flat index
};

struct Kernel {
  std::string name;
  std::vector<Buffer> buffers;
  std::vector<Stmt> body;
  long local_bytes = 0;  // the local memory AllocateMemory laid out

  const Buffer* Find(const std::string& name) const;
};

// The kernel the example compiles: D = relu(A @ B + bias), with the product C a temporary, M x N x K.
Kernel MatmulBiasRelu(long m, long n, long k);

// The kernel as Python-like text (one `def`, loops as `for v in range(n):`), what the dump records.
std::string Print(const Kernel& kernel);
std::string PrintExpr(const Expr& e);

// Runs the kernel on its test inputs (Buffer::fill_*) and returns the sum of every output element.
double Interpret(const Kernel& kernel);

// Every expression with each variable of `values` replaced by its value, then folded (0 * x, x + 0, ...).
ExprP Substitute(const ExprP& e, const std::map<std::string, ExprP>& values);
void SubstituteAll(std::vector<Stmt>* body, const std::map<std::string, ExprP>& values);

// The passes (passes.cpp). Each takes the kernel and changes it in place; each throws std::runtime_error
// when its precondition does not hold (a tile that does not divide the extent, an illegal fusion).
void TileLoops(Kernel* kernel, const std::map<std::string, long>& tiles);      // v -> v0 * T + v1
void InterchangeLoops(Kernel* kernel, const std::vector<std::string>& order);  // each perfect nest's order
void FuseLoops(Kernel* kernel, int depth);                                     // adjacent equal loops
void AllocateMemory(Kernel* kernel);                                           // temporaries into local

// Code generation (codegen.cpp): the device kernel as a C++ function, and the host program that fills the
// inputs, calls it and prints "checksum <sum of the outputs>".
std::string DeviceSource(const Kernel& kernel);
std::string HostSource(const Kernel& kernel);

}  // namespace tile
