// The dump contract (lib/dump_dir.h): every validation error with its exit class and message, and what
// a valid dump lists (numbering, names, extensions, logs, leftovers, codegen).
#include "input/dump_dir.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <sys/stat.h>
#include <vector>

#include "test_util.h"
#include "util/error.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::TempDir;
using test::WriteDump;
using test::WriteFile;

// The message of the Error ListDump throws for `dir`; FAILs when it does not throw one of kInput class
// about `place` (errors about the dump name files inside it; those about a --codegen DIR name it as given).
std::string ListError(const std::string& dir, const std::vector<std::string>& codegen = {},
                      ErrorPlace place = ErrorPlace::kInInput) {
  try {
    ListDump(dir, codegen);
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kInput);
    CHECK(e.place() == place);
    return e.what();
  }
  FAIL("ListDump did not throw for " << dir);
  return "";
}

std::vector<std::string> PassNames(const DumpListing& l) {
  std::vector<std::string> out;
  for (const DumpPass& p : l.passes) out.push_back(p.file.name);
  return out;
}

TEST_CASE("dump_dir: a minimal dump lists frontend and passes in order", "[dump_dir]") {
  TempDir t;
  std::string dump = t / "passes_dump";
  WriteDump(dump, {"00_frontend.py", "01_after_A.py", "02_after_B.py"});
  DumpListing l = ListDump(dump, {});
  CHECK(l.title == fs::path(t.path()).filename().string());  // no program name: the parent directory
  CHECK(l.frontend.name == "00_frontend.py");
  CHECK(l.frontend.extension == "py");
  CHECK(l.frontend.path == dump + "/00_frontend.py");
  CHECK(l.frontend.log_name.empty());
  REQUIRE(l.passes.size() == 2);
  CHECK(l.passes[0].number == 1);
  CHECK(l.passes[0].pass_name == "A");
  CHECK(l.passes[0].file.name == "01_after_A.py");
  CHECK(l.passes[0].file.path == dump + "/01_after_A.py");
  CHECK(l.passes[1].number == 2);
  CHECK(l.passes[1].pass_name == "B");
  CHECK(l.codegen.empty());
  CHECK(l.ignored.empty());
}

TEST_CASE("dump_dir: without a program name the title is the parent directory, whatever the spelling", "[dump_dir]") {
  TempDir t;
  std::string dump = t / "k3/passes_dump";
  WriteDump(dump, {"00_frontend.py", "01_after_A.py"});
  CHECK(ListDump(dump + "/", {}).title == "k3");
  CHECK(ListDump(dump + "/.", {}).title == "k3");
  CHECK(ListDump(t / "k3/passes_dump/../passes_dump", {}).title == "k3");
  CHECK(ListDump(t / "./k3//passes_dump//", {}).title == "k3");
  fs::create_directory_symlink(dump, t / "linked_dump");
  CHECK(ListDump(t / "linked_dump", {}).title == "k3");  // resolved: a link gives the same title
  fs::path old = fs::current_path();
  fs::current_path(dump);
  std::string dot_title = ListDump(".", {}).title;
  std::string rel_title = ListDump("../passes_dump", {}).title;
  fs::current_path(old);
  CHECK(dot_title == "k3");
  CHECK(rel_title == "k3");
}

TEST_CASE("dump_dir: without a program name a dump not named passes_dump is titled by its own name", "[dump_dir]") {
  TempDir t;
  WriteDump(t / "dumps/softmax", {"00_frontend.py", "01_after_A.py"});
  WriteDump(t / "dumps/matmul", {"00_frontend.py", "01_after_A.py"});
  CHECK(ListDump(t / "dumps/softmax", {}).title == "softmax");
  CHECK(ListDump(t / "dumps/matmul/", {}).title == "matmul");
}

