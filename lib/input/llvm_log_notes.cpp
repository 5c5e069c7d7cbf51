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
  if (what.first_of_log && (what.kind == Kind::kFunctions || what.kind == Kind::kLoop)) selective_ = true;
  Receive(what, notes);
  // Module-level lines a filtered or selective log never shows are noted on every pass (FilterNotes,
  // SelectiveNotes), not from the passes that changed functions.
  bool track_top = !filtered_ && !selective_;
  switch (what.kind) {
    case Kind::kModule:
      if (what.module_lines) {
        seen_since_.clear();
        top_since_.clear();
        loop_since_.clear();
        deleted_since_.clear();
        invalid_since_.clear();
        module_ = what.module_functions;
        module_known_.reset();
      } else {
        FilteredModule(what, notes);
      }
      break;
    case Kind::kFunctions:
      seen_since_.insert(what.functions.begin(), what.functions.end());
      for (const std::string& f : what.functions) {
        loop_since_.erase(f);
        deleted_since_.erase(f);
        invalid_since_.erase(f);
      }
      if (filtered_ && what.scc) scc_walk_ = true;
      if (!what.changed) break;
      if (track_top) top_since_.push_back(pass);
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
      seen_since_.insert(what.functions.begin(), what.functions.end());
      if (!what.changed) break;
      if (track_top) top_since_.push_back(pass);
      for (const std::string& f : what.functions) {
        loop_since_[f].push_back(pass);
        if (what.kind == Kind::kInvalidated) invalid_since_[f].push_back(pass);
      }
      break;
    case Kind::kNothing: break;
  }
  FilterGaps(pass, what);
  Stale(notes);
  if (filtered_) FilterNotes(notes);
  if (selective_) SelectiveNotes(what, notes);
}

// A `[module]` dump without module-level lines (-filter-print-funcs): it prints the listed functions whole
// (a listed function it lacks is gone), so the windows of functions close; the module-level lines stay
// unknown. The functions an SCC walk's unprinted passes may have deleted are named here.
void LlvmLogNotes::FilteredModule(const Printed& what, std::vector<DumpPass::LogNote>* notes) {
  if (!filtered_) {
    filtered_ = true;
    top_since_.clear();
  }
  if (!unprinted_.empty()) {
    std::vector<std::string> keys(unprinted_.begin(), unprinted_.end());
    notes->push_back(
        Note("this [module] dump is the first to show these functions since passes on other functions "
             "ran, which -filter-print-funcs does not print (an SCC pass on a caller may have inlined "
             "and deleted them): what it shows of them may be those passes'",
             std::move(keys), {}));
  }
  loop_since_.clear();
  deleted_since_.clear();
  invalid_since_.clear();
  unprinted_.clear();
  scc_walk_ = false;
  if (what.module_functions) {
    module_ = what.module_functions;
    module_known_.reset();
  }
}

// Under -filter-print-funcs an SCC pass on a function not listed prints nothing: from the walk's first SCC
// dump to the next `[module]` dump, a listed function LLVM may delete once unused may be gone at any pass
// whose dump does not print it.
void LlvmLogNotes::FilterGaps(unsigned long pass, const Printed& what) {
  (void)pass;
  if (!filtered_ || !scc_walk_ || what.kind == Kind::kModule || what.kind == Kind::kNothing) return;
  LearnModule();
  for (const std::string& key : discardable_) {
    if (std::count(what.functions.begin(), what.functions.end(), key)) unprinted_.erase(key);
    else unprinted_.insert(key);
  }
}

void LlvmLogNotes::FilterNotes(std::vector<DumpPass::LogNote>* notes) const {
  notes->push_back(
      Note("-filter-print-funcs prints no module-level lines (globals, declarations, attribute "
           "groups, metadata) and no pass on the functions it does not list: none of them is shown",
           {}, {}));
  if (unprinted_.empty()) return;
  notes->push_back(
      Note("shown as the log printed them last: -filter-print-funcs prints no pass on the other "
           "functions, and an SCC pass on a caller (the inliner) may have inlined and deleted them "
           "since, which no dump shows until the next [module] dump (those passes are not in the log)",
           {unprinted_.begin(), unprinted_.end()}, {}));
}

