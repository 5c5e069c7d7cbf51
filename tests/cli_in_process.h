// Runs the command line in-process, through the entry point main() calls (cmd/ir-trace/cli.h), for the
// tests of the CLI (tests/cli_test.cpp runs the built binary instead).
#ifndef IRTRACE_TESTS_CLI_IN_PROCESS_H_
#define IRTRACE_TESTS_CLI_IN_PROCESS_H_

#include <catch2/catch.hpp>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "cli.h"

namespace irtrace::test {

struct CliResult {
  int code = -1;    // cli::Main's return value (the exit code)
  std::string out;  // what went to stdout
  std::string err;  // what went to stderr
};

// Runs `ir-trace args...`; stderr goes through a temporary FILE*, as cli::Main writes it with stdio.
inline CliResult RunMain(std::vector<std::string> args) {
  args.insert(args.begin(), "ir-trace");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::ostringstream out;
  std::FILE* err = std::tmpfile();
  REQUIRE(err != nullptr);
  CliResult r;
  r.code = irtrace::cli::Main(static_cast<int>(argv.size()), argv.data(), out, err);
  r.out = out.str();
  std::rewind(err);
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, err)) > 0) r.err.append(buf, n);
  std::fclose(err);
  return r;
}

}  // namespace irtrace::test

#endif  // IRTRACE_TESTS_CLI_IN_PROCESS_H_