TEST_CASE("dump_dir: the title is the program's name where the frontend states it", "[dump_dir]") {
  TempDir t;
  std::string dump = t / "k3/passes_dump";
  WriteFile(dump + "/00_frontend.py", "# pypto.program: TileSoftmax\nimport pypto.language as pl\n");
  WriteFile(dump + "/01_after_A.py", "x\n");
  CHECK(ListDump(dump, {}).title == "TileSoftmax");
  std::string mlir = t / "m/passes_dump";
  WriteFile(mlir + "/00_frontend.mlir", "#map = affine_map<(d0) -> (d0)>\nmodule @softmax_mod {\n}\n");
  WriteFile(mlir + "/01_after_A.mlir", "module {\n}\n");
  CHECK(ListDump(mlir, {}).title == "softmax_mod");
}

TEST_CASE("dump_dir: missing frontend names 00_frontend", "[dump_dir][error]") {
  TempDir t;
  WriteDump(t.path(), {"01_after_A.py"});
  std::string msg = ListError(t.path());
  CHECK_THAT(msg, Catch::Contains("00_frontend"));
  CHECK_THAT(msg, Catch::Contains("no frontend"));
}

TEST_CASE("dump_dir: two frontends are an error naming both", "[dump_dir][error]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "0_frontend.mlir", "01_after_A.py"});
  std::string msg = ListError(t.path());
  CHECK_THAT(msg, Catch::Contains("'00_frontend.py'"));
  CHECK_THAT(msg, Catch::Contains("'0_frontend.mlir'"));
}

TEST_CASE("dump_dir: a gap names the missing number and its neighbours", "[dump_dir][error]") {
  TempDir t;
  SECTION("in the middle") {
    WriteDump(t.path(), {"00_frontend.py", "01_after_A.py", "02_after_B.py", "04_after_D.py", "05_after_E.py"});
    CHECK(ListError(t.path()) == "pass 3 is missing (between '02_after_B.py' and '04_after_D.py')");
  }
  SECTION("at the start") {
    WriteDump(t.path(), {"00_frontend.py", "02_after_B.py"});
    CHECK(ListError(t.path()) == "pass 1 is missing (between '00_frontend.py' and '02_after_B.py')");
  }
  SECTION("numbers of different widths") {
    WriteDump(t.path(), {"00_frontend.py", "1_after_A.py", "003_after_C.py"});
    CHECK(ListError(t.path()) == "pass 2 is missing (between '1_after_A.py' and '003_after_C.py')");
  }
  SECTION("a huge number") {
    WriteDump(t.path(), {"00_frontend.py", "01_after_A.py", "99999999999999999999999_after_Z.py"});
    std::string msg = ListError(t.path());
    CHECK_THAT(msg, Catch::StartsWith("pass 2 is missing (between '01_after_A.py' and '"));
    CHECK_THAT(msg, Catch::Contains("99999999999999999999999_after_Z.py"));
  }
  SECTION("30-digit numbers are distinct and in numeric order") {
    WriteDump(t.path(), {"00_frontend.py", "1_after_A.py", "200000000000000000000000000000_after_C.py",
                         "100000000000000000000000000001_after_B.py", "100000000000000000000000000002_after_D.py"});
    CHECK(ListError(t.path()) ==
          "pass 2 is missing (between '1_after_A.py' and '100000000000000000000000000001_after_B.py')");
  }
  SECTION("a 30-digit number after the last pass") {
    WriteDump(t.path(), {"00_frontend.py", "1_after_A.py", "2_after_B.py", "000000000000000000000000000003_after_C.py",
                         "4294967300_after_D.py"});
    CHECK(ListError(t.path()) ==
          "pass 4 is missing (between '000000000000000000000000000003_after_C.py' and "
          "'4294967300_after_D.py')");
  }
}

