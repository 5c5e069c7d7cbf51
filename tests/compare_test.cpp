#include "driver/compare.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <map>

#include <sys/stat.h>

#include "cli_in_process.h"
#include "test_util.h"

namespace irtrace {
namespace {

using json = nlohmann::json;
using test::ReadFile;
using test::RunMain;
using test::TempDir;
using test::WriteFile;

// The payload of a report written with --no-compress (CompareOptions::compress = false).
json ReadPayload(const std::string& report) {
  std::string html = ReadFile(report);
  const std::string open = "id=\"ir-trace-data\">";
  size_t at = html.find(open);
  REQUIRE(at != std::string::npos);
  at += open.size();
  size_t end = html.find("</script>", at);
  REQUIRE(end != std::string::npos);
  return json::parse(html.substr(at, end - at));
}

// A dump of one function `f` whose body after each pass is given: passes[k] = {name, body line}.
void WriteRun(const std::string& dir, const std::string& frontend_body,
              const std::vector<std::pair<std::string, std::string>>& passes) {
  WriteFile(dir + "/00_frontend.py", "def f():\n    " + frontend_body + "\n");
  int n = 1;
  for (const auto& [name, body] : passes) {
    char num[8];
    std::snprintf(num, sizeof num, "%02d", n++);
    WriteFile(dir + "/" + num + "_after_" + name + ".py", "def f():\n    " + body + "\n");
  }
}

CompareSummary Compare(const TempDir& t, const std::string& out = "cmp.html") {
  CompareOptions o;
  o.base_dump = t / "base";
  o.head_dump = t / "head";
  o.output = t / out;
  o.compress = false;
  return CompareDumps(o);
}

// "status base_num head_num" per entry, and the names.
std::vector<std::string> Rows(const json& p) {
  std::vector<std::string> rows;
  for (const json& e : p["entries"]) {
    rows.push_back(e["name"].get<std::string>() + " " + e["status"].get<std::string>() + " " +
                   (e.contains("base_num") ? std::to_string(e["base_num"].get<long>()) : "-") + " " +
                   (e.contains("head_num") ? std::to_string(e["head_num"].get<long>()) : "-"));
  }
  return rows;
}

TEST_CASE("compare: an extra pass in HEAD that changes the IR is added, and the next aligned pass diverges",
          "[compare]") {
  TempDir t;
  WriteRun(t / "base", "return 1", {{"A", "return 2"}, {"B", "return 2"}, {"C", "return 3"}});
  WriteRun(t / "head", "return 1", {{"A", "return 2"}, {"X", "return 9"}, {"B", "return 9"}, {"C", "return 9"}});
  CompareSummary s = Compare(t);
  CHECK(s.aligned == 3);
  CHECK(s.added == 1);
  CHECK(s.removed == 0);
  CHECK(s.differ == 2);
  REQUIRE(s.first.found);
  CHECK(s.first.name == "B");
  CHECK(s.first.base_num == 2);
  CHECK(s.first.head_num == 3);
  json p = ReadPayload(t / "cmp.html");
  CHECK(p["schema"] == 5);
  CHECK(Rows(p) ==
        std::vector<std::string>{"frontend noop 0 0", "A noop 1 1", "X added - 2", "B changed 2 3", "C changed 3 4"});
  CHECK(p["compare"]["first"] == 3);
  CHECK(p["compare"]["base"]["path"] == t / "base");
  CHECK(p["compare"]["head"]["path"] == t / "head");
  // The added pass shows its own change in HEAD: HEAD after A (left) against HEAD after X (right).
  const json& x = p["entries"][2];
  CHECK(p["snapshots"][x["before"].get<int>()]["file"] == "head: 01_after_A.py");
  CHECK(p["snapshots"][x["after"].get<int>()]["file"] == "head: 02_after_X.py");
  CHECK(x["ins"] == 1);
  // An aligned pass: BASE's snapshot on the left, HEAD's on the right.
  const json& b = p["entries"][3];
  CHECK(p["snapshots"][b["before"].get<int>()]["file"] == "base: 02_after_B.py");
  CHECK(p["snapshots"][b["after"].get<int>()]["file"] == "head: 03_after_B.py");
}

TEST_CASE("compare: a pass only BASE runs is removed, shown as its own change in BASE", "[compare]") {
  TempDir t;
  WriteRun(t / "base", "return 1", {{"A", "return 2"}, {"Drop", "return 2"}, {"B", "return 3"}});
  WriteRun(t / "head", "return 1", {{"A", "return 2"}, {"B", "return 3"}});
  CompareSummary s = Compare(t);
  CHECK(s.removed == 1);
  CHECK_FALSE(s.first.found);  // dropping a pass that changes nothing: no divergence
  json p = ReadPayload(t / "cmp.html");
  CHECK(Rows(p) == std::vector<std::string>{"frontend noop 0 0", "A noop 1 1", "Drop removed 2 -", "B noop 3 2"});
  CHECK(p["compare"]["first"].is_null());
  const json& drop = p["entries"][2];
  CHECK(p["snapshots"][drop["before"].get<int>()]["file"] == "base: 01_after_A.py");
  CHECK(p["snapshots"][drop["after"].get<int>()]["file"] == "base: 02_after_Drop.py");
}

TEST_CASE("compare: frontends that differ are the first divergence", "[compare]") {
  TempDir t;
  WriteRun(t / "base", "return 1", {{"A", "return 2"}});
  WriteRun(t / "head", "return 5", {{"A", "return 2"}});
  CompareSummary s = Compare(t);
  REQUIRE(s.first.found);
  CHECK(s.first.frontend);
  CHECK(ReadPayload(t / "cmp.html")["compare"]["first"] == 0);
  CHECK(CompareLine("cmp.html", s) ==
        "wrote cmp.html: 1 aligned pass, 0 differ, 0 added, 0 removed; first divergence: the frontend");
}

TEST_CASE("compare: a failed or crashed pass is noted on its row, and its log's warnings kept", "[compare]") {
  TempDir t;
  WriteRun(t / "base", "return 1", {{"A", "return 2"}, {"B", "return 2"}});
  WriteRun(t / "head", "return 1", {{"A", "return 2"}});
  WriteFile(t / "head/01_after_A.log", "note: slow\nerror: verifier failed on f\n");
  WriteFile(t / "head/02_after_B.log", "Segmentation fault\n");  // crashed: a log one past the last snapshot
  WriteFile(t / "base/02_after_B.log", "warning: odd\n");
  Compare(t);
  json p = ReadPayload(t / "cmp.html");
  CHECK(Rows(p) == std::vector<std::string>{"frontend noop 0 0", "A noop 1 1", "B noop 2 2"});
  CHECK(p["entries"][1]["notes"] == json::array({"failed in HEAD: error: verifier failed on f"}));
  CHECK(p["entries"][2]["notes"] ==
        json::array({"crashed in HEAD (it wrote no snapshot: the IR before it is shown): Segmentation fault"}));
  CHECK(p["entries"][2]["warnings"] == json::array({"BASE 02_after_B.log: warning: odd\n"}));
  // The error box has each run's failure; the row keeps its compare status.
  CHECK(p["entries"][1]["error"] == "failed in HEAD:\nnote: slow\nerror: verifier failed on f\n");
  CHECK(p["entries"][1]["status"] == "noop");
}

TEST_CASE("compare: a failed pass in HEAD is counted in the summary line and trips --fail-on failed",
          "[compare][cli]") {
  TempDir t;
  WriteRun(t / "base", "return 1", {{"A", "return 2"}});
  WriteRun(t / "head", "return 1", {{"A", "return 2"}});
  WriteFile(t / "head/01_after_A.log", "error: boom\n");
  test::CliResult r = RunMain({"compare", t / "base", t / "head", "-o", t / "c.html", "--fail-on", "diverged,failed"});
  CHECK(r.code == 1);
  CHECK(r.err == "wrote " + t / "c.html" +
                     ": 1 aligned pass, 0 differ, 0 added, 0 removed; no divergence; 1 pass failed in HEAD\n"
                     "ir-trace: error: 1 pass failed in HEAD (--fail-on failed)\n");
  CHECK(RunMain({"compare", t / "head", t / "base", "-o", t / "c.html", "--fail-on", "failed"}).code == 0);  // BASE's
}

TEST_CASE("compare: a pass one run adds or drops at the end is the divergence when no aligned pass differs",
          "[compare]") {
  TempDir t;
  WriteRun(t / "base", "return 1", {{"A", "return 2"}});
  WriteRun(t / "head", "return 1", {{"A", "return 2"}, {"Tail", "return 3"}});
  CompareSummary s = Compare(t);
  REQUIRE(s.first.found);
  CHECK(s.first.name == "Tail");
  CHECK(s.first.head_num == 2);
  CHECK(ReadPayload(t / "cmp.html")["compare"]["first"] == 2);
  test::CliResult r = RunMain({"compare", t / "head", t / "base", "-o", t / "r.html", "--fail-on", "diverged"});
  CHECK(r.code == 1);  // dropped at the end
  CHECK(r.err.find("first divergence: Tail (BASE pass 2, not in HEAD)\n") != std::string::npos);
  CHECK(CompareLine("x", s).find("first divergence: pass 2 Tail (not in BASE)") != std::string::npos);
  // A pass added that changes nothing is no divergence.
  WriteRun(t / "head2", "return 1", {{"A", "return 2"}, {"Tail", "return 2"}});
  CHECK(RunMain({"compare", t / "base", t / "head2", "-o", t / "r2.html", "--fail-on", "diverged"}).code == 0);
}

TEST_CASE("compare: each run's decoding warnings are kept, named by run, and runs in two languages are noted",
          "[compare]") {
  TempDir t;
  WriteRun(t / "base", "return 1", {{"A", "return 2"}});
  WriteRun(t / "head", "return 1", {{"A", "return 2"}});
  WriteFile(t / "base/01_after_A.py", "def f():\n    return \xff\n");
  Compare(t);
  json p = ReadPayload(t / "cmp.html");
  REQUIRE(p["entries"][1]["warnings"].size() == 1);
  CHECK(p["entries"][1]["warnings"][0].get<std::string>().rfind("BASE 01_after_A.py line 2: invalid UTF-8", 0) == 0);
  std::filesystem::rename(t / "head/00_frontend.py", t / "head/00_frontend.mlir");
  Compare(t);
  CHECK(ReadPayload(t / "cmp.html")["entries"][0]["notes"] ==
        json::array({"the runs are in different languages: BASE python, HEAD mlir (are they runs of one program?)"}));
}

TEST_CASE("compare: codegen files are matched by role and path", "[compare]") {
  TempDir t;
  WriteRun(t / "base", "return 1", {{"A", "return 2"}});
  WriteRun(t / "head", "return 1", {{"A", "return 2"}});
  WriteFile(t / "base/codegen_device_k.cpp", "int k() { return 1; }\n");
  WriteFile(t / "head/codegen_device_k.cpp", "int k() { return 2; }\n");
  WriteFile(t / "head/codegen_host_main.cpp", "int main() {}\n");
  CompareSummary s = Compare(t);
  CHECK(s.codegen_differ == 2);
  REQUIRE(s.first.found);
  CHECK(s.first.name == "codegen codegen_device_k.cpp");
  json p = ReadPayload(t / "cmp.html");
  CHECK(Rows(p) == std::vector<std::string>{"frontend noop 0 0", "A noop 1 1",
                                            "codegen codegen_device_k.cpp changed - -",
                                            "codegen codegen_host_main.cpp added - -"});
  const json& host = p["entries"][3];
  CHECK(p["snapshots"][host["before"].get<int>()]["n"] == 0);  // compared with an empty text
  CHECK(host["ins"] == 1);
}

TEST_CASE("compare: an invalid dump is named in the error, and no report is written", "[compare]") {
  TempDir t;
  WriteRun(t / "base", "return 1", {{"A", "return 2"}, {"B", "return 2"}});
  WriteRun(t / "head", "return 1", {{"A", "return 2"}, {"B", "return 2"}});
  std::filesystem::remove(t / "head/01_after_A.py");
  try {
    Compare(t);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).rfind(t / "head" + ": ", 0) == 0);
    CHECK(std::string(e.what()).find("pass 1 is missing") != std::string::npos);
    CHECK(e.code() == ExitCode::kInput);
  }
  CHECK_FALSE(std::filesystem::exists(t / "cmp.html"));
  // The report must not replace one of either dump's files.
  std::filesystem::remove_all(t / "head");
  WriteRun(t / "head", "return 1", {{"A", "return 2"}});
  std::string before = ReadFile(t / "base/01_after_A.py");
  try {
    Compare(t, "base/01_after_A.py");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kUsage);
  }
  CHECK(ReadFile(t / "base/01_after_A.py") == before);
  // Issue 24: nor take a name either dump would read as one of its own files on its next run (a new pass
  // snapshot, a second frontend), as `ir-trace DUMP -o` refuses; exit 2, nothing written.
  for (const char* out : {"base/02_after_Report.py", "head/00_frontend.html", "head/02_after_X.log"}) {
    INFO(out);
    try {
      Compare(t, out);
      FAIL("no error");
    } catch (const Error& e) {
      CHECK(e.code() == ExitCode::kUsage);
      CHECK(std::string(e.what()).find("would read '" + std::filesystem::path(out).filename().string() +
                                       "' as one of its own files") != std::string::npos);
    }
    CHECK_FALSE(std::filesystem::exists(t / out));
  }
  CHECK(Compare(t, "base/report.html").aligned == 1);  // a name no dump reads is fine
}

