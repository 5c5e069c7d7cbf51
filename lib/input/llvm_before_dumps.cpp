#include "input/llvm_before_dumps.h"

#include <algorithm>
#include <optional>
#include <set>

#include "input/llvm_blocks.h"
#include "input/llvm_loop_splice.h"
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

// A not_in_log note (lib/report/PAYLOAD.md) on `functions` (none: the module-level lines).
DumpPass::LogNote NotInLog(std::string text, std::vector<std::string> functions) {
  return DumpPass::LogNote{"not_in_log", std::move(text), std::move(functions)};
}

// The keys of the functions an LLVM module text defines.
std::vector<std::string> FunctionKeysOf(const std::string& text) {
  LineIndex index(text, '\n');
  std::vector<std::string> keys;
  for (const Section& s : SplitFunctions(ScopeLanguage::kLlvm, index).sections) keys.push_back(s.key);
  return keys;
}

// True when dump `d` prints function `f` (whole, or a loop of it).
bool Touches(const BeforeDumpUnit& d, const std::string& f) {
  return d.whole || std::find(d.funcs.begin(), d.funcs.end(), f) != d.funcs.end();
}

// `function` (one function's text) with loop dump `loop` spliced in (input/llvm_loop_splice.h: each block
// it prints in place of the function's, a block the function lacks placed by LLVM's numbering, its `!N` /
// `#N` numbers the function's; a block `previous`, the same loop's earlier dump ("" when none), printed and
// `loop` does not is left out); none when the function does not split into blocks.
std::optional<std::string> SpliceLoop(const std::string& function, const std::string& loop,
                                      const std::string& previous = "") {
  LineIndex fl(function, '\n'), ll(loop, '\n'), pl(previous, '\n');
  std::vector<IrBlockLine> before = SplitLoopDump(pl, 0, pl.size());
  std::vector<IrBlockLine> blocks = SplitFunctionBlocks(fl, 0, fl.size());
  if (std::none_of(blocks.begin(), blocks.end(), [](const IrBlockLine& b) { return b.block; })) return std::nullopt;
  LoopSplice splice =
      irtrace::SpliceLoop(fl, blocks, ll, SplitLoopDump(ll, 0, ll.size()), previous.empty() ? nullptr : &before);
  std::string out;
  for (const SpliceRun& r : splice.runs) {
    if (r.from == SpliceRun::From::kLiteral) {
      out.append(r.literal).push_back('\n');
      continue;
    }
    const LineIndex& from = r.from == SpliceRun::From::kFunction ? fl : ll;
    for (size_t k = r.begin; k < r.end; ++k) out.append(from[k]).push_back('\n');
  }
  return out;
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
  size_t n = dumps_.size();
  next_whole_.assign(n, n);
  last_whole_.assign(n, n);
  for (size_t k = 0, last = n; k < n; ++k) {
    if (dumps_[k].unit.whole) {
      last = k;
      whole_keys_[k] = FunctionKeysOf(Read(k));
    }
    last_whole_[k] = last;
  }
  for (size_t k = n, next = n; k-- > 0;) {
    next_whole_[k] = next;
    if (dumps_[k].unit.whole) next = k;
  }
}

std::string BeforeOnlyPasses::Read(size_t k) const { return ReadDumpText(*log_, dumps_[k].offset, dumps_[k].size); }

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
  q->unit = PassUnit(b);
  q->unit_keys = b.kind == BeforeDumpUnit::kLoop ? std::vector<std::string>{b.ir, b.funcs.at(0)} : b.funcs;
  size_t j = after_dump_[i];
  if (i + 1 < dumps_.size() && dumps_[i + 1].unit.whole && q->unit != IrUnit::kWhole) {
    ModuleReceived(i, q);
  } else if (j == kNoAfterDump) {
    NoResult(i, q);
  } else if (q->unit == IrUnit::kWhole && !dumps_[j].unit.whole) {
    ModuleAsPrinted(i, q);
  } else if (!(b.kind == BeforeDumpUnit::kFunction && LoopAsPrinted(i, q))) {
    UnitResult(i, j, q);
  }
  Remember(*q);
  StretchNotes(i, q);
}

