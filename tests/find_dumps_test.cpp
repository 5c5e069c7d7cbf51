// --find ROOT (lib/driver/find_dumps.h): every directory holding a frontend, any depth, links not followed.
#include <catch2/catch.hpp>

#include <filesystem>

#include "cli_in_process.h"
#include "driver/find_dumps.h"
#include "test_util.h"
#include "util/error.h"

using irtrace::FindDumps;
using irtrace::test::TempDir;
using irtrace::test::WriteFile;

TEST_CASE("find_dumps: every directory with 0+_frontend.<ext>, sorted, links not followed", "[find_dumps]") {
  TempDir t;
  WriteFile(t / "b/passes_dump/00_frontend.py", "x\n");
  WriteFile(t / "a/deep/er/passes_dump/000_frontend.mlir", "x\n");
  WriteFile(t / "a/notes/frontend.py", "x\n");       // not a frontend name
  WriteFile(t / "a/other/00_frontend_x.py", "x\n");  // nor this
  std::filesystem::create_directory_symlink(t / "b", t / "c_link");
  std::vector<std::string> found = FindDumps(t.path());
  CHECK(found == std::vector<std::string>{"a/deep/er/passes_dump", "b/passes_dump"});
  WriteFile(t / "00_frontend.py", "x\n");
  CHECK(FindDumps(t.path() + "/").front() == ".");
  CHECK_THROWS_AS(FindDumps(t / "missing"), irtrace::Error);
  CHECK_THROWS_AS(FindDumps(t / "00_frontend.py"), irtrace::Error);
}

TEST_CASE("find_dumps: compilers' own dump directories too, not searched further", "[find_dumps]") {
  TempDir t;
  namespace fs = std::filesystem;
  fs::copy(std::string(IRTRACE_SOURCE_DIR) + "/testdata", t / "testdata", fs::copy_options::recursive);
  WriteFile(t / "tree/builtin_module_no-symbol-name/0_cse.mlir",
            "// -----// IR Dump After CSE (cse) //----- //\nmodule {\n}\n");
  WriteFile(t / "tree/builtin_module_no-symbol-name/func_func_f/0_0_cse.mlir",
            "// -----// IR Dump After CSE (cse) //----- //\nfunc.func @f() {\n}\n");
  CHECK(FindDumps(t.path()) == std::vector<std::string>{"testdata/pypto_build", "testdata/sample_dump",
                                                        "testdata/tilelang_trace", "testdata/tvm_dump",
                                                        "testdata/xla_dump", "tree"});
  // Each found and converted: the XLA dump's two modules give two reports.
  irtrace::test::CliResult r = irtrace::test::RunMain({"--find", t / "testdata", "-o", t / "out/", "-q"});
  CHECK(r.code == 0);
  CHECK(fs::exists(t / "out/xla_dump__module_0002.jit_g.html"));
  CHECK(fs::exists(t / "out/tilelang_trace.html"));
  CHECK(fs::exists(t / "out/pypto_build.html"));  // one report: not its passes_dump/ nor ptoas_passes/<unit>/
  CHECK_FALSE(fs::exists(t / "out/pypto_build__passes_dump.html"));
}

// A compiler that died before its frontend leaves an empty passes_dump: --find skipped it without a word, so
// a CI gate over it passed by checking nothing.
TEST_CASE("find_dumps: a passes_dump without snapshots or subdirectories is listed (an invalid dump)", "[find_dumps]") {
  TempDir t;
  namespace fs = std::filesystem;
  fs::create_directories(t / "died/passes_dump");
  WriteFile(t / "leftover/passes_dump/00_frontend.py.tmp", "x\n");
  WriteFile(t / "parent/passes_dump/k/00_frontend.py", "x\n");  // a passes_dump holding dumps: searched
  fs::create_directories(t / "other/empty");                       // any other empty directory: not a dump
  CHECK(FindDumps(t.path()) ==
        std::vector<std::string>{"died/passes_dump", "leftover/passes_dump", "parent/passes_dump/k"});
  CHECK(FindDumps(t / "died/passes_dump/") == std::vector<std::string>{"."});
}
