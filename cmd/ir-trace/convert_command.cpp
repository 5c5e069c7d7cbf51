// `ir-trace [OPTIONS] PASSES_DUMP...`: the conversion's command line. Its options are bound in four groups
// (dumps and output, batch, summaries, conversion: the order of --help), each followed by the rules that
// check them; ConvertMain runs the rules in order (the first broken one is the error) and then the run.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "commands.h"
#include "driver/batch.h"
#include "driver/console.h"
#include "driver/convert.h"
#include "driver/job_failure.h"
#include "driver/shard.h"
#include "input/input_format.h"
#include "input/recorded_runs.h"
#include "options_table.h"
#include "shared_options.h"
#include "terminal_command.h"

namespace irtrace::cli {
namespace {

// The conversion's command line as given. Bound in place (it must not move once bound): `run` takes what
// CLI11 can store directly, the rest is checked and copied into `run` by the rules.
struct ConvertFlags {
  RunOptions run;
  SharedOptions shared;
  TerminalFlags terminal;
  const CLI::App* app = nullptr;  // for the count of a flag
  CLI::Option* output = nullptr;  // -o
  std::vector<std::string> finds;         // one ROOT: a second --find is an error, not a silent override
  std::vector<std::string> baselines;     // one ROOT2, as --find takes one ROOT
  std::vector<std::string> given_inputs;  // one FILE, as --find takes one ROOT
  std::string shard, fail_on, markdown_append, run_selector;
  std::string depfile_format = "make";
  std::vector<std::pair<CLI::Option*, std::string*>> summary_options;  // an empty FILE is an error

