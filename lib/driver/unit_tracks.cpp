#include "driver/unit_tracks.h"

#include <algorithm>
#include <set>

#include "driver/dump_reading.h"

namespace irtrace {
namespace {

bool AttrsLine(std::string_view l) { return l.rfind("; Function Attrs:", 0) == 0; }

// A function's first line in `s`: its define, or the "; Function Attrs:" line right above it.
size_t PieceBegin(const Snapshot& s, const Section& sec) {
  return sec.begin > 0 && AttrsLine(s.lines[sec.begin - 1]) ? sec.begin - 1 : sec.begin;
}

// A snapshot made from runs, and the runs, as the pass's before side.
class Maker {
 public:
  void Copy(const std::shared_ptr<HeldSnapshot>& from, size_t begin, size_t end) {
    if (end <= begin) return;
    runs_.push_back(HeldRun{from, begin, end, ""});
    text_ += LinesText(*from->snap, begin, end);
  }
  void Literal(const std::string& line) {
    runs_.push_back(HeldRun{nullptr, 0, 0, line});
    text_ += line + "\n";
  }
  const std::string& Text() const { return text_; }
  UnitBefore Make(const std::string& name) {
    UnitBefore b;
    std::unique_ptr<Snapshot> s = MakeSnapshot(name, "ll", std::move(text_));
    std::set<const HeldSnapshot*> sources;
    for (const HeldRun& r : runs_)
      if (r.from) sources.insert(r.from.get());
    s->mixed_numbering = sources.size() > 1;
    b.held = Hold(std::move(s));
    b.made = true;
    b.runs = std::move(runs_);
    return b;
  }