TEST_CASE("dump_dir: two files with one number name both", "[dump_dir][error]") {
  TempDir t;
  SECTION("different widths") {
    WriteDump(t.path(), {"00_frontend.py", "01_after_A.py", "1_after_B.py"});
    CHECK(ListError(t.path()) == "pass 1 appears twice: '01_after_A.py' and '1_after_B.py'");
    WriteDump(t.path(), {"000000000000000000000000000001_after_C.py"});
    CHECK(ListError(t.path()) ==
          "pass 1 appears twice: '000000000000000000000000000001_after_C.py' and '01_after_A.py'");
  }
  SECTION("different extensions") {
    WriteDump(t.path(), {"00_frontend.py", "01_after_A.py", "02_after_B.py", "02_after_B.mlir"});
    CHECK(ListError(t.path()) == "pass 2 appears twice: '02_after_B.mlir' and '02_after_B.py'");
  }
}

TEST_CASE("dump_dir: 00_after_X is an error naming it", "[dump_dir][error]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "00_after_X.py", "01_after_A.py"});
  std::string msg = ListError(t.path());
  CHECK_THAT(msg, Catch::Contains("'00_after_X.py'"));
  CHECK_THAT(msg, Catch::Contains("start at 1"));
}

TEST_CASE("dump_dir: a dump without passes is an error", "[dump_dir][error]") {
  TempDir t;
  std::string dump = t / "only_frontend";
  WriteDump(dump, {"00_frontend.py", "00_frontend.log"});
  CHECK(ListError(dump) == "no pass snapshot (NN_after_<Pass>.<ext>)");  // the printer names the dump
}

TEST_CASE("dump_dir: a malformed numbered name is an error naming it", "[dump_dir][error]") {
  TempDir t;
  std::vector<std::string> bad = {"02_B.py", "01_after_A", "03_afterC.py", "7_.py", "01_after_.py"};
  for (const std::string& name : bad) {
    TempDir d;
    WriteDump(d.path(), {"00_frontend.py", "01_after_A.py", name});
    std::string msg = ListError(d.path());
    INFO(name);
    CHECK_THAT(msg, Catch::StartsWith("'" + name + "': malformed snapshot name"));
  }
}

TEST_CASE("dump_dir: a snapshot that is a directory is an error naming it", "[dump_dir][error]") {
  TempDir t;
  SECTION("pass") {
    WriteDump(t.path(), {"00_frontend.py", "01_after_A.py"});
    fs::create_directory(t / "02_after_B.py");
    CHECK(ListError(t.path()) == "snapshot '02_after_B.py' is a directory");
  }
  SECTION("frontend") {
    WriteDump(t.path(), {"01_after_A.py"});
    fs::create_directory(t / "00_frontend.py");
    CHECK(ListError(t.path()) == "snapshot '00_frontend.py' is a directory");
  }
}

TEST_CASE("dump_dir: a snapshot that is a FIFO is an error naming it", "[dump_dir][error]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "01_after_A.py"});
  REQUIRE(::mkfifo((t / "02_after_B.py").c_str(), 0600) == 0);
  CHECK(ListError(t.path()) == "snapshot '02_after_B.py' is not a regular file");
}

TEST_CASE("dump_dir: a .log that is not a regular file is ignored, never read", "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "01_after_A.py"});
  fs::create_directory(t / "01_after_A.log");
  DumpListing l = ListDump(t.path(), {});
  CHECK(l.passes[0].file.log_name.empty());
  CHECK(l.ignored == std::vector<std::string>{"01_after_A.log/"});
  REQUIRE(::mkfifo((t / "00_frontend.log").c_str(), 0600) == 0);
  fs::create_symlink(t / "nowhere", t / "xx_after_Q.log");                // not even a pass name
  fs::create_symlink(t / "nowhere.log", t / "02_after_Crashed.log");      // dangling, at N+1
  REQUIRE(::mkfifo((t / "07_after_Orphan.log").c_str(), 0600) == 0);
  l = ListDump(t.path(), {});
  CHECK(l.frontend.log_name.empty());
  CHECK_FALSE(l.crashed);  // a log that cannot be read is not a crashed pass
  CHECK(l.ignored == std::vector<std::string>{"00_frontend.log (not a regular file)", "01_after_A.log/",
                                              "02_after_Crashed.log (a dangling symbolic link)",
                                              "07_after_Orphan.log (not a regular file)", "xx_after_Q.log"});
}

