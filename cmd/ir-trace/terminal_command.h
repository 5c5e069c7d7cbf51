// --terminal (issue 12): the dump's passes as coloured unified diffs on standard output
// (driver/terminal_job.h), paged on a terminal; the report only when -o is given too. Its flags, their rule
// and its run, for the conversion's command line (convert_command.cpp). Internal to cmd/ir-trace.
#pragma once

#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "driver/batch.h"

namespace irtrace::cli {

struct TerminalFlags {
  bool on = false;
  std::vector<std::string> passes;     // --pass N|NAME, repeatable
  std::vector<std::string> functions;  // --function NAME, once
  std::string color = "auto";          // --color auto|always|never
};

// Adds --terminal, --pass, --function and --color to `app`, bound to `*f` (which must outlive the parse).
void AddTerminalOptions(CLI::App& app, TerminalFlags* f);

// What is wrong with the terminal flags once the rest is parsed, or "" (`report`: -o was given; `app` is
// asked whether --pass, --function or --color were given without --terminal).
std::string CheckTerminal(const TerminalFlags& f, const RunOptions& run, bool report, const CLI::App& app);

// Runs --terminal, then with -o (`report`) the usual conversion. Only the real standard output (std::cout
// on a terminal) is paged and coloured by --color auto. Returns the exit code.
int TerminalMain(const TerminalFlags& f, const RunOptions& run, bool report, std::ostream& out, std::FILE* err,
                 bool verbose, bool quiet);

}  // namespace irtrace::cli
