#include "driver/convert.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "diff/pass_diff.h"
#include "driver/dump_reading.h"
#include "driver/report_sink.h"
#include "input/dump_dir.h"
#include "input/input_format.h"
#include "input/snapshot.h"
#include "report/html_report.h"
#include "report/payload_writer.h"
#include "report/report_model.h"
#include "util/output_file.h"
#include "util/parallel.h"

namespace irtrace {
namespace {

using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

// The frontend and the passes, in order, converted in batches: load (decode, split) in parallel, diff in
// parallel, then write in order and keep only the batch's last snapshot (the next one's "before"), so
// memory holds a batch, not the dump. Entries are kept: the payload lists them after every snapshot.
class PassStage {
 public:
  PassStage(const DumpListing& listing, unsigned threads, PayloadWriter* payload, std::vector<Entry>* entries)
      : listing_(listing), threads_(threads), payload_(payload), entries_(entries) {
    files_.push_back(&listing.frontend);
    pass_of_.push_back(kFrontend);
    for (size_t k = 0; k < listing.passes.size(); ++k) {
      // A pass's own before-dump is stored just before its snapshot, with no entry: the pass is diffed
      // against it, and the next pass against this pass's snapshot, as always the snapshot before.
      if (listing.passes[k].before) {
        files_.push_back(&*listing.passes[k].before);
        pass_of_.push_back(kOwnBefore);
      }
      files_.push_back(&listing.passes[k].file);
      pass_of_.push_back(static_cast<long>(k));
    }
  }

  size_t Snapshots() const { return files_.size(); }

  // Converts every snapshot, calling progress(done, total) after each batch.
  void Run(const ConvertObserver& observer) {
    size_t batch = std::max<size_t>(4, 2 * (threads_ ? threads_ : std::thread::hardware_concurrency()));
    for (size_t first = 0; first < files_.size(); first += batch) {
      size_t n = std::min(batch, files_.size() - first);
      std::vector<LoadedFile> loaded = LoadBatch(first, n);
      std::vector<PassDiff> diffs = DiffBatch(first, loaded);
      WriteBatch(first, &loaded, &diffs);
      previous_ = std::move(loaded[n - 1]);
      if (observer.progress) observer.progress(first + n, files_.size());
    }
    previous_ = LoadedFile();
  }

  double load_seconds = 0, diff_seconds = 0;

 private:
  std::vector<LoadedFile> LoadBatch(size_t first, size_t n) {
    Clock::time_point t = Clock::now();
    std::vector<LoadedFile> loaded(n);
    ParallelFor(n, threads_, [&](size_t i) { loaded[i] = LoadFile(*files_[first + i]); });
    load_seconds += Seconds(t);
    return loaded;
  }

  // The snapshot before loaded[i] (snapshot first + i), which must not be the frontend.
  const Snapshot& Before(const std::vector<LoadedFile>& loaded, size_t i) const {
    return i == 0 ? *previous_.snap : *loaded[i - 1].snap;
  }

  std::vector<PassDiff> DiffBatch(size_t first, const std::vector<LoadedFile>& loaded) {
    Clock::time_point t = Clock::now();
    std::vector<PassDiff> diffs(loaded.size());
    ParallelFor(loaded.size(), threads_, [&](size_t i) {
      if (first + i > 0) diffs[i] = DiffPass(Before(loaded, i), *loaded[i].snap);
    });
    diff_seconds += Seconds(t);
    return diffs;
  }

  void WriteBatch(size_t first, std::vector<LoadedFile>* loaded, std::vector<PassDiff>* diffs) {
    for (size_t i = 0; i < loaded->size(); ++i) {
      size_t index = first + i;
      const Snapshot& snap = *(*loaded)[i].snap;
      const std::string& log_text = (*loaded)[i].log_text;
      if (pass_of_[index] == kFrontend) {
        payload_->AddSnapshot(snap);
        entries_->push_back(MakeFrontendEntry(snap, DisplayText(listing_.frontend.log_name), log_text));
        entries_->back().name = DisplayText(listing_.frontend_label);
        for (const std::string& n : listing_.notes) entries_->back().notes.push_back(n);
        continue;
      }
      payload_->AddSnapshot(snap, Before(*loaded, i), (*diffs)[i]);
      if (pass_of_[index] == kOwnBefore) continue;
      const DumpPass& p = listing_.passes[pass_of_[index]];
      entries_->push_back(MakePassEntry(static_cast<long>(p.number), DisplayText(p.pass_name),
                                        static_cast<int>(index - 1), static_cast<int>(index), snap,
                                        std::move((*diffs)[i]), DisplayText(p.file.log_name), log_text));
      for (const std::string& n : p.notes) entries_->back().notes.push_back(n);
      if (!p.phase.empty()) entries_->back().phase = DisplayText(p.phase);
    }
  }

