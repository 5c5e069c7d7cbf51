#include "driver/terminal_job.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <thread>

#include "diff/pass_diff.h"
#include "driver/dump_reading.h"
#include "driver/job_failure.h"
#include "driver/unit_tracks.h"
#include "input/snapshot.h"
#include "report/report_model.h"
#include "util/parallel.h"

namespace irtrace {
namespace {

// An error about what the command line asked of this dump: exit 2, printed after the dump as given.
Error SelectionError(const std::string& message) { return Error(message, ExitCode::kUsage, ErrorPlace::kInInput); }

bool AllDigits(const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; }

// The bare name of a key: after the last '.' (Python-like "Class.member") or "::" (C-like "ns::f").
std::string BareName(const DumpFunction& f) {
  if (f.lang == ScopeLanguage::kPython) {
    size_t dot = f.key.rfind('.');
    return dot == std::string::npos ? f.key : f.key.substr(dot + 1);
  }
  if (f.lang == ScopeLanguage::kC) {
    size_t colons = f.key.rfind("::");
    return colons == std::string::npos ? f.key : f.key.substr(colons + 2);
  }
  return f.key;
}

unsigned Threads(unsigned threads) { return threads ? threads : std::max(1u, std::thread::hardware_concurrency()); }

// Pass tp as the terminal shows it, from `before` to `after` (diff: DiffPass's): its diff, the [FAILED]
// block when its log (log_text) has an error, else, when passes were named (named), that it changed nothing.
std::string PassText(const TerminalPass& tp, const Snapshot& before, const Snapshot& after, const PassDiff& diff,
                     const std::string& log_text, bool named, const TerminalStyle& style,
                     const std::optional<std::string>& key) {
  std::string text;
  bool shown = WritePassDiff(tp, before, after, diff, style, key, &text);
  if (LogHasError(log_text)) {
    WriteFailedPass(tp, log_text, after, tp.after, style, key, &text);
    shown = true;
  }
  if (!shown && named) WriteUnchangedPass(tp, key, after.lang, style, &text);
  return text;
}

}  // namespace

std::string ResolveFunction(const std::string& name, const std::vector<DumpFunction>& functions) {
  for (const DumpFunction& f : functions) {
    if (f.key == name) return f.key;
  }
  if (name == FunctionLabel("", ScopeLanguage::kNone)) return "";
  for (const DumpFunction& f : functions) {
    if (FunctionLabel(f.key, f.lang) == name) return f.key;  // "@crc32"
  }
  std::set<std::string> bare;  // keys, sorted for the message
  for (const DumpFunction& f : functions) {
    if (BareName(f) == name) bare.insert(f.key);
  }
  if (bare.size() == 1) return *bare.begin();
  if (bare.empty()) {
    throw SelectionError("--function '" + name + "' names no function of the dump's snapshots");
  }
  std::string list;
  for (const std::string& k : bare) list += (list.empty() ? "" : ", ") + k;
  throw SelectionError("--function '" + name + "' names " + std::to_string(bare.size()) + " functions: " + list +
                       " (give the full key)");
}

TerminalJob::TerminalJob(const TerminalOptions& options) : options_(options) {
  listing_ = ListInput(options_.dump_dir, options_.format, {}, "", false, options_.input);
  ListAllPasses(&listing_);  // --pass and --function choose among them all
  files_.push_back(&listing_.frontend);
  for (const DumpPass& p : listing_.passes) files_.push_back(&p.file);
  SelectPasses();
  if (options_.function) FindFunction();
}

void TerminalJob::SelectPasses() {
  if (options_.passes.empty()) {
    for (size_t n = 1; n < files_.size(); ++n) selected_.push_back(n);
    crashed_ = listing_.crashed.has_value();
    return;
  }
  std::set<size_t> chosen;
  const size_t last = listing_.passes.size();
  for (const std::string& want : options_.passes) {
    if (AllDigits(want)) {
      size_t n = want.size() > 9 ? 0 : std::stoul(want);
      if (n >= 1 && n <= last) {
        chosen.insert(n);
      } else if (listing_.crashed && n == listing_.crashed->number) {
        crashed_ = true;
      } else {
        std::string range = "passes 1 to " + std::to_string(listing_.crashed ? last + 1 : last);
        throw SelectionError("--pass " + want + ": no such pass (the dump has " + range + ")");
      }
      continue;
    }
    bool found = false;
    for (const DumpPass& p : listing_.passes) {
      if (p.pass_name == want) {
        chosen.insert(p.number);
        found = true;
      }
    }
    if (listing_.crashed && listing_.crashed->pass_name == want) crashed_ = found = true;
    if (!found) throw SelectionError("--pass '" + want + "': no pass of that name");
  }
  selected_.assign(chosen.begin(), chosen.end());
}

// Reads every snapshot (not the codegen: it has no passes) for the functions --function may name.
void TerminalJob::FindFunction() {
  std::map<std::string, ScopeLanguage> keys;
  std::vector<const DumpFile*> files{&listing_.frontend};  // an unchanged pass has no file of its own
  for (const DumpPass& p : listing_.passes) {
    if (!p.unchanged) files.push_back(&p.file);
  }
  size_t batch = 2 * Threads(options_.threads);
  for (size_t first = 0; first < files.size(); first += batch) {
    size_t n = std::min(batch, files.size() - first);
    std::vector<std::unique_ptr<Snapshot>> snaps(n);
    ParallelFor(n, options_.threads, [&](size_t i) { snaps[i] = LoadSnapshotOf(*files[first + i]); });
    for (const auto& s : snaps) {
      for (const Section& sec : s->scope.sections) keys.emplace(sec.key, s->lang);
    }
  }
  std::vector<DumpFunction> functions;
  for (const auto& [key, lang] : keys) functions.push_back({key, lang});
  key_ = ResolveFunction(*options_.function, functions);
}

std::string TerminalJob::Title(const DumpPass& p) const {
  std::string title = "pass " + std::to_string(p.number) + " " + DisplayText(p.pass_name);
  std::string phase = DisplayText(PhaseOf(listing_, p.number));
  return phase.empty() ? title : title + " (" + phase + ")";
}

// A log whose passes hold IR units (an LLVM function-scope log) or that lists unchanged passes without a
// file (any LLVM log): every pass is read in order, its before side found by its unit as the converter
// does (driver/unit_tracks.h), and the selected ones printed.
void TerminalJob::RunUnits(OutputSink* out) {
  const bool named = !options_.passes.empty();
  std::set<size_t> wanted(selected_.begin(), selected_.end());
  WalkUnits(&listing_, [&](DumpPass& pass, const UnitStep& step, const std::string& log_text) {
    if (!wanted.count(pass.number)) return;
    const Snapshot& b = *step.before.held->snap;
    const Snapshot& a = *step.after->snap;
    TerminalPass tp{Title(pass), b.name, a.name};
    out->Write(PassText(tp, b, a, DiffPass(b, a), log_text, named, options_.style, key_));
  });
}

void TerminalJob::Run(OutputSink* out) {
  // A pass the reader found unchanged has no file of its own (a module-scope log's no-op): its text is
  // its unit's, found as for units.
  for (const DumpPass& p : listing_.passes) {
    if (p.unit != IrUnit::kWhole || p.unchanged) return RunUnits(out);
  }
  const bool named = !options_.passes.empty();
  std::map<size_t, LoadedFile> held;  // snapshots by index into files_, the batch's and the last one before
  size_t batch = 2 * Threads(options_.threads);
  for (size_t first = 0; first < selected_.size(); first += batch) {
    size_t n = std::min(batch, selected_.size() - first);
    std::vector<size_t> need;
    for (size_t i = first; i < first + n; ++i) {
      for (size_t k : {selected_[i] - 1, selected_[i]}) {
        if (!held.count(k) && (need.empty() || need.back() != k)) need.push_back(k);
      }
    }
    std::vector<LoadedFile> loaded(need.size());
    ParallelFor(need.size(), options_.threads, [&](size_t i) { loaded[i] = LoadFile(*files_[need[i]]); });
    for (size_t i = 0; i < need.size(); ++i) held[need[i]] = std::move(loaded[i]);
    // A pass with its own before-dump (a loop pass's previous dump of its loop) is diffed against that.
    std::map<size_t, LoadedFile> own;
    for (size_t i = first; i < first + n; ++i) {
      const DumpPass& pass = listing_.passes[selected_[i] - 1];
      if (pass.before) own[selected_[i]] = LoadFile(*pass.before);
    }
    auto before_of = [&](size_t p) -> const LoadedFile& { return own.count(p) ? own.at(p) : held.at(p - 1); };
    std::vector<PassDiff> diffs(n);
    ParallelFor(n, options_.threads, [&](size_t i) {
      size_t p = selected_[first + i];
      diffs[i] = DiffPass(*before_of(p).snap, *held.at(p).snap);
    });
    for (size_t i = 0; i < n; ++i) {
      size_t p = selected_[first + i];
      const LoadedFile& before = before_of(p);
      const LoadedFile& after = held.at(p);
      const DumpPass& pass = listing_.passes[p - 1];
      TerminalPass tp{Title(pass), DisplayText(pass.before ? pass.before->name : files_[p - 1]->name),
                      DisplayText(files_[p]->name)};
      out->Write(PassText(tp, *before.snap, *after.snap, diffs[i], after.log_text, named, options_.style, key_));
    }
    held.erase(held.begin(), std::prev(held.end()));  // the last one is the next batch's "before"
  }
  if (!crashed_) return;
  auto last = held.find(files_.size() - 1);
  WriteCrashed(last != held.end() ? last->second.snap.get() : nullptr, out);
}

void TerminalJob::WriteCrashed(const Snapshot* held_last, OutputSink* out) {
  const DumpPass& c = *listing_.crashed;
  size_t last = files_.size() - 1;
  std::unique_ptr<Snapshot> own;
  const Snapshot* snap = held_last;
  if (!snap) {
    own = LoadSnapshotOf(*files_[last]);
    snap = own.get();
  }
  std::string log = LoadLogOf(c.file);
  if (log.find_first_not_of(" \t\r\n") == std::string::npos) {
    log = "the pass did not finish: its log " + DisplayText(c.file.log_name) + " has no snapshot after it";
  }
  TerminalPass tp{Title(c), DisplayText(files_[last]->name), ""};
  std::string text;
  WriteFailedPass(tp, log, *snap, tp.before, options_.style, key_, &text);
  out->Write(text);
}

int RunTerminal(const TerminalOptions& options, Console* console, const std::function<OutputSink*()>& open,
                const std::function<void()>& close) {
  bool opened = false;
  auto finish = [&] {
    if (opened && close) close();
    opened = false;
  };
  JobFailure failed = CatchFailure(options.dump_dir, [&] {
    TerminalJob job(options);
    for (const std::string& w : job.Warnings()) console->Warning(w);
    OutputSink* out = open();
    opened = true;
    job.Run(out);
  });
  finish();
  if (failed.status == DumpStatus::kOk) return 0;
  console->Error(failed.line);
  return failed.code;
}

}  // namespace irtrace