TEST_CASE("compare: the real pair pa4_build_previous against pa4_build diverges at pass 8 ExpandMixedKernel",
          "[compare]") {
  std::string fixtures = test::SharedFixtures();
  if (fixtures.empty()) {
    WARN("no ../shared/fixtures: skipped");
    return;
  }
  TempDir t;
  CompareOptions o;
  o.base_dump = fixtures + "/pypto/pa4_build_previous/passes_dump";
  o.head_dump = fixtures + "/pypto/pa4_build/passes_dump";
  o.output = t / "cmp.html";
  o.compress = false;
  CompareSummary s = CompareDumps(o);
  CHECK(s.aligned == 13);
  CHECK(s.added + s.removed == 0);
  REQUIRE(s.first.found);
  CHECK(s.first.name == "ExpandMixedKernel");
  CHECK(s.first.head_num == 8);
  CHECK(s.differ == 6);  // it stays different through pass 13
  json p = ReadPayload(t / "cmp.html");
  CHECK(p["compare"]["first"] == 8);
  for (int i = 0; i < 8; ++i) CHECK(p["entries"][i]["status"] == "noop");
  CHECK(p["entries"][8]["status"] == "changed");
}

// A numbered dump of an MLIR pipeline made with Debian's mlir-opt 19: the frontend is the input as mlir-opt
// prints it, and snapshot k the output of the first k passes (one run per prefix).
void WriteMlirDump(const std::string& dir, const std::string& input, const std::vector<std::string>& passes) {
  const std::string opt = "/usr/lib/llvm-19/bin/mlir-opt";
  REQUIRE(std::filesystem::exists(opt));  // Debian mlir-19-tools: scripts/setup.sh --tests installs it
  std::filesystem::create_directories(dir);
  std::string flags;
  for (size_t k = 0; k <= passes.size(); ++k) {
    if (k > 0) flags += " -" + passes[k - 1];
    std::string name = "00_frontend.mlir";
    if (k > 0) {
      char num[8];
      std::snprintf(num, sizeof num, "%02zu", k);
      name = std::string(num) + "_after_" + passes[k - 1].substr(0, passes[k - 1].find('=')) + ".mlir";
    }
    test::RunResult r =
        test::Run(opt + " " + test::ShellQuote(input) + flags + " -o " + test::ShellQuote(dir + "/" + name));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
  }
}

