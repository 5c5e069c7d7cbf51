#include "cli.h"

#include <string>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "driver/console.h"
#include "driver/convert.h"

namespace irtrace::cli {

int Main(int argc, const char* const* argv, std::ostream& out, std::FILE* err) {
  ConvertOptions options;
  bool verbose = false, quiet = false;
  CLI::App app{"Convert a compiler pass dump into a self-contained HTML report.", "ir-trace"};
  app.add_option("PASSES_DUMP", options.dump_dir, "Directory with 00_frontend.<ext> and NN_after_<Pass>.<ext>")
      ->required();
  app.add_option("-o,--output", options.output, "Report to write (default: ir_trace.html)")->type_name("PATH");
  std::string context = "3";
  app.add_option("--context", context, "Unchanged lines shown around each change, 0 to 1000000 (default: 3)")
      ->type_name("N");
  app.add_option("--codegen", options.codegen_dirs,
                 "PyPTO build directory whose kernels/ (device) and orchestration/ (host) sources to add")
      ->allow_extra_args(false)
      ->type_name("DIR");
  bool plain_json = false;
  app.add_flag("--no-compress", plain_json, "Store the report data as plain JSON (larger; for inspection)");
  app.add_flag("-v,--verbose", verbose, "Print counts, timings and ignored files");
  app.add_flag("-q,--quiet", quiet, "Print nothing on success (-v diagnostics still print)");
  app.set_version_flag("--version", "ir-trace " IRTRACE_VERSION);
  auto usage_error = [err](const std::string& message) {
    Console(err, false, false, false).Error(message);
    return static_cast<int>(ExitCode::kUsage);
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, out, out);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e, out, out);
  } catch (const CLI::ParseError& e) {
    return usage_error(std::string(e.what()) + " (see ir-trace --help)");
  }
  // Parsed here, base 10 (CLI11 would read a leading 0 as octal).
  if (!ParseContext(context, &options.context)) {
    return usage_error("--context takes a whole number from 0 to 1000000, got '" + context + "'");
  }
  options.compress = !plain_json;
  Console console(err, verbose, quiet, ::isatty(::fileno(err)));
  return RunConvert(options, &console);
}

}  // namespace irtrace::cli
