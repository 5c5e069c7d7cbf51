#include "input/llvm_log_notes.h"

#include <algorithm>
#include <string_view>

#include "scope/function_scope.h"
#include "util/line_index.h"

namespace irtrace {
namespace {

using Kind = LlvmLogNotes::Printed::Kind;

std::string PassList(const std::vector<unsigned long>& passes) {
  std::string out;
  size_t shown = std::min<size_t>(passes.size(), 3);
  for (size_t k = 0; k < shown; ++k) out += (k ? ", " : "") + std::to_string(passes[k]);
  if (passes.size() > shown) out += " and " + std::to_string(passes.size() - shown) + " more";
  return out;
}

DumpPass::LogNote Note(std::string text, std::vector<std::string> functions, std::vector<unsigned long> from) {
  DumpPass::LogNote n{"not_in_log", std::move(text), std::move(functions), {}};
  n.from_passes = std::move(from);
  return n;
}

// The first pass of each function's list, in order, without repeats: a note's "from" for a note on many passes.
std::vector<unsigned long> Firsts(const std::map<std::string, std::vector<unsigned long>>& since) {
  std::set<unsigned long> out;
  for (const auto& [key, passes] : since)
    if (!passes.empty()) out.insert(passes.front());
  return {out.begin(), out.end()};
}

std::vector<std::string> Keys(const std::map<std::string, std::vector<unsigned long>>& m) {
  std::vector<std::string> out;
  for (const auto& [key, passes] : m) out.push_back(key);
  return out;
}

}  // namespace

bool LlvmLogNotes::Discardable(const std::string& define_line) {
  // The linkage comes first after "define" (LLVM's AsmWriter: define [linkage] [visibility] ...).
  std::string head = define_line.substr(0, define_line.find('@')) + " ";
  for (const char* linkage : {" internal ", " private ", " linkonce ", " linkonce_odr ", " available_externally "}) {
    if (head.find(linkage) != std::string::npos) return true;
  }
  return false;
}

std::map<std::string, std::string> LlvmLogNotes::DefineLines(const std::string& text) {
  std::map<std::string, std::string> out;
  LineIndex index(text, '\n');
  for (const Section& s : SplitFunctions(ScopeLanguage::kLlvm, index).sections)
    out[s.key] = std::string(index[s.begin]);
  return out;
}

bool LlvmLogNotes::PassManagerName(const std::string& pass) {
  std::string prefix = pass.substr(0, pass.find('<'));
  for (std::string_view s :
       {"PassManager", "PassAdaptor", "AnalysisManagerProxy", "DevirtSCCRepeatedPass", "ModuleInlinerWrapperPass",
        "VerifierPass", "PrintModulePass", "PrintMIRPass", "PrintMIRPreparePass"}) {
    if (prefix.size() >= s.size() && std::string_view(prefix).substr(prefix.size() - s.size()) == s) return true;
  }
  return false;
}

void LlvmLogNotes::DiffForm(unsigned long pass, const std::vector<std::string>& keys) {
  if (!diff_from_) diff_from_ = pass;
  if (!keys.empty()) diff_keys_ = keys;
}

void LlvmLogNotes::Pass(unsigned long pass, const Printed& what, std::vector<DumpPass::LogNote>* notes) {
  Receive(what, notes);
  switch (what.kind) {
    case Kind::kModule:
      if (what.module_lines) {
        top_since_.clear();
        loop_since_.clear();
        deleted_since_.clear();
        invalid_since_.clear();
        module_ = what.module_functions;
        module_known_.reset();
      }
      break;
    case Kind::kFunctions:
      for (const std::string& f : what.functions) {
        loop_since_.erase(f);
        deleted_since_.erase(f);
        invalid_since_.erase(f);
      }
      if (!what.changed) break;
      top_since_.push_back(pass);
      if (what.scc) {
        // The inliner deletes a callee it inlined everywhere, which an SCC dump does not print.
        LearnModule();
        std::set<std::string> in_scc(what.functions.begin(), what.functions.end());
        for (const std::string& key : discardable_) {
          if (!in_scc.count(key)) deleted_since_[key].push_back(pass);
        }
      }
      break;
    case Kind::kLoop:
    case Kind::kInvalidated:
      if (!what.changed) break;
      top_since_.push_back(pass);
      for (const std::string& f : what.functions) {
        loop_since_[f].push_back(pass);
        if (what.kind == Kind::kInvalidated) invalid_since_[f].push_back(pass);
      }
      break;
    case Kind::kNothing: break;
  }
  Stale(notes);
}

void LlvmLogNotes::LearnModule() {
  if (module_known_) return;
  module_known_ = module_ ? module_() : std::map<std::string, std::string>();
  discardable_.clear();  // once per module dump, not per SCC pass: a module of N functions costs N once
  for (const auto& [key, define] : *module_known_) {
    if (Discardable(define)) discardable_.push_back(key);
  }
}

// A dump printing what earlier passes left unshown: the passes its diff may hold changes of.
void LlvmLogNotes::Receive(const Printed& what, std::vector<DumpPass::LogNote>* notes) {
  if (diff_from_) return;
  if (what.kind == Kind::kModule && what.module_lines && !top_since_.empty()) {
    notes->push_back(
        Note("the module-level lines (globals, declarations, attribute groups, metadata) are printed "
             "here for the first time since passes " +
                 PassList(top_since_) + " changed functions: a change to them may be theirs",
             {}, top_since_));
  }
  if (what.kind != Kind::kModule && what.kind != Kind::kFunctions) return;
  auto prints = [&](const std::string& key) {
    return what.kind == Kind::kModule ? what.module_lines
                                      : std::count(what.functions.begin(), what.functions.end(), key) > 0;
  };
  for (const auto& [key, passes] : deleted_since_) {
    if (!prints(key)) continue;
    notes->push_back(Note("this dump is the first to print " + key + " since SCC passes " + PassList(passes) +
                              " (which may delete it once inlined): a change to it may be theirs",
                          {key}, passes));
  }
  for (const auto& [key, passes] : invalid_since_) {
    if (!prints(key)) continue;
    notes->push_back(Note("this dump is the first to print " + key + " since passes " + PassList(passes) +
                              " invalidated it (-print-changed prints no IR for them): a change to it may be theirs",
                          {key}, passes));
  }
  for (const auto& [key, passes] : loop_since_) {
    // A function dump: driver/pass_stage.cpp LoopChangesNote names the loop passes (not the invalidated).
    if (!prints(key) || what.kind == Kind::kFunctions || invalid_since_.count(key)) continue;
    notes->push_back(Note("this dump is the first to print " + key + " whole since loop passes " + PassList(passes) +
                              " changed it: a change to it may be theirs",
                          {key}, passes));
  }
}

std::vector<unsigned long> LlvmLogNotes::From() const {
  return diff_from_ && *diff_from_ > 0 ? std::vector<unsigned long>{*diff_from_} : std::vector<unsigned long>{};
}

// What the pass's module view shows as the log printed it last, though it may have changed since.
void LlvmLogNotes::Stale(std::vector<DumpPass::LogNote>* notes) const {
  if (diff_from_) {
    notes->push_back(
        Note("-print-changed=diff prints no module-level lines after its start: globals, declarations, "
             "attribute groups and metadata are shown as the start printed them",
             {}, From()));
    notes->push_back(
        Note("-print-changed=diff prints no define line and no \"; Function Attrs:\" line: each "
             "function's are shown as the start printed them",
             diff_keys_, From()));
    return;
  }
  if (!top_since_.empty()) {
    notes->push_back(Note("the module-level lines are shown as the last module dump printed them: passes " +
                              PassList(top_since_) +
                              " since printed only functions, and a change they made to "
                              "globals, declarations, attribute groups or metadata is not in the log yet",
                          {}, {top_since_.front()}));
  }
  if (!loop_since_.empty()) {
    notes->push_back(
        Note("shown as their last function-level dump printed them with the blocks loop dumps printed since "
             "spliced in: what loop passes since changed outside the blocks they printed, or passes that "
             "invalidated them (no IR printed), is not in the log",
             Keys(loop_since_), Firsts(loop_since_)));
  }
  if (!deleted_since_.empty()) {
    notes->push_back(
        Note("shown as the log printed them last: an SCC pass since may have deleted them (the inliner "
             "deletes an unused callee it inlined), which no dump has shown yet",
             Keys(deleted_since_), Firsts(deleted_since_)));
  }
}

}  // namespace irtrace
