// A Triton stream (input/mlir_llvm_phase.h): per kernel, MLIR dumps and then the LLVM pipeline's dumps in
// one log. testdata/triton_stream/stream.log is real mlir-opt-19 and opt-19 output in Triton's layout
// (its make_stream.sh). Each kernel is one report: its MLIR passes, then its LLVM passes in phase "llvm",
// those read as the LLVM reader reads them alone.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "cli_in_process.h"
#include "input/llvm_log.h"
#include "input/mlir_llvm_phase.h"
#include "input/mlir_log.h"
#include "payload_json.h"
#include "test_util.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

const std::string kStream = std::string(IRTRACE_SOURCE_DIR) + "/testdata/triton_stream/stream.log";
const std::vector<std::string> kMlirPasses{"CSE", "Canonicalizer", "ArithToLLVMConversionPass", "ConvertFuncToLLVMPass",
                                           "ReconcileUnrealizedCasts"};

std::vector<std::string> Names(const DumpListing& l, const std::string& phase) {
  std::vector<std::string> out;
  for (const DumpPass& p : l.passes)
    if (p.phase == phase) out.push_back(p.pass_name);
  return out;
}

// The lines [first, last] (1-based) of `text`, each with its '\n'.
std::string Lines(const std::string& text, size_t first, size_t last) {
  std::string out;
  size_t line = 1, at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    end = end == std::string::npos ? text.size() : end + 1;
    if (line >= first && line <= last) out.append(text, at, end - at);
    ++line;
    at = end;
  }
  return out;
}

// Each pass entry of a --no-compress report: "name|status|+ins -del|key:status,..." (its functions that
// are not "same"), in order, from its `first`-th pass entry (1-based) on.
std::vector<std::string> Said(const std::string& report, size_t first) {
  nlohmann::json p = test::PayloadOf(report);
  std::vector<std::string> out;
  const nlohmann::json& entries = p["entries"];
  for (size_t k = first; k < entries.size(); ++k) {
    const nlohmann::json& e = entries[k];
    std::string s = e["name"].get<std::string>() + "|" + e["status"].get<std::string>() + "|+" +
                    std::to_string(e.value("ins", 0)) + " -" + std::to_string(e.value("del", 0)) + "|";
    for (const nlohmann::json& f : e.value("functions", nlohmann::json::array()))
      if (f["status"] != "same") s += f["key"].get<std::string>() + ":" + f["status"].get<std::string>() + ",";
    out.push_back(s);
  }
  return out;
}

TEST_CASE("mlir_llvm_phase: each kernel of a Triton stream holds its MLIR passes, then its LLVM passes",
          "[mlir_llvm_phase]") {
  std::string text = test::ReadFile(kStream);
  std::vector<LogPart> parts = MlirLogParts(text);
  REQUIRE(parts.size() == 2);
  CHECK(parts[0].name == "add_kernel");
  CHECK(parts[1].name == "mul_kernel");
  const std::vector<std::string> add_llvm{"Annotation2MetadataPass", "SROAPass",        "EarlyCSEPass",
                                          "InstCombinePass",         "SimplifyCFGPass", "GlobalDCEPass"};
  const std::vector<std::string> mul_llvm{"Annotation2MetadataPass", "SROAPass",     "EarlyCSEPass", "InstCombinePass",
                                          "SimplifyCFGPass",         "SROAPass",     "EarlyCSEPass", "InstCombinePass",
                                          "SimplifyCFGPass",         "GlobalDCEPass"};
  for (const auto& [part, llvm] : {std::pair{parts[0], add_llvm}, std::pair{parts[1], mul_llvm}}) {
    DumpListing l = ReadMlirLog("stream.log", text, part.name);
    INFO(part.name);
    REQUIRE(l.passes.size() == kMlirPasses.size() + llvm.size());
    CHECK(Names(l, kMlirPhase) == kMlirPasses);
    CHECK(Names(l, kLlvmPhase) == llvm);
    // MLIR first, then LLVM, numbered on; the first LLVM pass against what the LLVM dumps hold before it
    // (nothing: -print-after-all), never against the last MLIR module.
    for (size_t k = 0; k < l.passes.size(); ++k) {
      CHECK(l.passes[k].number == k + 1);
      CHECK(l.passes[k].phase == (k < kMlirPasses.size() ? kMlirPhase : kLlvmPhase));
    }
    const DumpPass& first = l.passes[kMlirPasses.size()];
    REQUIRE(first.before);
    CHECK(first.before->text->empty());
    CHECK(first.file.extension == "ll");
    CHECK(first.file.name.rfind("stream.log line ", 0) == 0);
    CHECK(first.notes.at(0).find("LLVM pipeline's dumps start here") != std::string::npos);
    // The log's lines: the snapshot is the banner's dump in the stream.
    size_t line = std::stoul(first.file.name.substr(16));
    CHECK(Lines(text, line, line).rfind("; *** IR Dump After Annotation2MetadataPass on [module] ***", 0) == 0);
    // No LLVM text is left as "the tool's own output".
    for (const std::string& n : l.notes) CHECK(n.find("not a dump") == std::string::npos);
  }
}