TEST_CASE("compare: MLIR pipelines with and without affine-loop-tile (real mlir-opt)", "[compare]") {
  TempDir t;
  WriteFile(t / "in.mlir",
            "func.func @add(%a: memref<64xf32>, %b: memref<64xf32>) {\n"
            "  affine.for %i = 0 to 64 {\n"
            "    %x = affine.load %a[%i] : memref<64xf32>\n"
            "    %y = arith.addf %x, %x : f32\n"
            "    affine.store %y, %b[%i] : memref<64xf32>\n"
            "  }\n"
            "  return\n"
            "}\n");
  WriteMlirDump(t / "base", t / "in.mlir", {"canonicalize", "cse", "lower-affine"});

  SECTION("a pass that changes the IR: added, and the next aligned pass is the first divergence") {
    WriteMlirDump(t / "head", t / "in.mlir", {"canonicalize", "affine-loop-tile=tile-size=4", "cse", "lower-affine"});
    CompareSummary s = Compare(t);
    CHECK(s.added == 1);
    CHECK(s.aligned == 3);
    REQUIRE(s.first.found);
    CHECK(s.first.name == "cse");
    CHECK(s.first.base_num == 2);
    CHECK(s.first.head_num == 3);
    json p = ReadPayload(t / "cmp.html");
    CHECK(Rows(p)[2] == "affine-loop-tile added - 2");
    // Compared per function: the one function differs.
    const json& cse = p["entries"][3];
    REQUIRE(cse.contains("functions"));
    CHECK(cse["functions"][0]["key"] == "add");
    CHECK(cse["functions"][0]["status"] == "changed");
  }
  SECTION("a pass that changes nothing: added, and no divergence") {
    WriteMlirDump(t / "head", t / "in.mlir", {"canonicalize", "symbol-dce", "cse", "lower-affine"});
    CompareSummary s = Compare(t);
    CHECK(s.added == 1);
    CHECK_FALSE(s.first.found);
    CHECK(CompareLine("c.html", s) == "wrote c.html: 3 aligned passes, 0 differ, 1 added, 0 removed; no divergence");
  }
}

