#include "input/llvm_before_after.h"

#include <cctype>

#include "scope/function_scope.h"
#include "util/line_index.h"

namespace irtrace {
namespace {

// The keys of the functions an LLVM module text defines.
std::vector<std::string> KeysOf(const std::string& text) {
  LineIndex index(text, '\n');
  std::vector<std::string> keys;
  for (const Section& s : SplitFunctions(ScopeLanguage::kLlvm, index).sections) keys.push_back(s.key);
  return keys;
}

// The global names `text` refers to (`@f`, `@"a b"` as a\20b is not decoded: compared as spelt).
std::set<std::string> NamesIn(const std::string& text) {
  std::set<std::string> out;
  for (size_t at = text.find('@'); at != std::string::npos; at = text.find('@', at + 1)) {
    size_t end = at + 1;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_' ||
                                 text[end] == '.' || text[end] == '$' || text[end] == '-'))
      ++end;
    if (end > at + 1) out.insert(text.substr(at + 1, end - at - 1));
  }
  return out;
}

}  // namespace

void BeforeAfterNotes::Inlined(const std::string& before, const std::string& after) {
  std::set<std::string> now = NamesIn(after);
  for (const std::string& f : NamesIn(before))
    if (!now.count(f) && known_.count(f)) maybe_deleted_.insert(f);
}

void BeforeAfterNotes::Saw(const std::vector<std::string>& funcs, bool whole, const std::string& text) {
  if (whole) {
    std::vector<std::string> keys = KeysOf(text);
    known_ = std::set<std::string>(keys.begin(), keys.end());
    maybe_deleted_.clear();
    return;
  }
  known_.insert(funcs.begin(), funcs.end());
}

void BeforeAfterNotes::Receive(DumpPass* p, const std::string& name, std::shared_ptr<const std::string> text,
                               std::function<std::string()> load, uint64_t load_bytes) {
  std::set<std::string> others = known_;
  for (const std::string& k : KeysOf(*text)) others.insert(k);
  std::string unit = p->unit_keys.empty() ? std::string("its unit") : p->unit_keys.at(0);
  if (p->unit == IrUnit::kLoop) {
    others.erase(p->unit_keys.at(1));
  } else {
    for (const std::string& f : p->unit_keys) others.erase(f);
  }
  p->unit = IrUnit::kWhole;
  p->unit_keys.clear();
  p->before.reset();
  p->unchanged = false;
  p->file.name = name;
  p->file.text = std::move(text);
  p->file.load = std::move(load);
  p->file.load_bytes = load_bytes;
  std::string note = "the module as the next dump (" + name +
                     ", a before-dump) prints it: what it shows changed "
                     "outside " +
                     unit +
                     " (other functions, the module-level lines) no earlier dump printed since "
                     "the last dump of the whole module; it may come from the passes since";
  p->log_notes.push_back(DumpPass::LogNote{"not_in_log", note, {}});
  if (!others.empty()) p->log_notes.push_back(DumpPass::LogNote{"not_in_log", note, {others.begin(), others.end()}});
}

void BeforeAfterNotes::Note(DumpPass* p) const {
  if (p->unit == IrUnit::kWhole || p->unit == IrUnit::kMachine) return;
  p->log_notes.push_back(DumpPass::LogNote{
      "not_in_log",
      "the module-level lines (globals, declarations, attribute groups, metadata) after this pass are not in the "
      "log: its dumps print only " +
          std::string(p->unit == IrUnit::kLoop ? "a loop" : "functions") +
          "; a change to them shows at the next dump of the whole module",
      {}});
  if (p->unit == IrUnit::kLoop) {
    const std::string& f = p->unit_keys.at(1);
    p->log_notes.push_back(DumpPass::LogNote{"not_in_log",
                                             "a loop dump prints only the loop's blocks: a change to " + f +
                                                 "'s other blocks shows at its "
                                                 "next function dump",
                                             {f}});
  }
  if (!maybe_deleted_.empty()) {
    p->log_notes.push_back(DumpPass::LogNote{
        "not_in_log",
        "an SCC pass since the last dump of the whole module stopped calling these functions: one may have "
        "deleted them, which the log shows only at the next dump of the whole module",
        {maybe_deleted_.begin(), maybe_deleted_.end()}});
  }
}

}  // namespace irtrace