 private:
  std::vector<HeldRun> runs_;
  std::string text_;
};

}  // namespace

std::shared_ptr<HeldSnapshot> Hold(std::shared_ptr<const Snapshot> s) {
  auto h = std::make_shared<HeldSnapshot>();
  h->snap = std::move(s);
  return h;
}

std::string LinesText(const Snapshot& s, size_t begin, size_t end) {
  std::string out;
  for (size_t k = begin; k < end; ++k) out.append(s.lines[k]).push_back('\n');
  return out;
}

void UnitTracks::SetWhole(std::shared_ptr<HeldSnapshot> s) {
  whole_ = std::move(s);
  whole_sections_.clear();
  whole_sections_built_ = false;
  pieces_.clear();
  runs_.clear();
  numbering_.clear();
  function_blocks_.clear();
  loop_run_.clear();
}

bool UnitTracks::Find(const std::string& key, Piece* piece) {
  auto it = pieces_.find(key);
  if (it != pieces_.end()) {
    *piece = it->second;
    return true;
  }
  if (!whole_) return false;
  const std::vector<Section>& secs = whole_->snap->scope.sections;
  if (!whole_sections_built_) {
    for (size_t k = 0; k < secs.size(); ++k) whole_sections_.emplace(secs[k].key, k);
    whole_sections_built_ = true;
  }
  auto w = whole_sections_.find(key);
  if (w == whole_sections_.end()) return false;
  const Section& sec = secs[w->second];
  *piece = Piece{whole_, PieceBegin(*whole_->snap, sec), sec.end};
  return true;
}

UnitBefore UnitTracks::Functions(const std::vector<std::string>& keys, const std::string& name) {
  Piece p;
  if (keys.size() == 1 && Find(keys[0], &p) && p.begin == 0 && p.end == p.in->snap->lines.size()) {
    return UnitBefore{p.in, false, {}};
  }
  Maker m;
  std::string made_name = name;
  for (size_t k = 0; k < keys.size(); ++k) {
    if (k > 0) m.Literal("");
    if (!Find(keys[k], &p)) continue;
    m.Copy(p.in, p.begin, p.end);
    // A function cut out of an earlier snapshot is named by it: "pipeline.log line 120 (f)".
    if (keys.size() == 1) made_name = p.in->snap->name + " (" + keys[k] + ")";
  }
  UnitBefore b = m.Make(made_name);
  // A function cut out of the module once serves its next passes too.
  if (keys.size() == 1) pieces_[keys[0]] = Piece{b.held, 0, b.held->snap->lines.size()};
  return b;
}

void UnitTracks::SetFunctions(std::shared_ptr<HeldSnapshot> s, const std::vector<std::string>& keys) {
  (void)keys;  // the viewer takes a snapshot's functions from its sections too: both must agree
  const Snapshot& snap = *s->snap;
  for (const Section& sec : snap.scope.sections) {
    pieces_[sec.key] = Piece{s, PieceBegin(snap, sec), sec.end};
    ForgetLoops(sec.key);
  }
}

void UnitTracks::ForgetLoops(const std::string& fn) {
  runs_.erase(fn);
  numbering_.erase(fn);
  function_blocks_.erase(fn);
  loop_run_.erase(fn);
}

bool UnitTracks::LatestBlock(const std::string& fn, const std::string& label, Piece* piece) {
  auto run = runs_.find(fn);
  if (run != runs_.end()) {
    for (auto d = run->second.rbegin(); d != run->second.rend(); ++d) {
      for (const IrBlockLine& b : d->blocks) {
        if (b.block && b.label == label) {
          *piece = Piece{d->snap, b.begin, b.end};
          return true;
        }
      }
    }
  }
  Piece f;
  const std::vector<IrBlockLine>* blocks = BlocksOf(fn, &f);
  if (!blocks) return false;
  for (const IrBlockLine& b : *blocks) {
    if (b.block && b.label == label) {
      *piece = Piece{f.in, b.begin, b.end};
      return true;
    }
  }
  return false;
}

const std::vector<IrBlockLine>* UnitTracks::BlocksOf(const std::string& fn, Piece* piece) {
  if (!Find(fn, piece)) return nullptr;
  FunctionBlocks& fb = function_blocks_[fn];
  if (fb.in != piece->in || fb.begin != piece->begin) {
    fb = FunctionBlocks{piece->in, piece->begin, SplitFunctionBlocks(piece->in->snap->lines, piece->begin, piece->end)};
  }
  return &fb.blocks;
}

UnitBefore UnitTracks::SpliceIntoFunction(const std::string& fn, const LoopDump& now, const LoopDump* previous,
                                          const std::string& name) {
  Piece f;
  const std::vector<IrBlockLine>* blocks = BlocksOf(fn, &f);
  if (!blocks) return {};
  LoopSplice splice = SpliceLoop(f.in->snap->lines, *blocks, now.snap->snap->lines, now.blocks,
                                 previous ? &previous->blocks : nullptr, &numbering_[fn]);
  Maker m;
  for (const SpliceRun& r : splice.runs) {
    if (r.from == SpliceRun::From::kLiteral) m.Literal(r.literal);
    else m.Copy(r.from == SpliceRun::From::kDump ? now.snap : f.in, r.begin, r.end);
  }
  UnitBefore b = m.Make(name + " (" + fn + " with the loop's blocks)");
  pieces_[fn] = Piece{b.held, 0, b.held->snap->lines.size()};
  return b;
}

void UnitTracks::LearnNumbering(const std::string& fn, const LoopDump& now) {
  Piece f;
  if (const std::vector<IrBlockLine>* blocks = BlocksOf(fn, &f))
    LearnLoopNumbering(f.in->snap->lines, *blocks, now.snap->snap->lines, now.blocks, &numbering_[fn]);
}

namespace {

// The label of a loop dump's preheader ("" for an entry block); false when it prints none.
bool PreheaderOf(const std::vector<IrBlockLine>& dump, std::string* label) {
  for (const IrBlockLine& b : dump) {
    if (b.block && b.part == LoopPart::kPreheader) {
      *label = b.label;
      return true;
    }
  }
  return false;
}

// True when `blocks` prints a block labelled `label`.
bool HasBlock(const std::vector<IrBlockLine>& blocks, const std::string& label) {
  for (const IrBlockLine& b : blocks) {
    if (b.block && b.label == label) return true;
  }
  return false;
}

}  // namespace

const UnitTracks::LoopDump* UnitTracks::SpliceBase(const std::vector<LoopDump>& run, const LoopDump& now) {
  if (const LoopDump* d = PreviousDump(run, now.ir, now.header)) return d;
  std::string mine, theirs;
  if (!PreheaderOf(now.blocks, &mine)) return nullptr;
  for (auto d = run.rbegin(); d != run.rend(); ++d) {
    if (d->ir == now.ir && PreheaderOf(d->blocks, &theirs) && theirs == mine) return &*d;
  }
  return nullptr;
}

const UnitTracks::LoopDump* UnitTracks::PreviousDump(const std::vector<LoopDump>& run, const std::string& ir,
                                                     const std::string& header) {
  for (auto d = run.rbegin(); d != run.rend(); ++d) {
    if (d->ir != ir) continue;
    if (d->header == header || HasBlock(d->blocks, header)) return &*d;
  }
  return nullptr;
}

bool UnitTracks::BlocksAsTheyStood(const std::string& fn, const LoopDump& now) {
  // Per source snapshot: its blocks' latest text, and the same blocks as `now` prints them.
  std::vector<std::pair<const HeldSnapshot*, std::pair<std::string, std::string>>> groups;
  const Snapshot& snap = *now.snap->snap;
  Piece piece;
  for (const IrBlockLine& b : now.blocks) {
    if (!b.block) continue;
    if (!LatestBlock(fn, b.label, &piece) || piece.in == now.snap) return false;
    auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first == piece.in.get(); });
    if (g == groups.end()) g = groups.insert(groups.end(), {piece.in.get(), {}});
    g->second.first += LinesText(*piece.in->snap, piece.begin, piece.end) + "\n";
    g->second.second += LinesText(snap, b.begin, b.end) + "\n";
  }
  if (groups.size() < 2) return false;  // one source: the whole-text comparison already decided
  for (const auto& [in, texts] : groups) {
    if (texts.first != texts.second && CanonicalNumbering(texts.first) != CanonicalNumbering(texts.second))
      return false;
  }
  return true;
}

