#include "options_table.h"

#include <iterator>
#include <stdexcept>

namespace irtrace::cli {
namespace {

// Data, not code: one entry per option (cmd/'s 60-line limit is for functions).
const OptionSpec kOptions[] = {
    // ir-trace [OPTIONS] PASSES_DUMP... (convert_command.cpp; --terminal's: terminal_command.cpp)
    {"ir-trace", "-h,--help", "", "Print this help message and exit"},
    {"ir-trace", "PASSES_DUMP", "",
     "Directory with 00_frontend.<ext> and NN_after_<Pass>.<ext> (required, unless --find; several: one report "
     "each into -o OUTDIR/)"},
    {"ir-trace", "-o,--output", "PATH",
     "Report to write (default: ir_trace.html; - for standard output; the last one given wins). OUTDIR/ (ending "
     "in /, or an existing directory, with several dumps or --find): one report per dump plus index.html"},
    {"ir-trace", "--find", "ROOT",
     "Convert every dump under ROOT (a directory holding 00_frontend.<ext>, or a compiler's own dump "
     "directory; any depth, symbolic links not followed) into -o OUTDIR/; finding none is an error"},
    {"ir-trace", "-j,--jobs", "N", "Dumps converted at a time, 1 to 1024 (default: the number of cores)"},
    {"ir-trace", "--shard", "K/N",
     "Batch mode: convert only shard K of N (1 <= K <= N), the dumps whose path hashes to it; report names are "
     "those of the whole batch. Merge the shards' --json with ir-trace index"},
    {"ir-trace", "--fail-on", "failed|warning|diverged",
     "Also exit 1 when a pass failed (failed), or when a pass failed or warned (warning), or with --baseline "
     "when a dump diverges from its baseline (diverged); a comma list takes several; the reports are still "
     "written"},
    {"ir-trace", "--baseline", "ROOT2",
     "Batch mode: also compare each dump with the dump at the same relative path under ROOT2 (as ir-trace "
     "compare, ROOT2's as BASE) into OUTDIR/compare/<name>.html; the index gets a column \"First divergence\""},
    {"ir-trace", "--check", "", "Validate and compare only: write no report and no index (same exit codes)"},
    {"ir-trace", "--json", "FILE",
     "Also write the run's results as JSON (schema 1, see man ir-trace): per dump its path, report, status, "
     "counts, failed passes, warnings; - for standard output. Written even when the exit code is 1"},
    {"ir-trace", "--junit", "FILE",
     "Also write JUnit XML (GitLab, Jenkins): a testsuite per dump, a testcase per pass; a failed pass is a "
     "failure, an invalid dump an error; - for standard output"},
    {"ir-trace", "--markdown", "FILE",
     "Also write a Markdown table of the dumps, problems first (for $GITHUB_STEP_SUMMARY or a merge-request "
     "comment), within GitHub's 1 MiB; - for standard output"},
    {"ir-trace", "--markdown-append", "FILE",
     "As --markdown, but appended to FILE (created if missing; its earlier bytes are kept whatever fails), the "
     "file within 1 MiB counting them; not with --markdown"},
    {"ir-trace", "--depfile", "FILE",
     "Also write a depfile for the report (one dump): the report as target, every file of the dump read and "
     "the dump directory as prerequisites; with -include in a Makefile, make re-runs ir-trace when one changes "
     "or goes. Batch mode: --depfiles"},
    {"ir-trace", "--depfiles", "", "Batch mode: write OUTDIR/<name>.d beside each OUTDIR/<name>.html"},
    {"ir-trace", "--depfile-format", "make|ninja",
     "make (GNU make, default) or ninja (only the names ninja's parser can read)"},
    {"ir-trace", "--context", "N",
     "Unchanged lines shown around each change, 0 to 1000000 (default: 3; the last one given wins)"},
    {"ir-trace", "--codegen", "DIR",
     "PyPTO build directory whose kernels/ (device) and orchestration/ (host) sources to add (one DIR each "
     "time; repeatable)"},
    {"ir-trace", "--no-compress", "", "Store the report data as plain JSON (larger; for inspection)"},
    {"ir-trace", "--all-runs", "",
     "TileLang run records: convert every run of the script directory, one report each (-o DIR/), not only the "
     "latest"},
    {"ir-trace", "--run", "latest|-K|TIME",
     "A name directory of the recording library (DIR/NAME): the run to convert, latest (default), -K (the K-th "
     "newest) or TIME (a prefix of its UTC start, as in .runs/run_TIME...)"},
    {"ir-trace", "--input", "FILE",
     "The IR the compiler was handed (one dump only): the first entry of a log that holds no IR before its "
     "first pass (after-only llvm-log, llvm-dir, mlir-log, mlir-tree, tvm-dir), so pass 1 is diffed like any "
     "other; a warning when its functions (ModuleID, MLIR symbols) disagree with the first dump"},
    {"ir-trace", "--format", "NAME",
     "What the input is: auto (default: a directory is a numbered dump, a file or - is detected from its "
     "content), numbered, mlir-log (mlir-opt --mlir-print-ir-after-all ... 2>&1), llvm-log (opt "
     "-print-after-all or -print-changed ... 2>&1), mlir-tree (--mlir-print-ir-tree-dir=DIR), llvm-dir "
     "(-ir-dump-directory=DIR), tvm-dir (TVM's DumpIR, NNN_<pass>.py), tilelang (a script directory's "
     ".run_records: its latest run), xla (--xla_dump_to=DIR: one report per module), pypto-build (a PyPTO "
     "build directory: passes_dump/, then each ptoas unit, then kernels/ and orchestration/)"},
    {"ir-trace", "-v,--verbose", "", "Print counts, timings and ignored files"},
    {"ir-trace", "-q,--quiet", "", "Print nothing on success (-v diagnostics still print)"},
    {"ir-trace", "--terminal", "",
     "Print each changed pass as a coloured unified diff, per function, to standard output (paged on a "
     "terminal: $PAGER, else less -R); no report unless -o is given too"},
    {"ir-trace", "--pass", "N|NAME",
     "With --terminal: only this pass, by number or by name (a name selects every pass of that name); "
     "repeatable"},
    {"ir-trace", "--function", "NAME",
     "With --terminal: only this function: its full key (Class.member, crc32), the report's label (@crc32) or "
     "a bare name that one function has"},
    {"ir-trace", "--color", "auto|always|never",
     "With --terminal: auto (colour when standard output is a terminal and NO_COLOR is unset), always (even "
     "under NO_COLOR) or never"},
    {"ir-trace", "--version", "", "Display program version information and exit"},

    // ir-trace compare BASE_DUMP HEAD_DUMP (compare_command.cpp)
    {"ir-trace compare", "-h,--help", "", "Print this help message and exit"},
    {"ir-trace compare", "DUMPS", "", "BASE_DUMP HEAD_DUMP: the run compared against, then the run under review"},
    {"ir-trace compare", "-o,--output", "PATH",
     "Report to write (default: ir_trace_compare.html; - for standard output)"},
    {"ir-trace compare", "--fail-on", "diverged|failed",
     "Exit 1 when the runs diverge (diverged), when a pass failed in HEAD (failed), or either "
     "(diverged,failed); the report is still written"},
    {"ir-trace compare", "--context", "N", "Unchanged lines shown around each change, 0 to 1000000 (default: 3)"},
    {"ir-trace compare", "-j,--jobs", "N", "Threads, 1 to 1024 (default: the number of cores)"},
    {"ir-trace compare", "--no-compress", "", "Store the report data as plain JSON (larger; for inspection)"},
    {"ir-trace compare", "--format", "NAME",
     "What both inputs are (as ir-trace --format): auto, numbered, mlir-log, llvm-log, mlir-tree, tvm-dir, "
     "llvm-dir, tilelang, xla, pypto-build"},
    {"ir-trace compare", "-v,--verbose", "", "Print counts and timings"},
    {"ir-trace compare", "-q,--quiet", "", "Print nothing on success"},

    // ir-trace index SUMMARY.json... -o PAGE (compare_command.cpp)
    {"ir-trace index", "-h,--help", "", "Print this help message and exit"},
    {"ir-trace index", "SUMMARY", "",
     "A --json summary (schema 1); report paths in it are read from the current directory"},
    {"ir-trace index", "-o,--output", "PATH", "The index page to write, e.g. OUTDIR/index.html"},
    {"ir-trace index", "-q,--quiet", "", "Print nothing on success"},
};

}  // namespace

const std::vector<OptionSpec>& OptionTable() {
  static const std::vector<OptionSpec> table(std::begin(kOptions), std::end(kOptions));
  return table;
}

const OptionSpec& Spec(const std::string& command, const std::string& names) {
  for (const OptionSpec& s : OptionTable()) {
    if (s.command == command && s.names == names) return s;
  }
  throw std::logic_error("cmd/ir-trace/options_table.cpp has no option " + names + " of " + command);
}

}  // namespace irtrace::cli
