// The first pass is a pass (issue 18 point 6) in every after-only log form, and --input FILE (the IR the
// compiler was handed) as that log's first entry: on real opt-19 and mlir-opt-19 output generated here.
#include "input/given_input.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "cli_in_process.h"
#include "input/input_format.h"
#include "input/log_listing.h"
#include "payload_json.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::Shell;
using test::TempDir;

const char* kProgram =
    "static int sq(int x) { return x * x; }\n"
    "int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += sq(a[i]); return s; }\n"
    "int twice(int x) { return 2 * x; }\n";

// An MLIR module of two functions, in an order that is not the order of their names.
const char* kMlir =
    "module {\n"
    "  func.func @zeta(%arg0: i32) -> i32 {\n"
    "    %0 = arith.addi %arg0, %arg0 : i32\n"
    "    %1 = arith.addi %arg0, %arg0 : i32\n"
    "    %2 = arith.muli %0, %1 : i32\n"
    "    return %2 : i32\n"
    "  }\n"
    "  func.func @alpha(%arg0: i32) -> i32 {\n"
    "    return %arg0 : i32\n"
    "  }\n"
    "}\n";

// p.ll (kProgram as clang hands it to opt) and, with `log`, opt's -O2 -print-after-all log of it.
void Compile(const TempDir& dir) {
  REQUIRE(std::filesystem::exists("/usr/bin/clang-19"));
  REQUIRE(std::filesystem::exists("/usr/bin/opt-19"));
  test::WriteFile(dir / "p.c", kProgram);
  Shell(dir, "clang-19 -O2 -Xclang -disable-llvm-passes -S -emit-llvm p.c -o p.ll");
}

size_t Banners(const std::string& text, const std::string& banner) {
  size_t n = 0;
  for (size_t at = text.find(banner); at != std::string::npos; at = text.find(banner, at + 1)) ++n;
  return n;
}

bool HasNote(const DumpPass& p, const std::string& note) {
  return std::find(p.notes.begin(), p.notes.end(), note) != p.notes.end();
}

TEST_CASE("given_input: an after-only opt log's first dump is pass 1, its first entry empty", "[given_input]") {
  TempDir t;
  Compile(t);
  Shell(t, "opt-19 -O2 -print-after-all p.ll -o /dev/null 2>fs.log");
  Shell(t, "mkdir dd && opt-19 -O2 -print-after-all -ir-dump-directory=dd p.ll -o /dev/null");
  for (const char* dump : {"fs.log", "dd"}) {
    INFO(dump);
    DumpListing l = ListInput(t / dump, InputFormat::kAuto, {});
    ListAllPasses(&l);
    CHECK(l.frontend_label == kNoInputLabel);
    CHECK(l.frontend.text->empty());
    REQUIRE(!l.passes.empty());
    CHECK(l.passes[0].number == 1);
    CHECK(l.passes[0].pass_name == "Annotation2MetadataPass");
    CHECK(HasNote(l.passes[0], kNoInputNote));
    if (std::string(dump) == "fs.log") {
      // Every after-dump is a pass: none is taken as the frontend.
      CHECK(l.passes.size() == Banners(test::ReadFile(t / "fs.log"), "; *** IR Dump After "));
    }
  }
  // The report: pass 1 diffed against nothing (every function added), --pass 1 is that pass.
  test::CliResult r = test::RunMain({t / "fs.log", "--no-compress", "-o", t / "r.html"});
  REQUIRE(r.code == 0);
  nlohmann::json p = test::PayloadOf(t / "r.html");
  CHECK(p["entries"][0]["name"] == kNoInputLabel);
  CHECK(p["entries"][1]["num"] == 1);
  CHECK(p["entries"][1]["name"] == "Annotation2MetadataPass");
  CHECK(p["entries"][1]["status"] == "changed");
  test::CliResult term = test::RunMain({t / "fs.log", "--terminal", "--pass", "1", "--color", "never"});
  REQUIRE(term.code == 0);
  CHECK(term.out.find("Annotation2MetadataPass") != std::string::npos);
  CHECK(term.out.find("+define dso_local i32 @twice") != std::string::npos);
}