TEST_CASE("compare CLI: the subcommand, its summary line, --fail-on diverged and usage errors", "[compare][cli]") {
  TempDir t;
  WriteRun(t / "base", "return 1", {{"A", "return 2"}});
  WriteRun(t / "head", "return 1", {{"A", "return 3"}});
  test::CliResult r = RunMain({"compare", t / "base", t / "head", "-o", t / "c.html"});
  CHECK(r.code == 0);
  CHECK(r.err ==
        "wrote " + t / "c.html" + ": 1 aligned pass, 1 differ, 0 added, 0 removed; first divergence: pass 1 A\n");
  CHECK(std::filesystem::exists(t / "c.html"));

  r = RunMain({"compare", t / "base", t / "head", "-o", t / "c.html", "--fail-on", "diverged", "-q"});
  CHECK(r.code == 1);
  CHECK(r.err == "ir-trace: error: the runs diverge at pass 1 A (--fail-on diverged)\n");
  r = RunMain({"compare", t / "base", t / "base", "-o", t / "same.html", "--fail-on", "diverged"});
  CHECK(r.code == 0);
  CHECK(r.err.find("no divergence") != std::string::npos);

  CHECK(RunMain({"compare", t / "base"}).code == 2);
  CHECK(RunMain({"compare", t / "base", t / "head", t / "head"}).code == 2);
  CHECK(RunMain({"compare", t / "base", t / "head", "--fail-on", "warning"}).code == 2);
  r = RunMain({"compare", t / "base", t / "head", "-o", t / "c.html", "--json", "-"});
  CHECK(r.code == 2);
  CHECK(r.err.find("unknown option '--json'") != std::string::npos);
  r = RunMain({"compare", t / "base", "-o", t / "c.html"});
  CHECK(r.err.find("compare takes BASE_DUMP and HEAD_DUMP, got 1") != std::string::npos);
  r = RunMain({"compare", t / "base", t / "missing", "-o", t / "m.html"});
  CHECK(r.code == 1);
  CHECK(r.err.rfind("ir-trace: error: " + t / "missing" + ": ", 0) == 0);
  CHECK_FALSE(std::filesystem::exists(t / "m.html"));
  CHECK(RunMain({"compare", "--help"}).out.find("BASE_DUMP HEAD_DUMP") != std::string::npos);
}