// A pass's log that is a dangling link was only a -v line: its warnings vanished without a word.
TEST_CASE("dump_dir: a snapshot's .log that is a dangling link is its warning", "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "01_after_A.py", "02_after_B.py"});
  fs::create_symlink("../gone/02.log", t / "02_after_B.log");
  fs::create_symlink("nowhere.log", t / "00_frontend.log");
  DumpListing l = ListDump(t.path(), {});
  CHECK(l.passes[0].file.log_warning.empty());
  CHECK(l.passes[1].file.log_warning == "its log is a dangling link: 02_after_B.log -> ../gone/02.log");
  CHECK(l.passes[1].file.log_name.empty());  // never read
  CHECK(l.frontend.log_warning == "its log is a dangling link: 00_frontend.log -> nowhere.log");
  CHECK(l.ignored.empty());
}

TEST_CASE("dump_dir: a .log numbered one past the last snapshot is the pass that crashed", "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "01_after_A.py", "02_after_B.py", "04_after_Later.log"});
  WriteFile(t / "03_after_AllocateMemoryAddr.log", "");  // empty: still the crashed pass
  DumpListing l = ListDump(t.path(), {});
  REQUIRE(l.passes.size() == 2);
  REQUIRE(l.crashed);
  CHECK(l.crashed->number == 3);
  CHECK(l.crashed->pass_name == "AllocateMemoryAddr");
  CHECK(l.crashed->file.name.empty());
  CHECK(l.crashed->file.log_name == "03_after_AllocateMemoryAddr.log");
  CHECK(l.crashed->file.log_path == t / "03_after_AllocateMemoryAddr.log");
  CHECK(l.ignored == std::vector<std::string>{"04_after_Later.log"});  // not N+1: an orphan as before

  SECTION("at any width") {
    TempDir w;
    WriteDump(w.path(),
              {"000_frontend.ll", "009_after_A.ll", "1_after_B.ll", "2_after_C.ll", "3_after_D.ll", "4_after_E.ll",
               "5_after_F.ll", "6_after_G.ll", "7_after_H.ll", "8_after_I.ll", "0010_after_Crash.log"});
    DumpListing lw = ListDump(w.path(), {});
    REQUIRE(lw.crashed);
    CHECK(lw.crashed->number == 10);
  }
  SECTION("the first pass may crash: a dump of the frontend and one log") {
    TempDir f;
    WriteDump(f.path(), {"00_frontend.py", "01_after_Parse.log"});
    DumpListing lf = ListDump(f.path(), {});
    CHECK(lf.passes.empty());
    REQUIRE(lf.crashed);
    CHECK(lf.crashed->number == 1);
  }
  SECTION("two logs numbered N+1 are an error naming both") {
    WriteFile(t / "03_after_Other.log", "error: x\n");
    std::string msg = ListError(t.path());
    CHECK_THAT(msg, Catch::Contains("'03_after_AllocateMemoryAddr.log'"));
    CHECK_THAT(msg, Catch::Contains("'03_after_Other.log'"));
  }
}

TEST_CASE("dump_dir: a codegen file that is a FIFO is an error naming it", "[dump_dir][error]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "01_after_A.py"});
  REQUIRE(::mkfifo((t / "codegen_device_k.cpp").c_str(), 0600) == 0);
  CHECK(ListError(t.path()) == "snapshot 'codegen_device_k.cpp' is not a regular file");
}