// Selective printing: the passes between two dumps ran but are not in the log, so every dump's diff may
// hold their changes, and every function it does not print may have changed since the log printed it.
void LlvmLogNotes::SelectiveNotes(const Printed& what, std::vector<DumpPass::LogNote>* notes) {
  if (what.kind == Kind::kNothing) return;
  std::vector<std::string> now = what.functions;
  if (what.kind == Kind::kModule) {
    if (what.module_functions) {
      now.clear();
      for (const auto& [key, define] : what.module_functions()) now.push_back(key);
    } else {
      now.assign(printed_.begin(), printed_.end());
    }
  }
  std::set<std::string> here(now.begin(), now.end());
  std::vector<std::string> others;
  for (const std::string& key : printed_)
    if (!here.count(key)) others.push_back(key);
  printed_.insert(now.begin(), now.end());
  const std::string why =
      "the log prints only some passes (-print-after=P: its first dump is a function-level one, with no IR "
      "before it)";
  notes->push_back(Note(why + ": this dump's diff holds the changes of every pass that ran since the log printed "
                              "its unit last, which the log does not name",
                        std::move(now), {}));
  if (!others.empty()) {
    notes->push_back(Note(why + ": these functions are shown as the log printed them last; passes it does not "
                                "print may have changed them since",
                          std::move(others), {}));
  }
  std::vector<std::string> unseen;
  for (const std::string& key : later_)
    if (!printed_.count(key)) unseen.push_back(key);
  if (!unseen.empty()) {
    notes->push_back(Note(why + ": these functions are not shown yet: the log prints them first at a later pass, "
                                "and passes it does not print may have changed them before",
                          std::move(unseen), {}));
  }
  notes->push_back(Note(why + ": the module-level lines (globals, declarations, attribute groups, metadata) "
                              "are shown as a module dump printed them last, if any; passes it does not print "
                              "may have changed them",
                        {}, {}));
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
  if (what.kind == Kind::kModule && what.received) Received(what, notes);
  if (what.kind == Kind::kModule && what.module_lines && !top_since_.empty()) {
    notes->push_back(
        Note("the module-level lines (globals, declarations, attribute groups, metadata) are printed "
             "here for the first time since passes " +
                 PassList(top_since_) + " changed functions: a change to them may be theirs",
             {}, top_since_));
  }
  if (what.kind != Kind::kModule && what.kind != Kind::kFunctions) return;
  // A module dump prints every function (under -filter-print-funcs: every function listed).
  auto prints = [&](const std::string& key) {
    return what.kind == Kind::kModule || std::count(what.functions.begin(), what.functions.end(), key) > 0;
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

// A module before-dump received by a pass on a function, SCC or loop (Printed::received): a change it shows
// outside that pass's functions (another function, one deleted) no earlier dump printed since the last module
// dump; the module-level lines are Receive's note.
void LlvmLogNotes::Received(const Printed& what, std::vector<DumpPass::LogNote>* notes) {
  LearnModule();  // the last module dump's functions, before this one replaces them
  std::set<std::string> others = seen_since_;
  for (const auto& [key, define] : *module_known_) others.insert(key);
  if (what.module_functions)
    for (const auto& [key, define] : what.module_functions()) others.insert(key);
  for (const std::string& f : what.receiver) others.erase(f);
  if (others.empty()) return;
  std::string unit = what.receiver.empty() ? std::string("its unit") : what.receiver.front();
  notes->push_back(
      Note("the module as the next dump (a before-dump) prints it: what it shows changed outside " + unit +
               " no earlier dump printed since the last dump of the whole module; it may come from the "
               "passes since" +
               (top_since_.empty() ? std::string() : " (" + PassList(top_since_) + ")"),
           {others.begin(), others.end()},
           top_since_.empty() ? std::vector<unsigned long>{} : std::vector<unsigned long>{top_since_.front()}));
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
    // The same words on every pass until the next module dump (naming only the first pass), so the payload
    // stores the note once (report/log_note_table.h).
    notes->push_back(
        Note("the module-level lines are shown as the last module dump printed them: the passes "
             "that changed IR since, from pass " +
                 std::to_string(top_since_.front()) +
                 " on, printed only functions, and a change they made to "
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