TEST_CASE("compare CLI: a dump named compare is ./compare", "[compare][cli]") {
  TempDir t;
  WriteRun(t / "compare", "return 1", {{"A", "return 2"}});
  test::RunResult b = test::Run(std::string(IRTRACE_BINARY) + " ./compare -o r.html -q", t.path());
  CHECK(b.exit_code == 0);
  CHECK(std::filesystem::exists(t / "r.html"));
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

// ROOT (HEAD runs) and ROOT2 (baseline runs) for --baseline: k/same equal in both, k/diverged differing from
// pass 2, k/new with no baseline, k/broken whose baseline is invalid.
void WriteBaselineRoots(const TempDir& t) {
  WriteRun(t / "root/same", "return 1", {{"A", "return 2"}, {"B", "return 2"}});
  WriteRun(t / "root2/same", "return 1", {{"A", "return 2"}, {"B", "return 2"}});
  WriteRun(t / "root/diverged", "return 1", {{"A", "return 2"}, {"B", "return 5"}});
  WriteRun(t / "root2/diverged", "return 1", {{"A", "return 2"}, {"B", "return 2"}});
  WriteRun(t / "root/new", "return 1", {{"A", "return 2"}});
  WriteRun(t / "root/broken", "return 1", {{"A", "return 2"}});
  WriteFile(t / "root2/broken/00_frontend.py", "x\n");  // no pass: invalid
}

TEST_CASE("batch with --baseline ROOT2: each dump compared with the same relative path, in the summary and the index",
          "[compare][batch]") {
  TempDir t;
  WriteBaselineRoots(t);
  test::CliResult r =
      RunMain({"--find", t / "root", "--baseline", t / "root2", "-o", t / "out/", "--json", t / "s.json"});
  CHECK(r.code == 1);  // the broken baseline cannot be compared
  CHECK(r.err.find("ir-trace: error: " + t / "root2/broken" + ": no pass snapshot") != std::string::npos);
  CHECK(r.err.find("compared with " + t / "root2" +
                   ": 1 diverged, 1 same, 1 without a baseline, 1 could not be compared\n") != std::string::npos);
  json s = json::parse(ReadFile(t / "s.json"));
  std::map<std::string, json> by;
  for (const json& d : s["dumps"]) by[d["path"].get<std::string>().substr(t.path().size() + 6)] = d;
  CHECK(by["diverged"]["baseline"]["status"] == "diverged");
  CHECK(by["diverged"]["baseline"]["first_divergence"] == "pass 2 B");
  CHECK(by["diverged"]["baseline"]["report"] == t / "out/compare/diverged.html");
  CHECK(by["same"]["baseline"]["status"] == "same");
  CHECK(by["same"]["baseline"]["first_divergence"].is_null());
  CHECK(by["new"]["baseline"]["status"] == "missing");
  CHECK(by["new"]["baseline"]["report"].is_null());
  CHECK(by["broken"]["status"] == "ok");  // its own report is still written
  CHECK(by["broken"]["baseline"]["status"] == "error");
  CHECK(std::filesystem::exists(t / "out/broken.html"));
  CHECK(std::filesystem::exists(t / "out/compare/same.html"));
  std::string index = ReadFile(t / "out/index.html");
  CHECK(index.find("\"report_name\":\"compare/diverged.html\"") != std::string::npos);
  CHECK(index.find("\"divergence\":\"pass 2 B\"") != std::string::npos);
}

TEST_CASE("batch with --baseline: --fail-on diverged, a misspelt ROOT2, paths with no place under ROOT2, Markdown",
          "[compare][batch]") {
  TempDir t;
  WriteBaselineRoots(t);
  std::filesystem::remove_all(t / "root/broken");
  test::CliResult r = RunMain({"--find", t / "root", "--baseline", t / "root2", "-o", t / "out/", "--fail-on",
                               "failed,diverged", "--markdown", t / "s.md", "-q"});
  CHECK(r.code == 1);
  CHECK(r.err == "ir-trace: error: " + t / "root/diverged" + ": diverges from " + t / "root2/diverged" +
                     " at pass 2 B (--fail-on diverged)\n");
  std::string md = ReadFile(t / "s.md");
  CHECK(md.find(", 1 diverged from the baseline\n") != std::string::npos);
  CHECK(md.find("| [pass 2 B](out/compare/diverged.html) |") != std::string::npos);
  CHECK(md.find("| no baseline |") != std::string::npos);
  // ROOT2 misspelt: an error, not "every dump without a baseline".
  r = RunMain({"--find", t / "root", "--baseline", t / "nope", "-o", t / "out2/"});
  CHECK(r.code == 1);
  CHECK(r.err == "ir-trace: error: cannot use --baseline '" + t / "nope" + "': No such file or directory\n");
  // A dump given by a path that leaves the current directory has no place under ROOT2.
  r = RunMain({"../x/passes_dump", "same/passes_dump", "--baseline", t / "root2", "-o", t / "out3/"});
  CHECK(r.code == 2);
  CHECK(r.err.find("'../x/passes_dump' has none") != std::string::npos);
  CHECK(RunMain({"--find", t / "root", "-o", t / "out4/", "--fail-on", "diverged"}).code == 2);  // no --baseline
}

TEST_CASE("batch with --baseline: usage errors", "[compare][batch]") {
  TempDir t;
  WriteBaselineRoots(t);
  CHECK(RunMain({t / "root/same", "--baseline", t / "root2", "-o", t / "one.html"}).code == 2);
  CHECK(RunMain({"--find", t / "root", "--baseline", t / "root2", "--check"}).code == 2);
  CHECK(RunMain({"--find", t / "root", "--baseline", t / "root2", "--baseline", t / "root", "-o", t / "o/"}).code == 2);
  CHECK(RunMain({"--find", t / "root", "--baseline", "", "-o", t / "o/"}).code == 2);
  CHECK_FALSE(std::filesystem::exists(t / "o"));
}

}  // namespace
}  // namespace irtrace

