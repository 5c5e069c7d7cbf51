// A tiny "compiler" recording three passes in two phases through the installed headers; with --codegen,
// also the device and host source it generates (Session::Codegen), printing the device source it builds.
#include <irtrace/session.h>

#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

int main(int argc, char** argv) {
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
  if (argc > 1 && std::strcmp(argv[1], "--codegen") == 0) {
    std::string device = trace.Codegen(irtrace::SourceRole::kDevice, "tile.cpp", "void tile() {}\n");
    trace.Codegen(irtrace::SourceRole::kHost, "main.cpp", "int main() { tile(); }\n");
    std::printf("%s", device.c_str());
  }
  trace.End();
  std::printf("%s\n", trace.report_path().c_str());
  return 0;
}
