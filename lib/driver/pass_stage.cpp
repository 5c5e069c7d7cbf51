#include "driver/pass_stage.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

#include "diff/pass_diff.h"
#include "driver/dump_reading.h"
#include "driver/unit_tracks.h"
#include "util/parallel.h"
#include "util/serial_worker.h"

namespace irtrace {
namespace {

using Clock = std::chrono::steady_clock;

constexpr uint64_t kBatchBytes = 8u << 20;
constexpr size_t kMaxBatch = 4096;

double Seconds(Clock::time_point since) { return std::chrono::duration<double>(Clock::now() - since).count(); }

}  // namespace

// One snapshot to write with its entry: the frontend, or a pass with what its before side is.
struct PassStage::Item {
  bool frontend = false;
  DumpPass pass;
  LoadedFile own_before;                        // a pass's own before-dump (DumpPass::before), loaded
  LoadedFile after;                             // the pass's snapshot, loaded (not for an unchanged pass)
  std::shared_ptr<HeldSnapshot> own_before_held, own_before_base;  // written first, as a delta from the base
  UnitBefore before;                            // the before side (made here: written before `after_held`)
  std::shared_ptr<HeldSnapshot> after_held;     // == before.held for an unchanged pass
  PassDiff own_before_diff, diff;
  std::vector<LoopChanges> loop_changes;        // loop passes' changes this pass's dump is the first to show
  UnitBefore function_after;                    // a loop pass's function after it (written after `after`)
  LoadedFile shown_function;                    // DumpPass::function_after, loaded
  LoopChanges loop_run;                         // UnitStep::loop_run
};

namespace {

// The note on a changed pass whose dump is the first to show function `c.key` since loop passes changed it
// (their entries `from`): the loop dumps printed only the loops' blocks, so the log cannot tell their
// changes elsewhere in the function from this pass's.
LogNote LoopChangesNote(const LoopChanges& c, std::vector<long> from) {
  std::string passes;
  for (unsigned long n : c.passes) passes += (passes.empty() ? "" : ", ") + std::to_string(n);
  LogNote note;
  note.kind = "not_in_log";
  note.text = "loop passes changed " + DisplayText(c.key) + " since its last dump (pass" +
              (c.passes.size() > 1 ? "es " : " ") + passes +
              "), printing only their loops' blocks: their changes elsewhere in it show here first, so this diff "
              "may hold them";
  note.functions = {DisplayText(c.key)};
  note.from = std::move(from);
  return note;
}

// The note on loop pass `c.passes.back()` whose function after it is the next dump's (a function or SCC
// pass's before-dump), after the loop passes `c.passes` since its last whole text (`entry_of_pass`: pass
// number -> entry index, -1 for none; its "from" the earlier ones): what that dump shows changed outside the
// blocks their loop dumps printed is one of theirs, which the log cannot tell.
LogNote LoopRunNote(const LoopChanges& c, const std::vector<long>& entry_of_pass) {
  std::string passes;
  for (unsigned long n : c.passes) passes += (passes.empty() ? "" : ", ") + std::to_string(n);
  LogNote note;
  note.kind = "not_in_log";
  note.text = "the function after it is " + DisplayText(c.key) +
              " as the next dump (a before-dump) prints it whole; loop passes " + passes +
              " ran on it since its last dump, printing only their loops' blocks: which of them changed what it "
              "shows outside those blocks the log does not show";
  note.functions = {DisplayText(c.key)};
  for (size_t k = 0; k + 1 < c.passes.size(); ++k) {  // "from": the earlier ones (this pass is the note's own)
    unsigned long n = c.passes[k];
    if (n < entry_of_pass.size() && entry_of_pass[n] >= 0) note.from.push_back(entry_of_pass[n]);
  }
  return note;
}

// What listed pass p says beyond its snapshot, onto its entry e (whose diff is made): its notes, log
// warning, phase, IR unit, a nested pipeline's executions (changed: the diff changes its function) and the
// reader's notes, each pass a note points to as its entry's index (`entry_of_pass`: pass number -> entry
// index, -1 for none; a pass not written yet is left out).
void AddPassDetails(const DumpPass& p, const std::vector<long>& entry_of_pass, Entry* entry) {
  Entry& e = *entry;
  for (const std::string& n : p.notes) e.notes.push_back(n);
  if (!p.file.log_warning.empty()) e.warnings.push_back(DisplayText(p.file.log_warning));
  if (!p.phase.empty()) e.phase = DisplayText(p.phase);
  e.unit = p.unit;
  if (p.unit == IrUnit::kFunction || p.unit == IrUnit::kScc || p.unit == IrUnit::kMachine) {
    for (const std::string& k : p.unit_keys) e.unit_keys.push_back(DisplayText(k));
  }
  for (const PassExecution& x : p.executions) {
    bool changed = std::any_of(e.diff.functions.begin(), e.diff.functions.end(), [&](const FunctionDiff& f) {
      return f.key == x.key && f.status != FunctionStatus::kMoved && f.status != FunctionStatus::kSame;
    });
    e.executions.push_back(Execution{DisplayText(x.key), DisplayText(x.dump), changed});
  }
  for (const DumpPass::LogNote& n : p.log_notes) {
    LogNote note{n.kind, n.text, {}, {}};
    for (const std::string& f : n.functions) note.functions.push_back(DisplayText(f));
    for (unsigned long from : n.from_passes) {
      if (from < entry_of_pass.size() && entry_of_pass[from] >= 0) note.from.push_back(entry_of_pass[from]);
    }
    e.log_notes.push_back(std::move(note));
  }
}

}  // namespace

// Reads a stream's passes on a thread of its own, up to kAheadBytes of text ahead of the conversion: the
// log's scan overlaps the loads, diffs and writes instead of waiting for them.
class PassStage::Prefetch {
 public:
  explicit Prefetch(PassStream* stream) : stream_(stream), thread_([this] { Run(); }) {}
  ~Prefetch() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }

