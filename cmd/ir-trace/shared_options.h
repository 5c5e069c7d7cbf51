// The flags every subcommand of ir-trace shares (issue 22): --context, -j, --no-compress, --format, -v, -q.
// One declaration each (SharedOptions::Bind), one rule each that checks and converts what was given
// (ContextRule, JobsRule, FormatRule). Internal to cmd/ir-trace (CLI11 is used nowhere else).
#pragma once

#include <cstdio>
#include <initializer_list>
#include <ostream>
#include <string>

#include <CLI/CLI.hpp>

#include "input/input_format.h"
#include "options_table.h"

namespace irtrace::cli {

// One of the shared flags, as Bind adds it.
enum class Shared { kContext, kJobs, kNoCompress, kFormat, kVerbose, kQuiet };

// The shared flags as given: values checked by the rules below once the command line is parsed.
struct SharedOptions {
  std::string context = "3";  // --context N, parsed by ContextRule (base 10: CLI11 would read 010 as octal)
  std::string jobs;           // -j,--jobs N, "" when not given (JobsRule)
  bool plain_json = false;    // --no-compress
  std::string format = "auto";  // --format NAME (FormatRule)
  bool verbose = false;       // -v,--verbose
  bool quiet = false;         // -q,--quiet

  // Adds `flags` to `app`, in the order given (the order of --help), with the names, value names and help of
  // `command`'s entries in OptionTable(). A repeated value option: the last one wins.
  void Bind(CLI::App& app, std::initializer_list<Shared> flags, const char* command);
};

// Adds the option `names` of `command` (exactly as its OptionTable() entry names it) to `app`, bound to
// `*value`, with the entry's help and value name. Throws std::logic_error if the table has no such entry.
template <class T>
CLI::Option* AddOption(CLI::App& app, const char* command, const char* names, T& value) {
  const OptionSpec& spec = Spec(command, names);
  CLI::Option* option = app.add_option(spec.names, value, spec.help);
  if (*spec.value != '\0') option->type_name(spec.value);
  return option;
}

// The same for a flag.
inline CLI::Option* AddFlag(CLI::App& app, const char* command, const char* names, bool& value) {
  return app.add_flag(names, value, Spec(command, names).help);
}

// The rules: each returns "" and sets its output when the flag's value is good, else the message (no
// "ir-trace: error: " prefix) and leaves the output alone.
// --context: a whole number from 0 to 1000000 into *context.
std::string ContextRule(const SharedOptions& shared, int* context);
// -j: a whole number from 1 to 1024 into *jobs; not given leaves *jobs (0: the number of cores).
std::string JobsRule(const SharedOptions& shared, unsigned* jobs);
// --format: one of InputFormatNames() into *format.
std::string FormatRule(const SharedOptions& shared, InputFormat* format);

// Prints "ir-trace: error: MESSAGE" to `err`; returns the usage exit code (2).
int UsageError(std::FILE* err, const std::string& message);

// Parses a subcommand's arguments (argv[1] is its name) with `app`. Returns -1 when they parse; else the exit
// code, after printing the help (0) or the usage error "ir-trace: error: ... (see ir-trace NAME --help)" (2).
int ParseSubcommand(CLI::App& app, int argc, const char* const* argv, std::ostream& out, std::FILE* err);

}  // namespace irtrace::cli
