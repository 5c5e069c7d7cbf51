// The ir-trace job: a dump directory in, one self-contained HTML report out.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "util/error.h"

namespace irtrace {

struct ConvertOptions {
  std::string dump_dir;                   // the pass dump to read
  std::string output = "ir_trace.html";   // report path; its directory must exist
  int context = 3;                        // unchanged lines kept around each change, >= 0
  std::vector<std::string> codegen_dirs;  // --codegen: PyPTO build directories
  bool verbose = false;                   // -v: counts, timings, ignored files (through spdlog)
  bool quiet = false;                     // -q: no summary line
  unsigned threads = 0;                   // 0: all cores
  bool compress = true;                   // payload deflated + base64 (false: plain JSON, --no-compress)
};

// What a conversion found, for the summary line and tests.
struct ConvertSummary {
  size_t passes = 0;
  size_t changed = 0;
  size_t failed = 0;
  size_t warnings = 0;  // warning messages over all entries
  size_t codegen = 0;
};

// Converts and writes the report atomically. Throws Error (ExitCode::kInput) for an invalid dump or any
// I/O failure, (ExitCode::kUsage) when the output would replace one of the dump's own files; then no file
// is left behind and an existing report is untouched.
ConvertSummary ConvertDump(const ConvertOptions& options);

// The command's body after option parsing: runs ConvertDump, prints the summary line
// ("wrote report.html: 13 passes, 4 changed, 1 warning") to `err` unless quiet, or on failure the one
// line "ir-trace: error: <message>". Returns the process exit code: 0, 1 (ExitCode::kInput) or 2
// (ExitCode::kUsage, the output path names one of the dump's own files).
int RunConvert(const ConvertOptions& options, std::FILE* err);

// Parses a --context value: decimal digits only (a leading 0 is still decimal), 0 to 1000000. Returns
// false (leaving *context alone) for anything else.
bool ParseContext(const std::string& text, int* context);

// Prints "ir-trace: error: <message>" as one line to `err`.
void PrintError(std::FILE* err, const std::string& message);

}  // namespace irtrace
