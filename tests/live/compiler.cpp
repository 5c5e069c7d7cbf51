// A small compiler for the live report's tests (tests/browser/live.test.mjs): records a frontend and
// PASSES passes (argv[1], default 6) of a tile program through the library, each pass adding a line.
// Its fault hook, test-only and placed by the test, never by timing: LIVE_KILL=between:K sends itself
// SIGKILL after pass K returned (0: after the frontend), LIVE_KILL=inside:K inside pass K (after its
// Running chunk, before its snapshot). LIVE_KILL=WHERE:K:HOW ends it there another way instead: segv (a
// real null-pointer write), abort, terminate (an exception out of a noexcept function), exit (exit(3)
// with the session open), term or int (the signal sent to itself), hang (waits for a signal: the test
// reads the page while it runs). LIVE_HANDLER, set before the session starts, is the compiler's own signal
// behaviour: recover (a SIGSEGV handler that jumps back out of the faulting pass, which then counts as
// having returned), llvm (a SIGSEGV handler that puts the default action back and returns, as LLVM's
// crash handler does), ignore-term (SIGTERM ignored). Kills inside the report's appends come from
// tests/live/kill_shim.c.
#include <irtrace/session.h>

#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace {

struct Kill {
  std::string where;  // "between" or "inside"
  int at = -1;
  std::string how = "kill";
};

Kill KillPoint() {
  const char* v = std::getenv("LIVE_KILL");
  Kill k;
  if (!v) return k;
  const char* colon = std::strchr(v, ':');
  if (!colon) return k;
  k.where.assign(v, colon);
  k.at = std::atoi(colon + 1);
  if (const char* how = std::strchr(colon + 1, ':')) k.how = how + 1;
  return k;
}

void Throw() { throw std::runtime_error("thrown through noexcept"); }

void Terminate() noexcept { Throw(); }

sigjmp_buf g_recover;

void Recover(int) { siglongjmp(g_recover, 1); }

void Llvm(int sig) {
  std::fprintf(stderr, "compiler: crashed (signal %d)\n", sig);
  std::signal(sig, SIG_DFL);
}

void SetHandler(const char* how) {
  if (!how) return;
  if (std::strcmp(how, "recover") == 0) std::signal(SIGSEGV, Recover);
  if (std::strcmp(how, "llvm") == 0) std::signal(SIGSEGV, Llvm);
  if (std::strcmp(how, "ignore-term") == 0) std::signal(SIGTERM, SIG_IGN);
}

int* volatile g_null = nullptr;  // opaque to the optimiser: the write below is a real fault, not a trap

// Ends the process as `how` says; returns only when the compiler's own behaviour (LIVE_HANDLER) lets it go on.
void End(const std::string& how) {
  if (how == "segv") {
    *g_null = 1;
  } else if (how == "abort") {
    std::abort();
  } else if (how == "terminate") {
    Terminate();
  } else if (how == "exit") {
    std::exit(3);
  } else if (how == "term") {
    std::raise(SIGTERM);
  } else if (how == "int") {
    std::raise(SIGINT);
  } else if (how == "hang") {
    std::fprintf(stdout, "hanging\n");
    std::fflush(stdout);
    for (;;) ::pause();
  } else {
    std::raise(SIGKILL);
  }
}

void MaybeKill(const Kill& k, const char* where, int at) {
  if (k.where != where || k.at != at) return;
  if (sigsetjmp(g_recover, 1) != 0) return;  // LIVE_HANDLER=recover: the fault jumped back here
  End(k.how);
}

}  // namespace

int main(int argc, char** argv) {
  int passes = argc > 1 ? std::atoi(argv[1]) : 6;
  Kill kill = KillPoint();
  SetHandler(std::getenv("LIVE_HANDLER"));
  std::string ir = "def tile():\n    x = load(a)\n    return x\n";
  irtrace::Session trace("tile");
  trace.Frontend(ir, "py");
  MaybeKill(kill, "between", 0);
  for (int p = 1; p <= passes; ++p) {
    trace.Pass("Pass" + std::to_string(p), [&] {
      MaybeKill(kill, "inside", p);
      ir += "    y" + std::to_string(p) + " = step" + std::to_string(p) + "(x)\n";
      return ir;
    });
    MaybeKill(kill, "between", p);
  }
  trace.End();
  std::printf("%s\n", trace.report_path().c_str());
  return 0;
}
