// The subcommands that read other runs' output: compare (two dumps) and index (the shards' summaries).
#include <algorithm>
#include <string>
#include <vector>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "commands.h"
#include "driver/compare.h"
#include "driver/console.h"
#include "driver/merge_index.h"
#include "shared_options.h"

namespace irtrace::cli {
namespace {

// compare's command line as given, checked by the rules below.
struct CompareFlags {
  std::vector<std::string> dumps;  // DUMPS, then the extras that are not options
  std::string output = "ir_trace_compare.html";
  std::string fail_on;  // --fail-on diverged|failed|diverged,failed
  SharedOptions shared;
};

void BindCompare(CLI::App& app, CompareFlags* f) {
  AddOption(app, "ir-trace compare", "DUMPS", f->dumps);
  app.allow_extras();
  AddOption(app, "ir-trace compare", "-o,--output", f->output)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  AddOption(app, "ir-trace compare", "--fail-on", f->fail_on)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  f->shared.Bind(
      app, {Shared::kContext, Shared::kJobs, Shared::kNoCompress, Shared::kFormat, Shared::kVerbose, Shared::kQuiet},
      "ir-trace compare");
}

// DUMPS and the extras: exactly BASE_DUMP and HEAD_DUMP, no unknown option, no empty path; then -o.
std::string DumpsRule(const std::vector<std::string>& extras, CompareFlags* f) {
  for (const std::string& a : extras) {
    if (a.size() > 1 && a[0] == '-')
      return "unknown option '" + a + "' (compare takes -o, --fail-on, --context, -j, --format, --no-compress, -q, -v)";
    f->dumps.push_back(a);
  }
  if (f->dumps.size() != 2) {
    return f->dumps.size() < 2
               ? "compare takes BASE_DUMP and HEAD_DUMP, got " + std::to_string(f->dumps.size()) + " dump(s)"
               : "unexpected argument '" + f->dumps[2] + "' (compare takes BASE_DUMP and HEAD_DUMP)";
  }
  for (const std::string& d : f->dumps) {
    if (d.empty()) return "a dump is an empty path";
  }
  if (f->output.empty()) return "--output is an empty path";
  if (f->output[0] == '-' && f->output != "-") return "--output takes a path, got the option '" + f->output + "'";
  return "";
}

// --fail-on: diverged, failed, or both as a comma list.
std::string CompareFailOnRule(const std::string& fail_on, CompareFailOn* fail) {
  for (size_t at = 0; !fail_on.empty() && at <= fail_on.size();) {
    size_t comma = std::min(fail_on.find(',', at), fail_on.size());
    std::string word = fail_on.substr(at, comma - at);
    if (word == "diverged") {
      fail->diverged = true;
    } else if (word == "failed") {
      fail->failed = true;
    } else {
      return "--fail-on takes diverged, failed or diverged,failed, got '" + fail_on + "'";
    }
    at = comma + 1;
  }
  return "";
}

}  // namespace

int CompareMain(int argc, const char* const* argv, std::ostream& out, std::FILE* err) {
  CompareFlags f;
  CLI::App app{
      "Compare two runs of one program: align their passes by name, diff BASE's IR after each pass "
      "against HEAD's, and open the report at the first divergence.",
      "ir-trace compare"};
  BindCompare(app, &f);
  int parsed = ParseSubcommand(app, argc, argv, out, err);
  if (parsed >= 0) return parsed;
  CompareOptions options;
  CompareFailOn fail;
  for (const std::string& wrong :
       {DumpsRule(app.remaining(), &f), CompareFailOnRule(f.fail_on, &fail), ContextRule(f.shared, &options.context),
        JobsRule(f.shared, &options.threads), FormatRule(f.shared, &options.format)}) {
    if (!wrong.empty()) return UsageError(err, wrong + " (see ir-trace compare --help)");
  }
  options.output = f.output;
  options.base_dump = f.dumps[0];
  options.head_dump = f.dumps[1];
  options.compress = !f.shared.plain_json;
  Console console(err, f.shared.verbose, f.shared.quiet, ::isatty(::fileno(err)));
  return RunCompare(options, fail, &console);
}

int IndexMain(int argc, const char* const* argv, std::ostream& out, std::FILE* err) {
  std::vector<std::string> summaries;
  std::string output;
  bool quiet = false;
  CLI::App app{
      "Merge the --json summaries of a sharded batch (--shard K/N) into one index page whose links "
      "are relative to its directory.",
      "ir-trace index"};
  AddOption(app, "ir-trace index", "SUMMARY", summaries)->required();
  AddOption(app, "ir-trace index", "-o,--output", output)
      ->required()
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  AddFlag(app, "ir-trace index", "-q,--quiet", quiet);
  int parsed = ParseSubcommand(app, argc, argv, out, err);
  if (parsed >= 0) return parsed;
  for (const std::string& s : summaries) {
    if (s.empty()) return UsageError(err, "SUMMARY is an empty path (see ir-trace index --help)");
  }
  if (output.empty() || output.back() == '/' || output == "-") {
    return UsageError(err, "-o takes the index page's file, e.g. OUTDIR/index.html, got '" + output + "'");
  }
  Console console(err, false, quiet, false);
  return RunIndex(summaries, output, &console);
}

}  // namespace irtrace::cli
