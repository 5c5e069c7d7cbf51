#include "driver/compare.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "diff/pass_alignment.h"
#include "diff/pass_diff.h"
#include "driver/dump_reading.h"
#include "driver/job_failure.h"
#include "driver/report_sink.h"
#include "driver/unit_tracks.h"
#include "input/dump_dir.h"
#include "input/input_format.h"
#include "input/snapshot.h"
#include "report/html_report.h"
#include "report/payload_writer.h"
#include "report/report_model.h"
#include "report/run_result.h"
#include "util/parallel.h"

namespace irtrace {
namespace {

enum Side { kBase = 0, kHead = 1 };
const char* const kSideLabel[] = {"base", "head"};
const char* const kSideName[] = {"BASE", "HEAD"};

// An error about one run's dump, with that dump (as given) put first, so the line says which run it is.
Error OnSide(const Error& e, const std::string& dump) {
  if (e.place() != ErrorPlace::kInInput) return e;
  return Error(dump + ": " + e.what(), e.code(), ErrorPlace::kAsGiven);
}

// One snapshot of the report, in payload order: a file of one run, or an empty text (the missing side of
// a codegen file only one run has).
struct Item {
  Side side = kBase;
  const DumpFile* file = nullptr;  // the snapshot to read; null: empty
  const DumpFile* log = nullptr;   // whose .log to read (a crashed pass: its own; the snapshot is the one before)
  std::string empty_name, empty_ext;  // file == null: the name and extension of the empty snapshot
};

// One row of the report: the snapshot on its left (`before`) against the one on its right (`after`), both
// item indices.
struct Row {
  std::string name;
  long base_num = -1, head_num = -1;
  int before = -1, after = -1;
  EntryStatus status = EntryStatus::kChanged;  // kChanged (both runs: decided by the diff), kAdded, kRemoved
  bool crashed[2] = {false, false};
  bool codegen = false;
};

// One run: its listing, its passes' names (the crashed pass last) and where its files are. Not copied or
// moved: `passes` points into `listing`.
struct OneRun {
  OneRun(const std::string& dump_dir, InputFormat format) : dump(dump_dir) {
    try {
      listing = ListInput(dump, format, {});
      ListAllPasses(&listing);  // the two runs are aligned by their passes
      GiveUnchangedPassesTheirText(&listing);
    } catch (const Error& e) {
      throw OnSide(e, dump);
    }
    for (const DumpPass& p : listing.passes) passes.push_back(&p);
    if (listing.crashed) passes.push_back(&*listing.crashed);
    for (const DumpPass* p : passes) names.push_back(DisplayText(p->pass_name));
  }
  OneRun(const OneRun&) = delete;
  OneRun& operator=(const OneRun&) = delete;

  std::string dump;
  DumpListing listing;
  std::vector<std::string> names;
  std::vector<const DumpPass*> passes;  // the crashed pass last
};

// The rows and items of a comparison, from the alignment.
class Plan {
 public:
  Plan(const OneRun& base, const OneRun& head) : runs_{&base, &head} {
    Row front;
    front.name = "frontend";
    front.base_num = front.head_num = 0;
    front.before = Push(kBase, &base.listing.frontend, &base.listing.frontend);
    front.after = Push(kHead, &head.listing.frontend, &head.listing.frontend);
    rows.push_back(front);
    for (const AlignedPass& step : AlignPasses(base.names, head.names)) AddStep(step);
    AddCodegen();
  }

  std::vector<Item> items;
  std::vector<Row> rows;

 private:
  int Push(Side side, const DumpFile* file, const DumpFile* log) {
    items.push_back(Item{side, file, log, "", ""});
    last_[side] = static_cast<int>(items.size()) - 1;
    return last_[side];
  }

  // The item of pass `index` of `side`: its snapshot; a crashed pass has none and shows the IR before it.
  int PushPass(Side side, long index, Row* row) {
    const DumpPass* p = runs_[side]->passes[index];
    (side == kBase ? row->base_num : row->head_num) = static_cast<long>(p->number);
    const DumpListing& l = runs_[side]->listing;
    if (l.crashed && p == &*l.crashed) {  // (a log's snapshots have no path either: held in memory)
      row->crashed[side] = true;
      return Push(side, items[last_[side]].file, &p->file);
    }
    return Push(side, &p->file, &p->file);
  }

