// One C program through opt-19 twice, for tests that check a report against the truth: the log of a
// given form, and the module-scope log of the same run (-print-after-all -print-module-scope), read as a
// listing. Needs clang-19 and opt-19 (REQUIREs /usr/bin/opt-19).
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_in_process.h"
#include "input/input_format.h"
#include "input/snapshot.h"
#include "payload_json.h"
#include "test_util.h"

namespace irtrace::test {

struct TruthRun {
  DumpListing truth;        // the module-scope log's passes, listed (ListAllPasses)
  nlohmann::json payload;   // the report of the form's log (--no-compress), its notes resolved
};

// Writes `program` to DIR/p.c, compiles it unoptimised to p.ll, runs `opt-19 PIPELINE FORM_FLAGS` into
// DIR/LOG and the module-scope log of the same pipeline into DIR/ms.log, converts LOG with ir-trace (in
// process; REQUIREs exit 0) and returns both. `pipeline` as opt takes it ("-O2", "-O3").
inline TruthRun RunWithTruth(const TempDir& t, const std::string& program, const std::string& pipeline,
                             const std::string& form_flags, const std::string& log) {
  REQUIRE(std::filesystem::exists("/usr/bin/opt-19"));
  WriteFile(t / "p.c", program);
  Shell(t, "clang-19 -O2 -Xclang -disable-llvm-passes -S -emit-llvm p.c -o p.ll");
  Shell(t, "opt-19 " + pipeline + " " + form_flags + " p.ll -o /dev/null 2>" + log);
  Shell(t, "opt-19 " + pipeline + " -print-after-all -print-module-scope p.ll -o /dev/null 2>ms.log");
  TruthRun run;
  run.truth = ListInput(t / "ms.log", InputFormat::kAuto, {});
  ListAllPasses(&run.truth);
  CliResult r = RunMain({t / log, "--no-compress", "-o", t / (log + ".html")});
  REQUIRE(r.code == 0);
  run.payload = PayloadOf(t / (log + ".html"));
  return run;
}

// The functions of an LLVM module's text by name, each with its #N / !N numbers blanked (each printer
// numbers them its own way).
inline std::map<std::string, std::string> FunctionsOf(const std::string& text) {
  static const std::regex numbered("([#!])[0-9]+");
  std::unique_ptr<Snapshot> s = MakeSnapshot("m", "ll", text);
  std::map<std::string, std::string> out;
  for (const Section& sec : s->scope.sections) {
    std::string f;
    for (size_t k = sec.begin; k < sec.end; ++k) f.append(s->lines[k]).push_back('\n');
    out[sec.key] = std::regex_replace(f, numbered, "$1N");
  }
  return out;
}

// The module's text after each pass of a module-scope listing, in pass order (an unchanged pass's is the
// one before it; "" before the first dump).
inline std::vector<std::string> ModulesAfter(const DumpListing& truth) {
  std::vector<std::string> modules;
  for (const DumpPass& m : truth.passes) {
    if (m.file.text) modules.push_back(*m.file.text);
    else if (m.file.load) modules.push_back(m.file.load());
    else modules.push_back(modules.empty() ? "" : modules.back());
  }
  return modules;
}

}  // namespace irtrace::test