  // The next pass, in order; false after the last. Rethrows what reading the stream threw, where it threw.
  bool Next(DumpPass* p) {
    std::unique_lock<std::mutex> lock(mu_);
    changed_.wait(lock, [&] { return !queue_.empty() || ended_; });
    if (queue_.empty()) {
      if (failure_) std::rethrow_exception(failure_);
      return false;
    }
    *p = std::move(queue_.front());
    queue_.pop_front();
    bytes_ -= Size(*p);
    lock.unlock();
    changed_.notify_all();
    return true;
  }

 private:
  static constexpr uint64_t kAheadBytes = 8u << 20;
  static constexpr size_t kAheadPasses = 4096;
  // The text a queued pass holds, or will load (a function's dump is read back from the log).
  static uint64_t Size(const DumpPass& p) {
    return p.file.text ? p.file.text->size() : p.unchanged ? 0 : p.file.load_bytes;
  }

  void Run() {
    try {
      for (;;) {
        DumpPass p;
        if (!stream_->Next(&p)) break;
        std::unique_lock<std::mutex> lock(mu_);
        changed_.wait(lock, [&] { return stop_ || (bytes_ < kAheadBytes && queue_.size() < kAheadPasses); });
        if (stop_) return;
        bytes_ += Size(p);
        queue_.push_back(std::move(p));
        lock.unlock();
        changed_.notify_all();
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mu_);
      failure_ = std::current_exception();
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      ended_ = true;
    }
    changed_.notify_all();
  }

  PassStream* stream_;
  std::mutex mu_;
  std::condition_variable changed_;
  std::deque<DumpPass> queue_;
  uint64_t bytes_ = 0;
  bool stop_ = false, ended_ = false;
  std::exception_ptr failure_;
  std::thread thread_;  // last: starts when the rest is ready
};

PassStage::PassStage(DumpListing* listing, unsigned threads, PayloadWriter* payload, std::vector<Entry>* entries,
                     std::function<void(Entry&)> spool)
    : listing_(listing), threads_(threads), payload_(payload), entries_(entries), spool_(std::move(spool)) {}