// No later dump prints the unit of pass i: unchanged, its result not in the log.
void BeforeOnlyPasses::NoResult(size_t i, DumpPass* q) const {
  const BeforeDumpUnit& b = dumps_[i].unit;
  q->file.name = NameOf(i);
  q->unchanged = true;
  if (b.kind == BeforeDumpUnit::kLoop) q->unit_keys = {b.funcs.at(0)}, q->unit = IrUnit::kFunction;
  q->log_notes.push_back(NotInLog("its result is not in the log: no dump after its before-dump (line " +
                                      std::to_string(dumps_[i].line) + ") prints " + b.ir,
                                  q->unit == IrUnit::kWhole ? std::vector<std::string>{} : b.funcs));
}

// Dump i + 1 prints the whole module, pass i ran on a function, SCC or loop: the module after it is that
// dump, and what it shows changed outside the pass's unit no earlier dump printed.
void BeforeOnlyPasses::ModuleReceived(size_t i, DumpPass* q) {
  const BeforeDumpUnit& b = dumps_[i].unit;
  q->unit = IrUnit::kWhole;
  q->unit_keys.clear();
  q->file.name = NameOf(i + 1);
  GiveText(&q->file, Read(i + 1));
  std::set<std::string> others(whole_keys_[i + 1].begin(), whole_keys_[i + 1].end());
  size_t w = last_whole_[i];
  if (w < dumps_.size()) others.insert(whole_keys_[w].begin(), whole_keys_[w].end());
  for (size_t k = w < dumps_.size() ? w + 1 : 0; k <= i; ++k)
    others.insert(dumps_[k].unit.funcs.begin(), dumps_[k].unit.funcs.end());
  for (const std::string& f : b.funcs) others.erase(f);
  std::string since = w < dumps_.size()
                          ? " since line " + std::to_string(dumps_[w].line) + ", the last dump of the whole module"
                          : " before it";
  std::string text = "the module as the next dump (line " + std::to_string(dumps_[i + 1].line) +
                     ") prints it: what it shows changed outside " + b.ir +
                     " (other functions, the module-level lines) no earlier dump printed; it may come from the passes" +
                     since;
  q->log_notes.push_back(NotInLog(text, {}));
  if (!others.empty()) q->log_notes.push_back(NotInLog(text, {others.begin(), others.end()}));
}

// A module pass whose next dump prints less than the module: each function as the first later dump before
// the next dump of the whole module prints it (that dump's when none does), the module-level lines as they
// were before it.
void BeforeOnlyPasses::ModuleAsPrinted(size_t i, DumpPass* q) {
  size_t w = next_whole_[i];
  std::map<std::string, std::string> shown;  // function -> its text as the first later dump prints it
  std::set<std::string> done;
  std::vector<std::string> later, stale;
  for (size_t k = i + 1; k < w; ++k) {
    const BeforeDumpUnit& u = dumps_[k].unit;
    std::map<std::string, std::string> fns;
    for (const std::string& f : u.funcs) {
      if (!done.insert(f).second) continue;
      if (u.kind == BeforeDumpUnit::kLoop) {
        stale.push_back(f);  // its next dump prints only a loop: the function as it was
        continue;
      }
      if (fns.empty()) fns = DumpedFunctions(Read(k));
      if (auto it = fns.find(f); it != fns.end()) shown[f] = it->second, later.push_back(f);
    }
  }
  if (w < dumps_.size()) {
    std::map<std::string, std::string> fns = DumpedFunctions(Read(w));
    for (const std::string& f : whole_keys_[i]) {
      if (done.count(f)) continue;
      auto it = fns.find(f);
      if (it == fns.end()) stale.push_back(f);
      else shown[f] = it->second, later.push_back(f);
    }
  }
  if (later.empty()) {
    NoResult(i, q);
    return;
  }
  // The functions as later dumps print them, as an SCC dump would hold them (each numbers its own
  // metadata: a module text made of them would not be the module).
  q->unit = IrUnit::kScc;
  q->unit_keys = later;
  q->file.name = NameOf(i + 1);
  GiveText(&q->file, CutFunctions(later, shown));
  std::string until = w < dumps_.size() ? "until line " + std::to_string(dumps_[w].line) : "after it";
  if (!later.empty()) {
    q->log_notes.push_back(NotInLog("the log prints no dump of the whole module after this pass " + until +
                                        ": each function is shown as the first later dump prints it",
                                    later));
  }
  if (!stale.empty()) {
    q->log_notes.push_back(NotInLog(
        "the log prints these functions whole no more " + until + ": shown as they were before this pass", stale));
  }
}

