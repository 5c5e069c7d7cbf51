// A PyPTO build directory read whole (lib/input/pypto_build.h): PyPTO's passes, then each codegen unit's
// .pto, ptoas's passes from its tree and its .cpp, then the device and host sources.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>

#include "cli_in_process.h"
#include "driver/find_dumps.h"
#include "input/input_format.h"
#include "input/pypto_build.h"
#include "test_util.h"
#include "util/error.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::TempDir;
using test::WriteFile;

const std::string kBuild = std::string(IRTRACE_SOURCE_DIR) + "/testdata/pypto_build";

// Every file under `dir`, as "path inside dir" -> contents.
std::map<std::string, std::string> Tree(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) out[e.path().lexically_relative(dir).generic_string()] = test::ReadFile(e.path());
  }
  return out;
}

std::vector<std::string> PassLines(const DumpListing& l) {
  std::vector<std::string> out{l.frontend.name + " " + PhaseOf(l, 0)};
  for (const DumpPass& p : l.passes) {
    out.push_back(std::to_string(p.number) + " " + p.pass_name + " " + PhaseOf(l, p.number) + " " + p.file.name +
                  (p.before ? " before " + p.before->name : ""));
  }
  return out;
}

std::vector<std::string> CodegenLines(const DumpListing& l) {
  std::vector<std::string> out;
  for (const DumpCodegen& c : l.codegen) {
    out.push_back(c.file.name + (c.after_pass ? " after " + std::to_string(*c.after_pass) + " " + c.phase : "") +
                  (c.role == CodegenRole::kHost ? " host" : ""));
  }
  return out;
}

// A copy of the build directory to change.
std::string CopyBuild(const TempDir& t) {
  fs::copy(kBuild, t / "b", fs::copy_options::recursive);
  return t / "b";
}

}  // namespace

TEST_CASE("pypto_build: the committed ptoas trees are mlir-opt-19's output for PyPTO's three flags", "[pypto_build]") {
  REQUIRE(fs::exists("/usr/bin/mlir-opt-19"));  // Debian mlir-19-tools: scripts/setup.sh --tests installs it
  TempDir t;
  test::RunResult r = test::Run("./make_ptoas_passes.sh " + test::ShellQuote(t.path()), kBuild);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(Tree(t / "ptoas_passes") == Tree(kBuild + "/ptoas_passes"));
  CHECK(Tree(kBuild + "/ptoas_passes").size() == 8);
}

TEST_CASE("pypto_build: PyPTO's passes, then per unit its .pto, ptoas's passes and its .cpp, then the sources",
          "[pypto_build]") {
  CHECK(LooksLikePyptoBuild(kBuild));
  CHECK(HasPyptoOutputs(kBuild));
  CHECK(DetectDirectory(kBuild) == InputFormat::kPyptoBuild);
  CHECK(PyptoUnits(kBuild) == std::vector<std::string>{"bias_relu", "scale_rows"});
  DumpListing l = ListInput(kBuild, InputFormat::kAuto, {});
  CHECK(l.title == "ScaleBias");
  const std::string br = "ptoas_passes/bias_relu/builtin_module_no-symbol-name/";
  const std::string sr = "ptoas_passes/scale_rows/builtin_module_no-symbol-name/";
  CHECK(PassLines(l) ==
        std::vector<std::string>{"passes_dump/00_frontend.py PyPTO",
                                 "1 ConvertToSSA PyPTO passes_dump/01_after_ConvertToSSA.py",
                                 "2 HoistLoopInvariants PyPTO passes_dump/02_after_HoistLoopInvariants.py",
                                 "3 InitMemRef PyPTO passes_dump/03_after_InitMemRef.py",
                                 "4 Canonicalizer ptoas: bias_relu " + br +
                                     "func_func_bias_relu/0_0_canonicalize.mlir before ptoas/bias_relu.pto",
                                 "5 LoopInvariantCodeMotion ptoas: bias_relu " + br +
                                     "func_func_bias_relu/0_1_loop-invariant-code-motion.mlir",
                                 "6 CSE ptoas: bias_relu " + br + "func_func_bias_relu/0_2_cse.mlir",
                                 "7 SymbolDCE ptoas: bias_relu " + br + "1_symbol-dce.mlir",
                                 "8 Canonicalizer ptoas: scale_rows " + sr +
                                     "func_func_scale_rows/0_0_canonicalize.mlir before ptoas/scale_rows.pto",
                                 "9 LoopInvariantCodeMotion ptoas: scale_rows " + sr +
                                     "func_func_scale_rows/0_1_loop-invariant-code-motion.mlir",
                                 "10 CSE ptoas: scale_rows " + sr + "func_func_scale_rows/0_2_cse.mlir",
                                 "11 SymbolDCE ptoas: scale_rows " + sr + "1_symbol-dce.mlir"});
  CHECK(CodegenLines(l) ==
        std::vector<std::string>{
            "ptoas/bias_relu.pto after 3 ptoas: bias_relu", "ptoas/bias_relu.cpp after 7 ptoas: bias_relu",
            "ptoas/scale_rows.pto after 7 ptoas: scale_rows", "ptoas/scale_rows.cpp after 11 ptoas: scale_rows",
            "kernels/aiv/bias_relu.cpp", "kernels/aiv/scale_rows.cpp", "orchestration/main.cpp host"});
  // The .pto is read as MLIR (its first pass is diffed against it function by function) and is ptoas's input.
  CHECK(l.codegen[0].file.extension == "mlir");
  CHECK(l.passes[3].before->extension == "mlir");
  CHECK(l.passes[3].before->path == l.codegen[0].file.path);
  CHECK(l.passes[3].notes.front() ==
        "ptoas's first pass on bias_relu: diffed against ptoas/bias_relu.pto, the module PyPTO handed ptoas");
  CHECK(l.notes.empty());
  CHECK(l.ignored == std::vector<std::string>{});
}

