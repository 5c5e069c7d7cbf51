#include "driver/convert.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "diff/pass_diff.h"
#include "driver/dump_reading.h"
#include "driver/pass_stage.h"
#include "driver/report_sink.h"
#include "input/dump_dir.h"
#include "input/input_format.h"
#include "input/snapshot.h"
#include "report/html_report.h"
#include "report/payload_writer.h"
#include "report/report_model.h"
#include "util/error.h"
#include "util/output_file.h"
#include "util/parallel.h"

namespace irtrace {
namespace {

using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point since) { return std::chrono::duration<double>(Clock::now() - since).count(); }

// The entry of the pass that crashed, if any: its log only, after the last snapshot written (`last`).
void ConvertCrashed(const DumpListing& listing, int last, std::vector<Entry>* entries) {
  if (!listing.crashed) return;
  const DumpPass& p = *listing.crashed;
  std::string log_text = LoadLogOf(p.file);
  entries->push_back(MakeCrashedEntry(static_cast<long>(p.number), DisplayText(p.pass_name), last,
                                      DisplayText(p.file.log_name), log_text));
}

// Codegen snapshots, loaded in parallel and stored in full after the passes.
void ConvertCodegen(const DumpListing& listing, unsigned threads, PayloadWriter* payload, std::vector<Entry>* entries) {
  std::vector<LoadedFile> codegen(listing.codegen.size());
  ParallelFor(codegen.size(), threads, [&](size_t i) { codegen[i] = LoadFile(listing.codegen[i].file); });
  for (size_t i = 0; i < codegen.size(); ++i) {
    int index = payload->AddSnapshot(*codegen[i].snap);
    entries->push_back(MakeCodegenEntry(listing.codegen[i].role, index, *codegen[i].snap));
    if (listing.codegen[i].after_pass) entries->back().phase = DisplayText(listing.codegen[i].phase);
  }
}

// Moves the codegen entries listed among the passes (DumpCodegen::after_pass) to their places: `entries`
// holds the frontend, the passes (the crashed one too) and then one entry per listing.codegen file, in order.
// A place no entry has (or a listing read as a stream, whose passes are not all in `entries`) leaves the
// file after the passes.
void PlaceCodegen(const DumpListing& listing, std::vector<Entry>* entries) {
  size_t first_codegen = entries->size() - listing.codegen.size();
  if (listing.stream) return;
  std::vector<Entry> ordered;
  std::vector<bool> placed(listing.codegen.size(), false);
  auto place_after = [&](long num) {
    for (size_t i = 0; i < listing.codegen.size(); ++i) {
      const auto& at = listing.codegen[i].after_pass;
      if (placed[i] || !at || static_cast<long>(*at) != num) continue;
      placed[i] = true;
      ordered.push_back(std::move((*entries)[first_codegen + i]));
    }
  };
  for (size_t k = 0; k < first_codegen; ++k) {
    long num = (*entries)[k].num;
    ordered.push_back(std::move((*entries)[k]));
    place_after(num);
  }
  for (size_t i = 0; i < listing.codegen.size(); ++i) {
    if (!placed[i]) ordered.push_back(std::move((*entries)[first_codegen + i]));
  }
  *entries = std::move(ordered);
}

// The phases.txt name of a frontend or pass entry (the crashed one too); codegen has none.
void AssignPhase(const DumpListing& listing, Entry* e) {
  if (listing.phases.empty() || e->kind == EntryKind::kCodegen) return;
  e->phase = DisplayText(PhaseOf(listing, static_cast<unsigned long>(e->num)));
}

PassStatus PassStatusOf(EntryStatus s) {
  return s == EntryStatus::kFailed    ? PassStatus::kFailed
         : s == EntryStatus::kChanged ? PassStatus::kChanged
                                      : PassStatus::kNoop;
}

// Counts entry `e` into `summary`, after the entries counted before it.
void AddToSummary(const Entry& e, ConvertSummary* summary) {
  summary->warnings += e.warnings.size();
  long num = e.kind == EntryKind::kCodegen ? -1 : e.num;
  for (const std::string& w : e.warnings) summary->warning_list.push_back({num, e.name, w});
  if (e.kind == EntryKind::kPass) {
    ++summary->passes;
    summary->changed += e.ins + e.del > 0;
    summary->failed += e.status == EntryStatus::kFailed;
    summary->pass_results.push_back({e.num, e.name, PassStatusOf(e.status), e.error, e.warnings.size(), e.ins, e.del});
  }
  summary->codegen += e.kind == EntryKind::kCodegen;
}

// Counts `more` (entries counted apart) into `summary`, after what it has.
void AppendSummary(ConvertSummary more, ConvertSummary* summary) {
  summary->warnings += more.warnings;
  summary->passes += more.passes;
  summary->changed += more.changed;
  summary->failed += more.failed;
  summary->codegen += more.codegen;
  for (auto& w : more.warning_list) summary->warning_list.push_back(std::move(w));
  for (auto& r : more.pass_results) summary->pass_results.push_back(std::move(r));
}

// The listing's ignored files (-v diagnostics) and warnings, told to the observer.
void TellListing(const DumpListing& listing, const ConvertObserver& observer) {
  if (observer.diagnostic) {
    for (const std::string& name : listing.ignored) observer.diagnostic("ignored " + name);
  }
  if (observer.warning) {
    for (const std::string& w : listing.warnings) observer.warning(w);
  }
}

// Where the report goes, checked with the side outputs (depfiles) against the dump before anything is
// written. Throws Error: a WriteError naming the report or depfile that would overwrite one of the
// dump's files, a usage error for a name the dump would read as its own.
OutputTarget CheckedOutput(const ConvertOptions& options, const DumpListing& listing) {
  std::optional<OutputTarget> target;
  NamingWhatFailed("report", [&] {
    target = ResolveOutput(options.output);
    RefuseOverwritingInput(*target, listing);
  });
  for (const std::string& side : options.side_outputs) {
    NamingWhatFailed("depfile", [&] { RefuseOverwritingInput(ResolveOutput(side), listing); });
  }
  RefuseDumpFileName(*target, options.dump_dir);  // a usage error (exit 2), named as it is
  for (const std::string& side : options.side_outputs) RefuseDumpFileName(ResolveOutput(side), options.dump_dir);
  return std::move(*target);
}

// The -v timings line of a conversion that took `seconds`.
std::string TimingsLine(const PassStage& passes, const ConvertSummary& summary, double seconds) {
  return fmt::format(
      "{} snapshots, {} {} ({} changed), {} codegen; read {:.3f}s, load {:.3f}s, resolve {:.3f}s, diff {:.3f}s, "
      "write {:.3f}s, total {:.3f}s",
      passes.snapshots, summary.passes, summary.passes == 1 ? "pass" : "passes", summary.changed, summary.codegen,
      passes.read_seconds, passes.load_seconds, passes.resolve_seconds, passes.diff_seconds, passes.write_seconds,
      seconds);
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
  DumpListing listing =
      ListInput(options.dump_dir, options.format, options.codegen_dirs, options.part, options.all_runs, options.input);
  TellListing(listing, observer);
  std::optional<OutputTarget> target;
  if (options.write_report) target = CheckedOutput(options, listing);

  ReportSink out(target);
  std::string title = DisplayText(listing.title);
  PageShell shell = ExpandPageShell(title);
  out.Write(shell.head);
  PayloadWriter payload(&out, options.compress ? PayloadEncoding::kDeflateBase64 : PayloadEncoding::kPlain, title,
                        options.context);
  // A log read as it goes keeps its entries in a temporary file (PayloadWriter::SpoolEntry), counted as
  // they go there; the first and the last pass entry stay, for the notes found at the log's end.
  std::vector<Entry> entries;
  ConvertSummary spooled;
  std::function<void(Entry&)> spool;
  if (listing.stream) {
    spool = [&](Entry& e) {
      AssignPhase(listing, &e);
      AddToSummary(e, &spooled);
      payload.SpoolEntry(e);
    };
  }
  PassStage passes(&listing, options.threads, &payload, &entries, spool);
  passes.Run(observer.progress);
  ConvertCrashed(listing, payload.SnapshotCount() - 1, &entries);
  ConvertCodegen(listing, options.threads, &payload, &entries);
  PlaceCodegen(listing, &entries);
  ConvertSummary summary;
  for (size_t k = 0; k < entries.size(); ++k) {
    AssignPhase(listing, &entries[k]);
    AddToSummary(entries[k], &summary);
    payload.AddEntry(entries[k]);
    if (k == 0) {
      AppendSummary(std::move(spooled), &summary);
      payload.AddSpooledEntries();
    }
  }
  payload.Finish();
  out.Write(shell.tail);
  out.Commit();

  summary.title = title;
  summary.inputs = InputPaths(listing);
  summary.input_bytes = InputBytes(summary.inputs);
  if (observer.diagnostic) observer.diagnostic(TimingsLine(passes, summary, Seconds(start)));
  return summary;
}

}  // namespace irtrace
