#include "input/input_format.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>

#include "input/given_input.h"
#include "input/llvm_dump_dir.h"
#include "input/llvm_log.h"
#include "input/llvm_log_parts.h"
#include "input/log_text.h"
#include "input/mlir_log.h"
#include "input/mlir_tree.h"
#include "input/pypto_build.h"
#include "input/tilelang_runs.h"
#include "input/tvm_dir.h"
#include "input/xla_dump.h"
#include "util/line_index.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

// The name messages and snapshot names give the input: as given, "standard input" for "-".
std::string Shown(const std::string& input) { return input == "-" ? "standard input" : input; }

}  // namespace

std::vector<std::string> InputFormatNames() {
  return {"auto",    "numbered", "mlir-log", "llvm-log", "mlir-tree",
          "tvm-dir", "llvm-dir", "tilelang", "xla",      "pypto-build"};
}

bool ParseInputFormat(const std::string& name, InputFormat* format) {
  static const std::pair<const char*, InputFormat> kNames[] = {{"auto", InputFormat::kAuto},
                                                               {"numbered", InputFormat::kNumbered},
                                                               {"mlir-log", InputFormat::kMlirLog},
                                                               {"llvm-log", InputFormat::kLlvmLog},
                                                               {"mlir-tree", InputFormat::kMlirTree},
                                                               {"tvm-dir", InputFormat::kTvmDir},
                                                               {"llvm-dir", InputFormat::kLlvmDir},
                                                               {"tilelang", InputFormat::kTileLang},
                                                               {"xla", InputFormat::kXla},
                                                               {"pypto-build", InputFormat::kPyptoBuild}};
  for (const auto& [n, f] : kNames) {
    if (name == n) {
      *format = f;
      return true;
    }
  }
  return false;
}

bool IsDumpFileName(const std::string& name) {
  return IsNumberedDumpName(name) || IsLlvmDumpDirName(name) || IsXlaPassName(name);
}

InputFormat DetectDirectory(const std::string& dir) {
  // One listing decides most directories (--find asks of every directory of a build tree): a numbered
  // dump by its frontend, and none when no name could belong to a compiler's own dump directory.
  std::error_code ec;
  bool maybe_native = false;
  auto ends_with = [](const std::string& n, const char* ext) {
    size_t k = std::strlen(ext);
    return n.size() > k && n.compare(n.size() - k, k, ext) == 0;
  };
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (IsFrontendName(name)) return InputFormat::kNumbered;
    maybe_native = maybe_native || ends_with(name, ".mlir") || ends_with(name, ".ll") || ends_with(name, ".py") ||
                   ends_with(name, ".txt") || ends_with(name, ".tir") || name == ".run_records" ||
                   name.rfind("builtin_module", 0) == 0 || name.rfind("pipeline_", 0) == 0 || name == "unscoped" ||
                   name == "codegen" || name.rfind("run", 0) == 0 || name == kPyptoPassesDump;
  }
  if (!maybe_native) return InputFormat::kAuto;
  return LooksLikePyptoBuild(dir) && HasPyptoOutputs(dir) ? InputFormat::kPyptoBuild
         : LooksLikeMlirTree(dir)                         ? InputFormat::kMlirTree
         : LooksLikeLlvmDumpDir(dir)                      ? InputFormat::kLlvmDir
         : LooksLikeTileLangRuns(dir)                     ? InputFormat::kTileLang
         : LooksLikeXlaDump(dir)                          ? InputFormat::kXla
         : LooksLikeTvmDir(dir)                           ? InputFormat::kTvmDir
                                                          : InputFormat::kAuto;
}

std::vector<std::string> InputParts(const std::string& input, InputFormat format, bool all_runs) {
  std::error_code ec;
  if (input != "-" && fs::is_regular_file(input, ec) &&
      (format == InputFormat::kAuto || format == InputFormat::kMlirLog || format == InputFormat::kLlvmLog)) {
    try {
      // Only an MLIR log is read whole here (an LLVM log of any size is read as it is converted).
      std::shared_ptr<const LogText> log = LogText::OpenFile(input, input);
      std::string head = log->Read(0, 1 << 20);
      if (format == InputFormat::kMlirLog || (format == InputFormat::kAuto && LooksLikeMlirLog(head))) {
        std::vector<std::string> names;
        for (const LogPart& p : MlirLogParts(log->Read(0, log->size()))) names.push_back(p.name);
        return names;
      }
      // An LLVM log is scanned for its `; ModuleID` lines only (input/llvm_log_parts.h).
      if (format == InputFormat::kLlvmLog || (format == InputFormat::kAuto && LooksLikeLlvmLog(head))) {
        std::vector<std::string> names;
        for (const LlvmLogPart& p : LlvmLogParts(*log)) names.push_back(p.name);
        return names;
      }
    } catch (const Error&) {
    }
    return {};
  }
  if (input == "-" || !fs::is_directory(input, ec)) return {};
  if (all_runs &&
      (format == InputFormat::kTileLang || (format == InputFormat::kAuto && LooksLikeTileLangRuns(input)))) {
    std::vector<std::string> runs = TileLangRuns(input);
    if (runs.size() > 1) return runs;
  }
  if (format == InputFormat::kXla || (format == InputFormat::kAuto && LooksLikeXlaDump(input))) {
    std::vector<std::string> modules = XlaModules(input);
    if (modules.size() > 1) return modules;
  }
  return {};
}