// The real cause, never a blanket "does not exist" (the printer puts the dump's path first).
TEST_CASE("dump_dir: the dump path must be an existing directory - the error says why not", "[dump_dir][error]") {
  TempDir t;
  SECTION("does not exist") { CHECK(ListError(t / "nowhere") == "cannot read the dump: No such file or directory"); }
  SECTION("is a file") {
    WriteFile(t / "file.py", "x\n");
    CHECK(ListError(t / "file.py") == "the dump is not a directory");
  }
  SECTION("a dangling symbolic link") {
    fs::create_symlink("nowhere", t / "link");
    CHECK(ListError(t / "link") == "the dump is a dangling symbolic link");
  }
  SECTION("a loop of symbolic links") {
    fs::create_symlink("loop", t / "loop");
    CHECK(ListError(t / "loop") == "cannot read the dump: Too many levels of symbolic links");
  }
  SECTION("inside a file") {
    WriteFile(t / "file.py", "x\n");
    CHECK(ListError(t / "file.py/dump") == "cannot read the dump: Not a directory");
  }
}

TEST_CASE("dump_dir: numbers of any width sort numerically", "[dump_dir]") {
  TempDir t;
  std::vector<std::string> names = {"00_frontend.py"};
  for (int k = 1; k <= 100; ++k) {
    std::string num = std::to_string(k);
    if (k == 7) num = "007";
    else if (k < 10 && k % 2 == 0) num = "0" + num;
    names.push_back(num + "_after_P" + std::to_string(k) + ".py");
  }
  WriteDump(t.path(), names);
  DumpListing l = ListDump(t.path(), {});
  REQUIRE(l.passes.size() == 100);
  for (size_t k = 0; k < 100; ++k) {
    CHECK(l.passes[k].number == k + 1);
    CHECK(l.passes[k].pass_name == "P" + std::to_string(k + 1));
  }
  CHECK(l.passes[0].file.name == "1_after_P1.py");
  CHECK(l.passes[1].file.name == "02_after_P2.py");
  CHECK(l.passes[6].file.name == "007_after_P7.py");
  CHECK(l.passes[9].file.name == "10_after_P10.py");
  CHECK(l.passes[99].file.name == "100_after_P100.py");
}

TEST_CASE("dump_dir: the frontend may have any number of zeros", "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(), {"000_frontend.mlir", "1_after_A.mlir"});
  DumpListing l = ListDump(t.path(), {});
  CHECK(l.frontend.name == "000_frontend.mlir");
  CHECK(l.frontend.extension == "mlir");
}

TEST_CASE("dump_dir: pass names keep spaces markup characters and dots", "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "01_after_Loop Unroll.py", "02_after_<img src=x>&amp.py", "03_after_a.b.c.py",
                       "04_after__after_x.py"});
  DumpListing l = ListDump(t.path(), {});
  REQUIRE(l.passes.size() == 4);
  CHECK(l.passes[0].pass_name == "Loop Unroll");
  CHECK(l.passes[1].pass_name == "<img src=x>&amp");
  CHECK(l.passes[2].pass_name == "a.b.c");
  CHECK(l.passes[2].file.extension == "py");
  CHECK(l.passes[3].pass_name == "_after_x");
}

TEST_CASE("dump_dir: pass names may hold newlines and carriage returns", "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "01_after_A\nB.py", "02_after_C\rD.log", "02_after_C\rD.py"});
  DumpListing l = ListDump(t.path(), {});
  REQUIRE(l.passes.size() == 2);
  CHECK(l.passes[0].pass_name == "A\nB");
  CHECK(l.passes[1].pass_name == "C\rD");
  CHECK(l.passes[1].file.log_name == "02_after_C\rD.log");
}

TEST_CASE("dump_dir: the extension may differ per snapshot", "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(),
            {"00_frontend.py", "01_after_A.py", "02_after_Lower.mlir", "03_after_ToLLVM.ll", "04_after_Emit.txt"});
  DumpListing l = ListDump(t.path(), {});
  REQUIRE(l.passes.size() == 4);
  CHECK(l.passes[0].file.extension == "py");
  CHECK(l.passes[1].file.extension == "mlir");
  CHECK(l.passes[2].file.extension == "ll");
  CHECK(l.passes[3].file.extension == "txt");
}