TEST_CASE("mlir_llvm_phase: the LLVM passes of a kernel change what the LLVM reader alone says they change",
          "[mlir_llvm_phase]") {
  std::string text = test::ReadFile(kStream);
  TempDir t;
  test::WriteFile(t / "stream.log", text);
  test::CliResult r = test::RunMain({t / "stream.log", "--no-compress", "-q", "-o", t / "out/"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  std::vector<std::string> reports;
  for (const auto& e : fs::directory_iterator(t / "out"))
    if (e.path().extension() == ".html" && e.path().filename() != "index.html") reports.push_back(e.path());
  std::sort(reports.begin(), reports.end());
  REQUIRE(reports.size() == 2);
  // The LLVM part of each kernel alone: the lines between its last MLIR dump and the next kernel's first.
  std::vector<LogPart> parts = MlirLogParts(text);
  size_t total = static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
  for (size_t k = 0; k < parts.size(); ++k) {
    DumpListing l = ReadMlirLog("stream.log", text, parts[k].name);
    const DumpPass& first = l.passes[kMlirPasses.size()];
    size_t begin = std::stoul(first.file.name.substr(16));
    size_t end = k + 1 < parts.size() ? parts[k + 1].first_line - 1 : total;
    test::WriteFile(t / ("alone" + std::to_string(k) + ".log"), Lines(text, begin, end));
    test::CliResult a = test::RunMain({t / ("alone" + std::to_string(k) + ".log"), "--no-compress", "-q", "-o",
                                       t / ("alone" + std::to_string(k) + ".html")});
    REQUIRE(a.code == 0);
    std::string suffix = "stream.log__" + parts[k].name + ".html", report;
    for (const std::string& r : reports)
      if (r.size() >= suffix.size() && r.compare(r.size() - suffix.size(), suffix.size(), suffix) == 0) report = r;
    REQUIRE(!report.empty());
    INFO(parts[k].name);
    std::vector<std::string> mixed = Said(report, 1 + kMlirPasses.size());
    std::vector<std::string> alone = Said(t / ("alone" + std::to_string(k) + ".html"), 1);
    CHECK(mixed == alone);
    // The phase tab names both: the payload's entries carry the phases.
    nlohmann::json p = test::PayloadOf(report);
    CHECK(p["entries"][1]["phase"] == kMlirPhase);
    CHECK(p["entries"][1 + kMlirPasses.size()]["phase"] == kLlvmPhase);
  }
}

TEST_CASE("mlir_llvm_phase: an LLVM pipeline that starts with a function pass builds its module from LLVM dumps",
          "[mlir_llvm_phase]") {
  REQUIRE(fs::exists("/usr/bin/opt-19"));
  std::string text = test::ReadFile(kStream);
  TempDir t;
  // The first kernel's MLIR dumps, then opt-19's dumps of another module whose first pass is a function
  // pass: the module pass after it is diffed against the LLVM functions, never against the MLIR module.
  test::WriteFile(t / "k.ll",
                  "define internal i32 @unused(i32 %x) {\n  ret i32 %x\n}\n\n"
                  "define i32 @k(i32 %x) {\n  %a = mul i32 %x, 2\n  ret i32 %a\n}\n");
  test::Shell(t, "opt-19 -passes='function(instcombine),globaldce' -print-after-all k.ll -disable-output 2>llvm.log");
  std::string llvm = test::ReadFile(t / "llvm.log");
  REQUIRE(llvm.rfind("; *** IR Dump After InstCombinePass on unused ***", 0) == 0);
  test::WriteFile(t / "mixed.log", text.substr(0, text.find("; *** IR Dump After")) + llvm);
  test::CliResult m = test::RunMain({t / "mixed.log", "--no-compress", "-q", "-o", t / "mixed.html"});
  INFO(m.err);
  REQUIRE(m.code == 0);
  test::CliResult a = test::RunMain({t / "llvm.log", "--no-compress", "-q", "-o", t / "alone.html"});
  REQUIRE(a.code == 0);
  std::vector<std::string> alone = Said(t / "alone.html", 1);
  CHECK(alone == std::vector<std::string>{"InstCombinePass|changed|+3 -0|unused:added,",
                                          "InstCombinePass|changed|+4 -0|k:added,",
                                          "GlobalDCEPass|changed|+2 -4|:changed,unused:removed,"});
  CHECK(Said(t / "mixed.html", 1 + kMlirPasses.size()) == alone);
}

TEST_CASE("mlir_llvm_phase: an MLIR log without LLVM dumps has no phases", "[mlir_llvm_phase]") {
  std::string text = test::ReadFile(kStream);
  // The first kernel's MLIR dumps alone (up to its first LLVM banner).
  size_t cut = text.find("; *** IR Dump After");
  DumpListing l = ReadMlirLog("k.log", text.substr(0, cut), std::nullopt);
  CHECK(Names(l, "") == kMlirPasses);
  CHECK(IsLlvmDumpLine("; *** IR Dump After InstCombinePass on f ***"));
  CHECK_FALSE(IsLlvmDumpLine("// -----// IR Dump After CSE (cse) //----- //"));
}

}  // namespace
}  // namespace irtrace
