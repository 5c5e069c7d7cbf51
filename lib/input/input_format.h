// What kind of input a dump is, and reading any kind into the one listing model (input/dump_dir.h): the
// numbered directory, or a compiler's own dump format, detected from the input's content.
#pragma once

#include <string>
#include <vector>

#include "input/dump_dir.h"

namespace irtrace {

enum class InputFormat {
  kAuto,      // detect: a directory is a numbered dump, a file (or "-") is read and its content decides
  kNumbered,  // 00_frontend.<ext>, NN_after_<Pass>.<ext> (input/dump_dir.h)
  kMlirLog,   // an MLIR pass manager's IR-printing log (input/mlir_log.h)
  kLlvmLog,   // LLVM's -print-after-all / -print-before-all / -print-changed log (input/llvm_log.h)
  kMlirTree,  // the tree of files mlir-opt --mlir-print-ir-tree-dir writes (input/mlir_tree.h)
  kTvmDir,    // TVM's DumpIR directory, NNN_<pass>.py (input/tvm_dir.h)
  kLlvmDir,   // the directory LLVM's -ir-dump-directory writes (input/llvm_dump_dir.h)
  kTileLang,  // TileLang's lower-trace run records (input/tilelang_runs.h)
  kXla,       // XLA's --xla_dump_to directory (input/xla_dump.h): one report per module
  kPyptoBuild,  // a PyPTO build directory: passes_dump/, ptoas/, ptoas_passes/, kernels/ (input/pypto_build.h)
};

// The --format names, in the order --help lists them: "auto", "numbered", "mlir-log", "llvm-log",
// "mlir-tree", "tvm-dir", "llvm-dir", "tilelang", "xla", "pypto-build".
std::vector<std::string> InputFormatNames();

// Parses a --format name (exactly one of InputFormatNames()). Returns false, leaving *format alone, else.
bool ParseInputFormat(const std::string& name, InputFormat* format);

// The kind of dump directory `dir` is, as ListInput detects it without --format: kNumbered (it holds a
// `00_frontend.*`), kPyptoBuild (it holds `passes_dump/` and PyPTO's outputs: LooksLikePyptoBuild and
// HasPyptoOutputs), a compiler's own directory
// kind, or kAuto when it is none of them (what --find skips).
InputFormat DetectDirectory(const std::string& dir);

// True when a file called `name`, put in a dump directory, would be read as one of its files by one of the
// directory formats (or make it invalid): IsNumberedDumpName (whose "digits and '_'" rule covers TVM's
// NNN_<pass>.py, an MLIR tree's N_<pass>.mlir and TileLang's NN_<pass>_after.<ext> too), an LLVM
// -ir-dump-directory file (IsLlvmDumpDirName), an XLA pass file (IsXlaPassName). An output so named is
// refused (driver/report_sink.h): on the next run the report would be a snapshot.
bool IsDumpFileName(const std::string& name);

// Reads `input` as `format` (kAuto: detected) into a listing. A directory holding `00_frontend.*` is a
// numbered dump, else one holding `passes_dump/` a PyPTO build directory (ListPyptoBuild; with or without
// PyPTO's outputs beside it), else an MLIR tree, an LLVM dump directory, TileLang run records or a TVM directory when
// it looks like one (LooksLikeMlirTree, LooksLikeLlvmDumpDir, LooksLikeTileLangRuns, LooksLikeTvmDir), else
// numbered (ListDump names what is wrong). `input` is a dump directory, a log file, or
// "-" for standard input (read whole; a log). `codegen_dirs` (--codegen) apply to a numbered dump and a PyPTO
// build directory only.
// Throws as ListDump does for a numbered dump; for a log, DumpError (names relative to the log) when it is
// not of its format, and Error (ExitCode::kInput) when it cannot be read (with errno's words); an input
// whose kind cannot be told is Error (ExitCode::kInput) "X: the dump is not a directory, nor a log ir-trace
// knows (...): --format NAME reads it as one". --codegen with a log is Error (ExitCode::kUsage).
// `part`: one of InputParts(input, format, all_runs), for an input that yields several reports; "" otherwise,
// and then an input that yields several is Error (ExitCode::kUsage) naming them (log_listing.h
// SeveralReports), found as the input is read (a log is read and split once).
// `given_input` (--input FILE, "" none): the IR before the first pass of a log that lacks it, made its first
// entry (input/given_input.h UseGivenInput; an MLIR log's function dumps spliced into it); throws as
// ReadGivenInput and UseGivenInput do.
DumpListing ListInput(const std::string& input, InputFormat format, const std::vector<std::string>& codegen_dirs,
                      const std::string& part = "", bool all_runs = false, const std::string& given_input = "");

// The reports an input yields when it yields several (an XLA directory's modules: "module_0001.jit_f",
// ..., sorted; an MLIR log of several compilations, Triton's: their kernels, in order); empty when it
// yields one (every other kind; standard input is always one). Never throws: an input that cannot be read
// yields one, whose conversion then reports why.
// `all_runs` (--all-runs): TileLang run records yield every run (else only the latest).
std::vector<std::string> InputParts(const std::string& input, InputFormat format, bool all_runs = false);

}  // namespace irtrace
