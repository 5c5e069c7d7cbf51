#include "input/mlir_notes.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "scope/function_scope.h"
#include "util/line_index.h"

namespace irtrace {
namespace {

// The keys a pass's snapshot holds: its functions in file order, and "" when a non-blank line lies
// outside every function (the module-level lines).
std::vector<std::string> KeysOf(const DumpPass& p) {
  if (!p.file.text) return {};
  const std::string& text = *p.file.text;
  LineIndex lines(text, '\n');
  Scope scope = SplitFunctions(ScopeLanguage::kMlir, lines);
  std::vector<std::string> out;
  std::vector<bool> inside(lines.size(), false);
  for (const Section& s : scope.sections) {
    out.push_back(s.key);
    for (size_t i = s.begin; i < s.end && i < inside.size(); ++i) inside[i] = true;
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!inside[i] && lines[i].find_first_not_of(" \t\r") != std::string_view::npos) {
      out.push_back("");
      break;
    }
  }
  return out;
}

// The functions `text` calls (`call @f(`, `func.call @f(`, `llvm.call @f(`: the symbol after "call @").
std::set<std::string> Callees(const std::string& text) {
  std::set<std::string> out;
  for (size_t at = text.find("call @"); at != std::string::npos; at = text.find("call @", at + 6)) {
    size_t b = at + 6, e = b;
    while (e < text.size() && (std::isalnum(static_cast<unsigned char>(text[e])) || std::strchr("_$.-", text[e]))) ++e;
    if (e > b && (at == 0 || text[at - 1] == ' ' || text[at - 1] == '.')) out.insert(text.substr(b, e - b));
  }
  return out;
}

// Puts a note of `functions` on `p`: the module-level lines ("") get one of their own (an empty list).
void Note(DumpPass* p, const std::string& text, const std::string& module_text, std::vector<std::string> keys) {
  bool module = std::find(keys.begin(), keys.end(), "") != keys.end();
  keys.erase(std::remove(keys.begin(), keys.end(), ""), keys.end());
  if (!keys.empty()) p->log_notes.push_back(DumpPass::LogNote{"not_in_log", text, std::move(keys)});
  if (module) p->log_notes.push_back(DumpPass::LogNote{"not_in_log", module_text, {}});
}

bool HasNote(const DumpPass& p, const char* note) {
  return std::find(p.notes.begin(), p.notes.end(), std::string(note)) != p.notes.end();
}

// No IR before the first pass: each key's first pass (up to the first module dump's) and the passes before it.
void NoInputNotes(const MlirLogForm& form, const std::vector<std::vector<std::string>>& keys, DumpListing* l) {
  std::map<std::string, size_t> first;  // key -> index of the first pass holding it
  for (size_t k = 0; k < keys.size(); ++k)
    for (const std::string& key : keys[k]) first.emplace(key, k);
  size_t last = form.first_module_pass ? form.first_module_pass - 1 : keys.size();  // later: the module shows all
  std::set<std::string> called;  // functions called by those printed so far that no dump prints
  for (size_t k = 0; k < keys.size() && k <= last; ++k) {
    std::vector<std::string> shown, unseen;
    for (const std::string& key : keys[k])
      if (first.at(key) == k) shown.push_back(key);
    for (const auto& [key, at] : first)
      if (at > k && at <= last) unseen.push_back(key);
    // Functions called but never printed up to the first module dump (a callee the inliner deletes).
    std::set<std::string> held(keys[k].begin(), keys[k].end());
    std::vector<std::string> gone;  // at the first module dump: called before, never printed, not in it
    for (const std::string& callee : called)
      if (!held.count(callee) && !first.count(callee)) (k < last ? unseen : gone).push_back(callee);
    if (!gone.empty())
      Note(&l->passes[k],
           "called by functions the log printed before this pass's dump but printed by no dump: whether this "
           "pass or one before it removed them is not in the log",
           "", gone);
    if (k < last && l->passes[k].file.text) {
      for (const std::string& callee : Callees(*l->passes[k].file.text))
        if (!held.count(callee) && !first.count(callee) && called.insert(callee).second) unseen.push_back(callee);
    }
    if (!shown.empty())
      Note(&l->passes[k],
           "the log holds no IR before this pass's dump, which prints these first: shown as added, what this "
           "pass and any before it changed in them is not in the log",
           "the log holds no IR before this pass's dump, which prints the module-level lines first: shown as "
           "added, what this pass and any before it changed in them is not in the log",
           shown);
    if (!unseen.empty())
      Note(&l->passes[k],
           "no dump up to this pass's prints these (a later one does, or they are only called): what they held "
           "here is not in the log",
           "no dump prints the module-level lines before a later pass's: what they held here is not in the log",
           unseen);
    if (!first.count(""))
      Note(&l->passes[k], "", "no dump of the log prints the whole module: its module-level lines are not in it", {""});
  }
}

// The keys of pass `p` its own dumps did not print (every key for a pass without executions: a module pass).
std::vector<std::string> NotPrintedBy(const DumpPass& p, const std::vector<std::string>& keys) {
  std::set<std::string> ran;
  for (const PassExecution& x : p.executions) ran.insert(x.key);
  std::vector<std::string> out;
  for (const std::string& key : keys)
    if (key.empty() || !ran.count(key)) out.push_back(key);
  return out;
}

}  // namespace

void AddMlirLogNotes(const MlirLogForm& form, DumpListing* listing) {
  std::vector<std::vector<std::string>> keys;
  for (const DumpPass& p : listing->passes) keys.push_back(KeysOf(p));
  if (!form.has_input) NoInputNotes(form, keys, listing);
  for (size_t k = 0; form.has_input && !form.first_module_pass && k < listing->passes.size(); ++k)
    Note(&listing->passes[k], "",
         "no dump of the log prints the whole module: its module-level lines after this pass are not in it", {""});
  bool skipped = false;
  for (size_t k = 0; k < listing->passes.size(); ++k) {
    DumpPass& p = listing->passes[k];
    if (HasNote(p, kBeforeOnlyResultNote)) {
      std::vector<std::string> ran;
      for (const PassExecution& x : p.executions) ran.push_back(x.key);
      Note(&p, "the log holds only before-dumps and none after this pass's on these: its result is not in the log",
           "the log holds only before-dumps and none after this pass's: its result is not in the log",
           ran.empty() ? keys[k] : ran);
    }
    skipped = skipped || HasNote(p, kSkippedModuleNote);
    if (skipped) {
      Note(&p,
           "the log prints no regions (--mlir-print-skip-regions) and this pass's dumps do not print these: "
           "whether they still exist, and what they hold, is not in the log",
           "the log prints no regions (--mlir-print-skip-regions): the module-level lines are not in it",
           NotPrintedBy(p, keys[k]));
    }
  }
}

}  // namespace irtrace