  const DumpListing& listing_;
  unsigned threads_;
  PayloadWriter* payload_;
  std::vector<Entry>* entries_;
  static constexpr long kFrontend = -1, kOwnBefore = -2;
  std::vector<const DumpFile*> files_;  // frontend, then passes (each after its own before-dump, if any)
  std::vector<long> pass_of_;           // per file: its index in listing_.passes, kFrontend, kOwnBefore
  LoadedFile previous_;                     // the last snapshot of the previous batch
};

// The entry of the pass that crashed, if any: its log only, after the last snapshot written (`last`).
void ConvertCrashed(const DumpListing& listing, int last, std::vector<Entry>* entries) {
  if (!listing.crashed) return;
  const DumpPass& p = *listing.crashed;
  std::string log_text = LoadLogOf(p.file);
  entries->push_back(MakeCrashedEntry(static_cast<long>(p.number), DisplayText(p.pass_name),
                                      last, DisplayText(p.file.log_name),
                                      log_text));
}

// Codegen snapshots, loaded in parallel and stored in full after the passes.
void ConvertCodegen(const DumpListing& listing, unsigned threads, PayloadWriter* payload,
                    std::vector<Entry>* entries) {
  std::vector<LoadedFile> codegen(listing.codegen.size());
  ParallelFor(codegen.size(), threads, [&](size_t i) { codegen[i] = LoadFile(listing.codegen[i].file); });
  for (size_t i = 0; i < codegen.size(); ++i) {
    int index = payload->AddSnapshot(*codegen[i].snap);
    entries->push_back(MakeCodegenEntry(listing.codegen[i].role, index, *codegen[i].snap));
  }
}

// The phases.txt names of the frontend and the passes (the crashed one too); codegen has none.
void AssignPhases(const DumpListing& listing, std::vector<Entry>* entries) {
  if (listing.phases.empty()) return;
  for (Entry& e : *entries) {
    if (e.kind != EntryKind::kCodegen) e.phase = DisplayText(PhaseOf(listing, static_cast<unsigned long>(e.num)));
  }
}

const char* PassStatusName(EntryStatus s) {
  return s == EntryStatus::kFailed ? "failed" : s == EntryStatus::kChanged ? "changed" : "noop";
}

ConvertSummary Summarize(const std::vector<Entry>& entries) {
  ConvertSummary summary;
  for (const Entry& e : entries) {
    summary.warnings += e.warnings.size();
    long num = e.kind == EntryKind::kCodegen ? -1 : e.num;
    for (const std::string& w : e.warnings) summary.warning_list.push_back({num, e.name, w});
    if (e.kind == EntryKind::kPass) {
      ++summary.passes;
      summary.changed += e.ins + e.del > 0;
      summary.failed += e.status == EntryStatus::kFailed;
      summary.pass_results.push_back(
          {e.num, e.name, PassStatusName(e.status), e.error, e.warnings.size(), e.ins, e.del});
    }
    summary.codegen += e.kind == EntryKind::kCodegen;
  }
  return summary;
}

}  // namespace

bool ParseContext(const std::string& text, int* context) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return false;
  size_t first = std::min(text.find_first_not_of('0'), text.size() - 1);  // leading zeros are decimal
  if (text.size() - first > 7) return false;
  long v = std::stol(text.substr(first));
  if (v > 1000000) return false;
  *context = static_cast<int>(v);
  return true;
}

bool ParseJobs(const std::string& text, unsigned* jobs) {
  int v = 0;
  if (!ParseContext(text, &v) || v < 1 || v > 1024) return false;
  *jobs = static_cast<unsigned>(v);
  return true;
}

ConvertSummary ConvertDump(const ConvertOptions& options, const ConvertObserver& observer) {
  Clock::time_point start = Clock::now();
  DumpListing listing = ListInput(options.dump_dir, options.format, options.codegen_dirs, options.part, options.all_runs);
  if (observer.diagnostic) {
    for (const std::string& name : listing.ignored) observer.diagnostic("ignored " + name);
  }
  std::optional<OutputTarget> target;
  if (options.write_report) {
    target = ResolveOutput(options.output);
    RefuseOverwritingInput(*target, listing);
    for (const std::string& side : options.side_outputs) RefuseOverwritingInput(ResolveOutput(side), listing);
  }

  ReportSink out(target);
  std::string title = DisplayText(listing.title);
  PageShell shell = ExpandPageShell(title);
  out.Write(shell.head);
  PayloadWriter payload(&out, options.compress ? PayloadEncoding::kDeflateBase64 : PayloadEncoding::kPlain, title,
                        options.context);
  std::vector<Entry> entries;
  PassStage passes(listing, options.threads, &payload, &entries);
  passes.Run(observer);
  ConvertCrashed(listing, payload.SnapshotCount() - 1, &entries);
  ConvertCodegen(listing, options.threads, &payload, &entries);
  AssignPhases(listing, &entries);
  for (const Entry& e : entries) payload.AddEntry(e);
  payload.Finish();
  out.Write(shell.tail);
  out.Commit();

  ConvertSummary summary = Summarize(entries);
  summary.title = title;
  summary.inputs = InputPaths(listing);
  summary.input_bytes = InputBytes(summary.inputs);
  if (observer.diagnostic) {
    observer.diagnostic(fmt::format(
        "{} snapshots, {} {} ({} changed), {} codegen; load {:.3f}s, diff {:.3f}s, total {:.3f}s",
        passes.Snapshots(), summary.passes, summary.passes == 1 ? "pass" : "passes", summary.changed,
        summary.codegen, passes.load_seconds, passes.diff_seconds, Seconds(start)));
  }
  return summary;
}

}  // namespace irtrace
