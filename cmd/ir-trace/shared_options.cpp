#include "shared_options.h"

#include "driver/console.h"
#include "driver/convert.h"

namespace irtrace::cli {

void SharedOptions::Bind(CLI::App& app, std::initializer_list<Shared> flags, const char* command) {
  for (Shared flag : flags) {
    switch (flag) {
      case Shared::kContext:
        AddOption(app, command, "--context", context)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
        break;
      case Shared::kJobs:
        AddOption(app, command, "-j,--jobs", jobs)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
        break;
      case Shared::kNoCompress: AddFlag(app, command, "--no-compress", plain_json); break;
      case Shared::kFormat:
        AddOption(app, command, "--format", format)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
        break;
      case Shared::kVerbose: AddFlag(app, command, "-v,--verbose", verbose); break;
      case Shared::kQuiet: AddFlag(app, command, "-q,--quiet", quiet); break;
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