// Function pass i whose function's next dump is a loop's: its result as far as that loop dump prints it, the
// function's own before-dump with the blocks the loop dump prints replaced (a loop entry when that dump
// prints a block the function lacks).
bool BeforeOnlyPasses::LoopAsPrinted(size_t i, DumpPass* q) {
  const std::string& f = dumps_[i].unit.funcs.at(0);
  size_t k = i + 1;
  while (k < dumps_.size() && !Touches(dumps_[k].unit, f)) ++k;
  if (k == dumps_.size() || dumps_[k].unit.kind != BeforeDumpUnit::kLoop) return false;
  std::string loop = Read(k);
  std::optional<std::string> spliced = SpliceLoop(CutFunctions({f}, DumpedFunctions(Read(i))), loop);
  q->file.name = NameOf(k);
  if (spliced) {
    q->before = LogRangeFile(name_, log_, dumps_[i]);
    GiveText(&q->file, std::move(*spliced));
  } else {
    q->unit = IrUnit::kLoop;
    q->unit_keys = {dumps_[k].unit.ir, f};
    GiveText(&q->file, std::move(loop));
  }
  q->log_notes.push_back(NotInLog("its result on " + f + " is in the log only as far as the next dump of it, " +
                                      dumps_[k].unit.ir + " (line " + std::to_string(dumps_[k].line) +
                                      "), prints it: a change to its other blocks shows at its next function dump",
                                  {f}));
  return true;
}

// Pass i's result in dump j, the next that prints its unit, cut down to the unit (a loop's in a loop dump
// kept whole); a function the module dump j lacks leaves the pass unchanged.
void BeforeOnlyPasses::UnitResult(size_t i, size_t j, DumpPass* q) {
  const BeforeDump& own = dumps_[i];
  const BeforeDumpUnit& b = own.unit;
  bool loop = b.kind == BeforeDumpUnit::kLoop;
  const BeforeDump& after = dumps_[j];
  // An SCC the inliner split: each function as the first later dump prints it, before asking whether the
  // module dump holding them all still holds each (one it deleted is noted, the others keep their result).
  if (b.kind == BeforeDumpUnit::kScc && SccAsPrinted(i, q)) return;
  if (q->unit != IrUnit::kWhole && after.unit.whole) {
    std::vector<std::string> missing;
    const std::vector<std::string>& keys = whole_keys_[j];
    for (const std::string& f : b.funcs)
      if (std::find(keys.begin(), keys.end(), f) == keys.end()) missing.push_back(f);
    if (!missing.empty()) {
      NoResult(i, q);
      q->log_notes.back().text = "its result is not in the log: the next dump that prints " + b.ir + " (line " +
                                 std::to_string(after.line) +
                                 ", the module) no longer holds it: a later pass deleted it";
      return;
    }
  }
  q->file.name = NameOf(j);
  std::string text = Read(j);
  if (q->unit != IrUnit::kWhole && !(loop && after.unit.kind == BeforeDumpUnit::kLoop)) {
    text = CutFunctions(b.funcs, DumpedFunctions(text));
    if (loop) q->unit = IrUnit::kFunction, q->unit_keys = {b.funcs.at(0)};
  }
  // A loop's result in its next loop dump: its function as it stands with the blocks that dump prints (the
  // module view holds functions, not loops), or the loop entry when the dump prints a block it lacks.
  if (loop && q->unit == IrUnit::kLoop) {
    auto it = current_.find(b.funcs.at(0));
    std::optional<std::string> spliced = it == current_.end() ? std::nullopt : SpliceLoop(it->second, text, Read(i));
    if (spliced) {
      q->unit = IrUnit::kFunction;
      q->unit_keys = {b.funcs.at(0)};
      GiveText(&q->file, std::move(*spliced));
      return;
    }
  }
  // Its own before-dump, when it prints as much as its result (a loop's result read from its function's
  // dump has none: it is diffed against the function's latest text).
  if (!(loop && q->unit != IrUnit::kLoop)) q->before = LogRangeFile(name_, log_, own);
  GiveText(&q->file, std::move(text));
}

// Each function's text as pass `q`'s snapshot leaves it (a loop's result is spliced into it).
void BeforeOnlyPasses::Remember(const DumpPass& q) {
  if (q.unchanged || !q.file.text || q.unit == IrUnit::kLoop) return;
  if (q.unit == IrUnit::kWhole) current_.clear();
  for (auto& [key, f] : DumpedFunctions(*q.file.text)) current_[key] = std::move(f);
}