TEST_CASE("dump_dir: .log files attach to their snapshot - orphans are ignored", "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "00_frontend.log", "01_after_A.py", "02_after_B.py", "02_after_B.log",
                       "04_after_C.log", "5_after_E.log", "00_after_Z.log", "1_after_A.log.bak"});
  DumpListing l = ListDump(t.path(), {});
  CHECK(l.frontend.log_name == "00_frontend.log");
  CHECK(l.frontend.log_path == t / "00_frontend.log");
  REQUIRE(l.passes.size() == 2);
  CHECK(l.passes[0].file.log_name.empty());
  CHECK(l.passes[0].file.log_path.empty());
  CHECK(l.passes[1].file.log_name == "02_after_B.log");
  CHECK(l.passes[1].file.log_path == t / "02_after_B.log");
  CHECK_FALSE(l.crashed);
  CHECK(l.ignored ==
        std::vector<std::string>{"00_after_Z.log", "04_after_C.log", "1_after_A.log.bak", "5_after_E.log"});
}

TEST_CASE("dump_dir: editor leftovers dot-files and subdirectories are ignored", "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "01_after_A.py", "01_after_A.py~", ".01_after_A.py.swp", "02_B.py.orig",
                       "02_after_B.py.bak", ".hidden", "notes.txt", "README"});
  fs::create_directories(t / "subdir/inner");
  fs::create_directory(t / "03_after_C");
  DumpListing l = ListDump(t.path(), {});
  CHECK(PassNames(l) == std::vector<std::string>{"01_after_A.py"});
  CHECK(l.ignored == std::vector<std::string>{".01_after_A.py.swp", ".hidden", "01_after_A.py~", "02_B.py.orig",
                                              "02_after_B.py.bak", "03_after_C/", "README", "notes.txt", "subdir/"});
}

// A compiler that writes NN_after_X.py.tmp and renames it may leave the temporary beside the snapshot
// (killed between the two): before, "pass 1 appears twice".
TEST_CASE("dump_dir: a write-then-rename's leftovers are ignored, not a second snapshot", "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "01_after_A.py", "01_after_A.py.tmp", "01_after_A.py.tmp.4711",
                       "02_after_B.py", "02_after_B.py.part", "02_after_B.py.partial", "02_after_B.py.new",
                       "03_after_C.tmp", "01_after_A.log.tmp"});
  DumpListing l = ListDump(t.path(), {});
  CHECK(PassNames(l) == std::vector<std::string>{"01_after_A.py", "02_after_B.py"});
  CHECK(l.passes[0].file.log_name.empty());
  CHECK(l.ignored == std::vector<std::string>{"01_after_A.log.tmp", "01_after_A.py.tmp", "01_after_A.py.tmp.4711",
                                              "02_after_B.py.new", "02_after_B.py.part", "02_after_B.py.partial",
                                              "03_after_C.tmp"});
}

TEST_CASE("dump_dir: codegen_device and codegen_host files are listed sorted by name", "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "01_after_A.py", "codegen_host.cpp", "codegen_device_k1.cu",
                       "codegen_device_k0.pto", "codegen_host_main.h", "codegen_device.txt", "codegen_other.cpp"});
  DumpListing l = ListDump(t.path(), {});
  REQUIRE(l.codegen.size() == 4);
  CHECK(l.codegen[0].role == CodegenRole::kDevice);
  CHECK(l.codegen[0].file.name == "codegen_device_k0.pto");
  CHECK(l.codegen[0].file.extension == "pto");
  CHECK(l.codegen[0].file.path == t / "codegen_device_k0.pto");
  CHECK(l.codegen[1].role == CodegenRole::kDevice);
  CHECK(l.codegen[1].file.name == "codegen_device_k1.cu");
  CHECK(l.codegen[2].role == CodegenRole::kHost);
  CHECK(l.codegen[2].file.name == "codegen_host.cpp");
  CHECK(l.codegen[3].role == CodegenRole::kHost);
  CHECK(l.codegen[3].file.name == "codegen_host_main.h");
  CHECK(l.ignored == std::vector<std::string>{"codegen_device.txt", "codegen_other.cpp"});
}

