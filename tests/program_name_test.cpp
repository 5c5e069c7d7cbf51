// The program's name in a frontend snapshot and the fallback title (lib/input/program_name.h).
#include <catch2/catch.hpp>

#include <filesystem>

#include "input/program_name.h"
#include "test_util.h"

using irtrace::DumpDirectoryTitle;
using irtrace::ParentDirectoryTitle;
using irtrace::ProgramName;

TEST_CASE("program_name: the PyPTO header in the opening comment block", "[program_name]") {
  CHECK(ProgramName("# pypto.program: Qwen332BTrainingForwardBackward\nimport pypto.language as pl\n", "py") ==
        "Qwen332BTrainingForwardBackward");
  CHECK(ProgramName("\xEF\xBB\xBF# note\n\n#  pypto.program:  Spaced \r\nx = 1\n", "py") == "Spaced");
  CHECK(ProgramName("# pypto.program: T\n", "tir") == "T");
  // After the first statement it is only a comment in the code, not the header.
  CHECK(ProgramName("import x\n# pypto.program: Late\n", "py").empty());
  CHECK(ProgramName("# pypto.program: \n", "py").empty());
  CHECK(ProgramName("# pypto.program: Cut", "py").empty());  // a line the head cuts off is not read
  CHECK(ProgramName("# pypto.program: P\n", "cpp").empty());
}

TEST_CASE("program_name: the MLIR module's symbol", "[program_name]") {
  CHECK(ProgramName("module @m {\n}\n", "mlir") == "m");
  CHECK(ProgramName("// c\n#map = affine_map<(d0) -> (d0)>\n!t = i32\n\nmodule @a.b$c attributes {x} {\n", "mlir") ==
        "a.b$c");
  CHECK(ProgramName("module @\"with space\" {\n", "mlir") == "with space");
  CHECK(ProgramName("\"builtin.module\"() <{sym_name = \"gen\"}> ({\n", "mlir") == "gen");
  CHECK(ProgramName("module {\n}\n", "mlir").empty());
  CHECK(ProgramName("func.func @f() {\n}\nmodule @later {\n}\n", "mlir").empty());  // not the first operation
  CHECK(ProgramName("\"builtin.module\"() ({\n}) {sym_name = \"old\"} : () -> ()\n", "mlir").empty());
}

TEST_CASE("program_name: the fallback is the resolved parent directory", "[program_name]") {
  irtrace::test::TempDir t;
  std::filesystem::create_directories(t / "prog/passes_dump");
  CHECK(ParentDirectoryTitle(t / "prog/passes_dump") == "prog");
  CHECK(ParentDirectoryTitle(t / "prog/passes_dump/") == "prog");
  std::filesystem::create_directory_symlink(t / "prog/passes_dump", t / "link");
  CHECK(ParentDirectoryTitle(t / "link") == "prog");
  CHECK(ParentDirectoryTitle("/") == "/");
}

TEST_CASE("program_name: a recording library's run (<name>/.runs/run_*) is titled by <name>", "[program_name]") {
  irtrace::test::TempDir t;
  std::filesystem::create_directories(t / "softmax/.runs/run_1");
  CHECK(ParentDirectoryTitle(t / "softmax/.runs/run_1") == "softmax");
  CHECK(ParentDirectoryTitle(t / "softmax/.runs/run_1/.") == "softmax");
}

// dumps/softmax and dumps/matmul were both titled "dumps": only the generic passes_dump takes its parent's.
TEST_CASE("program_name: a dump directory is titled by its own name, passes_dump by its parent's", "[program_name]") {
  irtrace::test::TempDir t;
  std::filesystem::create_directories(t / "dumps/softmax");
  std::filesystem::create_directories(t / "dumps/matmul");
  std::filesystem::create_directories(t / "prog/passes_dump");
  std::filesystem::create_directories(t / "softmax/.runs/run_1");
  CHECK(DumpDirectoryTitle(t / "dumps/softmax") == "softmax");
  CHECK(DumpDirectoryTitle(t / "dumps/matmul/") == "matmul");
  CHECK(DumpDirectoryTitle(t / "dumps/matmul/.") == "matmul");
  CHECK(DumpDirectoryTitle(t / "prog/passes_dump") == "prog");
  CHECK(DumpDirectoryTitle(t / "prog/passes_dump/") == "prog");
  CHECK(DumpDirectoryTitle(t / "softmax/.runs/run_1") == "softmax");
  std::filesystem::create_directory_symlink(t / "dumps/softmax", t / "link");
  CHECK(DumpDirectoryTitle(t / "link") == "softmax");  // resolved
  CHECK(DumpDirectoryTitle("/") == "/");
}
