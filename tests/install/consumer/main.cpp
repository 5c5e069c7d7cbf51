// A tiny "compiler" recording three passes in two phases through the installed headers.
#include <irtrace/session.h>

#include <cstdio>
#include <stdexcept>
#include <string>

int main() {
  std::string ir = "def tile():\n    x = load(a)\n    return x\n";
  irtrace::Session trace("tile");
  trace.Frontend(ir, "py");
  {
    auto phase = trace.Phase("tiling");
    trace.Pass("Tile", [&] { ir += "    # tiled 64x64\n"; }, [&] { return ir; });
  }
  auto phase = trace.Phase("lowering");
  trace.After("Lower", [&] { return ir + "    # lowered\n"; });
  try {
    trace.Pass("Verify", []() -> std::string { throw std::runtime_error("verifier failed"); });
  } catch (const std::runtime_error&) {
  }
  trace.End();
  std::printf("%s\n", trace.report_path().c_str());
  return 0;
}