TEST_CASE("dump_dir: --codegen DIR adds kernels/** as device and orchestration/** as host", "[dump_dir]") {
  TempDir t;
  std::string dump = t / "dump";
  WriteDump(dump, {"00_frontend.py", "01_after_A.py", "codegen_device.cpp"});
  std::string build = t / "build";
  WriteFile(build + "/kernels/aiv/k0.cpp", "void k0() {}\n");
  WriteFile(build + "/kernels/aic/deep/k1.h", "void k1();\n");
  WriteFile(build + "/kernels/readme.md", "not code\n");
  WriteFile(build + "/orchestration/main.cc", "int main() {}\n");
  WriteFile(build + "/other/x.cpp", "void x() {}\n");
  WriteFile(build + "/top.cpp", "void top() {}\n");
  DumpListing l = ListDump(dump, {build});
  REQUIRE(l.codegen.size() == 4);
  CHECK(l.codegen[0].file.name == "codegen_device.cpp");
  CHECK(l.codegen[1].role == CodegenRole::kDevice);
  CHECK(l.codegen[1].file.name == "kernels/aic/deep/k1.h");
  CHECK(l.codegen[1].file.extension == "h");
  CHECK(l.codegen[1].file.path == build + "/kernels/aic/deep/k1.h");
  CHECK(l.codegen[2].role == CodegenRole::kDevice);
  CHECK(l.codegen[2].file.name == "kernels/aiv/k0.cpp");
  CHECK(l.codegen[3].role == CodegenRole::kHost);
  CHECK(l.codegen[3].file.name == "orchestration/main.cc");
  CHECK(l.codegen[3].file.extension == "cc");

  SECTION("the same directory named twice, in any spelling, is added once") {
    DumpListing l2 = ListDump(dump, {build + "/", t / "build/../build"});
    REQUIRE(l2.codegen.size() == 4);
    CHECK(l2.codegen[1].file.name == "kernels/aic/deep/k1.h");
    CHECK(l2.codegen[3].file.name == "orchestration/main.cc");
  }
}

TEST_CASE("dump_dir: --codegen DIR without kernels/ or orchestration/ is an error", "[dump_dir][error]") {
  TempDir t;
  std::string dump = t / "dump";
  WriteDump(dump, {"00_frontend.py", "01_after_A.py"});
  WriteFile(t / "notbuild/top.cpp", "void top() {}\n");
  CHECK(ListError(dump, {t / "notbuild"}, ErrorPlace::kAsGiven) ==
        "--codegen '" + (t / "notbuild") + "' has neither kernels/ nor orchestration/ (a PyPTO build directory has)");
}

TEST_CASE("dump_dir: --codegen names files by their path inside DIR even through symlinks", "[dump_dir]") {
  TempDir t;
  std::string dump = t / "dump";
  WriteDump(dump, {"00_frontend.py", "01_after_A.py"});
  WriteFile(t / "elsewhere/real_kernels/k.cpp", "void k() {}\n");
  WriteFile(t / "elsewhere/shared.cpp", "void s() {}\n");
  std::string build = t / "build";
  fs::create_directories(build + "/orchestration");
  fs::create_directory_symlink(t / "elsewhere/real_kernels", build + "/kernels");
  fs::create_symlink(t / "elsewhere/shared.cpp", build + "/orchestration/shared.cpp");
  DumpListing l = ListDump(dump, {build});
  REQUIRE(l.codegen.size() == 2);
  CHECK(l.codegen[0].role == CodegenRole::kDevice);
  CHECK(l.codegen[0].file.name == "kernels/k.cpp");
  CHECK(l.codegen[1].role == CodegenRole::kHost);
  CHECK(l.codegen[1].file.name == "orchestration/shared.cpp");
}