// SCC pass i whose functions the later dumps print apart (the inliner splits the SCC; the next dump holding
// all of them may come after passes on each): each function as the first later dump that prints it does,
// those printed by no function, SCC or module dump before a loop's left out (noted). False when the next
// dump that prints one of them prints all.
bool BeforeOnlyPasses::SccAsPrinted(size_t i, DumpPass* q) {
  const BeforeDumpUnit& b = dumps_[i].unit;
  std::map<std::string, std::string> shown;
  std::vector<std::string> found, missing;
  size_t first = dumps_.size();
  for (const std::string& f : b.funcs) {
    size_t k = i + 1;
    while (k < dumps_.size() && !Touches(dumps_[k].unit, f)) ++k;
    first = std::min(first, k);
    std::map<std::string, std::string> fns;
    if (k < dumps_.size() && dumps_[k].unit.kind != BeforeDumpUnit::kLoop) fns = DumpedFunctions(Read(k));
    auto it = fns.find(f);
    if (it == fns.end()) {
      missing.push_back(f);
      continue;
    }
    shown[f] = it->second;
    found.push_back(f);
  }
  if (first < dumps_.size() && first == after_dump_[i] && missing.empty()) return false;
  if (found.empty()) return false;
  q->unit_keys = found;
  q->file.name = NameOf(first);
  GiveText(&q->file, CutFunctions(found, shown));
  q->log_notes.push_back(NotInLog(
      "the later dumps print " + b.ir + " apart: each function is shown as the first of them that prints it", found));
  if (!missing.empty()) {
    q->log_notes.push_back(
        NotInLog("its result on these functions is not in the log: the first later dump of each prints only a "
                 "loop of it, or is a dump of the whole module that no longer holds it (deleted, by which pass "
                 "the log does not show)",
                 missing));
  }
  return true;
}

// The functions the next dump of the whole module after dump w lacks (w a whole dump or dumps_.size()),
// each with its last dump before that one.
void BeforeOnlyPasses::FindDeleted(size_t w) {
  if (deleted_for_ == w) return;
  deleted_for_ = w;
  deleted_.clear();
  size_t end = w < dumps_.size() ? next_whole_[w] : (dumps_.empty() ? 0 : next_whole_[0]);
  if (end >= dumps_.size()) return;
  std::map<std::string, size_t> last;
  if (w < dumps_.size())
    for (const std::string& f : whole_keys_[w]) last[f] = w;
  for (size_t k = w < dumps_.size() ? w + 1 : 0; k < end; ++k)
    for (const std::string& f : dumps_[k].unit.funcs) last[f] = k;
  const std::vector<std::string>& now = whole_keys_[end];
  for (const auto& [f, k] : last)
    if (std::find(now.begin(), now.end(), f) == now.end()) deleted_.emplace_back(f, k);
}

// The notes of what the log does not print after pass i: the module-level lines unless the next dump is the
// module, a loop pass's function outside its blocks, and the functions deleted before the next module dump.
void BeforeOnlyPasses::StretchNotes(size_t i, DumpPass* q) {
  const BeforeDumpUnit& b = dumps_[i].unit;
  bool whole_next = i + 1 < dumps_.size() && dumps_[i + 1].unit.whole;
  if (whole_next) return;
  size_t w = next_whole_[i];
  std::string at = w < dumps_.size() ? " (line " + std::to_string(dumps_[w].line) + ")" : " (there is none)";
  q->log_notes.push_back(NotInLog(
      "the module-level lines (globals, declarations, attribute groups, metadata) after this pass are not in the "
      "log: a change to them shows at the next dump of the whole module" +
          at,
      {}));
  if (b.kind == BeforeDumpUnit::kLoop) {
    q->log_notes.push_back(NotInLog("a loop dump prints only the loop's blocks: a change to " + b.funcs.at(0) +
                                        "'s other blocks shows at its next function dump",
                                    {b.funcs.at(0)}));
  }
  FindDeleted(last_whole_[i]);
  std::vector<std::string> gone;
  for (const auto& [f, k] : deleted_)
    if (k <= i) gone.push_back(f);
  if (!gone.empty()) {
    q->log_notes.push_back(NotInLog("the next dump of the whole module" + at +
                                        " no longer holds these functions: which pass since their last dumps deleted "
                                        "them the log does not show",
                                    gone));
  }
}

}  // namespace irtrace