PassStage::~PassStage() = default;

bool PassStage::NextPass(DumpPass* p) {
  if (listing_->stream) {
    if (!prefetch_) prefetch_ = std::make_unique<Prefetch>(listing_->stream.get());
    return prefetch_->Next(p);
  }
  if (next_listed_ >= listing_->passes.size()) return false;
  *p = listing_->passes[next_listed_++];
  return true;
}

void PassStage::Run(const std::function<void(size_t, size_t)>& progress) {
  size_t batch = std::max<size_t>(4, 2 * (threads_ ? threads_ : std::thread::hardware_concurrency()));
  // Without a stream the passes are listed: their count is known.
  size_t total = listing_->stream ? 0 : listing_->passes.size() + 1;
  size_t done = 0;
  // The payload is written on a thread of its own, a batch behind the loads and diffs. Write reads the
  // indices earlier Writes set: one thread writes them all.
  SerialWorker<std::vector<Item>> writer(1, [this](std::vector<Item>& items) {
    Clock::time_point t = Clock::now();
    for (Item& it : items) Write(&it);
    write_seconds += Seconds(t);
  });
  // Batch k is diffed while batch k + 1 loads, in one parallel step (a large dump's diff or load, a whole
  // module's, overlaps the other batch's small ones instead of leaving the other cores idle); its errors
  // surface in the order a batch at a time would raise them: batch k's diffs, then batch k + 1's loads.
  std::vector<Item> current(1);
  current.back().frontend = true;
  bool more = ReadBatch(batch, &current);
  Step(nullptr, &current);
  ResolveBatch(&current);
  while (!current.empty()) {
    std::vector<Item> next;
    if (more) more = ReadBatch(batch, &next);
    Step(&current, &next);
    done += current.size();
    writer.Push(std::move(current));
    if (progress) progress(done, total);
    current = std::move(next);
    ResolveBatch(&current);
  }
  writer.Drain();
  prefetch_.reset();  // the stream has ended: its end notes are ready
  if (listing_->stream && !entries_->empty()) {
    for (std::string& n : listing_->stream->LastPassNotes()) entries_->back().notes.push_back(std::move(n));
    for (std::string& n : listing_->stream->InputNotes()) entries_->front().notes.push_back(std::move(n));
  }
}

// Adds the next passes to `items`: up to `batch` snapshots; passes whose size is known (a log's, read as it
// goes) up to kBatchBytes (most of a log's dumps are small functions, many are not read at all). Returns
// false when the passes have ended.
bool PassStage::ReadBatch(size_t batch, std::vector<Item>* items) {
  uint64_t bytes = 0;
  bool more = true;
  Clock::time_point read_start = Clock::now();
  while (items->size() < batch || (listing_->stream && bytes < kBatchBytes && items->size() < kMaxBatch)) {
    Item it;
    if (!NextPass(&it.pass)) {
      more = false;
      break;
    }
    bytes += it.pass.unchanged ? 0 : it.pass.file.load_bytes;
    items->push_back(std::move(it));
  }
  read_seconds += Seconds(read_start);
  return more;
}

// Loads item `it`'s files: the frontend's, or a pass's own before-dump, snapshot and function after it.
void PassStage::Load(Item* item) {
  Item& it = *item;
  if (it.frontend) {
    it.after = LoadFile(listing_->frontend);
    return;
  }
  if (it.pass.before) it.own_before = LoadFile(*it.pass.before);
  if (!it.pass.unchanged) it.after = LoadFile(it.pass.file);
  if (it.pass.function_after) it.shown_function = LoadFile(*it.pass.function_after);
}

// Diffs resolved item `it`'s pass (and its own before-dump against its base).
void PassStage::Diff(Item* item) {
  Item& it = *item;
  if (it.frontend) return;
  if (it.own_before_held && it.own_before_base)
    it.own_before_diff = DiffPass(*it.own_before_base->snap, *it.own_before_held->snap);
  // A pass on an IR unit (a log of 100,000 of them) leaves its replace rows to the viewer to pair.
  it.diff = DiffPass(*it.before.held->snap, *it.after_held->snap, it.pass.unit == IrUnit::kWhole);
}

