#include "input/llvm_before_dumps.h"

#include <algorithm>

#include "input/log_listing.h"
#include "scope/function_scope.h"
#include "util/line_index.h"

namespace irtrace {
namespace {

// True when dump `d` prints every function of `u` (a function or SCC unit).
bool HoldsFunctions(const BeforeDumpUnit& d, const BeforeDumpUnit& u) {
  if (d.whole) return true;
  if (d.kind != BeforeDumpUnit::kFunction && d.kind != BeforeDumpUnit::kScc) return false;
  return std::all_of(u.funcs.begin(), u.funcs.end(), [&](const std::string& f) {
    return std::find(d.funcs.begin(), d.funcs.end(), f) != d.funcs.end();
  });
}

// True when dump `d` prints unit `u` as it stands.
bool Prints(const BeforeDumpUnit& d, const BeforeDumpUnit& u) {
  switch (u.kind) {
    case BeforeDumpUnit::kModule: return d.whole;
    case BeforeDumpUnit::kLoop:
      return (d.kind == BeforeDumpUnit::kLoop && d.ir == u.ir) ||
             (d.kind != BeforeDumpUnit::kLoop && HoldsFunctions(d, u));
    default: return HoldsFunctions(d, u);
  }
}

// `f` holds `text` (a unit cut out of a dump: no range of the log), also as what its load reads.
void GiveText(DumpFile* f, std::string text) {
  auto held = std::make_shared<const std::string>(std::move(text));
  f->load_bytes = held->size();
  f->text = held;
  f->load = [held] { return *held; };
}

// The snapshot of `d`'s text, named "<name> line N", read from the log when loaded.
DumpFile LogRangeFile(const std::string& name, const std::shared_ptr<const LogText>& log, const BeforeDump& d) {
  DumpFile f;
  f.name = name + " line " + std::to_string(d.line);
  f.extension = "ll";
  std::shared_ptr<const LogText> held = log;
  uint64_t offset = d.offset;
  size_t size = d.size;
  f.load = [held, offset, size] { return ReadDumpText(*held, offset, size); };
  f.load_bytes = size;
  return f;
}

IrUnit PassUnit(const BeforeDumpUnit& u) {
  if (u.whole || u.kind == BeforeDumpUnit::kModule) return IrUnit::kWhole;
  if (u.kind == BeforeDumpUnit::kLoop) return IrUnit::kLoop;
  return u.kind == BeforeDumpUnit::kScc ? IrUnit::kScc : IrUnit::kFunction;
}

}  // namespace

std::vector<size_t> AfterDumpOfBeforeDumps(const std::vector<BeforeDumpUnit>& dumps) {
  std::vector<size_t> after(dumps.size(), kNoAfterDump);
  for (size_t i = 0; i < dumps.size(); ++i) {
    const BeforeDumpUnit& u = dumps[i];
    if (u.whole) {
      if (i + 1 < dumps.size()) after[i] = i + 1;
      continue;
    }
    if (u.kind == BeforeDumpUnit::kModule) {
      if (i + 1 < dumps.size() && (dumps[i + 1].whole || dumps[i + 1].kind != BeforeDumpUnit::kLoop)) after[i] = i + 1;
      continue;
    }
    for (size_t j = i + 1; j < dumps.size(); ++j) {
      if (Prints(dumps[j], u)) {
        after[i] = j;
        break;
      }
    }
  }
  return after;
}

std::string CutFunctions(const std::vector<std::string>& keys, const std::map<std::string, std::string>& dumped) {
  std::string out;
  for (const std::string& k : keys) {
    auto it = dumped.find(k);
    if (it == dumped.end()) continue;
    if (!out.empty()) out.push_back('\n');
    out += it->second;
  }
  return out;
}

std::map<std::string, std::string> DumpedFunctions(const std::string& text) {
  std::map<std::string, std::string> out;
  LineIndex index(text, '\n');
  Scope scope = SplitFunctions(ScopeLanguage::kLlvm, index);
  for (const Section& s : scope.sections) {
    size_t begin = s.begin;
    if (begin > 0 && index[begin - 1].rfind("; Function Attrs:", 0) == 0) --begin;
    std::string f;
    for (size_t k = begin; k < s.end; ++k) f.append(index[k]).push_back('\n');
    out[s.key] = std::move(f);
  }
  return out;
}

std::string ReadDumpText(const LogText& log, uint64_t offset, size_t size) {
  std::string s = log.Read(offset, size);
  if (s.size() + 1 == size) s.push_back('\n');  // the log's last line, which lacks its '\n'
  return s;
}

BeforeOnlyPasses::BeforeOnlyPasses(std::string name, std::shared_ptr<const LogText> log, std::vector<BeforeDump> dumps)
    : name_(std::move(name)), log_(std::move(log)), dumps_(std::move(dumps)) {
  std::vector<BeforeDumpUnit> units;
  for (const BeforeDump& d : dumps_) units.push_back(d.unit);
  after_dump_ = AfterDumpOfBeforeDumps(units);
}

std::string BeforeOnlyPasses::InputText() const {
  SplicedModule first_run(ScopeLanguage::kLlvm);
  for (size_t k = 0; k < dumps_.size() && dumps_[k].pass == dumps_[0].pass; ++k) {
    std::string text = ReadDumpText(*log_, dumps_[k].offset, dumps_[k].size);
    if (dumps_[k].unit.whole) first_run.SetModule(text);
    else
      for (auto& [key, f] : DumpedFunctions(text)) first_run.SetFunction(key, f);
  }
  return first_run.Text();
}

void BeforeOnlyPasses::Next(DumpPass* q) {
  size_t i = next_++;
  const BeforeDump& own = dumps_[i];
  const BeforeDumpUnit& b = own.unit;
  q->pass_name = own.pass;
  q->file.extension = "ll";
  bool loop = b.kind == BeforeDumpUnit::kLoop;
  q->unit = PassUnit(b);
  q->unit_keys = loop ? std::vector<std::string>{b.ir, b.funcs.at(0)} : b.funcs;
  size_t j = after_dump_[i];
  if (j == kNoAfterDump) {
    q->file.name = name_ + " line " + std::to_string(own.line);
    q->unchanged = true;
    if (loop) q->unit_keys = {b.funcs.at(0)}, q->unit = IrUnit::kFunction;
    q->notes.push_back("its result is not in the log: no dump after its before-dump (line " +
                       std::to_string(own.line) + ") prints " + b.ir);
    return;
  }
  const BeforeDump& after = dumps_[j];
  q->file.name = name_ + " line " + std::to_string(after.line);
  std::string text = ReadDumpText(*log_, after.offset, after.size);
  if (q->unit == IrUnit::kWhole && !after.unit.whole) {
    // A module pass followed by a function or SCC pass: the log shows only that unit after it.
    q->unit = after.unit.kind == BeforeDumpUnit::kScc ? IrUnit::kScc : IrUnit::kFunction;
    q->unit_keys = after.unit.funcs;
    q->notes.push_back("the log shows the module after this pass only as far as the next dump prints it: " +
                       after.unit.ir);
    GiveText(&q->file, std::move(text));
    return;
  }
  if (q->unit != IrUnit::kWhole && !(loop && after.unit.kind == BeforeDumpUnit::kLoop)) {
    text = CutFunctions(b.funcs, DumpedFunctions(text));
    if (loop) q->unit = IrUnit::kFunction, q->unit_keys = {b.funcs.at(0)};
  }
  // Its own before-dump, when it prints as much as its result (a loop's result read from its function's
  // dump has none: it is diffed against the function's latest text).
  if (!(loop && q->unit != IrUnit::kLoop)) q->before = LogRangeFile(name_, log_, own);
  GiveText(&q->file, std::move(text));
}

}  // namespace irtrace
