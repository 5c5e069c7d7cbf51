#include "input/llvm_diff_dumps.h"

#include <utility>

namespace irtrace {

using Kind = LlvmBanner::Kind;
using Unit = LlvmBanner::Unit;

bool LlvmDiffDumps::IsDiffDump(const LlvmDump& d) {
  if (d.banner.kind != Kind::kAfter || d.banner.backend || d.text.empty()) return false;
  char c = d.text[0];
  if (c != ' ' && c != '+' && c != '-' && c != '\x1b' && c != '*') return false;
  return LooksLikeChangedDiff(d.text);
}

bool LlvmDiffDumps::FirstChangeIsDiff(std::shared_ptr<const LogText> log) {
  LlvmDumpScanner again(std::move(log));
  LlvmDump d;
  while (again.Next(&d)) {
    if (d.banner.kind == Kind::kAfter && !d.banner.backend) return IsDiffDump(d);
  }
  return false;
}

std::optional<std::string> LlvmDiffDumps::TakeQuietBefore() {
  std::optional<std::string> b = std::move(quiet_before_);
  quiet_before_.reset();
  return b;
}

void LlvmDiffDumps::ApplyDiff(LlvmDump* d, bool after_passes, std::vector<std::string>* pending,
                              std::vector<DumpPass::LogNote>* notes) {
  if (!start_ && !diff_) {
    if (after_passes && !quiet_) {
      throw DumpError("line " + std::to_string(d->line) +
                      ": a -print-changed=diff dump after IR dumps, with no '*** IR Dump At Start ***' before it "
                      "to apply it to");
    }
    QuietDiff(d, notes);
    return;
  }
  if (!diff_) {
    diff_ = std::make_unique<ChangedDiffModule>(*start_);
    start_.reset();
  }
  LlvmBanner& b = d->banner;
  ChangedDiffModule::Applied a;
  std::vector<std::string> concerned;
  std::string form = d->text.find("\x1b[") != std::string::npos ? "-print-changed=cdiff" : "-print-changed=diff";
  if (b.unit == Unit::kFunction || b.unit == Unit::kLoop) {
    a = diff_->ApplyFunction(b.funcs.at(0), d->text);
    concerned = {b.funcs.at(0)};
    if (b.unit == Unit::kLoop) {
      pending->push_back("a loop pass on " + b.ir + ": " + form + " prints its whole function");
      b.unit = Unit::kFunction;
      b.ir = b.funcs.at(0);
    }
  } else {
    a = diff_->ApplyModule(d->text);
    concerned = diff_->FunctionKeys();
    b.unit = Unit::kModule;
  }
  d->text = std::move(a.text);
  if (a.changed.empty()) {
    a.notes.push_back(form +
                      " printed this pass as changed, but its diff changes no line of a function's body: "
                      "its change is in lines the form does not print (a define line, module-level lines)");
    notes->push_back(DumpPass::LogNote{"not_in_log", a.notes.back(), {}, {}});
  }
  for (std::string& n : a.notes) notes->push_back(DumpPass::LogNote{"not_in_log", std::move(n), concerned, {}});
}

void LlvmDiffDumps::QuietDiff(LlvmDump* d, std::vector<DumpPass::LogNote>* notes) {
  LlvmBanner& b = d->banner;
  bool colour = d->text.find("\x1b[") != std::string::npos;
  std::string form = colour ? "-print-changed=cdiff-quiet" : "-print-changed=diff-quiet";
  DiffSides sides = SidesOfDiff(d->text);
  d->text = std::move(sides.after);
  quiet_before_ = std::move(sides.before);
  quiet_ = true;
  std::vector<std::string> fns;
  if (b.unit == Unit::kFunction || b.unit == Unit::kLoop) fns = b.funcs;
  std::string unit = b.unit == Unit::kLoop ? b.ir + " (its whole function)" : b.ir;
  b.unit = Unit::kModule;
  notes->push_back(DumpPass::LogNote{"not_in_log",
                                     form +
                                         " prints no start and no define lines: the pass shows the lines "
                                         "LLVM printed of " +
                                         unit + " before and after it, not the module",
                                     fns,
                                     {}});
  notes->push_back(
      DumpPass::LogNote{"not_in_log", form + " prints no module-level lines: a change to them shows nowhere", {}, {}});
}

}  // namespace irtrace
