#include "driver/pass_stage.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <string>

#include "driver/convert.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::ReadFile;
using test::RunResult;
using test::ShellQuote;
using test::TempDir;
using test::WriteFile;

// A deterministic stream of numbers (an LCG), so the logs below are the same on every run.
struct Numbers {
  uint64_t state = 12345;
  unsigned Next() {
    state = state * 6364136223846793005u + 1442695040888963407u;
    return static_cast<unsigned>(state >> 33);
  }
};

// Function `f<k>` with `lines` instructions whose constants are `salt`-dependent (salt 0: the same each time).
std::string Function(int k, int lines, unsigned salt) {
  std::string text = "define i32 @f" + std::to_string(k) + "(i32 %a) {\nentry:\n";
  for (int i = 0; i < lines; ++i) {
    text += "  %v" + std::to_string(i) + " = add i32 %a, " + std::to_string((salt * 7919u + i * 31u) % 100003u) + "\n";
  }
  return text + "  ret i32 %a\n}\n";
}

std::string ModuleDump(const std::string& pass, int functions, unsigned salt) {
  std::string text =
      "; *** IR Dump After " + pass + " on [module] ***\n; ModuleID = 'm.ll'\nsource_filename = \"m.c\"\n\n";
  for (int k = 0; k < functions; ++k) text += Function(k, 20, k == 3 ? salt : 0) + "\n";
  return text;
}

// A function-scope -print-after-all log of many batches: whole-module dumps (large, between runs of small
// ones), function dumps changed and unchanged, loop dumps.
std::string LongLog() {
  Numbers n;
  std::string log = ModuleDump("Annotation2MetadataPass", 400, 0) + ModuleDump("InferFunctionAttrsPass", 400, 1);
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < 3000; ++i) {
      int k = static_cast<int>(n.Next() % 400);
      unsigned salt = n.Next() % 4;  // often the same text again: an unchanged pass
      log += "; *** IR Dump After SimplifyCFGPass on f" + std::to_string(k) + " ***\n" + Function(k, 20, salt) + "\n";
      if (i % 97 == 0) {
        log += "; *** IR Dump After LoopRotatePass on loop %entry in function f" + std::to_string(k) +
               " ***\n\nentry:\n  br label %entry\n\n";
      }
    }
    log += ModuleDump("GlobalOptPass", 400, 10 + round);
  }
  return log;
}

TEST_CASE("pass_stage: an LLVM log of many batches gives the same bytes on 1, 2 and 3 threads", "[pass_stage]") {
  TempDir t;
  std::string log = t / "in.log";
  WriteFile(log, LongLog());
  std::string reports[3];
  unsigned threads[3] = {1, 2, 3};
  for (int k = 0; k < 3; ++k) {
    ConvertOptions o;
    o.dump_dir = log;
    o.output = t / ("r" + std::to_string(k) + ".html");
    o.threads = threads[k];
    ConvertSummary s = ConvertDump(o);
    CHECK(s.passes > 9000);
    CHECK(s.changed > 1000);
    reports[k] = ReadFile(o.output);
  }
  CHECK(reports[0].size() > 100000);
  CHECK(reports[0] == reports[1]);
  CHECK(reports[0] == reports[2]);
}

// Snapshots of changed passes that compress poorly: the report grows as the passes are written, on the
// writer's and the compressor's threads, long before its entries (a temporary file of their own) do.
std::string IncompressibleLog() {
  Numbers n;
  std::string log;
  for (int pass = 0; pass < 300; ++pass) {
    log += "; *** IR Dump After InstCombinePass on f0 ***\ndefine i32 @f0(i32 %a) {\nentry:\n";
    for (int i = 0; i < 200; ++i) {
      log += "  %v" + std::to_string(i) + " = xor i32 %a, " + std::to_string(n.Next()) + "\n";
    }
    log += "  ret i32 %a\n}\n\n";
  }
  return log;
}

// A write that fails on the thread writing the payload (or the one compressing it), mid-way through the
// passes, is the run's one error line and exit 1, with nothing left behind: no hang, no partial report.
TEST_CASE("pass_stage: a write failing on the payload's threads is the one error, nothing written", "[pass_stage]") {
  TempDir t;
  WriteFile(t / "in.log", IncompressibleLog());
  const std::string bin = ShellQuote(IRTRACE_BINARY);
  for (const char* flags : {"", " --no-compress"}) {
    INFO(flags);
    // sh's ulimit -f counts 512-byte blocks: 512 KiB, past the page's head, short of the passes' ~2.5 MB.
    RunResult r = test::Run("ulimit -f 1024; " + bin + " in.log -o out.html" + flags, t.path());
    CHECK(r.exit_code == 1);
    CHECK(r.err == "ir-trace: error: report not written: cannot write 'out.html': File too large\n");
    CHECK(!std::filesystem::exists(t / "out.html"));
    RunResult ok = test::Run(bin + " in.log -q -o out.html" + flags, t.path());
    CHECK(ok.exit_code == 0);
    CHECK(std::filesystem::file_size(t / "out.html") > 1024 * 1024);
    std::filesystem::remove(t / "out.html");
  }
}

}  // namespace
}  // namespace irtrace
