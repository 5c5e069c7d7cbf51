// tile_pipeline: a small compiler for one tile kernel, D = relu(A @ B + bias), traced with ir-trace's
// recording library. It lowers the kernel through its own tile IR (tile_ir.h) in real passes: tiling, loop
// interchange, fusion, memory allocation; generates the device kernel and the host launcher as C++; builds
// them with the system's C++ compiler, runs them and checks the result against the IR's interpreter.
//
//   IR_TRACE=1 ./tile_pipeline [--tile N] [--out DIR]
//
// With IR_TRACE=1 every pass lands in ir_trace/matmul_bias_relu/.runs/<run>/ and the report at
// ir_trace/matmul_bias_relu/report.html; the generated sources are working copies there: edit
// ir_trace/matmul_bias_relu/kernel.cpp and run again to build the edit (README, "Edit and recompile").
#include <irtrace/session.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "tile_ir.h"

namespace {

struct Options {
  long tile = 16;
  std::string out = "tile_build";
};

Options Parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--tile" && i + 1 < argc) {
      o.tile = std::atol(argv[++i]);
    } else if (arg == "--out" && i + 1 < argc) {
      o.out = argv[++i];
    } else {
      std::fprintf(stderr, "usage: tile_pipeline [--tile N] [--out DIR]\n");
      std::exit(2);
    }
  }
  return o;
}

void WriteText(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << text;
  if (!f.flush()) throw std::runtime_error("cannot write " + path);
}

// Runs argv (no shell) and returns its exit status; its stdout goes to *out.
int Run(const std::vector<std::string>& argv, std::string* out) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
  pid_t child = ::fork();
  if (child < 0) throw std::runtime_error("fork failed");
  if (child == 0) {
    ::dup2(fds[1], 1);
    ::close(fds[0]);
    ::close(fds[1]);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    std::fprintf(stderr, "tile_pipeline: cannot run %s: %s\n", args[0], std::strerror(errno));
    ::_exit(127);
  }
  ::close(fds[1]);
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) out->append(buf, static_cast<size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

}  // namespace

int main(int argc, char** argv) {
  Options options = Parse(argc, argv);
  try {
    tile::Kernel kernel = tile::MatmulBiasRelu(64, 64, 48);
    const double reference = tile::Interpret(kernel);
    auto print = [&] { return tile::Print(kernel); };

    irtrace::Session trace(kernel.name);
    trace.Frontend(print, "py");
    {
      auto phase = trace.Phase("tiling");
      trace.Pass("TileLoops", [&] { tile::TileLoops(&kernel, {{"i", options.tile}, {"j", options.tile}}); }, print);
      // Tile loops outside, and k before j1 so the innermost loop walks B and C with stride 1.
      trace.Pass("InterchangeLoops", [&] { tile::InterchangeLoops(&kernel, {"i0", "j0", "i1", "k", "j1"}); }, print);
    }
    {
      auto phase = trace.Phase("fusion");
      trace.Pass("FuseLoops", [&] { tile::FuseLoops(&kernel, 2); }, print);  // one (i0, j0) tile loop
    }
    {
      auto phase = trace.Phase("memory");
      trace.Pass("AllocateMemory", [&] { tile::AllocateMemory(&kernel); }, print);
    }
    if (tile::Interpret(kernel) != reference) throw std::runtime_error("the lowered IR computes another result");

    // The sources to build: what the compiler generated, or the user's edit of the working copy.
    std::string device = trace.Codegen(irtrace::SourceRole::kDevice, "kernel.cpp", tile::DeviceSource(kernel));
    std::string host = trace.Codegen(irtrace::SourceRole::kHost, "launcher.cpp", tile::HostSource(kernel));
    trace.End();

    std::filesystem::create_directories(options.out);
    const std::string dir = std::filesystem::absolute(options.out).string();
    WriteText(dir + "/kernel.cpp", device);
    WriteText(dir + "/launcher.cpp", host);
    const char* cxx = std::getenv("CXX");
    std::string ignored;
    if (Run({cxx && *cxx ? cxx : "g++", "-O1", "-o", dir + "/kernel_run", dir + "/kernel.cpp", dir + "/launcher.cpp"},
            &ignored) != 0) {
      std::fprintf(stderr, "tile_pipeline: the generated source does not compile (an edited working copy?)\n");
      return 1;
    }
    std::string output;
    if (Run({dir + "/kernel_run"}, &output) != 0) throw std::runtime_error("the kernel program failed");
    double checksum = 0;
    if (std::sscanf(output.c_str(), "checksum %lf", &checksum) != 1) throw std::runtime_error("no checksum");
    std::printf("tile_pipeline: kernel checksum %.0f, reference %.0f: %s\n", checksum, reference,
                checksum == reference ? "match" : "DIFFERENT (the built source is not what the IR says)");
    if (!trace.report_path().empty()) std::printf("report: %s\n", trace.report_path().c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tile_pipeline: error: %s\n", e.what());
    return 1;
  }
}