UnitStep UnitTracks::LoopStep(const DumpPass& p, std::shared_ptr<const Snapshot> after, const std::string& name) {
  const std::string& ir = p.unit_keys.at(0);
  const std::string& fn = p.unit_keys.at(1);
  std::vector<LoopDump>& run = runs_[fn];
  loop_run_[fn].push_back(p.number);
  UnitStep step;
  if (p.unchanged) {
    // The reader found it byte for byte the function's last dump, this loop's in this run.
    step.after = run.empty() ? Hold(MakeSnapshot(name, "ll", "")) : run.back().snap;
    step.before = UnitBefore{step.after, false, {}};
    return step;
  }
  LoopDump now{ir, Hold(std::move(after)), {}, ""};
  const Snapshot& snap = *now.snap->snap;
  now.blocks = SplitLoopDump(snap.lines, 0, snap.lines.size());
  now.header = LoopHeaderOf(now.blocks);
  const LoopDump* prev = PreviousDump(run, ir, now.header);
  // `layout`'s lines with each block's latest text (a block with none left out), then the blocks of
  // `also` that `layout` lacks, each after an empty line.
  auto make = [&](const LoopDump& layout, const std::vector<IrBlockLine>* also, Maker* m) {
    Piece piece;
    for (const IrBlockLine& b : layout.blocks) {
      if (!b.block) m->Literal(std::string(layout.snap->snap->lines[b.begin]));
      else if (LatestBlock(fn, b.label, &piece)) m->Copy(piece.in, piece.begin, piece.end);
    }
    if (!also) return;
    for (const IrBlockLine& b : *also) {
      if (!b.block || HasBlock(layout.blocks, b.label) || !LatestBlock(fn, b.label, &piece)) continue;
      m->Literal("");
      m->Copy(piece.in, piece.begin, piece.end);
    }
  };
  Maker as_now;
  make(now, prev ? &prev->blocks : nullptr, &as_now);
  if (as_now.Text() == snap.text || CanonicalNumbering(as_now.Text()) == CanonicalNumbering(snap.text) ||
      BlocksAsTheyStood(fn, now)) {
    // Every block as it was, but for the printer's own numbering of metadata and attribute groups (a loop
    // dump numbers them apart from its function's dump): a no-op.
    step.before = UnitBefore{now.snap, false, {}};
  } else if (prev) {
    Maker as_prev;
    make(*prev, &now.blocks, &as_prev);
    // Most often it is the previous dump itself (nothing else changed its blocks since): no new snapshot.
    if (as_prev.Text() == prev->snap->snap->text) step.before = UnitBefore{prev->snap, false, {}};
    else step.before = as_prev.Make(name + ": the loop before this pass");
  } else {
    step.before = as_now.Make(name + ": the loop before this pass");
  }
  step.after = now.snap;
  if (step.before.held != step.after) {
    // Loop passes that changed the function before it in this run may have changed blocks they did not
    // print and this dump does: the log cannot tell their changes from this pass's.
    auto earlier = loop_changes_.find(fn);
    if (earlier != loop_changes_.end()) step.loop_changes.push_back(LoopChanges{fn, earlier->second});
    loop_changes_[fn].push_back(p.number);
    step.function_after = SpliceIntoFunction(fn, now, SpliceBase(run, now), name);
  } else {
    LearnNumbering(fn, now);
  }
  run.push_back(std::move(now));
  return step;
}

