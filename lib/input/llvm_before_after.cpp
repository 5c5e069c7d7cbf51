#include "input/llvm_before_after.h"

#include <algorithm>

#include "input/llvm_before_dumps.h"

namespace irtrace {

std::vector<std::string> ReceiveModule(DumpPass* p, const std::string& name, std::shared_ptr<const std::string> text,
                                       std::function<std::string()> load, uint64_t load_bytes) {
  std::vector<std::string> receiver = p->unit_keys;
  if (p->unit == IrUnit::kLoop) receiver = {p->unit_keys.at(1)};
  p->unit = IrUnit::kWhole;
  p->unit_keys.clear();
  p->before.reset();
  p->unchanged = false;
  p->file.name = name;
  p->file.text = std::move(text);
  p->file.load = std::move(load);
  p->file.load_bytes = load_bytes;
  return receiver;
}

std::vector<std::string> SplitScc(DumpPass* p, const std::string& before, const std::string& after) {
  std::map<std::string, std::string> now = DumpedFunctions(after);
  std::vector<std::string> kept, gone;
  for (const std::string& f : p->unit_keys) (now.count(f) ? kept : gone).push_back(f);
  if (gone.empty() || kept.empty() || !p->before) return {};
  auto held = std::make_shared<const std::string>(CutFunctions(kept, DumpedFunctions(before)));
  p->before->name += " (the functions its after-dump prints)";
  p->before->text = held;
  p->before->load = [held] { return *held; };
  p->before->load_bytes = held->size();
  p->unit_keys = kept;
  p->log_notes.push_back(DumpPass::LogNote{
      "not_in_log",
      "the after-dump of this SCC pass no longer prints these functions (the inliner split the SCC, or deleted "
      "one it inlined): their state after it is shown by their next dump, not here",
      gone,
      {}});
  return gone;
}

bool FunctionAfterLoops(DumpPass* p, const std::vector<std::string>& next_funcs, const std::string& next_text,
                        const std::string& name) {
  if (p->unit != IrUnit::kLoop || p->unit_keys.size() < 2) return false;
  const std::string& f = p->unit_keys[1];
  if (std::find(next_funcs.begin(), next_funcs.end(), f) == next_funcs.end()) return false;
  std::map<std::string, std::string> dumped = DumpedFunctions(next_text);
  if (!dumped.count(f)) return false;
  auto held = std::make_shared<const std::string>(CutFunctions({f}, dumped));
  DumpFile file;
  file.name = name + " (" + f + ")";
  file.extension = "ll";
  file.text = std::move(held);
  p->function_after = std::move(file);
  return true;
}

}  // namespace irtrace
