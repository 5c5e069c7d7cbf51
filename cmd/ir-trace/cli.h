// The ir-trace command line: the one place CLI11 is used. main() and the CLI tests both call Main.
#pragma once

#include <cstdio>
#include <ostream>

namespace irtrace::cli {

// Parses argv (argv[0] is the program name) and runs the conversion. --help and --version text goes to
// `out`; the summary line, diagnostics and the one-line "ir-trace: error: ..." go to `err`.
// Returns the process exit code: 0 success; 1 when the dump or the filesystem says no (invalid dump, a path
// that cannot be read or written, any I/O failure); 2 when the command line is wrong in itself (unknown
// option, bad value, empty path, a second PASSES_DUMP, an output that is one of the dump's own files).
int Main(int argc, const char* const* argv, std::ostream& out, std::FILE* err);

}  // namespace irtrace::cli
