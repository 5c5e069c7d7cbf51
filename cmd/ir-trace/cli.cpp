#include "cli.h"

#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "driver/batch.h"
#include "driver/compare.h"
#include "driver/console.h"
#include "driver/convert.h"
#include "driver/job_failure.h"
#include "driver/merge_index.h"
#include "driver/pager.h"
#include "driver/shard.h"
#include "driver/terminal_job.h"
#include "input/input_format.h"
#include "input/recorded_runs.h"

namespace irtrace::cli {
namespace {

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

// The message for a --format value that names no format.
std::string FormatError(const std::string& value) {
  std::string names;
  for (const std::string& n : InputFormatNames()) names += (names.empty() ? "" : ", ") + n;
  return "--format takes " + names + ", got '" + value + "'";
}

// --terminal (issue 12): the dump's passes as coloured unified diffs on standard output
// (driver/terminal_job.h), paged on a terminal; the report only when -o is given too.
struct TerminalFlags {
  bool on = false;
  std::vector<std::string> passes;     // --pass N|NAME, repeatable
  std::vector<std::string> functions;  // --function NAME, once
  std::string color = "auto";          // --color auto|always|never
};

void AddTerminalOptions(CLI::App& app, TerminalFlags* f) {
  app.add_flag("--terminal", f->on,
               "Print each changed pass as a coloured unified diff, per function, to standard output (paged on "
               "a terminal: $PAGER, else less -R); no report unless -o is given too");
  app.add_option("--pass", f->passes,
                 "With --terminal: only this pass, by number or by name (a name selects every pass of that "
                 "name); repeatable")
      ->type_name("N|NAME")
      ->allow_extra_args(false);
  app.add_option("--function", f->functions,
                 "With --terminal: only this function: its full key (Class.member, crc32), the report's label "
                 "(@crc32) or a bare name that one function has")
      ->type_name("NAME")
      ->allow_extra_args(false);
  app.add_option("--color", f->color,
                 "With --terminal: auto (colour when standard output is a terminal and NO_COLOR is unset), "
                 "always (even under NO_COLOR) or never")
      ->type_name("auto|always|never")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

// What is wrong with the terminal flags once the rest is parsed, or "".
std::string CheckTerminal(const TerminalFlags& f, const RunOptions& run, bool report, const CLI::App& app) {
  if (!f.on) {
    for (const char* name : {"--pass", "--function", "--color"}) {
      if (app.count(name) > 0) return std::string(name) + " is for --terminal";
    }
    return "";
  }
  if (run.batch) return "--terminal takes one dump (not several, --find or -o OUTDIR/)";
  if (f.functions.size() > 1) return "--function takes one NAME";
  for (const std::string& p : f.passes) {
    if (p.empty()) return "--pass is empty";
  }
  if (f.color != "auto" && f.color != "always" && f.color != "never") {
    return "--color takes auto, always or never, got '" + f.color + "'";
  }
  if (report && run.convert.output == "-")
    return "--terminal prints to standard output: the report cannot go there too";
  if (!report) {
    const SummaryPaths& sum = run.summaries;
    for (const auto& [flag, given] : {std::pair{"--check", run.check},
                                      {"--json", !sum.json.empty()},
                                      {"--junit", !sum.junit.empty()},
                                      {sum.markdown_append ? "--markdown-append" : "--markdown", !sum.markdown.empty()},
                                      {"--depfile", !run.depfile.empty()}}) {
      if (given) return std::string(flag) + " is about the report: with --terminal it needs -o PATH too";
    }
  }
  return "";
}

// The diff's destination when no pager runs: the stream Main was handed (std::cout from main()).
class StreamSink : public OutputSink {
 public:
  explicit StreamSink(std::ostream& out) : out_(out) {}
  void Write(std::string_view bytes) override {
    out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out_.flush();
    if (!out_) throw Error("cannot write standard output");
  }

 private:
  std::ostream& out_;
};

// Runs --terminal, then with -o (`report`) the usual conversion. Only the real standard output (std::cout
// on a terminal) is paged and coloured by --color auto.
int TerminalMain(const TerminalFlags& f, const RunOptions& run, bool report, std::ostream& out, std::FILE* err,
                 bool verbose, bool quiet) {
  bool real_stdout = &out == &std::cout;
  TerminalOptions t;
  t.dump_dir = run.convert.dump_dir;
  t.format = run.convert.format;
  t.input = run.convert.input;
  t.passes = f.passes;
  if (!f.functions.empty()) t.function = f.functions[0];
  t.style.context = run.convert.context;
  t.style.color = f.color == "always" || (f.color == "auto" && real_stdout && AutoColor(STDOUT_FILENO));
  t.threads = run.jobs;
  std::string pager = real_stdout && ::isatty(STDOUT_FILENO) ? PagerCommand() : "";
  std::unique_ptr<Pager> paging;
  StreamSink plain(out);
  Console console(err, verbose, quiet, ::isatty(::fileno(err)));
  int code = RunTerminal(
      t, &console,
      [&]() -> OutputSink* {
        if (pager.empty()) return &plain;
        paging = std::make_unique<Pager>(pager);
        return paging.get();
      },
      [&] {
        if (paging) paging->Finish();
      });
  if (code != 0 || !report) return code;
  return RunDumps(run, &console);
}

// Parses a subcommand's arguments (argv[1] is its name) with `app`. Returns -1 when they parse; else the exit
// code, after printing the help (0) or the usage error "ir-trace: error: ... (see ir-trace NAME --help)" (2).
int ParseSubcommand(CLI::App& app, int argc, const char* const* argv, std::ostream& out, std::FILE* err) {
  try {
    app.parse(argc - 1, argv + 1);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, out, out);
  } catch (const CLI::ParseError& e) {
    Console(err, false, false, false).Error(std::string(e.what()) + " (see " + app.get_name() + " --help)");
    return static_cast<int>(ExitCode::kUsage);
  }
  return -1;
}

// `ir-trace index SUMMARY.json... -o OUTDIR/index.html` (argv[1] is "index"): the shards' --json
// summaries merged into one index page (driver/merge_index.h).
int IndexMain(int argc, const char* const* argv, std::ostream& out, std::FILE* err) {
  std::vector<std::string> summaries;
  std::string output;
  bool quiet = false;
  CLI::App app{
      "Merge the --json summaries of a sharded batch (--shard K/N) into one index page whose links "
      "are relative to its directory.",
      "ir-trace index"};
  app.add_option("SUMMARY", summaries,
                 "A --json summary (schema 1); report paths in it are read from the "
                 "current directory")
      ->required();
  app.add_option("-o,--output", output, "The index page to write, e.g. OUTDIR/index.html")
      ->type_name("PATH")
      ->required()
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_flag("-q,--quiet", quiet, "Print nothing on success");
  auto usage_error = [err](const std::string& message) {
    Console(err, false, false, false).Error(message);
    return static_cast<int>(ExitCode::kUsage);
  };
  int parsed = ParseSubcommand(app, argc, argv, out, err);
  if (parsed >= 0) return parsed;
  for (const std::string& s : summaries) {
    if (s.empty()) return usage_error("SUMMARY is an empty path (see ir-trace index --help)");
  }
  if (output.empty() || output.back() == '/' || output == "-") {
    return usage_error("-o takes the index page's file, e.g. OUTDIR/index.html, got '" + output + "'");
  }
  Console console(err, false, quiet, false);
  return RunIndex(summaries, output, &console);
}

// `ir-trace compare BASE_DUMP HEAD_DUMP -o cmp.html` (argv[1] is "compare"): two runs of one program in one
// report (driver/compare.h).
int CompareMain(int argc, const char* const* argv, std::ostream& out, std::FILE* err) {
  std::vector<std::string> dumps;
  CompareOptions options;
  std::string context = "3", fail_on, jobs;
  bool verbose = false, quiet = false, plain_json = false;
  CLI::App app{
      "Compare two runs of one program: align their passes by name, diff BASE's IR after each pass "
      "against HEAD's, and open the report at the first divergence.",
      "ir-trace compare"};
  app.add_option("DUMPS", dumps, "BASE_DUMP HEAD_DUMP: the run compared against, then the run under review");
  app.allow_extras();
  app.add_option("-o,--output", options.output,
                 "Report to write (default: ir_trace_compare.html; - for standard output)")
      ->type_name("PATH")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--fail-on", fail_on,
                 "Exit 1 when the runs diverge (diverged), when a pass failed in HEAD (failed), or either "
                 "(diverged,failed); the report is still written")
      ->type_name("diverged|failed")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--context", context, "Unchanged lines shown around each change, 0 to 1000000 (default: 3)")
      ->type_name("N")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("-j,--jobs", jobs, "Threads, 1 to 1024 (default: the number of cores)")
      ->type_name("N")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_flag("--no-compress", plain_json, "Store the report data as plain JSON (larger; for inspection)");
  std::string format = "auto";
  app.add_option("--format", format,
                 "What both inputs are (as ir-trace --format): auto, numbered, mlir-log, llvm-log, mlir-tree, tvm-dir, "
                 "llvm-dir, tilelang, xla, pypto-build")
      ->type_name("NAME")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_flag("-v,--verbose", verbose, "Print counts and timings");
  app.add_flag("-q,--quiet", quiet, "Print nothing on success");
  auto usage_error = [err](const std::string& message) {
    Console(err, false, false, false).Error(message + " (see ir-trace compare --help)");
    return static_cast<int>(ExitCode::kUsage);
  };
  int parsed = ParseSubcommand(app, argc, argv, out, err);
  if (parsed >= 0) return parsed;
  for (const std::string& a : app.remaining()) {
    if (a.size() > 1 && a[0] == '-')
      return usage_error("unknown option '" + a +
                         "' (compare takes -o, --fail-on, --context, -j, --format, --no-compress, -q, -v)");
    dumps.push_back(a);
  }
  if (dumps.size() != 2) {
    return usage_error(dumps.size() < 2
                           ? "compare takes BASE_DUMP and HEAD_DUMP, got " + std::to_string(dumps.size()) + " dump(s)"
                           : "unexpected argument '" + dumps[2] + "' (compare takes BASE_DUMP and HEAD_DUMP)");
  }
  for (const std::string& d : dumps) {
    if (d.empty()) return usage_error("a dump is an empty path");
  }
  if (options.output.empty()) return usage_error("--output is an empty path");
  if (options.output[0] == '-' && options.output != "-") {
    return usage_error("--output takes a path, got the option '" + options.output + "'");
  }
  CompareFailOn fail;
  for (size_t at = 0; !fail_on.empty() && at <= fail_on.size();) {
    size_t comma = std::min(fail_on.find(',', at), fail_on.size());
    std::string word = fail_on.substr(at, comma - at);
    if (word == "diverged") {
      fail.diverged = true;
    } else if (word == "failed") {
      fail.failed = true;
    } else {
      return usage_error("--fail-on takes diverged, failed or diverged,failed, got '" + fail_on + "'");
    }
    at = comma + 1;
  }
  if (!ParseContext(context, &options.context)) {
    return usage_error("--context takes a whole number from 0 to 1000000, got '" + context + "'");
  }
  if (!jobs.empty() && !ParseJobs(jobs, &options.threads)) {
    return usage_error("--jobs takes a whole number from 1 to 1024, got '" + jobs + "'");
  }
  if (!ParseInputFormat(format, &options.format)) return usage_error(FormatError(format));
  options.base_dump = dumps[0];
  options.head_dump = dumps[1];
  options.compress = !plain_json;
  Console console(err, verbose, quiet, ::isatty(::fileno(err)));
  return RunCompare(options, fail, &console);
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
    out << "  " << n.name << "  " << n.runs << " run" << (n.runs == 1 ? "" : "s") << "\n";
  }
  out << "convert one: ir-trace " << dir << (dir.back() == '/' ? "" : "/") << "NAME (its newest run; --run -K "
      << "the K-th newest, --run TIME by its start time; NAME/runs.txt lists them)\n";
  return 0;
}

}  // namespace

