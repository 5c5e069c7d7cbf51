// The subcommands of ir-trace, each a main of its own that cli::Main dispatches to (cli.cpp). Internal to
// cmd/ir-trace. Each takes Main's argv (argv[1] is the subcommand's name for compare and index), writes
// --help to `out` and diagnostics to `err`, and returns the exit code as cli.h's Main documents it.
#pragma once

#include <cstdio>
#include <ostream>

namespace irtrace::cli {

// `ir-trace [OPTIONS] PASSES_DUMP...`: the conversion (convert_command.cpp).
int ConvertMain(int argc, const char* const* argv, std::ostream& out, std::FILE* err);

// `ir-trace compare BASE_DUMP HEAD_DUMP -o cmp.html`: two runs of one program in one report
// (compare_command.cpp, driver/compare.h).
int CompareMain(int argc, const char* const* argv, std::ostream& out, std::FILE* err);

// `ir-trace index SUMMARY.json... -o OUTDIR/index.html`: the shards' --json summaries merged into one index
// page (compare_command.cpp, driver/merge_index.h).
int IndexMain(int argc, const char* const* argv, std::ostream& out, std::FILE* err);

}  // namespace irtrace::cli