UnitStep UnitTracks::StepWithOwnBefore(const DumpPass& p, std::shared_ptr<const Snapshot> before,
                                       std::shared_ptr<const Snapshot> after, std::shared_ptr<HeldSnapshot>* base) {
  UnitStep step;
  step.before = UnitBefore{Hold(std::move(before)), false, {}};
  step.after = Hold(std::move(after));
  base->reset();
  // A before-dump in another language than the module as it stands starts another module (an MLIR log's
  // LLVM phase, input/mlir_llvm_phase.h: its first pass's before-dump is the LLVM IR before it): the
  // functions after it are spliced into that, never into the MLIR module.
  bool unit = p.unit != IrUnit::kMachine && p.unit != IrUnit::kWhole;
  if (unit && whole_ && whole_->snap->lang != step.before.held->snap->lang) SetWhole(step.before.held);
  Piece piece;
  if (p.unit == IrUnit::kLoop) {
    const std::string& fn = p.unit_keys.at(1);
    std::vector<LoopDump>& run = runs_[fn];
    loop_run_[fn].push_back(p.number);
    if (!run.empty()) *base = run.back().snap;
    else if (Find(fn, &piece)) *base = piece.in;
    LoopDump now{p.unit_keys.at(0), step.after, {}, ""};
    const Snapshot& snap = *now.snap->snap;
    now.blocks = SplitLoopDump(snap.lines, 0, snap.lines.size());
    now.header = LoopHeaderOf(now.blocks);
    // The pass's own before-dump is its loop as it stood; a pass that changed it changed the function.
    if (snap.text != step.before.held->snap->text)
      step.function_after = SpliceIntoFunction(fn, now, SpliceBase(run, now), snap.name);
    else LearnNumbering(fn, now);
    run.push_back(std::move(now));
    return step;
  }
  if (p.unit == IrUnit::kMachine) {
    auto it = machine_.find(p.unit_keys.at(0));
    if (it != machine_.end()) *base = it->second;
    machine_[p.unit_keys.at(0)] = step.after;
    return step;
  }
  if (p.unit == IrUnit::kFunction || p.unit == IrUnit::kScc) {
    if (Find(p.unit_keys.at(0), &piece)) *base = piece.in;
    TakeLoopChanges(&p.unit_keys);
    SetFunctions(step.after, p.unit_keys);
    return step;
  }
  if (pieces_.empty()) *base = whole_;
  TakeLoopChanges(nullptr);
  SetWhole(step.after);
  return step;
}

void UnitTracks::ShowFunctionAfterLoops(const DumpPass& p, std::shared_ptr<const Snapshot> shown, UnitStep* step) {
  if (p.unit != IrUnit::kLoop || !shown) return;
  const std::string& fn = p.unit_keys.at(1);
  std::string text = LinesText(*shown, 0, shown->lines.size());
  Piece now;
  if (Find(fn, &now)) {
    std::string current = LinesText(*now.in->snap, now.begin, now.end);
    if (current == text || CanonicalNumbering(current) == CanonicalNumbering(text)) return;
  }
  step->function_after = UnitBefore{Hold(std::move(shown)), false, {}};
  const std::shared_ptr<HeldSnapshot>& held = step->function_after.held;
  pieces_[fn] = Piece{held, 0, held->snap->lines.size()};
  // The loop dumps' blocks are in it now: the next loop pass splices into it, afresh.
  std::vector<unsigned long> run = std::move(loop_run_[fn]);
  ForgetLoops(fn);
  loop_changes_.erase(fn);
  if (run.size() > 1) step->loop_run = LoopChanges{fn, std::move(run)};
}

std::vector<LoopChanges> UnitTracks::TakeLoopChanges(const std::vector<std::string>* keys) {
  std::vector<LoopChanges> out;
  if (!keys) {
    for (auto& [key, passes] : loop_changes_) out.push_back(LoopChanges{key, std::move(passes)});
    loop_changes_.clear();
    return out;
  }
  for (const std::string& key : *keys) {
    auto it = loop_changes_.find(key);
    if (it == loop_changes_.end()) continue;
    out.push_back(LoopChanges{key, std::move(it->second)});
    loop_changes_.erase(it);
  }
  return out;
}