int Main(int argc, const char* const* argv, std::ostream& out, std::FILE* err) {
  // A first argument "index" or "compare" is a subcommand; a dump of that name is spelled ./index.
  if (argc > 1 && std::string(argv[1]) == "index") return IndexMain(argc, argv, out, err);
  if (argc > 1 && std::string(argv[1]) == "compare") return CompareMain(argc, argv, out, err);
  RunOptions run;
  ConvertOptions& options = run.convert;
  bool verbose = false, quiet = false;
  CLI::App app{"Convert a compiler pass dump into a self-contained HTML report.", "ir-trace"};
  // Checked after parsing (CheckArguments), so that an unknown option is reported before a missing dump.
  app.add_option("PASSES_DUMP", run.dumps,
                 "Directory with 00_frontend.<ext> and NN_after_<Pass>.<ext> (required, unless --find; "
                 "several: one report each into -o OUTDIR/)");
  app.allow_extras();
  app.footer(
      "Subcommands: ir-trace compare BASE_DUMP HEAD_DUMP -o cmp.html compares two runs of one program "
      "(see ir-trace compare --help); ir-trace index SUMMARY.json... -o OUTDIR/index.html merges the --json "
      "summaries of --shard runs into one index page (see ir-trace index --help). A dump named compare or "
      "index is ./compare, ./index");
  // A repeated -o or --context: the last one wins (an alias or a Makefile variable can be overridden).
  CLI::Option* output =
      app.add_option("-o,--output", options.output,
                     "Report to write (default: ir_trace.html; - for standard output; the last one given wins). "
                     "OUTDIR/ (ending in /, or an existing directory, with several dumps or --find): one "
                     "report per dump plus index.html")
          ->type_name("PATH")
          ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  std::vector<std::string> finds;  // one ROOT: a second --find is an error, not a silent override
  app.add_option("--find", finds,
                 "Convert every dump under ROOT (a directory holding 00_frontend.<ext>, or a compiler's own dump "
                 "directory; any depth, symbolic links not followed) into -o OUTDIR/; finding none is an error")
      ->type_name("ROOT")
      ->allow_extra_args(false);
  std::string jobs;
  app.add_option("-j,--jobs", jobs, "Dumps converted at a time, 1 to 1024 (default: the number of cores)")
      ->type_name("N")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  std::string shard;
  app.add_option("--shard", shard,
                 "Batch mode: convert only shard K of N (1 <= K <= N), the dumps whose path hashes to it; "
                 "report names are those of the whole batch. Merge the shards' --json with ir-trace index")
      ->type_name("K/N")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  std::string fail_on;
  app.add_option("--fail-on", fail_on,
                 "Also exit 1 when a pass failed (failed), or when a pass failed or warned (warning), or with "
                 "--baseline when a dump diverges from its baseline (diverged); a comma list takes several; "
                 "the reports are still written")
      ->type_name("failed|warning|diverged")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  std::vector<std::string> baselines;  // one ROOT2, as --find takes one ROOT
  app.add_option("--baseline", baselines,
                 "Batch mode: also compare each dump with the dump at the same relative path under ROOT2 (as "
                 "ir-trace compare, ROOT2's as BASE) into OUTDIR/compare/<name>.html; the index gets a column "
                 "\"First divergence\"")
      ->type_name("ROOT2")
      ->allow_extra_args(false);
  app.add_flag("--check", run.check, "Validate and compare only: write no report and no index (same exit codes)");
  std::vector<std::pair<CLI::Option*, std::string*>> summary_options;  // an empty FILE is an error
  auto summary_option = [&](const char* name, std::string* path, const char* what) {
    summary_options.emplace_back(
        app.add_option(name, *path, what)->type_name("FILE")->multi_option_policy(CLI::MultiOptionPolicy::TakeLast),
        path);
  };
  summary_option("--json", &run.summaries.json,
                 "Also write the run's results as JSON (schema 1, see man ir-trace): per dump its path, report, "
                 "status, counts, failed passes, warnings; - for standard output. Written even when the exit "
                 "code is 1");
  summary_option("--junit", &run.summaries.junit,
                 "Also write JUnit XML (GitLab, Jenkins): a testsuite per dump, a testcase per pass; a failed "
                 "pass is a failure, an invalid dump an error; - for standard output");
  summary_option("--markdown", &run.summaries.markdown,
                 "Also write a Markdown table of the dumps, problems first (for $GITHUB_STEP_SUMMARY or a "
                 "merge-request comment), within GitHub's 1 MiB; - for standard output");
  std::string markdown_append;
  summary_option("--markdown-append", &markdown_append,
                 "As --markdown, but appended to FILE (created if missing; its earlier bytes are kept whatever "
                 "fails), the file within 1 MiB counting them; not with --markdown");
  summary_option("--depfile", &run.depfile,
                 "Also write a depfile for the report (one dump): the report as target, every file of the dump "
                 "read and the dump directory as prerequisites; with -include in a Makefile, make re-runs "
                 "ir-trace when one changes or goes. Batch mode: --depfiles");
  app.add_flag("--depfiles", run.depfiles, "Batch mode: write OUTDIR/<name>.d beside each OUTDIR/<name>.html");
  std::string depfile_format = "make";
  app.add_option("--depfile-format", depfile_format,
                 "make (GNU make, default) or ninja (only the names ninja's parser can read)")
      ->type_name("make|ninja")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  std::string context = "3";
  app.add_option("--context", context,
                 "Unchanged lines shown around each change, 0 to 1000000 (default: 3; the last one given wins)")
      ->type_name("N")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--codegen", options.codegen_dirs,
                 "PyPTO build directory whose kernels/ (device) and orchestration/ (host) sources to add "
                 "(one DIR each time; repeatable)")
      ->allow_extra_args(false)
      ->type_name("DIR");
  bool plain_json = false;
  app.add_flag("--no-compress", plain_json, "Store the report data as plain JSON (larger; for inspection)");
  app.add_flag("--all-runs", options.all_runs,
               "TileLang run records: convert every run of the script directory, one report each (-o DIR/), not "
               "only the latest");
  std::string run_selector;
  app.add_option("--run", run_selector,
                 "A name directory of the recording library (DIR/NAME): the run to convert, latest (default), "
                 "-K (the K-th newest) or TIME (a prefix of its UTC start, as in .runs/run_TIME...)")
      ->type_name("latest|-K|TIME")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  std::vector<std::string> given_inputs;  // one FILE, as --find takes one ROOT
  app.add_option("--input", given_inputs,
                 "The IR the compiler was handed (one dump only): the first entry of a log that holds no IR "
                 "before its first pass (after-only llvm-log, llvm-dir, mlir-log, mlir-tree, tvm-dir), so pass 1 "
                 "is diffed like any other; a warning when its functions (ModuleID, MLIR symbols) disagree with "
                 "the first dump")
      ->type_name("FILE")
      ->allow_extra_args(false);
  std::string format = "auto";
  app.add_option("--format", format,
                 "What the input is: auto (default: a directory is a numbered dump, a file or - is detected from "
                 "its content), numbered, mlir-log (mlir-opt --mlir-print-ir-after-all ... 2>&1), llvm-log (opt "
                 "-print-after-all or -print-changed ... 2>&1), mlir-tree (--mlir-print-ir-tree-dir=DIR), llvm-dir "
                 "(-ir-dump-directory=DIR), tvm-dir (TVM's DumpIR, NNN_<pass>.py), tilelang (a script directory's "
                 ".run_records: its latest run), xla (--xla_dump_to=DIR: one report per module), pypto-build (a PyPTO "
                 "build directory: passes_dump/, then each ptoas unit, then kernels/ and orchestration/)")
      ->type_name("NAME")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_flag("-v,--verbose", verbose, "Print counts, timings and ignored files");
  app.add_flag("-q,--quiet", quiet, "Print nothing on success (-v diagnostics still print)");
  TerminalFlags terminal;
  AddTerminalOptions(app, &terminal);
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
  if (finds.size() > 1) {
    return usage_error("--find takes one ROOT, got " + std::to_string(finds.size()) +
                       " (run once per ROOT, or give their common parent)");
  }
  if (!finds.empty()) {
    if (finds[0].empty()) return usage_error("--find is an empty path (see ir-trace --help)");
    run.find_root = finds[0];
  }
  // --fail-on: failed, warning (which includes failed), diverged (with --baseline), or a comma list.
  bool fail_failed = false, fail_warning = false;
  for (size_t at = 0; !fail_on.empty() && at <= fail_on.size();) {
    size_t comma = std::min(fail_on.find(',', at), fail_on.size());
    std::string word = fail_on.substr(at, comma - at);
    if (word == "failed") {
      fail_failed = true;
    } else if (word == "warning") {
      fail_warning = true;
    } else if (word == "diverged") {
      run.fail_on_diverged = true;
    } else {
      return usage_error("--fail-on takes failed, warning or diverged (or a comma list), got '" + fail_on + "'");
    }
    at = comma + 1;
  }
  if (app.count("--markdown-append") > 0 && app.count("--markdown") == 0) {
    run.summaries.markdown = markdown_append;
    run.summaries.markdown_append = true;
  }
  std::string wrong = CheckArguments(app.remaining(), run);
  for (const auto& [option, path] : summary_options) {
    if (wrong.empty() && option->count() > 0 && path->empty()) wrong = option->get_name() + " is an empty path";
  }
  if (wrong.empty() && app.count("--markdown") > 0 && app.count("--markdown-append") > 0) {
    wrong = "--markdown replaces FILE and --markdown-append appends to it: give one";
  }
  if (!wrong.empty()) return usage_error(wrong + " (see ir-trace --help)");
  int recorded = ResolveRecorded(&run, run_selector, app.count("--run") > 0, out, err);
  if (recorded >= 0) return recorded;
  run.batch = run.dumps.size() > 1 || !run.find_root.empty() || options.output.back() == '/';
  if (run.batch) {
    if (output->count() == 0 && !run.check) return usage_error("several reports need -o OUTDIR/ (see ir-trace --help)");
    if (options.output == "-" && !run.check)
      return usage_error("several reports cannot go to standard output: use -o OUTDIR/");
    run.out_dir = options.output;
  } else {
    options.dump_dir = run.dumps[0];
  }
  if (given_inputs.size() > 1) return usage_error("--input takes one FILE (see ir-trace --help)");
  if (!given_inputs.empty()) {
    if (given_inputs[0].empty()) return usage_error("--input is an empty path (see ir-trace --help)");
    if (given_inputs[0] == "-") return usage_error("--input takes a file, not standard input (see ir-trace --help)");
    if (run.batch)
      return usage_error(
          "--input FILE is the IR before pass 1 of one dump: not with several dumps, --find or -o OUTDIR/");
    options.input = given_inputs[0];
  }
  if (baselines.size() > 1) return usage_error("--baseline takes one ROOT2 (see ir-trace --help)");
  if (!baselines.empty()) {
    if (baselines[0].empty()) return usage_error("--baseline is an empty path (see ir-trace --help)");
    if (!run.batch)
      return usage_error(
          "--baseline is for several dumps (--find ROOT or DUMP... -o OUTDIR/); one dump: ir-trace compare BASE HEAD");
    if (run.check) return usage_error("--baseline writes compare reports: not with --check");
    run.baseline = baselines[0];
  }
  if (!shard.empty() || app.count("--shard") > 0) {
    if (!ParseShard(shard, &run.shard)) {
      return usage_error("--shard takes K/N, whole numbers with 1 <= K <= N, got '" + shard + "'");
    }
    if (!run.batch) return usage_error("--shard is for several dumps (--find ROOT or DUMP... -o OUTDIR/)");
  }
  std::string depfile_wrong = CheckDepfile(run, depfile_format);
  if (!depfile_wrong.empty()) return usage_error(depfile_wrong + " (see ir-trace --help)");
  run.depfile_format = depfile_format == "ninja" ? DepfileFormat::kNinja : DepfileFormat::kMake;
  std::string stdout_clash = CheckStandardOutput(run);
  if (!stdout_clash.empty()) return usage_error(stdout_clash + " (see ir-trace --help)");
  if (!jobs.empty() && !ParseJobs(jobs, &run.jobs)) {
    return usage_error("--jobs takes a whole number from 1 to 1024, got '" + jobs + "'");
  }
  run.fail_on = fail_warning ? FailOn::kWarning : fail_failed ? FailOn::kFailed : FailOn::kInvalid;
  if (run.fail_on_diverged && run.baseline.empty()) {
    return usage_error("--fail-on diverged needs --baseline ROOT2 (one dump against another: ir-trace compare)");
  }
  // Parsed here, base 10 (CLI11 would read a leading 0 as octal).
  if (!ParseContext(context, &options.context)) {
    return usage_error("--context takes a whole number from 0 to 1000000, got '" + context + "'");
  }
  options.compress = !plain_json;
  if (!ParseInputFormat(format, &options.format)) return usage_error(FormatError(format));
  std::string terminal_wrong = CheckTerminal(terminal, run, output->count() > 0, app);
  if (!terminal_wrong.empty()) return usage_error(terminal_wrong + " (see ir-trace --help)");
  if (terminal.on) return TerminalMain(terminal, run, output->count() > 0, out, err, verbose, quiet);
  Console console(err, verbose, quiet, ::isatty(::fileno(err)));
  return RunDumps(run, &console);
}

}  // namespace irtrace::cli
