#include "input/mlir_llvm_phase.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "input/llvm_log.h"

namespace irtrace {
namespace {

// The lines of `runs` at their own line numbers: every other line of the log left empty, so the LLVM
// reader names each snapshot by its line in the log.
std::string LinesInPlace(const LineIndex& lines, const std::vector<LlvmLines>& runs) {
  std::string text;
  size_t at = 0;
  for (const LlvmLines& r : runs) {
    text.append(r.begin - at, '\n');
    for (size_t i = r.begin; i < r.end; ++i) text.append(lines[i]).push_back('\n');
    at = r.end;
  }
  return text;
}

std::string LineRange(const std::vector<LlvmLines>& runs) {
  return "lines " + std::to_string(runs.front().begin + 1) + "-" + std::to_string(runs.back().end);
}

}  // namespace

bool IsLlvmDumpLine(std::string_view line) { return LooksLikeLlvmLog(line); }

void AppendLlvmPhase(const std::string& name, const LineIndex& lines, const std::vector<LlvmLines>& runs,
                     bool mlir_after, DumpListing* listing) {
  if (runs.empty()) return;
  DumpListing llvm;
  try {
    llvm = ReadLlvmLog(name, LinesInPlace(lines, runs));
  } catch (const Error& e) {  // the MLIR passes are still read: the LLVM ones are left out, with a note
    listing->notes.push_back("the LLVM pipeline's dumps (" + LineRange(runs) + " of the log) cannot be read (" +
                             e.what() + "): they are not shown");
    return;
  }
  for (DumpPass& p : listing->passes)
    if (p.phase.empty()) p.phase = kMlirPhase;
  unsigned long n = listing->passes.size();
  for (size_t k = 0; k < llvm.passes.size(); ++k) {
    DumpPass p = std::move(llvm.passes[k]);
    p.number = n + k + 1;
    if (p.phase.empty()) p.phase = kLlvmPhase;
    if (k == 0) {
      std::vector<std::string> notes{
          "the LLVM pipeline's dumps start here (" + LineRange(runs) +
          " of the log): the LLVM IR the MLIR module was translated to is not in the log, so this pass is "
          "diffed against the IR the LLVM dumps hold before it, not against the last MLIR pass"};
      if (mlir_after) {
        notes.push_back(
            "the log prints MLIR dumps of this compilation after LLVM dumps: its LLVM passes are "
            "listed after all its MLIR passes");
      }
      for (std::string& s : llvm.notes) notes.push_back(std::move(s));
      for (std::string& s : llvm.warnings) notes.push_back("warning: " + s);
      notes.insert(notes.end(), p.notes.begin(), p.notes.end());
      p.notes = std::move(notes);
      // Its own before-dump: the LLVM log's first entry (empty when the log holds no IR before its first
      // pass, as -print-after-all), for the unit it holds; a function pass against the whole module's
      // first text would be a wrong diff, so it is against nothing then.
      if (!p.before) {
        DumpFile before = llvm.frontend;
        if (p.unit != IrUnit::kWhole && before.text && !before.text->empty()) {
          before.text = std::make_shared<const std::string>();
          before.load = nullptr;
          p.notes.push_back("the IR before it in the log is the whole module (" + llvm.frontend.name +
                            "), not its unit: it is shown against nothing");
        }
        if (!before.text && !before.load) before.text = std::make_shared<const std::string>();
        p.before = std::move(before);
      }
    }
    listing->passes.push_back(std::move(p));
  }
  for (const std::string& s : llvm.sources)
    if (std::find(listing->sources.begin(), listing->sources.end(), s) == listing->sources.end())
      listing->sources.push_back(s);
}

}  // namespace irtrace