  void AddStep(const AlignedPass& step) {
    Row row;
    row.name = runs_[step.base >= 0 ? kBase : kHead]->names[step.base >= 0 ? step.base : step.head];
    if (step.base >= 0 && step.head >= 0) {
      row.before = PushPass(kBase, step.base, &row);
      row.after = PushPass(kHead, step.head, &row);
    } else {
      Side side = step.base >= 0 ? kBase : kHead;
      row.status = side == kBase ? EntryStatus::kRemoved : EntryStatus::kAdded;
      row.before = last_[side];
      row.after = PushPass(side, side == kBase ? step.base : step.head, &row);
    }
    rows.push_back(row);
  }

  // Codegen files matched by role and path: BASE's order, then HEAD's files BASE lacks. A file one run
  // lacks is compared with an empty text.
  void AddCodegen() {
    using Key = std::pair<CodegenRole, std::string>;
    std::map<Key, const DumpCodegen*> in_head;
    for (const DumpCodegen& c : runs_[kHead]->listing.codegen) in_head.emplace(Key{c.role, c.file.name}, &c);
    std::map<Key, bool> seen;
    auto add = [&](const DumpCodegen* b, const DumpCodegen* h) {
      const DumpCodegen& any = b ? *b : *h;
      Row row;
      row.codegen = true;
      row.name = "codegen " + DisplayText(any.file.name);
      row.before = b ? Push(kBase, &b->file, nullptr) : PushEmpty(kBase, any.file);
      row.after = h ? Push(kHead, &h->file, nullptr) : PushEmpty(kHead, any.file);
      if (!b) row.status = EntryStatus::kAdded;
      if (!h) row.status = EntryStatus::kRemoved;
      rows.push_back(row);
    };
    for (const DumpCodegen& c : runs_[kBase]->listing.codegen) {
      Key key{c.role, c.file.name};
      seen[key] = true;
      auto it = in_head.find(key);
      add(&c, it == in_head.end() ? nullptr : it->second);
    }
    for (const DumpCodegen& c : runs_[kHead]->listing.codegen) {
      if (!seen.count(Key{c.role, c.file.name})) add(nullptr, &c);
    }
  }

  int PushEmpty(Side side, const DumpFile& like) {
    items.push_back(Item{side, nullptr, nullptr, DisplayText(like.name), like.extension});
    return static_cast<int>(items.size()) - 1;
  }

  const OneRun* runs_[2];
  int last_[2] = {-1, -1};
};

struct Loaded {
  std::unique_ptr<Snapshot> snap;
  std::string log_text;
};

Loaded LoadItem(const Item& item, const OneRun& run) {
  Loaded l;
  try {
    l.snap = item.file ? LoadSnapshotOf(*item.file) : MakeSnapshot(item.empty_name, item.empty_ext, "");
    if (item.log) l.log_text = LoadLogOf(*item.log);
  } catch (const Error& e) {
    throw OnSide(e, run.dump);
  }
  // Both runs name their files alike: the side says which run a file is from.
  l.snap->name = std::string(kSideLabel[item.side]) + ": " + l.snap->name;
  return l;
}

// The notes a row gets from each run's .log: a failed or crashed pass, a warning.
void AddLogNotes(const Row& row, const Item* by_side[2], const Loaded* loaded[2], Entry* e) {
  for (int side : {kBase, kHead}) {
    if (!by_side[side] || !loaded[side]) continue;
    const std::string& log = loaded[side]->log_text;
    std::string who = std::string(kSideName[side]);
    // The error box shows each run's failure (its whole log); the row keeps its compare status.
    auto failed = [&](const std::string& what, const std::string& why) {
      std::string first = FirstErrorLine(log);
      e->notes.push_back(what + " in " + who + why + (first.empty() ? "" : ": " + first));
      e->error +=
          (e->error.empty() ? "" : "\n") + what + " in " + who + ":\n" + (log.empty() ? "(its log is empty)\n" : log);
      ++e->failed_in[side];
    };
    if (row.crashed[side]) {
      failed("crashed", " (it wrote no snapshot: the IR before it is shown)");
    } else if (LogHasError(log)) {
      failed("failed", "");
    } else if (!log.empty()) {
      e->warnings.push_back(who + " " + DisplayText(by_side[side]->log->log_name) + ": " + log);
    }
  }
}

// Runs the plan in batches (load and diff in parallel, write in order), keeping only the snapshots later
// rows still need, as driver/convert.cpp's PassStage does for one run.
class CompareStage {
 public:
  CompareStage(const Plan& plan, const OneRun* runs[2], unsigned threads, PayloadWriter* payload)
      : plan_(plan), threads_(threads), payload_(payload), runs_{runs[0], runs[1]} {
    const size_t n = plan.items.size();
    row_of_.assign(n, -1);
    last_use_.resize(n);
    for (size_t k = 0; k < n; ++k) last_use_[k] = static_cast<int>(std::min(k + 1, n - 1));  // the next one's "before"
    for (size_t r = 0; r < plan.rows.size(); ++r) {
      const Row& row = plan.rows[r];
      row_of_[row.after] = static_cast<int>(r);
      last_use_[row.before] = std::max(last_use_[row.before], row.after);
    }
    entries.resize(plan.rows.size());
  }