TEST_CASE("given_input: --input FILE is the first entry of an opt log, pass 1 diffed like any other", "[given_input]") {
  TempDir t;
  Compile(t);
  Shell(t, "opt-19 -O2 -print-after-all p.ll -o /dev/null 2>fs.log");
  test::CliResult r = test::RunMain({t / "fs.log", "--input", t / "p.ll", "--no-compress", "-o", t / "r.html"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.err.find("ir-trace: warning") == std::string::npos);
  nlohmann::json p = test::PayloadOf(t / "r.html");
  const nlohmann::json& e = p["entries"];
  CHECK(e[0]["name"] == "input");
  CHECK(e[1]["name"] == "Annotation2MetadataPass");
  // Annotation2Metadata changes nothing here; the ModuleID opt gives the module (the file's name) is no
  // pass's change: the input is shown with it, and a note says so.
  CHECK(e[1]["status"] == "noop");
  CHECK(test::SnapshotText(p, 0).rfind("; ModuleID = 'p.ll'", 0) == 0);
  bool noted = false;
  for (const auto& n : e[0]["notes"]) noted = noted || n.get<std::string>().find("ModuleID") != std::string::npos;
  CHECK(noted);
  // The stream's first pass, read ahead, is not lost: the same passes as without --input.
  test::CliResult plain = test::RunMain({t / "fs.log", "--no-compress", "-o", t / "plain.html"});
  REQUIRE(plain.code == 0);
  CHECK(test::PayloadOf(t / "plain.html")["entries"].size() == e.size());
  // The input is a file the report was made from (the depfile's prerequisites).
  test::CliResult d = test::RunMain({t / "fs.log", "--input", t / "p.ll", "-o", t / "d.html", "--depfile", t / "d.d"});
  REQUIRE(d.code == 0);
  CHECK(test::ReadFile(t / "d.d").find("p.ll") != std::string::npos);
}

TEST_CASE("given_input: an input that disagrees with the first dump is a warning, never a silent diff",
          "[given_input]") {
  TempDir t;
  Compile(t);
  Shell(t, "opt-19 -O2 -print-after-all p.ll -o /dev/null 2>fs.log");
  // Another program: a function the run's first dump lacks, none of the run's.
  test::WriteFile(t / "other.c", "int other(int x) { return x + 1; }\n");
  Shell(t, "clang-19 -O2 -Xclang -disable-llvm-passes -S -emit-llvm other.c -o other.ll");
  test::CliResult r = test::RunMain({t / "fs.log", "--input", t / "other.ll", "--no-compress", "-o", t / "r.html"});
  REQUIRE(r.code == 0);
  CHECK(r.err.find("ir-trace: warning: " + (t / "other.ll") + ", the IR before the first pass") != std::string::npos);
  CHECK(r.err.find("@other") != std::string::npos);
  CHECK(r.err.find("@sum") != std::string::npos);
  CHECK(r.err.find("source_filename") != std::string::npos);
  nlohmann::json p = test::PayloadOf(t / "r.html");
  REQUIRE(p["entries"][0].contains("warnings"));
  CHECK(p["entries"][0]["warnings"].size() >= 2);
  // --fail-on warning counts it.
  test::CliResult f =
      test::RunMain({t / "fs.log", "--input", t / "other.ll", "--fail-on", "warning", "-o", t / "f.html"});
  CHECK(f.code == 1);

  // A function pass first (opt -passes=instcombine): its function must be in the input.
  Shell(t, "opt-19 -passes=instcombine -print-after-all p.ll -o /dev/null 2>ic.log");
  test::CliResult ok = test::RunMain({t / "ic.log", "--input", t / "p.ll", "-o", t / "ic.html"});
  CHECK(ok.code == 0);
  CHECK(ok.err.find("ir-trace: warning") == std::string::npos);
  test::CliResult bad = test::RunMain({t / "ic.log", "--input", t / "other.ll", "-o", t / "ic2.html"});
  CHECK(bad.code == 0);
  CHECK(bad.err.find("which the input does not define") != std::string::npos);
}

TEST_CASE("given_input: --input with several dumps, a dump holding its own input, or no file is refused",
          "[given_input]") {
  TempDir t;
  Compile(t);
  Shell(t, "opt-19 -O2 -print-after-all p.ll -o /dev/null 2>fs.log");
  Shell(t, "opt-19 -O2 -print-before-all p.ll -o /dev/null 2>b.log");
  Shell(t, "opt-19 -O2 -print-changed p.ll -o /dev/null 2>pc.log");
  auto one_error_line = [](const test::CliResult& r) {
    INFO(r.err);
    CHECK(r.code == 2);
    CHECK(r.err.rfind("ir-trace: error: ", 0) == 0);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  };
  one_error_line(test::RunMain({t / "fs.log", t / "fs.log", "--input", t / "p.ll", "-o", t / "out/"}));
  one_error_line(test::RunMain({"--find", t.path(), "--input", t / "p.ll", "-o", t / "out/"}));
  one_error_line(test::RunMain({t / "fs.log", "--input", t / "p.ll", "--input", t / "p.ll"}));
  one_error_line(test::RunMain({t / "fs.log", "--input", ""}));
  one_error_line(test::RunMain({t / "fs.log", "--input", "-"}));
  // Logs that hold the IR before their first pass (a before-dump, "At Start").
  one_error_line(test::RunMain({t / "b.log", "--input", t / "p.ll", "-o", t / "b.html"}));
  one_error_line(test::RunMain({t / "pc.log", "--input", t / "p.ll", "-o", t / "pc.html"}));
  one_error_line(test::RunMain({t / "pc.log", "--input", t / "p.ll", "--terminal"}));
  CHECK_FALSE(std::filesystem::exists(t / "b.html"));
  // A numbered dump has its frontend.
  test::WriteDump(t / "nd", {"00_frontend.py", "01_after_A.py"});
  one_error_line(test::RunMain({t / "nd", "--input", t / "p.ll", "-o", t / "nd.html"}));
  // A missing file is the input's error (exit 1), named as given.
  test::CliResult missing = test::RunMain({t / "fs.log", "--input", t / "nope.ll", "-o", t / "m.html"});
  CHECK(missing.code == 1);
  CHECK(missing.err == "ir-trace: error: cannot open '" + (t / "nope.ll") + "': No such file or directory\n");
}

TEST_CASE("given_input: mlir-opt op-scope logs and trees: pass 1 a pass, and --input orders and frames the module",
          "[given_input][mlir]") {
  REQUIRE(std::filesystem::exists("/usr/bin/mlir-opt-19"));
  TempDir t;
  test::WriteFile(t / "in.mlir", kMlir);
  Shell(t,
        "mlir-opt-19 --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after-all "
        "--mlir-disable-threading in.mlir -o /dev/null 2>op.log");
  Shell(t,
        "mlir-opt-19 --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after-all "
        "--mlir-disable-threading --mlir-print-ir-tree-dir=tree in.mlir -o /dev/null");
  for (const char* dump : {"op.log", "tree"}) {
    INFO(dump);
    DumpListing l = ListInput(t / dump, InputFormat::kAuto, {});
    CHECK(l.frontend_label == kNoInputLabel);
    REQUIRE(l.passes.size() == 1);
    CHECK(l.passes[0].pass_name == "CSE");
    CHECK(HasNote(l.passes[0], kNoInputNote));

    DumpListing g = ListInput(t / dump, InputFormat::kAuto, {}, "", false, t / "in.mlir");
    CHECK(g.frontend_label == "input");
    CHECK(g.warnings.empty());
    REQUIRE(g.passes.size() == 1);
    CHECK_FALSE(HasNote(g.passes[0], kNoInputNote));
    // The module after CSE: the input's frame and order (zeta before alpha), zeta's duplicate add gone, and
    // nothing else differs from the input.
    const std::string& after = *g.passes[0].file.text;
    INFO(after);
    CHECK(after.find("func.func @zeta") < after.find("func.func @alpha"));
    CHECK(after.rfind("module {\n", 0) == 0);
    CHECK(after ==
          "module {\n"
          "  func.func @zeta(%arg0: i32) -> i32 {\n"
          "    %0 = arith.addi %arg0, %arg0 : i32\n"
          "    %1 = arith.muli %0, %0 : i32\n"
          "    return %1 : i32\n"
          "  }\n"
          "  func.func @alpha(%arg0: i32) -> i32 {\n"
          "    return %arg0 : i32\n"
          "  }\n"
          "}\n");
  }
  // A module that is not this run's input: a warning.
  test::WriteFile(t / "other.mlir", "module {\n  func.func @other() {\n    return\n  }\n}\n");
  DumpListing w = ListInput(t / "op.log", InputFormat::kAuto, {}, "", false, t / "other.mlir");
  REQUIRE(w.warnings.size() == 1);
  CHECK(w.warnings[0].find("defines symbols the input lacks (@alpha, @zeta)") != std::string::npos);
}

TEST_CASE("given_input: a TVM directory's first file is pass 1, and --input gives the module before it",
          "[given_input]") {
  TempDir t;
  std::filesystem::create_directory(t / "tvm");
  test::WriteFile(t / "tvm/000_tir.A.py", "def main():\n    return 1\n");
  test::WriteFile(t / "tvm/001_tir.B.py", "def main():\n    return 2\n");
  DumpListing l = ListInput(t / "tvm", InputFormat::kAuto, {});
  CHECK(l.frontend_label == kNoInputLabel);
  REQUIRE(l.passes.size() == 2);
  CHECK(l.passes[0].pass_name == "tir.A");
  CHECK(l.passes[1].pass_name == "tir.B");
  CHECK(HasNote(l.passes[0], kNoInputNote));
  test::WriteFile(t / "in.py", "def main():\n    return 0\n");
  DumpListing g = ListInput(t / "tvm", InputFormat::kAuto, {}, "", false, t / "in.py");
  CHECK(g.frontend_label == "input");
  CHECK(*g.frontend.text == "def main():\n    return 0\n");
  CHECK(g.warnings.empty());
  test::WriteFile(t / "wrong.py", "def other():\n    return 0\n");
  CHECK(ListInput(t / "tvm", InputFormat::kAuto, {}, "", false, t / "wrong.py").warnings.size() == 2);
}

}  // namespace
}  // namespace irtrace
