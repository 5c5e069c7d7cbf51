#include "driver/unit_tracks.h"

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
  UnitBefore Make(const std::string& name) {
    UnitBefore b;
    b.held = Hold(MakeSnapshot(name, "ll", std::move(text_)));
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
  for (const Section& sec : snap.scope.sections) pieces_[sec.key] = Piece{s, PieceBegin(snap, sec), sec.end};
}

std::shared_ptr<HeldSnapshot> UnitTracks::Loop(const std::string& key) const {
  auto it = loops_.find(key);
  return it == loops_.end() ? nullptr : it->second;
}

UnitStep UnitTracks::Step(const DumpPass& p, std::shared_ptr<const Snapshot> after, const std::string& name) {
  auto hold = [&] { return Hold(std::move(after)); };
  UnitStep step;
  if (p.unit == IrUnit::kLoop) {
    std::shared_ptr<HeldSnapshot> last = Loop(p.unit_keys.at(0));
    step.after = p.unchanged && last ? last : hold();
    // A loop's first dump has nothing earlier: it is shown against itself.
    step.before = UnitBefore{last ? last : step.after, false, {}};
    SetLoop(p.unit_keys.at(0), step.after);
    return step;
  }
  if (p.unit == IrUnit::kFunction || p.unit == IrUnit::kScc) {
    step.before = Functions(p.unit_keys, name + ": before this pass");
    step.after = p.unchanged ? step.before.held : hold();
    if (!p.unchanged) SetFunctions(step.after, p.unit_keys);
    return step;
  }
  step.before = Whole(name + ": the module before this pass");
  step.after = p.unchanged ? step.before.held : hold();
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
    if (stop > cursor && AttrsLine(base.lines[stop - 1]) && p.end > p.begin && AttrsLine(p.in->snap->lines[p.begin])) --stop;
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
      step.before = UnitBefore{Hold(LoadSnapshotOf(*p.before)), false, {}};
      step.after = Hold(std::move(after.snap));
      tracks.SetWhole(step.after);
    } else {
      step = tracks.Step(p, std::move(after.snap), name);
    }
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