  void Run(const ConvertObserver& observer) {
    const size_t n_items = plan_.items.size();
    size_t batch = std::max<size_t>(4, 2 * (threads_ ? threads_ : std::thread::hardware_concurrency()));
    for (size_t first = 0; first < n_items; first += batch) {
      size_t n = std::min(batch, n_items - first);
      ParallelFor(n, threads_, [&](size_t i) {
        const Item& item = plan_.items[first + i];
        auto l = std::make_shared<Loaded>(LoadItem(item, *runs_[item.side]));
        std::lock_guard<std::mutex> lock(mu_);
        held_[static_cast<int>(first + i)] = std::move(l);
      });
      // Diffs: each item against the one before it (storage), and each row whose right side is in this
      // batch, its left side against it (the same diff when the left side is the item before).
      std::vector<PassDiff> storage(n), row_diffs(n);
      ParallelFor(2 * n, threads_, [&](size_t t) {
        int k = static_cast<int>(first + t / 2);
        if (t % 2 == 0) {
          if (k > 0) storage[t / 2] = DiffPass(Snap(k - 1), Snap(k));
        } else if (row_of_[k] >= 0 && plan_.rows[row_of_[k]].before != k - 1) {
          row_diffs[t / 2] = DiffPass(Snap(plan_.rows[row_of_[k]].before), Snap(k));
        }
      });
      for (size_t i = 0; i < n; ++i) {
        int k = static_cast<int>(first + i);
        if (k == 0) {
          payload_->AddSnapshot(Snap(k));
        } else {
          payload_->AddSnapshot(Snap(k), Snap(k - 1), storage[i]);
        }
        if (row_of_[k] >= 0) {
          const Row& row = plan_.rows[row_of_[k]];
          MakeRow(row_of_[k], row.before == k - 1 ? std::move(storage[i]) : std::move(row_diffs[i]));
        }
      }
      Forget(first + n);
      if (observer.progress) observer.progress(first + n, n_items);
    }
    held_.clear();
  }

  std::vector<Entry> entries;

 private:
  const Snapshot& Snap(int k) const { return *held_.at(k)->snap; }

  void MakeRow(int r, PassDiff diff) {
    const Row& row = plan_.rows[r];
    const Snapshot& after = Snap(row.after);
    Entry e = MakePassEntry(r, row.name, row.before, row.after, after, std::move(diff), "", "");
    // Each side's decoding warnings, named by run (MakePassEntry took only the right side's).
    e.warnings.clear();
    for (int k : {row.before, row.after}) {
      if (k == row.before && row.before == row.after) continue;
      for (const std::string& w : Snap(k).warnings)
        e.warnings.push_back(std::string(kSideName[plan_.items[k].side]) + " " + w);
    }
    e.base_num = row.codegen ? -1 : row.base_num;
    e.head_num = row.codegen ? -1 : row.head_num;
    if (row.status != EntryStatus::kChanged) e.status = row.status;
    const Item* by_side[2] = {nullptr, nullptr};
    const Loaded* loaded[2] = {nullptr, nullptr};
    for (int k : {row.before, row.after}) {
      const Item& item = plan_.items[k];
      bool own = row.status == EntryStatus::kChanged ? true : k == row.after;  // added/removed: one run's row
      if (!own) continue;
      by_side[item.side] = &item;
      loaded[item.side] = held_.at(k).get();
    }
    AddLogNotes(row, by_side, loaded, &e);
    if (r == 0 && Snap(row.before).lang != Snap(row.after).lang) {
      e.notes.push_back(std::string("the runs are in different languages: BASE ") +
                        LanguageName(Snap(row.before).lang) + ", HEAD " + LanguageName(Snap(row.after).lang) +
                        " (are they runs of one program?)");
    }
    entries[r] = std::move(e);
  }