namespace {

// ListInput without --input; `given`: its text for the MLIR readers (ReadMlirLog), or null.
DumpListing ListFormat(const std::string& input, InputFormat format, const std::vector<std::string>& codegen_dirs,
                       const std::string& part, bool all_runs, const std::string* given) {
  std::error_code ec;
  // Without --format a directory (or anything that is not a regular file: ListDump names what it is) is a
  // numbered dump; a file or standard input is read and its content decides.
  if (format == InputFormat::kAuto && input != "-" && fs::is_directory(input, ec)) {
    format = DetectDirectory(input);
    // A build directory holding passes_dump/ alone is one too when named (not for --find).
    if (format == InputFormat::kAuto && LooksLikePyptoBuild(input)) format = InputFormat::kPyptoBuild;
    if (format == InputFormat::kAuto) format = InputFormat::kNumbered;  // ListDump says what is wrong
  }
  if (format == InputFormat::kNumbered ||
      (format == InputFormat::kAuto && input != "-" && !fs::is_regular_file(input, ec))) {
    return ListDump(input, codegen_dirs);
  }
  if (format == InputFormat::kPyptoBuild) {
    if (input == "-" || !fs::is_directory(input, ec)) throw Error(Shown(input) + ": the dump is not a directory");
    return ListPyptoBuild(input, codegen_dirs);
  }
  if (!codegen_dirs.empty())
    throw Error("--codegen adds to a numbered dump or a PyPTO build directory only", ExitCode::kUsage);
  if (format == InputFormat::kMlirTree || format == InputFormat::kTvmDir || format == InputFormat::kLlvmDir ||
      format == InputFormat::kTileLang || format == InputFormat::kXla) {
    if (!fs::is_directory(input, ec)) throw Error(Shown(input) + ": the dump is not a directory");
    switch (format) {
      case InputFormat::kMlirTree: return ListMlirTree(input, given);
      case InputFormat::kTvmDir: return ListTvmDir(input);
      case InputFormat::kLlvmDir: return ListLlvmDumpDir(input);
      case InputFormat::kXla: return ListXlaDump(input, part);
      default: return ListTileLangRuns(input, part, all_runs);
    }
  }
  // Standard input is copied aside as it is read, so a reader can read its snapshots again.
  std::shared_ptr<const LogText> log = input == "-" ? LogText::StandardInput() : LogText::OpenFile(input, input);
  constexpr size_t kHead = 1 << 20;
  std::string head = log->Read(0, kHead);
  if (head.find_first_not_of(" \t\r\n") == std::string::npos && head.size() < kHead) {
    // mlir-opt --mlir-print-ir-after-failure on a run where nothing failed writes nothing, for one.
    throw Error(Shown(input) + ": the input is empty: no IR dump to read");
  }
  if (format == InputFormat::kAuto) {
    if (LooksLikeMlirLog(head)) {
      format = InputFormat::kMlirLog;
    } else if (LooksLikeLlvmLog(head)) {
      format = InputFormat::kLlvmLog;
    } else {
      throw Error(Shown(input) +
                  ": the dump is not a directory, nor a log ir-trace knows (no MLIR '// -----// IR "
                  "Dump' or LLVM '*** IR Dump' banner in its first MiB): --format NAME reads it as one (mlir-log, "
                  "llvm-log)");
    }
  }
  // Standard input is always one compilation (it cannot be read again for a second report).
  DumpListing listing =
      format == InputFormat::kMlirLog
          ? ReadMlirLog(Shown(input), log->Read(0, log->size()),
                        input == "-" ? std::nullopt : std::optional<std::string>(part), given)
          : ListLlvmLog(Shown(input), log, input == "-" ? std::nullopt : std::optional<std::string>(part));
  if (input != "-") listing.sources.push_back(input);
  return listing;
}

}  // namespace

DumpListing ListInput(const std::string& input, InputFormat format, const std::vector<std::string>& codegen_dirs,
                      const std::string& part, bool all_runs, const std::string& given_input) {
  std::optional<GivenInput> given;
  if (!given_input.empty()) given = ReadGivenInput(given_input);
  DumpListing listing = ListFormat(input, format, codegen_dirs, part, all_runs, given ? &given->text : nullptr);
  if (given) UseGivenInput(&listing, *given, Shown(input));
  return listing;
}

}  // namespace irtrace
