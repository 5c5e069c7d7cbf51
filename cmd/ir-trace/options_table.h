// The one table of ir-trace's options (issue 22, point 8): each subcommand's options with their value's
// name and --help text. The bindings (convert_command.cpp, compare_command.cpp, terminal_command.cpp,
// shared_options.cpp) take names, value names and help from here, so --help is built from it, and
// tests/options_table_test.cpp checks the man page's (man/ir-trace.1) and README's option lists against it.
// Standard C++ only (no CLI11), so the test reads it without the command line.
#pragma once

#include <string>
#include <vector>

namespace irtrace::cli {

struct OptionSpec {
  const char* command;  // "ir-trace", "ir-trace compare" or "ir-trace index"
  const char* names;    // as CLI11 takes them: "-o,--output", or a positional's name ("PASSES_DUMP")
  const char* value;    // the value's name in --help ("PATH"), "" for a flag or a positional
  const char* help;     // the --help text
};

// Every option of every subcommand, in the order of each subcommand's --help. --help (CLI11's) and
// --version are listed too, as CLI11 prints them.
const std::vector<OptionSpec>& OptionTable();

// The entry of `command` named exactly `names`. Throws std::logic_error if there is none (a binding that
// names an option the table lacks: a bug, found by any run of that subcommand).
const OptionSpec& Spec(const std::string& command, const std::string& names);

}  // namespace irtrace::cli