TEST_CASE("dump_dir: --codegen that is not a directory is an error naming it", "[dump_dir][error]") {
  TempDir t;
  std::string dump = t / "dump";
  WriteDump(dump, {"00_frontend.py", "01_after_A.py"});
  CHECK(ListError(dump, {t / "no_build"}, ErrorPlace::kAsGiven) ==
        "cannot read --codegen '" + (t / "no_build") + "': No such file or directory");
  WriteFile(t / "file", "x\n");
  CHECK(ListError(dump, {t / "file"}, ErrorPlace::kAsGiven) == "--codegen '" + (t / "file") + "' is not a directory");
  fs::create_symlink("nowhere", t / "link");
  CHECK(ListError(dump, {t / "link"}, ErrorPlace::kAsGiven) ==
        "--codegen '" + (t / "link") + "' is a dangling symbolic link");
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("dump_dir: phases.txt names the phase of each entry from its first number on", "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "01_after_A.py", "02_after_B.py", "03_after_C.py", "04_after_D.log"});
  // CRLF and an empty line are read; a repeated number (a phase without entries): the later line wins.
  WriteFile(t / "phases.txt", "0\tparse\r\n2\tunused\n2\ttiling\n\n3\t\n4\tlowering \xff\n");
  DumpListing l = ListDump(t.path(), {});
  CHECK(l.ignored.empty());
  CHECK(l.phases_path == t / "phases.txt");
  REQUIRE(l.phases.size() == 4);
  CHECK(PhaseOf(l, 0) == "parse");
  CHECK(PhaseOf(l, 1) == "parse");
  CHECK(PhaseOf(l, 2) == "tiling");
  CHECK(PhaseOf(l, 3) == "");                 // an empty name: no phase from here on
  CHECK(PhaseOf(l, 4) == "lowering \xff");    // the crashed pass too; bytes verbatim
  CHECK(PhaseOf(l, 100) == "lowering \xff");

  SECTION("before the first line, no phase") {
    WriteFile(t / "phases.txt", "2\tlate\n");
    DumpListing l2 = ListDump(t.path(), {});
    CHECK(PhaseOf(l2, 0) == "");
    CHECK(PhaseOf(l2, 1) == "");
    CHECK(PhaseOf(l2, 2) == "late");
  }
}

TEST_CASE("dump_dir: a phases.txt that cannot be used is ignored with the reason, as an older ir-trace did",
          "[dump_dir]") {
  TempDir t;
  WriteDump(t.path(), {"00_frontend.py", "01_after_A.py"});
  auto ignored_for = [&](const std::string& text) {
    WriteFile(t / "phases.txt", text);
    DumpListing l = ListDump(t.path(), {});
    CHECK(l.phases.empty());
    CHECK(l.phases_path.empty());
    return l.ignored;
  };
  using V = std::vector<std::string>;
  CHECK(ignored_for("notes about phases\n") == V{"phases.txt (line 1 is not <number><tab><phase> in ascending order)"});
  CHECK(ignored_for("1\ta\n0\tb\n") == V{"phases.txt (line 2 is not <number><tab><phase> in ascending order)"});
  CHECK(ignored_for("1 a\n") == V{"phases.txt (line 1 is not <number><tab><phase> in ascending order)"});
  CHECK(ignored_for("-1\ta\n") == V{"phases.txt (line 1 is not <number><tab><phase> in ascending order)"});
  CHECK(ignored_for(std::string((1 << 20) + 1, '1')) == V{"phases.txt (over 1 MiB)"});
  fs::remove(t / "phases.txt");
  fs::create_directory(t / "phases.txt");
  CHECK(ListDump(t.path(), {}).ignored == V{"phases.txt/"});
  fs::remove(t / "phases.txt");
  REQUIRE(::mkfifo((t / "phases.txt").c_str(), 0600) == 0);
  CHECK(ListDump(t.path(), {}).ignored == V{"phases.txt (not a regular file)"});
}

}  // namespace
}  // namespace irtrace
