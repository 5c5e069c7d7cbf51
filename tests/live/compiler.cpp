// A small compiler for the live report's tests (tests/browser/live.test.mjs): records a frontend and
// PASSES passes (argv[1], default 6) of a tile program through the library, each pass adding a line.
// Its fault hook, test-only and placed by the test, never by timing: LIVE_KILL=between:K sends itself
// SIGKILL after pass K returned (0: after the frontend), LIVE_KILL=inside:K inside pass K (after its
// Running chunk, before its snapshot). Kills inside the report's appends come from tests/live/kill_shim.c.
#include <irtrace/session.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

struct Kill {
  std::string where;  // "between" or "inside"
  int at = -1;
};

Kill KillPoint() {
  const char* v = std::getenv("LIVE_KILL");
  Kill k;
  if (!v) return k;
  const char* colon = std::strchr(v, ':');
  if (!colon) return k;
  k.where.assign(v, colon);
  k.at = std::atoi(colon + 1);
  return k;
}

void MaybeKill(const Kill& k, const char* where, int at) {
  if (k.where == where && k.at == at) std::raise(SIGKILL);
}

}  // namespace

int main(int argc, char** argv) {
  int passes = argc > 1 ? std::atoi(argv[1]) : 6;
  Kill kill = KillPoint();
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
