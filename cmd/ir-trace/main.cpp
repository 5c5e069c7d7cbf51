// ir-trace: converts a numbered pass dump into one self-contained HTML report.
// Parses the command line (CLI11 lives only here) and hands over to irtrace::RunConvert.
#include <cstdio>

#include <CLI/CLI.hpp>

#include "convert.h"

int main(int argc, char** argv) {
  irtrace::ConvertOptions options;
  CLI::App app{"Convert a compiler pass dump into a self-contained HTML report.", "ir-trace"};
  app.add_option("PASSES_DUMP", options.dump_dir, "Directory with 00_frontend.<ext> and NN_after_<Pass>.<ext>")
      ->required();
  app.add_option("-o,--output", options.output, "Report to write (default: ir_trace.html)");
  app.add_option("--context", options.context, "Unchanged lines shown around each change (default: 3)")
      ->check(CLI::Validator(
          [](std::string& v) -> std::string {
            bool digits = !v.empty() && v.size() < 9 && v.find_first_not_of("0123456789") == std::string::npos;
            return digits ? "" : "takes a whole number >= 0, got '" + v + "'";
          },
          "N >= 0"));
  app.add_option("--codegen", options.codegen_dirs,
                 "PyPTO build directory whose kernels/ (device) and orchestration/ (host) sources to add")
      ->allow_extra_args(false);
  bool plain_json = false;
  app.add_flag("--no-compress", plain_json, "Store the report data as plain JSON (larger; for inspection)");
  app.add_flag("-v,--verbose", options.verbose, "Print counts, timings and ignored files");
  app.add_flag("-q,--quiet", options.quiet, "Print nothing on success");
  app.set_version_flag("--version", "ir-trace " IRTRACE_VERSION);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    irtrace::PrintError(stderr, std::string(e.what()) + " (see ir-trace --help)");
    return static_cast<int>(irtrace::ExitCode::kUsage);
  }
  options.compress = !plain_json;
  return irtrace::RunConvert(options, stderr);
}