  bool Given(const char* name) const { return app->count(name) > 0; }
};

// The command's name in OptionTable().
constexpr const char* kCommand = "ir-trace";

// A rule: "" when what it checks is good (and then it may copy values into `run`), else the whole message
// after "ir-trace: error: ".
using Rule = std::string (*)(ConvertFlags* f);

// --- The dumps and the report: PASSES_DUMP, -o, --find ---

void BindDumps(CLI::App& app, ConvertFlags* f) {
  // Checked after parsing (CheckArguments), so that an unknown option is reported before a missing dump.
  AddOption(app, kCommand, "PASSES_DUMP", f->run.dumps);
  app.allow_extras();
  app.footer(
      "Subcommands: ir-trace compare BASE_DUMP HEAD_DUMP -o cmp.html compares two runs of one program "
      "(see ir-trace compare --help); ir-trace index SUMMARY.json... -o OUTDIR/index.html merges the --json "
      "summaries of --shard runs into one index page (see ir-trace index --help). A dump named compare or "
      "index is ./compare, ./index");
  // A repeated -o or --context: the last one wins (an alias or a Makefile variable can be overridden).
  f->output = AddOption(app, kCommand, "-o,--output", f->run.convert.output)
                  ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  AddOption(app, kCommand, "--find", f->finds)->allow_extra_args(false);
}

std::string FindRule(ConvertFlags* f) {
  if (f->finds.size() > 1) {
    return "--find takes one ROOT, got " + std::to_string(f->finds.size()) +
           " (run once per ROOT, or give their common parent)";
  }
  if (!f->finds.empty()) {
    if (f->finds[0].empty()) return "--find is an empty path (see ir-trace --help)";
    f->run.find_root = f->finds[0];
  }
  return "";
}

// One dump, or batch mode (several dumps, --find, or -o OUTDIR/) and its output directory.
std::string BatchRule(ConvertFlags* f) {
  RunOptions& run = f->run;
  ConvertOptions& options = run.convert;
  run.batch = run.dumps.size() > 1 || !run.find_root.empty() || options.output.back() == '/';
  if (!run.batch) {
    options.dump_dir = run.dumps[0];
    return "";
  }
  if (f->output->count() == 0 && !run.check) return "several reports need -o OUTDIR/ (see ir-trace --help)";
  if (options.output == "-" && !run.check) return "several reports cannot go to standard output: use -o OUTDIR/";
  run.out_dir = options.output;
  return "";
}

// What is wrong with the command line that CLI11 let through, or "": an unknown option (CLI11, left to
// itself, would report a missing PASSES_DUMP first), a missing or empty path.
std::string CheckArguments(const std::vector<std::string>& extras, const RunOptions& run) {
  const ConvertOptions& o = run.convert;
  std::vector<std::string> arguments;  // extras that are not options: after "--", or not starting with '-'
  bool options_end = false;
  for (const std::string& a : extras) {
    if (!options_end && a == "--") {
      options_end = true;
    } else if (!options_end && a.size() > 1 && a[0] == '-') {
      return "unknown option '" + a + "'";
    } else {
      arguments.push_back(a);
    }
  }
  if (!arguments.empty()) return "unexpected argument '" + arguments[0] + "'";
  if (run.dumps.empty() && run.find_root.empty()) return "PASSES_DUMP is required";
  for (const std::string& d : run.dumps) {
    if (d.empty()) return "PASSES_DUMP is an empty path";
  }
  if (o.output.empty()) return "--output is an empty path";
  // `-o -q` (an empty Makefile variable before it) must not write a file named "-q".
  auto option_like = [](const std::string& p) { return p.size() > 1 && p[0] == '-'; };
  // `-o=x.html` reaches here as "=x.html" (a short option takes the rest of its word): surely not meant.
  if (o.output[0] == '=') {
    return "--output got '" + o.output + "': write -o " + o.output.substr(1) + " or --output" + o.output;
  }
  if (option_like(o.output)) {
    return "--output takes a path, got the option '" + o.output + "' (write ./" + o.output +
           " for a file of that name)";
  }
  const SummaryPaths& sum = run.summaries;
  for (const auto& [flag, path] : {std::pair{"--json", &sum.json},
                                   {"--junit", &sum.junit},
                                   {sum.markdown_append ? "--markdown-append" : "--markdown", &sum.markdown},
                                   {"--depfile", &run.depfile}}) {
    if (option_like(*path)) {
      return std::string(flag) + " takes a path, got the option '" + *path + "' (write ./" + *path +
             " for a file of that name)";
    }
  }
  for (const std::string& d : o.codegen_dirs) {
    if (d.empty()) return "--codegen is an empty path";
    if (option_like(d))
      return "--codegen takes a directory, got the option '" + d + "' (write ./" + d + " for one of that name)";
  }
  return "";
}

// The checks above and the summaries' own, after --markdown-append is folded into the summaries.
std::string ArgumentsRule(ConvertFlags* f) {
  RunOptions& run = f->run;
  if (f->Given("--markdown-append") && !f->Given("--markdown")) {
    run.summaries.markdown = f->markdown_append;
    run.summaries.markdown_append = true;
  }
  std::string wrong = CheckArguments(f->app->remaining(), run);
  for (const auto& [option, path] : f->summary_options) {
    if (wrong.empty() && option->count() > 0 && path->empty()) wrong = option->get_name() + " is an empty path";
  }
  if (wrong.empty() && f->Given("--markdown") && f->Given("--markdown-append")) {
    wrong = "--markdown replaces FILE and --markdown-append appends to it: give one";
  }
  return wrong.empty() ? "" : wrong + " (see ir-trace --help)";
}

// --- Batch mode: -j, --shard, --fail-on, --baseline, --check ---

void BindBatch(CLI::App& app, ConvertFlags* f) {
  f->shared.Bind(app, {Shared::kJobs}, kCommand);
  AddOption(app, kCommand, "--shard", f->shard)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  AddOption(app, kCommand, "--fail-on", f->fail_on)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  AddOption(app, kCommand, "--baseline", f->baselines)->allow_extra_args(false);
  AddFlag(app, kCommand, "--check", f->run.check);
}

// --fail-on: failed, warning (which includes failed), diverged (with --baseline: DivergedRule), or a comma list.
std::string FailOnRule(ConvertFlags* f) {
  const std::string& fail_on = f->fail_on;
  bool fail_failed = false, fail_warning = false;
  for (size_t at = 0; !fail_on.empty() && at <= fail_on.size();) {
    size_t comma = std::min(fail_on.find(',', at), fail_on.size());
    std::string word = fail_on.substr(at, comma - at);
    if (word == "failed") {
      fail_failed = true;
    } else if (word == "warning") {
      fail_warning = true;
    } else if (word == "diverged") {
      f->run.fail_on_diverged = true;
    } else {
      return "--fail-on takes failed, warning or diverged (or a comma list), got '" + fail_on + "'";
    }
    at = comma + 1;
  }
  f->run.fail_on = fail_warning ? FailOn::kWarning : fail_failed ? FailOn::kFailed : FailOn::kInvalid;
  return "";
}

std::string DivergedRule(ConvertFlags* f) {
  if (!f->run.fail_on_diverged || !f->run.baseline.empty()) return "";
  return "--fail-on diverged needs --baseline ROOT2 (one dump against another: ir-trace compare)";
}

std::string BaselineRule(ConvertFlags* f) {
  RunOptions& run = f->run;
  if (f->baselines.size() > 1) return "--baseline takes one ROOT2 (see ir-trace --help)";
  if (f->baselines.empty()) return "";
  if (f->baselines[0].empty()) return "--baseline is an empty path (see ir-trace --help)";
  if (!run.batch) {
    return "--baseline is for several dumps (--find ROOT or DUMP... -o OUTDIR/); one dump: ir-trace compare BASE "
           "HEAD";
  }
  if (run.check) return "--baseline writes compare reports: not with --check";
  run.baseline = f->baselines[0];
  return "";
}

std::string ShardRule(ConvertFlags* f) {
  if (f->shard.empty() && !f->Given("--shard")) return "";
  if (!ParseShard(f->shard, &f->run.shard)) {
    return "--shard takes K/N, whole numbers with 1 <= K <= N, got '" + f->shard + "'";
  }
  if (!f->run.batch) return "--shard is for several dumps (--find ROOT or DUMP... -o OUTDIR/)";
  return "";
}

// --- The summaries and depfiles: --json, --junit, --markdown, --markdown-append, --depfile(s) ---

void BindSummaries(CLI::App& app, ConvertFlags* f) {
  SummaryPaths& sum = f->run.summaries;
  auto summary_option = [&](const char* name, std::string* path) {
    f->summary_options.emplace_back(
        AddOption(app, kCommand, name, *path)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast), path);
  };
  summary_option("--json", &sum.json);
  summary_option("--junit", &sum.junit);
  summary_option("--markdown", &sum.markdown);
  summary_option("--markdown-append", &f->markdown_append);
  summary_option("--depfile", &f->run.depfile);
  AddFlag(app, kCommand, "--depfiles", f->run.depfiles);
  AddOption(app, kCommand, "--depfile-format", f->depfile_format)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

// What would write to standard output besides another: "" when at most one thing does, else the
// message. Checked once batch mode and --check are known (a --check run writes no report).
std::string CheckStandardOutput(const RunOptions& run) {
  std::vector<std::string> users;
  if (!run.batch && !run.check && run.convert.output == "-") users.push_back("-o -");
  if (run.summaries.json == "-") users.push_back("--json -");
  if (run.summaries.junit == "-") users.push_back("--junit -");
  if (run.summaries.markdown == "-")
    users.push_back(run.summaries.markdown_append ? "--markdown-append -" : "--markdown -");
  if (users.size() < 2) return "";
  return "only one output can go to standard output, got " + users[0] + " and " + users[1];
}

// What is wrong with the depfile options once batch mode is known, or "".
std::string CheckDepfile(const RunOptions& run, const std::string& format) {
  if (format != "make" && format != "ninja") return "--depfile-format takes make or ninja, got '" + format + "'";
  if (run.batch && !run.depfile.empty()) {
    return "several reports get one depfile each: use --depfiles (OUTDIR/<name>.d), not --depfile FILE";
  }
  if (!run.batch && run.depfiles) return "--depfiles is for several dumps; one dump takes --depfile FILE";
  if (run.depfile.empty() || run.check) return "";
  if (run.depfile == "-") return "--depfile takes a file, not standard output";
  if (run.convert.output == "-") return "a report on standard output has no file for its depfile to name";
  if (run.depfile == run.convert.output) return "--depfile and --output name the same file '" + run.depfile + "'";
  return "";
}

std::string DepfileRule(ConvertFlags* f) {
  std::string wrong = CheckDepfile(f->run, f->depfile_format);
  if (!wrong.empty()) return wrong + " (see ir-trace --help)";
  f->run.depfile_format = f->depfile_format == "ninja" ? DepfileFormat::kNinja : DepfileFormat::kMake;
  return "";
}

std::string StdoutRule(ConvertFlags* f) {
  std::string wrong = CheckStandardOutput(f->run);
  return wrong.empty() ? "" : wrong + " (see ir-trace --help)";
}

// --- The conversion: --context, --codegen, --no-compress, --all-runs, --run, --input, --format, -v, -q ---

void BindConversion(CLI::App& app, ConvertFlags* f) {
  ConvertOptions& options = f->run.convert;
  f->shared.Bind(app, {Shared::kContext}, kCommand);
  AddOption(app, kCommand, "--codegen", options.codegen_dirs)->allow_extra_args(false);
  f->shared.Bind(app, {Shared::kNoCompress}, kCommand);
  AddFlag(app, kCommand, "--all-runs", options.all_runs);
  AddOption(app, kCommand, "--run", f->run_selector)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  AddOption(app, kCommand, "--input", f->given_inputs)->allow_extra_args(false);
  f->shared.Bind(app, {Shared::kFormat, Shared::kVerbose, Shared::kQuiet}, kCommand);
}

std::string InputRule(ConvertFlags* f) {
  const std::vector<std::string>& given = f->given_inputs;
  if (given.size() > 1) return "--input takes one FILE (see ir-trace --help)";
  if (given.empty()) return "";
  if (given[0].empty()) return "--input is an empty path (see ir-trace --help)";
  if (given[0] == "-") return "--input takes a file, not standard input (see ir-trace --help)";
  if (f->run.batch)
    return "--input FILE is the IR before pass 1 of one dump: not with several dumps, --find or -o OUTDIR/";
  f->run.convert.input = given[0];
  return "";
}

std::string TerminalRule(ConvertFlags* f) {
  std::string wrong = CheckTerminal(f->terminal, f->run, f->output->count() > 0, *f->app);
  return wrong.empty() ? "" : wrong + " (see ir-trace --help)";
}

// The recording library's directories as inputs (input/recorded_runs.h): each name directory among the dumps
// becomes the run `selector` picks. Returns -1 to go on, else the exit code: 0 when the one input is a trace
// directory (its names listed on `out`), or an error's (printed).
int ResolveRecorded(RunOptions* run, const std::string& selector, bool selected, std::ostream& out, std::FILE* err) {
  bool any = false;
  JobFailure failed = CatchFailure("", [&] {
    for (std::string& dump : run->dumps) {
      if (!IsNameDir(dump)) continue;
      dump = PickRun(dump, selector);
      any = true;
    }
  });
  if (failed.status != DumpStatus::kOk) {
    Console(err, false, false, false).Error(failed.line);
    return failed.code;
  }
  if (any) return -1;
  if (selected) {
    Console(err, false, false, false)
        .Error(
            "--run picks a run of a name directory of the recording library "
            "(DIR/NAME, holding .runs/) (see ir-trace --help)");
    return static_cast<int>(ExitCode::kUsage);
  }
  std::vector<RecordedName> names;
  if (run->dumps.size() == 1 && run->find_root.empty() && DetectDirectory(run->dumps[0]) == InputFormat::kAuto) {
    names = RecordedNames(run->dumps[0]);
  }
  if (names.empty()) return -1;
  const std::string& dir = run->dumps[0];
  out << dir << ": a trace directory of the recording library (man irtrace), " << names.size() << " name"
      << (names.size() == 1 ? "" : "s") << ":\n";
  for (const RecordedName& n : names) {
    out << "  " << n.name << "  " << n.runs << " run" << (n.runs == 1 ? "" : "s")
        << (n.newest_status.empty() ? "" : ", the newest " + n.newest_status) << "\n";
  }
  out << "convert one: ir-trace " << dir << (dir.back() == '/' ? "" : "/") << "NAME (its newest run; --run -K "
      << "the K-th newest, --run TIME by its start time; NAME/runs.txt lists them)\n";
  return 0;
}

// Checked first, before the recording library's directories are resolved: an unknown option or a missing
// dump before anything else.
const Rule kArgumentRules[] = {FindRule, FailOnRule, ArgumentsRule};

// Checked once the dumps are known, in this order.
const Rule kRunRules[] = {
    BatchRule,
    InputRule,
    BaselineRule,
    ShardRule,
    DepfileRule,
    StdoutRule,
    [](ConvertFlags* f) { return JobsRule(f->shared, &f->run.jobs); },
    DivergedRule,
    [](ConvertFlags* f) { return ContextRule(f->shared, &f->run.convert.context); },
    [](ConvertFlags* f) { return FormatRule(f->shared, &f->run.convert.format); },
    TerminalRule,
};

// The first broken rule's message, or "".
template <size_t N>
std::string FirstBroken(const Rule (&rules)[N], ConvertFlags* f) {
  for (Rule rule : rules) {
    std::string wrong = rule(f);
    if (!wrong.empty()) return wrong;
  }
  return "";
}

}  // namespace

int ConvertMain(int argc, const char* const* argv, std::ostream& out, std::FILE* err) {
  ConvertFlags f;
  CLI::App app{"Convert a compiler pass dump into a self-contained HTML report.", "ir-trace"};
  f.app = &app;
  BindDumps(app, &f);
  BindBatch(app, &f);
  BindSummaries(app, &f);
  BindConversion(app, &f);
  AddTerminalOptions(app, &f.terminal);
  app.set_version_flag("--version", "ir-trace " IRTRACE_VERSION);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, out, out);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e, out, out);
  } catch (const CLI::ParseError& e) {
    return UsageError(err, std::string(e.what()) + " (see ir-trace --help)");
  }
  std::string wrong = FirstBroken(kArgumentRules, &f);
  if (!wrong.empty()) return UsageError(err, wrong);
  int recorded = ResolveRecorded(&f.run, f.run_selector, f.Given("--run"), out, err);
  if (recorded >= 0) return recorded;
  wrong = FirstBroken(kRunRules, &f);
  if (!wrong.empty()) return UsageError(err, wrong);
  f.run.convert.compress = !f.shared.plain_json;
  if (f.terminal.on) {
    return TerminalMain(f.terminal, f.run, f.output->count() > 0, out, err, f.shared.verbose, f.shared.quiet);
  }
  Console console(err, f.shared.verbose, f.shared.quiet, ::isatty(::fileno(err)));
  return RunDumps(f.run, &console);
}

}  // namespace irtrace::cli
