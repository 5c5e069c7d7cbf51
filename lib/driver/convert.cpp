#include "driver/convert.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "util/atomic_file.h"
#include "util/deflate_sink.h"
#include "input/dump_dir.h"
#include "report/html_report.h"
#include "util/json_writer.h"
#include "util/parallel.h"
#include "report/report_json.h"
#include "report/report_model.h"
#include "input/snapshot.h"
#include "input/text_decode.h"

namespace irtrace {
namespace {

using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

// File and directory names are bytes; the report shows them as decoded text.
std::string DisplayText(std::string s) {
  std::vector<DecodeIssue> ignored;
  DecodeUtf8(&s, &ignored);
  return s;
}

// "[k/n] snapshots" on stderr, only when it is a terminal and the run takes more than about a second.
class Progress {
 public:
  Progress(bool enabled, size_t total) : enabled_(enabled && ::isatty(STDERR_FILENO)), total_(total) {}
  // Also on an error: the "ir-trace: error:" line must start a clean line, not follow "k/n snapshots".
  ~Progress() { Clear(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  void Update(size_t done) {
    if (!enabled_ || Seconds(start_) < 1.0) return;
    std::fprintf(stderr, "\rir-trace: %zu/%zu snapshots", done, total_);
    shown_ = true;
  }
  void Clear() {
    if (shown_) std::fprintf(stderr, "\r\033[K");
    shown_ = false;
  }

 private:
  bool enabled_;
  size_t total_;
  bool shown_ = false;
  Clock::time_point start_ = Clock::now();
};

struct Loaded {
  std::unique_ptr<Snapshot> snap;
  std::string log_text;
};

Loaded Load(const DumpFile& f) {
  Loaded l;
  l.snap = LoadSnapshot(DisplayText(f.name), f.path, f.extension);
  if (!f.log_name.empty()) l.log_text = ReadTextFile(f.log_name, f.log_path);
  return l;
}

// The output must not be one of the dump's own files: renaming the report into place would replace that
// directory entry, destroying the input. Same entry = same file name in the same directory (renaming over
// a symlink or a hard link to a snapshot leaves the snapshot itself alone).
void RefuseOverwritingInput(const std::string& output, const DumpListing& listing) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path out(output);
  if (!out.has_filename()) return;  // "dir/": AtomicFile reports it
  fs::path out_dir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  auto check = [&](const std::string& name, const std::string& path) {
    if (name.empty()) return;
    fs::path p(path);
    if (p.filename() != out.filename()) return;
    fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
    if (fs::equivalent(dir, out_dir, ec)) {
      throw Error("cannot write '" + output + "': it is the dump's own '" + name + "'", ExitCode::kUsage);
    }
  };
  auto check_file = [&](const DumpFile& f) {
    check(f.name, f.path);
    check(f.log_name, f.log_path);
  };
  check_file(listing.frontend);
  for (const DumpPass& p : listing.passes) check_file(p.file);
  for (const DumpCodegen& c : listing.codegen) check_file(c.file);
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

void PrintError(std::FILE* err, const std::string& message) {
  std::string line = message;
  for (char& c : line) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  std::fprintf(err, "ir-trace: error: %s\n", line.c_str());
}

ConvertSummary ConvertDump(const ConvertOptions& options) {
  Clock::time_point start = Clock::now();
  DumpListing listing = ListDump(options.dump_dir, options.codegen_dirs);
  for (const std::string& name : listing.ignored) spdlog::debug("ignored {}", name);

  std::vector<const DumpFile*> files{&listing.frontend};
  for (const DumpPass& p : listing.passes) files.push_back(&p.file);

  RefuseOverwritingInput(options.output, listing);
  AtomicFile out(options.output);
  std::string title = DisplayText(listing.title);
  PageShell shell = ExpandPageShell(title);
  out.Write(shell.head);
  // The payload is either the JSON object itself or an envelope carrying it deflated (ARCHITECTURE.md).
  std::unique_ptr<DeflateBase64Sink> deflate;
  OutputSink* payload = &out;
  if (options.compress) {
    out.Write(R"({"schema":1,"encoding":"deflate-base64","data":")");
    deflate = std::make_unique<DeflateBase64Sink>(&out);
    payload = deflate.get();
  }
  JsonWriter writer(payload);
  ReportJson report(&writer, title, options.context);
  std::vector<Entry> entries;
  ConvertSummary summary;
  Progress progress(!options.quiet, files.size());

  // Snapshots go through in batches: load (decode, split) in parallel, diff in parallel, then write in
  // order and keep only the last one, so memory holds a batch, not the dump.
  unsigned threads = options.threads;
  size_t batch = std::max<size_t>(4, 2 * (threads ? threads : std::thread::hardware_concurrency()));
  std::unique_ptr<Snapshot> previous;
  double load_s = 0, diff_s = 0;
  for (size_t first = 0; first < files.size(); first += batch) {
    size_t n = std::min(batch, files.size() - first);
    std::vector<Loaded> loaded(n);
    Clock::time_point t = Clock::now();
    ParallelFor(n, threads, [&](size_t i) { loaded[i] = Load(*files[first + i]); });
    load_s += Seconds(t);
    t = Clock::now();
    std::vector<PassDiff> diffs(n);
    ParallelFor(n, threads, [&](size_t i) {
      if (first + i == 0) return;
      const Snapshot& before = i == 0 ? *previous : *loaded[i - 1].snap;
      diffs[i] = DiffPass(before, *loaded[i].snap);
    });
    diff_s += Seconds(t);
    for (size_t i = 0; i < n; ++i) {
      size_t index = first + i;
      const Snapshot& snap = *loaded[i].snap;
      if (index == 0) {
        report.AddSnapshot(snap, nullptr);
        entries.push_back(MakeFrontendEntry(snap, DisplayText(listing.frontend.log_name), loaded[i].log_text));
        continue;
      }
      report.AddSnapshot(snap, &diffs[i]);
      diffs[i].fixes.clear();
      const DumpPass& p = listing.passes[index - 1];
      entries.push_back(MakePassEntry(static_cast<long>(p.number), DisplayText(p.pass_name),
                                      static_cast<int>(index - 1), static_cast<int>(index), snap,
                                      std::move(diffs[i]), DisplayText(p.file.log_name), loaded[i].log_text));
    }
    previous = std::move(loaded[n - 1].snap);
    progress.Update(first + n);
  }
  previous.reset();

  std::vector<Loaded> codegen(listing.codegen.size());
  ParallelFor(codegen.size(), threads, [&](size_t i) { codegen[i] = Load(listing.codegen[i].file); });
  for (size_t i = 0; i < codegen.size(); ++i) {
    int index = report.AddSnapshot(*codegen[i].snap, nullptr);
    entries.push_back(MakeCodegenEntry(listing.codegen[i].role, index, *codegen[i].snap));
  }
  codegen.clear();

  report.BeginEntries();
  for (const Entry& e : entries) {
    report.AddEntry(e);
    summary.warnings += e.warnings.size();
    if (e.kind == "pass") {
      ++summary.passes;
      summary.changed += e.ins + e.del > 0;
      summary.failed += e.status == "failed";
    }
    summary.codegen += e.kind == "codegen";
  }
  report.Finish();
  if (deflate) {
    deflate->Finish();
    out.Write(R"("})");
  }
  out.Write(shell.tail);
  out.Commit();
  progress.Clear();
  spdlog::debug("{} snapshots, {} passes ({} changed), {} codegen; load {:.3f}s, diff {:.3f}s, total {:.3f}s",
                files.size(), summary.passes, summary.changed, summary.codegen, load_s, diff_s, Seconds(start));
  return summary;
}

int RunConvert(const ConvertOptions& options, std::FILE* err) {
  auto logger = std::make_shared<spdlog::logger>("ir-trace", std::make_shared<spdlog::sinks::stderr_sink_st>());
  logger->set_pattern("ir-trace: %v");
  logger->set_level(options.verbose ? spdlog::level::debug : spdlog::level::warn);
  spdlog::set_default_logger(logger);
  try {
    ConvertSummary s = ConvertDump(options);
    if (!options.quiet) {
      std::string line = fmt::format("wrote {}: {} {}, {} changed", options.output, s.passes,
                                     s.passes == 1 ? "pass" : "passes", s.changed);
      if (s.failed) line += fmt::format(", {} failed", s.failed);
      if (s.codegen) line += fmt::format(", {} codegen", s.codegen);
      line += fmt::format(", {} {}", s.warnings, s.warnings == 1 ? "warning" : "warnings");
      std::fprintf(err, "%s\n", line.c_str());
    }
    return static_cast<int>(ExitCode::kOk);
  } catch (const Error& e) {
    PrintError(err, e.what());
    return static_cast<int>(e.code());
  } catch (const std::bad_alloc&) {
    PrintError(err, "out of memory");
    return static_cast<int>(ExitCode::kInput);
  } catch (const std::exception& e) {
    PrintError(err, std::string("internal error: ") + e.what());
    return static_cast<int>(ExitCode::kInput);
  }
}

}  // namespace irtrace
