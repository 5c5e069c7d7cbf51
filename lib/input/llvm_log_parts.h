// Several compilations in one LLVM log: `clang -c a.c b.c -mllvm -print-after-all` runs one compiler per
// file into one stderr stream, and an LTO link prints the linked module ('ld-temp.o') after the compiles
// that made its inputs. Each is its own report. A compilation starts at a dump whose text starts with a
// `; ModuleID = '<id>'` line (a module dump, "At Start", any dump under -print-module-scope; as LLVM 19's
// AsmWriter prints it) naming another module than the last such line did; every dump from there on is
// that compilation's, up to the next one. What this cannot see: a compilation whose first printed dumps
// are function dumps (-print-after=instcombine alone) begins at its first module dump; the function dumps
// before it are read as the previous compilation's last passes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "input/log_text.h"

namespace irtrace {

// One compilation of a log.
struct LlvmLogPart {
  std::string name;     // its ModuleID ("loops.c"); "part_N" (1-based) when that repeats an earlier part's
  uint64_t begin = 0;   // byte offset of its first `; ModuleID` line (the text of its first dump)
  size_t first_line = 0;  // 1-based line of that `; ModuleID` line
};

// The compilations of `log`, in order, found by one scan of its lines for `; ModuleID = '`; empty when it
// holds one (or none). Throws what LogText::Read throws.
std::vector<LlvmLogPart> LlvmLogParts(const LogText& log);

// Which dumps of a log a report reads, decided dump by dump as the log is read (input/llvm_log.cpp):
// - no part (standard input: one compilation whatever it holds): every dump;
// - part "" (one report asked for): every dump, until a dump opens a second compilation, which throws
//   SeveralReports (log_listing.h: ExitCode::kUsage, "<name> holds N reports (a, b, ...): -o DIR/ writes
//   one each", the names from LlvmLogParts);
// - part NAME (one of LlvmLogParts' names, a job of -o DIR/): only that compilation's dumps; a NAME the log
//   does not hold is DumpError "no compilation 'NAME' in the log".
class LlvmPartFilter {
 public:
  LlvmPartFilter(std::shared_ptr<const LogText> log, std::string name, std::optional<std::string> part);

  enum class Verdict { kSkip, kKeep, kEnd };
  // A dump whose text starts at byte `offset` of the log and whose first line is `first_line`: whether it
  // is read (kKeep), lies before the part (kSkip), or after it (kEnd: no later dump is read).
  Verdict Of(uint64_t offset, std::string_view first_line);

 private:
  std::shared_ptr<const LogText> log_;
  std::string name_;
  std::optional<std::string> part_;
  std::optional<std::string> module_id_;  // part "": the ModuleID the log named first
  uint64_t begin_ = 0, end_ = UINT64_MAX;  // part NAME: its byte range
};

// The module named by a `; ModuleID = '<id>'` line: "<id>"; nullopt for any other line.
std::optional<std::string> ModuleIdOf(std::string_view line);

}  // namespace irtrace
