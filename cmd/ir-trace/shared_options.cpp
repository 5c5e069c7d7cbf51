#include "shared_options.h"

#include "driver/console.h"
#include "driver/convert.h"

namespace irtrace::cli {

void SharedOptions::Bind(CLI::App& app, std::initializer_list<Shared> flags, const SharedHelp& help) {
  for (Shared flag : flags) {
    switch (flag) {
      case Shared::kContext:
        app.add_option("--context", context, help.context)
            ->type_name("N")
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
        break;
      case Shared::kJobs:
        app.add_option("-j,--jobs", jobs, help.jobs)
            ->type_name("N")
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
        break;
      case Shared::kNoCompress:
        app.add_flag("--no-compress", plain_json, "Store the report data as plain JSON (larger; for inspection)");
        break;
      case Shared::kFormat:
        app.add_option("--format", format, help.format)
            ->type_name("NAME")
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
        break;
      case Shared::kVerbose: app.add_flag("-v,--verbose", verbose, help.verbose); break;
      case Shared::kQuiet: app.add_flag("-q,--quiet", quiet, help.quiet); break;
    }
  }
}

std::string ContextRule(const SharedOptions& shared, int* context) {
  if (ParseContext(shared.context, context)) return "";
  return "--context takes a whole number from 0 to 1000000, got '" + shared.context + "'";
}

std::string JobsRule(const SharedOptions& shared, unsigned* jobs) {
  if (shared.jobs.empty() || ParseJobs(shared.jobs, jobs)) return "";
  return "--jobs takes a whole number from 1 to 1024, got '" + shared.jobs + "'";
}

std::string FormatRule(const SharedOptions& shared, InputFormat* format) {
  if (ParseInputFormat(shared.format, format)) return "";
  std::string names;
  for (const std::string& n : InputFormatNames()) names += (names.empty() ? "" : ", ") + n;
  return "--format takes " + names + ", got '" + shared.format + "'";
}

int UsageError(std::FILE* err, const std::string& message) {
  Console(err, false, false, false).Error(message);
  return static_cast<int>(ExitCode::kUsage);
}

int ParseSubcommand(CLI::App& app, int argc, const char* const* argv, std::ostream& out, std::FILE* err) {
  try {
    app.parse(argc - 1, argv + 1);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, out, out);
  } catch (const CLI::ParseError& e) {
    return UsageError(err, std::string(e.what()) + " (see " + app.get_name() + " --help)");
  }
  return -1;
}

}  // namespace irtrace::cli