UnitStep UnitTracks::Step(const DumpPass& p, std::shared_ptr<const Snapshot> after, const std::string& name) {
  auto hold = [&] { return Hold(std::move(after)); };
  UnitStep step;
  if (p.unit == IrUnit::kLoop) return LoopStep(p, std::move(after), name);
  if (p.unit == IrUnit::kMachine) {
    // The function's previous machine dump; its first one (instruction selection's) against nothing.
    const std::string& fn = p.unit_keys.at(0);
    auto it = machine_.find(fn);
    if (it != machine_.end()) step.before = UnitBefore{it->second, false, {}};
    else step.before = Maker().Make(name + ": no machine code before this pass");
    step.after = p.unchanged ? step.before.held : hold();
    machine_[fn] = step.after;
    return step;
  }
  if (p.unit == IrUnit::kFunction || p.unit == IrUnit::kScc) {
    step.before = Functions(p.unit_keys, name + ": before this pass");
    step.after = p.unchanged ? step.before.held : hold();
    if (!p.unchanged) {
      step.loop_changes = TakeLoopChanges(&p.unit_keys);
      SetFunctions(step.after, p.unit_keys);
    }
    return step;
  }
  step.before = Whole(name + ": the module before this pass");
  step.after = p.unchanged ? step.before.held : hold();
  if (!p.unchanged) step.loop_changes = TakeLoopChanges(nullptr);
  SetWhole(step.after);
  return step;
}

UnitBefore UnitTracks::Whole(const std::string& name) {
  if (pieces_.empty() || !whole_) return UnitBefore{whole_, false, {}};
  const Snapshot& base = *whole_->snap;
  const std::vector<Section>& secs = base.scope.sections;
  size_t n = base.lines.size();
  Maker m;
  size_t cursor = 0;
  std::set<std::string> in_base;
  for (const Section& sec : secs) {
    in_base.insert(sec.key);
    auto it = pieces_.find(sec.key);
    if (it == pieces_.end()) continue;
    const Piece& p = it->second;
    // LLVM prints "; Function Attrs:" above a define, outside its section: the piece's own replaces it.
    size_t stop = sec.begin;
    if (stop > cursor && AttrsLine(base.lines[stop - 1]) && p.end > p.begin && AttrsLine(p.in->snap->lines[p.begin]))
      --stop;
    m.Copy(whole_, cursor, stop);
    m.Copy(p.in, p.begin, p.end);
    cursor = sec.end;
  }
  size_t insert_at = secs.empty() ? n : std::max(cursor, secs.back().end);
  m.Copy(whole_, cursor, insert_at);
  for (const auto& [key, p] : pieces_) {
    if (in_base.count(key)) continue;
    m.Literal("");
    m.Copy(p.in, p.begin, p.end);
  }
  m.Copy(whole_, insert_at, n);
  UnitBefore b = m.Make(name);
  SetWhole(b.held);
  return b;
}

void WalkUnits(DumpListing* listing,
               const std::function<void(DumpPass& pass, const UnitStep& step, const std::string& log_text)>& visit) {
  UnitTracks tracks;
  tracks.SetWhole(Hold(LoadSnapshotOf(listing->frontend)));
  for (DumpPass& p : listing->passes) {
    LoadedFile after;
    if (!p.unchanged) after = LoadFile(p.file);
    std::string name = DisplayText(p.file.name);
    UnitStep step;
    if (p.before) {
      std::shared_ptr<HeldSnapshot> base;
      step = tracks.StepWithOwnBefore(p, LoadSnapshotOf(*p.before), std::move(after.snap), &base);
    } else {
      step = tracks.Step(p, std::move(after.snap), name);
    }
    if (p.function_after) tracks.ShowFunctionAfterLoops(p, LoadSnapshotOf(*p.function_after), &step);
    visit(p, step, after.log_text);
  }
}

void GiveUnchangedPassesTheirText(DumpListing* listing) {
  bool any = false;
  for (const DumpPass& p : listing->passes) any = any || p.unchanged;
  if (!any) return;
  WalkUnits(listing, [](DumpPass& p, const UnitStep& step, const std::string&) {
    if (!p.unchanged) return;
    p.file.text = std::make_shared<const std::string>(step.after->snap->text);
    p.file.name = step.after->snap->name;
    p.unchanged = false;
  });
}

}  // namespace irtrace