  // Drops every held snapshot that no item from `next` on needs (as the one before, or as a row's left side).
  void Forget(size_t next) {
    for (auto it = held_.begin(); it != held_.end();) {
      it = last_use_[it->first] >= static_cast<int>(next) ? std::next(it) : held_.erase(it);
    }
  }

  const Plan& plan_;
  unsigned threads_;
  PayloadWriter* payload_;
  const struct OneRun* runs_[2];
  std::vector<int> row_of_;  // item index -> the row whose right side it is, or -1
  std::vector<int> last_use_;  // item index -> the last item whose diff needs it
  std::mutex mu_;
  std::map<int, std::shared_ptr<Loaded>> held_;
};

// Whether row r makes the runs differ: a row of both runs whose texts differ, or a row of one run whose own
// diff is not empty (a pass or codegen file only one run has, that changes something).
bool RowDiffers(const Row& row, const Entry& e) {
  return row.status == EntryStatus::kChanged ? e.status == EntryStatus::kChanged : e.ins + e.del > 0;
}

// The first divergence: the first row of both runs (the frontend, a pass, a codegen file) after which their
// texts differ; when there is none, the first pass or file only one run has that changes something (a pass
// added or dropped at the end of a pipeline changes the final IR with no aligned pass after it).
Divergence FirstDivergence(const Plan& plan, const std::vector<Entry>& entries, long* index) {
  Divergence d;
  *index = -1;
  auto first = [&](bool both_runs) {
    for (size_t r = 0; r < entries.size(); ++r) {
      if ((plan.rows[r].status == EntryStatus::kChanged) == both_runs && RowDiffers(plan.rows[r], entries[r]))
        return static_cast<long>(r);
    }
    return -1L;
  };
  long at = first(true);
  if (at < 0) at = first(false);
  for (long r = at; r >= 0; r = -1) {
    const Row& row = plan.rows[r];
    d.found = true;
    d.frontend = r == 0;
    d.name = row.name;
    d.base_num = row.codegen ? -1 : row.base_num;
    d.head_num = row.codegen ? -1 : row.head_num;
    *index = r;
  }
  return d;
}

// The summary's counts of the plan's rows (entries: the rows' entries, the frontend's first): failed passes
// on each side, aligned passes that changed and those that differ, added, removed, codegen that differs.
void CountRows(const Plan& plan, const std::vector<Entry>& entries, CompareSummary* summary) {
  for (size_t r = 1; r < plan.rows.size(); ++r) {
    const Row& row = plan.rows[r];
    const Entry& e = entries[r];
    summary->failed_base += e.failed_in[kBase];
    summary->failed_head += e.failed_in[kHead];
    if (row.codegen) {
      summary->codegen_differ += RowDiffers(row, e);
      continue;
    }
    summary->aligned += row.status == EntryStatus::kChanged;
    summary->differ += e.status == EntryStatus::kChanged;
    summary->added += row.status == EntryStatus::kAdded;
    summary->removed += row.status == EntryStatus::kRemoved;
  }
}

}  // namespace

CompareSummary CompareDumps(const CompareOptions& options, const ConvertObserver& observer) {
  OneRun base(options.base_dump, options.format);
  OneRun head(options.head_dump, options.format);
  OutputTarget target = ResolveOutput(options.output);
  for (const OneRun* run : {&base, &head}) {
    try {
      RefuseOverwritingInput(target, run->listing);
    } catch (const Error& e) {
      throw Error(std::string(e.what()) + " in " + run->dump, e.code());
    }
  }

  // A name either dump would read as one of its files (report_sink.h): that message names the dump itself.
  for (const OneRun* run : {&base, &head}) RefuseDumpFileName(target, run->dump);

  CompareSummary summary;
  summary.base_title = DisplayText(base.listing.title);
  summary.head_title = DisplayText(head.listing.title);
  std::string title =
      "compare: " + (summary.base_title == summary.head_title ? summary.base_title
                                                              : summary.base_title + " vs " + summary.head_title);
  Plan plan(base, head);
  ReportSink out(target);
  PageShell shell = ExpandPageShell(title);
  out.Write(shell.head);
  PayloadWriter payload(&out, options.compress ? PayloadEncoding::kDeflateBase64 : PayloadEncoding::kPlain, title,
                        options.context);
  const OneRun* runs[2] = {&base, &head};
  CompareStage stage(plan, runs, options.threads, &payload);
  stage.Run(observer);
  for (const Entry& e : stage.entries) payload.AddEntry(e);
  CompareHeader header{AsText(options.base_dump), summary.base_title, AsText(options.head_dump), summary.head_title,
                       -1};
  summary.first = FirstDivergence(plan, stage.entries, &header.first_divergence);
  payload.AddCompare(header);
  payload.Finish();
  out.Write(shell.tail);
  out.Commit();

  summary.base_passes = base.passes.size();
  summary.head_passes = head.passes.size();
  CountRows(plan, stage.entries, &summary);
  summary.inputs = InputPaths(base.listing);
  for (std::string& p : InputPaths(head.listing)) summary.inputs.push_back(std::move(p));
  if (observer.diagnostic) {
    observer.diagnostic(fmt::format("{} snapshots in the report ({} rows)", plan.items.size(), plan.rows.size()));
  }
  return summary;
}

std::string DivergenceText(const Divergence& d) {
  if (!d.found) return "";
  if (d.frontend) return "the frontend";
  if (d.head_num < 0 && d.base_num < 0) return d.name;  // a codegen file
  if (d.head_num < 0) return fmt::format("{} (BASE pass {}, not in HEAD)", d.name, d.base_num);
  if (d.base_num < 0) return fmt::format("pass {} {} (not in BASE)", d.head_num, d.name);
  if (d.base_num == d.head_num) return fmt::format("pass {} {}", d.head_num, d.name);
  return fmt::format("{} (BASE pass {}, HEAD pass {})", d.name, d.base_num, d.head_num);
}

std::string CompareLine(const std::string& output, const CompareSummary& s) {
  std::string line = fmt::format("wrote {}: {} aligned {}, {} differ, {} added, {} removed", output, s.aligned,
                                 s.aligned == 1 ? "pass" : "passes", s.differ, s.added, s.removed);
  if (s.codegen_differ)
    line += fmt::format(", {} codegen {} differ", s.codegen_differ, s.codegen_differ == 1 ? "file" : "files");
  line += s.first.found ? "; first divergence: " + DivergenceText(s.first) : "; no divergence";
  for (auto [n, run] : {std::pair{s.failed_head, "HEAD"}, {s.failed_base, "BASE"}}) {
    if (n) line += fmt::format("; {} {} failed in {}", n, n == 1 ? "pass" : "passes", run);
  }
  return line;
}

int RunCompare(const CompareOptions& options, CompareFailOn fail_on, Console* console) {
  int code = 0;
  // CompareDumps names each run's dump itself (OnSide): the job has no one dump to put first.
  JobFailure failed = CatchFailure("", [&] {
    CompareSummary s = CompareDumps(options, console->Observer());
    console->Line(CompareLine(options.output == "-" ? "standard output" : options.output, s));
    if (fail_on.diverged && s.first.found) {
      console->Error("the runs diverge at " + DivergenceText(s.first) + " (--fail-on diverged)");
      code = static_cast<int>(ExitCode::kInput);
    }
    if (fail_on.failed && s.failed_head > 0) {
      console->Error(fmt::format("{} {} failed in HEAD (--fail-on failed)", s.failed_head,
                                 s.failed_head == 1 ? "pass" : "passes"));
      code = static_cast<int>(ExitCode::kInput);
    }
  });
  if (failed.status == DumpStatus::kOk) return code;
  console->Error(failed.line);
  return failed.code;
}

}  // namespace irtrace