TEST_CASE("pypto_build: the report, its counts and entry order, passes_dump given directly as before",
          "[pypto_build]") {
  TempDir t;
  test::CliResult r = test::RunMain({kBuild, "-o", t / "r.html"});
  CHECK(r.code == 0);
  CHECK(r.err == "wrote " + t / "r.html" + ": 11 passes, 8 changed, 7 codegen, 0 warnings\n");
  test::CliResult direct = test::RunMain({kBuild + "/passes_dump", "-o", t / "d.html"});
  CHECK(direct.err == "wrote " + t / "d.html" + ": 3 passes, 3 changed, 0 warnings\n");
  DumpListing d = ListInput(kBuild + "/passes_dump", InputFormat::kAuto, {});
  CHECK(d.frontend.name == "00_frontend.py");
  CHECK(d.codegen.empty());
  // --codegen adds to a build directory too (its own sources once, named twice or not).
  test::CliResult twice = test::RunMain({kBuild, "--codegen", kBuild, "-o", t / "c.html"});
  CHECK(twice.err == "wrote " + t / "c.html" + ": 11 passes, 8 changed, 7 codegen, 0 warnings\n");
}

TEST_CASE("pypto_build: a unit without a tree, an empty tree, no .cpp, a tree without .pto, a crashed pipeline",
          "[pypto_build]") {
  TempDir t;
  std::string b = CopyBuild(t);
  fs::remove_all(b + "/ptoas_passes/scale_rows");   // built without dump_ptoas_passes: .pto -> .cpp only
  fs::remove_all(b + "/ptoas_passes/bias_relu");
  fs::create_directory(b + "/ptoas_passes/bias_relu");  // ptoas dumped nothing
  DumpListing l = ListInput(b, InputFormat::kAuto, {});
  CHECK(l.passes.size() == 3);
  CHECK(CodegenLines(l) ==
        std::vector<std::string>{
            "ptoas/bias_relu.pto after 3 ptoas: bias_relu", "ptoas/bias_relu.cpp after 3 ptoas: bias_relu",
            "ptoas/scale_rows.pto after 3 ptoas: scale_rows", "ptoas/scale_rows.cpp after 3 ptoas: scale_rows",
            "kernels/aiv/bias_relu.cpp", "kernels/aiv/scale_rows.cpp", "orchestration/main.cpp host"});
  CHECK(l.notes == std::vector<std::string>{"ptoas_passes/bias_relu is empty: ptoas dumped no pass of bias_relu"});
  test::CliResult r = test::RunMain({b, "-o", t / "r.html"});
  CHECK(r.err == "wrote " + t / "r.html" + ": 3 passes, 3 changed, 7 codegen, 0 warnings\n");

  std::string c = t / "c";
  fs::copy(kBuild, c, fs::copy_options::recursive);
  fs::remove(c + "/ptoas/scale_rows.cpp");  // ptoas failed
  fs::rename(c + "/ptoas_passes/bias_relu", c + "/ptoas_passes/old_unit");  // a tree without its .pto
  DumpListing m = ListInput(c, InputFormat::kAuto, {});
  CHECK(m.passes.size() == 7);
  CHECK(m.notes ==
        std::vector<std::string>{
            "ptoas_passes/old_unit is not shown: there is no ptoas/old_unit.pto, the module ptoas was handed",
            "ptoas/scale_rows.cpp is missing: ptoas wrote no C++ for scale_rows"});
  CHECK(m.ignored == std::vector<std::string>{"ptoas_passes/old_unit (no ptoas/old_unit.pto)"});

  // PyPTO crashed in its pass 4: the run never reached ptoas.
  WriteFile(c + "/passes_dump/04_after_AllocateMemoryAddr.log", "Traceback ...\nRuntimeError: out of memory\n");
  DumpListing crashed = ListInput(c, InputFormat::kAuto, {});
  CHECK(crashed.passes.size() == 3);
  CHECK(crashed.crashed->file.log_name == "passes_dump/04_after_AllocateMemoryAddr.log");
  CHECK(crashed.codegen.size() == 3);
  CHECK(crashed.notes.back() ==
        "the PyPTO pipeline crashed in pass 4: ptoas/ and ptoas_passes/ are left out (that run did not reach ptoas)");
}