namespace {

// What a load or a diff of `it` costs, roughly: the bytes it reads or compares.
uint64_t LoadCost(const DumpPass& p, bool frontend) {
  if (frontend) return UINT64_MAX;
  uint64_t bytes = p.unchanged ? 0 : p.file.load_bytes;
  if (p.before) bytes += p.before->load_bytes;
  if (p.function_after) bytes += p.function_after->load_bytes;
  return bytes;
}

}  // namespace

// Diffs the resolved items `diffs` (none when null) and loads the items `loads`, in parallel, the costliest
// first (so the last to finish are small ones). Then throws what the first failing diff threw (in item
// order), else what the first failing load threw: the order in which loading and diffing a batch at a
// time would raise them.
void PassStage::Step(std::vector<Item>* diffs, std::vector<Item>* loads) {
  struct Task {
    uint64_t cost;
    bool diff;
    size_t item;
    std::exception_ptr failure;
  };
  std::vector<Task> tasks;
  if (diffs) {
    for (size_t i = 0; i < diffs->size(); ++i) {
      const Item& it = (*diffs)[i];
      if (it.frontend) continue;
      uint64_t cost = it.before.held->snap->text.size() + it.after_held->snap->text.size();
      if (it.own_before_held && it.own_before_base) cost += it.own_before_held->snap->text.size();
      tasks.push_back(Task{cost, true, i, nullptr});
    }
  }
  for (size_t i = 0; i < loads->size(); ++i) {
    tasks.push_back(Task{LoadCost((*loads)[i].pass, (*loads)[i].frontend), false, i, nullptr});
  }
  std::vector<size_t> order(tasks.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return tasks[a].cost > tasks[b].cost; });
  Clock::time_point t = Clock::now();
  ParallelFor(order.size(), threads_, [&](size_t k) {
    Task& task = tasks[order[k]];
    try {
      if (task.diff) {
        Diff(&(*diffs)[task.item]);
      } else {
        Load(&(*loads)[task.item]);
      }
    } catch (...) {
      task.failure = std::current_exception();
    }
  });
  (diffs ? diff_seconds : load_seconds) += Seconds(t);
  for (const Task& task : tasks) {  // diffs first, each kind in item order
    if (task.failure) std::rethrow_exception(task.failure);
  }
}

// Resolves the loaded items in order (Resolve).
void PassStage::ResolveBatch(std::vector<Item>* items) {
  Clock::time_point t = Clock::now();
  for (Item& it : *items) Resolve(&it);
  resolve_seconds += Seconds(t);
}

// Finds the item's before side and makes its after side held, in order: a unit's text depends on the
// passes before it, in this batch too.
void PassStage::Resolve(Item* it) {
  UnitTracks& tracks = tracks_;
  if (it->frontend) {
    it->after_held = Hold(std::move(it->after.snap));
    tracks.SetWhole(it->after_held);
    return;
  }
  const DumpPass& p = it->pass;
  std::string name = DisplayText(p.file.name);
  if (p.before) {
    // A pass's own before-dump, stored just before its snapshot with no entry (as a delta from the unit's
    // text as it stood, when a snapshot holds it): the pass is diffed against it.
    UnitStep step =
        tracks.StepWithOwnBefore(p, std::move(it->own_before.snap), std::move(it->after.snap), &it->own_before_base);
    if (it->shown_function.snap) tracks.ShowFunctionAfterLoops(p, std::move(it->shown_function.snap), &step);
    it->loop_run = std::move(step.loop_run);
    it->own_before_held = step.before.held;
    it->before = std::move(step.before);
    it->after_held = std::move(step.after);
    it->function_after = std::move(step.function_after);
    return;
  }
  UnitStep step = tracks.Step(p, std::move(it->after.snap), name);
  if (it->shown_function.snap) tracks.ShowFunctionAfterLoops(p, std::move(it->shown_function.snap), &step);
  it->loop_run = std::move(step.loop_run);
  it->before = std::move(step.before);
  it->after_held = std::move(step.after);
  it->loop_changes = std::move(step.loop_changes);
  it->function_after = std::move(step.function_after);
}

