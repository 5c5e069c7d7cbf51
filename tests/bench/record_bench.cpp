// The recording library's two budgets (issue 12), measured, not tested (tests check behaviour, never
// time): what a capture call costs with tracing off, against the same loop without calls, and the bytes a
// 300-pass session writes (files and report), against the snapshot bytes it was given.
//
//   cmake --build build --target irtrace-record-bench && build/irtrace-record-bench [PASSES LINES]
//
// Budgets: off, <= 20 ns per call (or <= 5% of a loop of no-op passes), printer callables included;
// written <= 3 x snapshot bytes + 8 MiB.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <unistd.h>
#include <vector>

#include "record/irtrace/session.h"

namespace {

using Clock = std::chrono::steady_clock;

// The "pass": opaque to the optimiser, so both loops do the same work.
__attribute__((noinline)) void NoOpPass(long* x) {
  ++*x;
  asm volatile("" ::: "memory");
}

__attribute__((noinline)) std::string Print(long x) { return std::to_string(x); }

double BestSeconds(int runs, const std::function<void()>& body) {
  double best = 1e9;
  for (int r = 0; r < runs; ++r) {
    Clock::time_point t = Clock::now();
    body();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t).count());
  }
  return best;
}

void Overhead() {
  constexpr long kIterations = 20000000;
  irtrace::Enable(irtrace::Mode::kOff);
  irtrace::Session trace("bench");
  long x = 0;
  double bare = BestSeconds(5, [&] {
    for (long i = 0; i < kIterations; ++i) NoOpPass(&x);
  });
  // Two capture calls an iteration: a pass with its printer, and After with a printer.
  double traced = BestSeconds(5, [&] {
    for (long i = 0; i < kIterations; ++i) {
      trace.Pass("NoOp", [&] { NoOpPass(&x); }, [&] { return Print(x); });
      trace.After("Check", [&] { return Print(x); });
    }
  });
  double per_call_ns = (traced - bare) / (2.0 * kIterations) * 1e9;
  std::printf(
      "tracing off: %.2f ns per capture call (loop of no-op passes: %.2f ns an iteration bare, "
      "%.2f ns with Pass + After; +%.1f%%); budget 20 ns\n",
      per_call_ns, bare / kIterations * 1e9, traced / kIterations * 1e9, (traced / bare - 1) * 100);
}

// Bytes this process has written (write(2) and friends): /proc/self/io "wchar".
unsigned long long BytesWritten() {
  std::ifstream io("/proc/self/io");
  std::string key;
  unsigned long long value = 0;
  while (io >> key >> value) {
    if (key == "wchar:") return value;
  }
  return 0;
}

void BytesOfSession(int passes, int lines) {
  char templ[] = "/tmp/irtrace-record-bench-XXXXXX";
  if (!::mkdtemp(templ)) return;
  std::string dir = templ;
  irtrace::Enable(irtrace::Mode::kHtml, dir);
  std::vector<std::string> text(static_cast<size_t>(lines));
  for (int i = 0; i < lines; ++i) {
    text[static_cast<size_t>(i)] = "    t" + std::to_string(i) + ": pl.Tensor[[64, 128], pl.FP16] = pl.op.add(t" +
                                   std::to_string(i > 0 ? i - 1 : 0) + ", bias_" + std::to_string(i % 7) + ")";
  }
  auto join = [&] {
    std::string s = "class Bench:\n  def kernel(self):\n";
    for (const std::string& l : text) s += l + "\n";
    return s;
  };
  unsigned long long given = 0;
  unsigned long long before = BytesWritten();
  Clock::time_point t = Clock::now();
  double report_seconds = 0;
  {
    irtrace::Session trace("bench");
    std::string frontend = join();
    given += frontend.size();
    trace.Frontend(frontend, "py");
    for (int p = 1; p <= passes; ++p) {
      for (int e = 0; e < 3; ++e) {  // three edits a pass
        size_t at = static_cast<size_t>((p * 7919 + e * 104729) % lines);
        text[at] += "  # pass " + std::to_string(p);
      }
      std::string after = join();
      given += after.size();
      trace.Pass("Pass" + std::to_string(p), [&] { return after; });
    }
    Clock::time_point end = Clock::now();
    trace.End();
    report_seconds = std::chrono::duration<double>(Clock::now() - end).count();
  }
  double seconds = std::chrono::duration<double>(Clock::now() - t).count();
  unsigned long long written = BytesWritten() - before;
  double budget = 3.0 * static_cast<double>(given) + 8.0 * 1048576;
  std::printf(
      "html, %d passes x %d lines: snapshot bytes %.1f MB, written %.1f MB (%.2fx; budget 3x + 8 MiB = "
      "%.1f MB), %.2f s in all, of which the report %.2f s\n",
      passes, lines, given / 1048576.0, written / 1048576.0, static_cast<double>(written) / given, budget / 1048576.0,
      seconds, report_seconds);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}

}  // namespace

int main(int argc, char** argv) {
  int passes = argc > 1 ? std::atoi(argv[1]) : 300;
  int lines = argc > 2 ? std::atoi(argv[2]) : 5000;
  Overhead();
  BytesOfSession(passes, lines);
  return 0;
}