TEST_CASE("pypto_build: errors name the part of the build directory, a passes_dump alone", "[pypto_build]") {
  TempDir t;
  std::string b = CopyBuild(t);
  fs::remove(b + "/passes_dump/02_after_HoistLoopInvariants.py");
  test::CliResult r = test::RunMain({b, "-o", t / "r.html"});
  CHECK(r.code == 1);
  CHECK(r.err ==
        "ir-trace: error: " + b +
            ": passes_dump: pass 2 is missing (between '01_after_ConvertToSSA.py' and '03_after_InitMemRef.py')\n");
  CHECK_FALSE(fs::exists(t / "r.html"));
  // A tree that is not one.
  std::string c = t / "c";
  fs::copy(kBuild, c, fs::copy_options::recursive);
  fs::remove_all(c + "/ptoas_passes/scale_rows");
  WriteFile(c + "/ptoas_passes/scale_rows/notes.txt", "x\n");
  r = test::RunMain({c, "-o", t / "r.html"});
  CHECK(r.code == 1);
  CHECK(r.err ==
        "ir-trace: error: " + c +
            ": ptoas_passes/scale_rows: no MLIR dump file (N_<pass>.mlir, as --mlir-print-ir-tree-dir writes)\n");
  // A directory holding passes_dump/ only is a build directory when named, its passes_dump/ for --find.
  WriteFile(t / "only/p/passes_dump/00_frontend.py", "x = 0\n");
  WriteFile(t / "only/p/passes_dump/01_after_A.py", "x = 1\n");
  CHECK(DetectDirectory(t / "only/p") == InputFormat::kAuto);
  CHECK(FindDumps(t / "only") == std::vector<std::string>{"p/passes_dump"});
  DumpListing l = ListInput(t / "only/p", InputFormat::kAuto, {});
  CHECK(l.passes.at(0).file.name == "passes_dump/01_after_A.py");
  CHECK(ListInput(t / "only/p", InputFormat::kPyptoBuild, {}).passes.size() == 1);
  CHECK_THROWS_WITH(ListInput(t / "only", InputFormat::kPyptoBuild, {}), Catch::Contains("passes_dump: "));
}

TEST_CASE("pypto_build: --find lists a build directory as one dump, not its passes_dump or trees", "[pypto_build]") {
  TempDir t;
  fs::create_directories(t / "build");
  fs::copy(kBuild, t / "build/my_program", fs::copy_options::recursive);
  WriteFile(t / "build/other/passes_dump/00_frontend.py", "x = 0\n");
  WriteFile(t / "build/other/passes_dump/01_after_A.py", "x = 1\n");
  CHECK(FindDumps(t / "build") == std::vector<std::string>{"my_program", "other/passes_dump"});
  test::CliResult r = test::RunMain({"--find", t / "build", "-o", t / "out/", "-q"});
  CHECK(r.code == 0);
  CHECK(fs::exists(t / "out/my_program.html"));
  CHECK(fs::exists(t / "out/other__passes_dump.html"));
}

}  // namespace irtrace