// Writes a made snapshot (a "lines" one: runs of snapshots written before it) and sets its index.
int PassStage::WriteMade(const UnitBefore& made) {
  std::vector<LineRun> runs;
  for (const HeldRun& r : made.runs) runs.push_back(LineRun{r.from ? r.from->index : -1, r.begin, r.end, r.literal});
  made.held->index = payload_->AddLines(*made.held->snap, runs);
  ++snapshots;
  return made.held->index;
}

void PassStage::WriteFrontend(Item* it) {
  const Snapshot& snap = *it->after_held->snap;
  it->after_held->index = payload_->AddSnapshot(snap);
  ++snapshots;
  entries_->push_back(MakeFrontendEntry(snap, DisplayText(listing_->frontend.log_name), it->after.log_text));
  ++entries_written_;
  entries_->back().name = DisplayText(listing_->frontend_label);
  const std::string& log_warning = listing_->frontend.log_warning;
  if (!log_warning.empty()) entries_->back().warnings.push_back(DisplayText(log_warning));
  for (const std::string& n : listing_->notes) entries_->back().notes.push_back(n);
  for (const std::string& w : listing_->warnings) entries_->back().warnings.push_back(DisplayText(w));
}

void PassStage::Write(Item* it) {
  if (it->frontend) {
    WriteFrontend(it);
    return;
  }
  if (it->own_before_held) {
    const HeldSnapshot* base = it->own_before_base.get();
    it->own_before_held->index =
        base ? payload_->AddSnapshot(*it->own_before_held->snap, *base->snap, base->index, it->own_before_diff)
             : payload_->AddSnapshot(*it->own_before_held->snap);
    ++snapshots;
  }
  if (it->before.made) WriteMade(it->before);
  const HeldSnapshot& before = *it->before.held;
  if (it->after_held->index < 0) {
    it->after_held->index = payload_->AddSnapshot(*it->after_held->snap, *before.snap, before.index, it->diff);
    ++snapshots;
  }
  int function_after = it->function_after.made ? WriteMade(it->function_after) : -1;
  if (it->function_after.held && !it->function_after.made) {
    // The function as the next dump prints it (UnitTracks::ShowFunctionAfterLoops): written whole.
    function_after = it->function_after.held->index = payload_->AddSnapshot(*it->function_after.held->snap);
    ++snapshots;
  }
  const DumpPass& p = it->pass;
  if (spool_ && entries_->size() >= 2) {
    spool_((*entries_)[1]);
    entries_->pop_back();
  }
  entries_->push_back(MakePassEntry(static_cast<long>(p.number), DisplayText(p.pass_name), before.index,
                                    it->after_held->index, *it->after_held->snap, std::move(it->diff),
                                    DisplayText(p.file.log_name), it->after.log_text));
  Entry& e = entries_->back();
  AddPassDetails(p, entry_of_pass_, &e);
  e.function_after = function_after;
  if (entry_of_pass_.size() <= p.number) entry_of_pass_.resize(p.number + 1, -1);
  entry_of_pass_[p.number] = entries_written_++;
  if (!it->loop_run.key.empty()) e.log_notes.push_back(LoopRunNote(it->loop_run, entry_of_pass_));
  if (e.status != EntryStatus::kChanged) return;
  for (const LoopChanges& c : it->loop_changes) {
    std::vector<long> from;
    for (unsigned long n : c.passes) from.push_back(n < entry_of_pass_.size() ? entry_of_pass_[n] : -1);
    e.log_notes.push_back(LoopChangesNote(c, std::move(from)));
  }
}

}  // namespace irtrace