namespace irtrace {
namespace {

TEST_CASE("compare: two LLVM function-scope logs, their unchanged passes compared by their function's text",
          "[compare]") {
  TempDir t;
  auto fn = [](const char* name, const char* body) {
    return std::string("define i32 @") + name + "() {\n  " + body + "\n}\n";
  };
  auto log = [&](const char* g_after) {
    return "; *** IR Dump After A on [module] ***\n" + fn("f", "ret i32 1") + "\n" + fn("g", "ret i32 2") +
           "; *** IR Dump After InstCombinePass on f ***\n" + fn("f", "ret i32 10") +
           "; *** IR Dump After InstCombinePass on g ***\n" + fn("g", g_after) +
           "; *** IR Dump After SROAPass on g ***\n" + fn("g", g_after);
  };
  WriteFile(t / "base", log("ret i32 20"));
  WriteFile(t / "head", log("ret i32 21"));
  CompareSummary s = Compare(t);
  REQUIRE(s.first.found);
  CHECK(s.first.name == "InstCombinePass");
  CHECK(s.first.base_num == 3);  // the first pass is a pass: A, the logs' first dump, is pass 1
  CHECK(s.differ == 2);  // InstCombinePass on g, and SROAPass on g, which changed nothing in either run
  // A log's snapshots have no file of their own: none is a crashed pass (every one was, before).
  CHECK(s.failed_base == 0);
  CHECK(s.failed_head == 0);
  json p = ReadPayload(t / "cmp.html");
  CHECK(Rows(p) == std::vector<std::string>{"frontend noop 0 0", "A noop 1 1", "InstCombinePass noop 2 2",
                                            "InstCombinePass changed 3 3", "SROAPass changed 4 4"});
}

}  // namespace
}  // namespace irtrace
