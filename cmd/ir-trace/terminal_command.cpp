#include "terminal_command.h"

#include <iostream>
#include <memory>
#include <string_view>

#include <unistd.h>

#include "driver/console.h"
#include "driver/pager.h"
#include "driver/terminal_job.h"
#include "shared_options.h"

namespace irtrace::cli {
namespace {

constexpr const char* kCommand = "ir-trace";  // its name in OptionTable()

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

}  // namespace

void AddTerminalOptions(CLI::App& app, TerminalFlags* f) {
  AddFlag(app, kCommand, "--terminal", f->on);
  AddOption(app, kCommand, "--pass", f->passes)->allow_extra_args(false);
  AddOption(app, kCommand, "--function", f->functions)->allow_extra_args(false);
  AddOption(app, kCommand, "--color", f->color)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

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

}  // namespace irtrace::cli
