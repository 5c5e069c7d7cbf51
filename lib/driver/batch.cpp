#include "driver/batch.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <new>

#include <fmt/format.h>

#include "driver/compare.h"
#include "driver/find_dumps.h"
#include "driver/job_failure.h"
#include "driver/report_name.h"
#include "driver/report_sink.h"
#include "driver/shard.h"
#include "input/input_format.h"
#include "report/batch_index.h"
#include "util/output_file.h"
#include "util/parallel.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

// One dump to convert: where it is, how it is named, where its report goes.
struct Job {
  std::string dump;         // path to read, as given (or ROOT joined with the found path)
  std::string report;       // report path ("" with --check)
  std::string report_name;  // batch: "<name>.html"
  std::string depfile;      // the report's depfile ("" for none)
  std::string baseline;     // --baseline: ROOT2 joined with the dump's relative path ("" for none)
  std::string compare_name; // --baseline: "compare/<name>.html"
  std::string part;         // one of InputParts(dump): the report of that part ("" for all)
};

std::string JoinPath(const std::string& dir, const std::string& rel) {
  if (rel == ".") return dir;
  return dir.empty() || dir.back() == '/' ? dir + rel : dir + "/" + rel;
}

// Writes the depfile of `report`, made from `summary.inputs` of `dump`, to `path` (complete or not at all,
// as the report: util/output_file.h); a -v line names each file left out. Throws WriteError (kInput)
// naming the depfile when it cannot be written ("depfile not written: ...") or the format cannot spell the
// report or the dump directory ("cannot write the depfile ...").
void WriteDepfile(const std::string& path, const std::string& report, const std::string& dump,
                  const ConvertSummary& summary, DepfileFormat format, const ConvertObserver& observer) {
  Depfile d = MakeDepfile(report, summary.inputs, dump, format);
  const char* tool = format == DepfileFormat::kMake ? "make" : "ninja";
  if (d.text.empty()) {
    throw WriteError(fmt::format("cannot write the depfile '{}': {} cannot spell '{}'", path, tool, d.left_out.at(0)));
  }
  if (observer.diagnostic) {
    for (const std::string& p : d.left_out) {
      observer.diagnostic(
          fmt::format("depfile: left out '{}' ({} cannot spell it; the dump directory is listed)", p, tool));
    }
  }
  NamingWhatFailed("depfile", [&] {
    OutputFile out(ResolveOutput(path));  // as the report: a symbolic link is followed, a FIFO written in place
    out.Write(d.text);
    out.Commit();
  });
}

// Converts one dump, catching what stops it into the result (so a bad dump does not stop a batch) through
// CatchFailure (driver/job_failure.h): a WriteError (an output not written) or running out of memory is
// DumpStatus::kError, any other Error kInvalid. Sets *error_line to the line to print for it ("" when
// converted): the error, after the dump's path when it names files inside the dump. Returns the exit code
// class of its failure (0 when converted).
int ConvertOne(const Job& job, const ConvertOptions& base, DepfileFormat depfile_format,
               const ConvertObserver& observer, DumpResult* r, std::string* error_line) {
  ConvertOptions o = base;
  o.dump_dir = job.dump;
  o.part = job.part;
  o.output = job.report.empty() ? o.output : job.report;
  if (!job.depfile.empty()) o.side_outputs.push_back(job.depfile);
  r->path = job.part.empty() ? job.dump : JoinPath(job.dump, job.part);
  r->report_name = job.report_name;
  auto start = std::chrono::steady_clock::now();
  JobFailure failed = CatchFailure(r->path, [&] {
    ConvertSummary s = ConvertDump(o, observer);
    r->report = o.write_report ? job.report : "";
    r->title = s.title;
    r->passes = s.passes;
    r->changed = s.changed;
    r->failed = s.failed;
    r->warnings = s.warnings;
    r->codegen = s.codegen;
    r->input_bytes = s.input_bytes;
    r->pass_results = std::move(s.pass_results);
    r->warning_list = std::move(s.warning_list);
    if (o.write_report && !job.depfile.empty()) {
      WriteDepfile(job.depfile, o.output, job.dump, s, depfile_format, observer);
    }
  });
  r->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r->status = failed.status;
  r->error = failed.message;
  *error_line = failed.line;
  return failed.code;
}

// The path under --baseline ROOT2 of a dump given as `given` (as found under --find ROOT, or as given):
// the relative path, lexically normalised ("a/./b/" is "a/b"). Throws Error (kUsage) for one that has no
// place under ROOT2: absolute, or leading out of the current directory ("../x").
std::string BaselineRelative(const std::string& given) {
  fs::path rel = fs::path(given).lexically_normal();
  std::string text = rel.generic_string();
  while (!text.empty() && text.back() == '/') text.pop_back();
  if (rel.is_absolute() || text == ".." || text.rfind("../", 0) == 0) {
    throw Error("--baseline compares each dump with the same relative path under ROOT2, and '" + given +
                    "' has none: give dumps by paths inside the current directory, or use --find ROOT",
                ExitCode::kUsage);
  }
  return text.empty() ? "." : text;
}

// Compares a converted dump with its baseline into its compare report (RunOptions::baseline), catching
// what stops it into r->baseline. Returns the exit code class of its failure (0 when compared or missing).
int CompareWithBaseline(const Job& job, const std::string& out_dir, const ConvertOptions& base, DumpResult* r) {
  r->has_baseline = true;
  BaselineResult& b = r->baseline;
  b.path = job.baseline;
  std::error_code ec;
  if (!fs::is_directory(job.baseline, ec)) {
    b.status = BaselineStatus::kMissing;
    return 0;
  }
  CompareOptions o;
  o.base_dump = job.baseline;
  o.head_dump = job.dump;
  o.output = JoinPath(out_dir, job.compare_name);
  o.context = base.context;
  o.threads = base.threads;
  o.compress = base.compress;
  JobFailure failed = CatchFailure("", [&] {
    CompareSummary s = CompareDumps(o);
    b.status = s.first.found ? BaselineStatus::kDiverged : BaselineStatus::kSame;
    b.divergence = DivergenceText(s.first);
    b.report = o.output;
    b.report_name = job.compare_name;
  });
  if (failed.status == DumpStatus::kOk) return 0;
  b.status = BaselineStatus::kError;
  b.error = failed.line;  // CompareDumps names each run's dump itself
  return failed.code;
}

// The line naming why a dump trips --fail-on diverged, or "".
std::string DivergedLine(const DumpResult& r, bool fail_on_diverged) {
  if (!fail_on_diverged || !r.has_baseline || r.baseline.status != BaselineStatus::kDiverged) return "";
  return r.path + ": diverges from " + r.baseline.path + " at " + r.baseline.divergence + " (--fail-on diverged)";
}

// The line naming why a converted dump trips --fail-on, or "".
std::string FailOnLine(const DumpResult& r, FailOn fail_on) {
  if (r.status != DumpStatus::kOk || fail_on == FailOn::kInvalid) return "";
  for (const PassResult& p : r.pass_results) {
    if (p.status != PassStatus::kFailed) continue;
    std::string line = fmt::format("{}: pass {} ({}) failed", r.path, p.num, p.name);
    if (r.failed > 1) line += fmt::format(", {} failed in all", r.failed);
    std::string first = FirstErrorLine(p.error);
    return line + (first.empty() ? "" : ": " + first) + " (--fail-on)";
  }
  if (fail_on == FailOn::kWarning && r.warnings > 0) {
    return fmt::format("{}: {} {} (--fail-on warning)", r.path, r.warnings, r.warnings == 1 ? "warning" : "warnings");
  }
  return "";
}

// Batch mode: the jobs (of --shard's part only), with their report names. Throws Error when ROOT cannot be searched or holds no dump.
std::vector<Job> BatchJobs(const RunOptions& options) {
  std::vector<std::string> paths = options.dumps;  // what names are made from
  std::vector<std::string> dumps = options.dumps;  // what is read
  if (!options.find_root.empty()) {
    std::vector<std::string> found = FindDumps(options.find_root);
    // A CI gate over a wrong directory (or dumps behind a symbolic link) must not pass by checking nothing.
    if (found.empty()) {
      throw Error("no dump under '" + options.find_root +
                  "': no directory there holds a 00_frontend.<ext> (symbolic links are not followed)");
    }
    for (const std::string& rel : found) {
      paths.push_back(rel);
      dumps.push_back(JoinPath(options.find_root, rel));
    }
  }
  // An input that yields several reports (an XLA directory's modules) is one job per part, named by its
  // path and the part.
  std::vector<std::string> parts(dumps.size());
  for (size_t i = 0; i < dumps.size();) {
    std::vector<std::string> found = InputParts(dumps[i], options.convert.format, options.convert.all_runs);
    if (found.empty()) {
      ++i;
      continue;
    }
    std::string path = paths[i], dump = dumps[i];
    paths.erase(paths.begin() + static_cast<long>(i));
    dumps.erase(dumps.begin() + static_cast<long>(i));
    parts.erase(parts.begin() + static_cast<long>(i));
    for (const std::string& part : found) {
      paths.insert(paths.begin() + static_cast<long>(i), JoinPath(path, part));
      dumps.insert(dumps.begin() + static_cast<long>(i), dump);
      parts.insert(parts.begin() + static_cast<long>(i), part);
      ++i;
    }
  }
  // Names are made over every dump, before sharding, so a report has one name whichever shard writes it.
  std::vector<std::string> names = ReportNames(paths);
  std::vector<Job> jobs;
  for (size_t i = 0; i < dumps.size(); ++i) {
    if (!InShard(paths[i], options.shard)) continue;
    Job job;
    job.dump = dumps[i];
    job.part = parts[i];
    job.report_name = names[i] + ".html";
    if (!options.check) job.report = JoinPath(options.out_dir, job.report_name);
    if (!options.check && options.depfiles) job.depfile = JoinPath(options.out_dir, names[i] + ".d");
    if (!options.baseline.empty()) {
      job.baseline = JoinPath(options.baseline, BaselineRelative(paths[i]));
      job.compare_name = "compare/" + names[i] + ".html";
    }
    jobs.push_back(std::move(job));
  }
  return jobs;
}

// The closing line of a batch with --baseline: "compared with ROOT2: 3 diverged, 5 same, 1 without a
// baseline" (the counts after the first two only when not 0).
std::string BaselineLine(const std::string& root2, const std::vector<DumpResult>& results) {
  size_t diverged = 0, same = 0, missing = 0, failed = 0;
  for (const DumpResult& r : results) {
    if (!r.has_baseline) continue;  // a dump that could not be converted is not compared
    BaselineStatus st = r.baseline.status;
    diverged += st == BaselineStatus::kDiverged;
    same += st == BaselineStatus::kSame;
    missing += st == BaselineStatus::kMissing;
    failed += st == BaselineStatus::kError;
  }
  std::string line = fmt::format("compared with {}: {} diverged, {} same", root2, diverged, same);
  if (missing) line += fmt::format(", {} without a baseline", missing);
  if (failed) line += fmt::format(", {} could not be compared", failed);
  return line;
}

// Makes OUTDIR (one level: its parent must exist). Throws Error (kUsage) when it is neither an existing
// directory nor a name ending in '/' (several reports asked into one file), Error (kInput) when it cannot
// be made.
void MakeOutDir(const std::string& dir) {
  std::error_code ec;
  if (fs::is_directory(dir, ec)) return;
  if (dir.back() != '/') {
    throw Error(
        "several reports go to a directory: -o takes an existing directory or a name ending in '/', got '" + dir + "'",
        ExitCode::kUsage);
  }
  if (!fs::create_directory(dir, ec) && ec) {
    throw Error("cannot create the directory '" + dir + "': " + ec.message());
  }
}

// Makes OUTDIR (and OUTDIR/compare/ with --baseline, whose ROOT2 must be a directory). Throws Error as
// MakeOutDir does, and for a ROOT2 that is not a directory.
void MakeOutDirs(const RunOptions& options) {
  if (!options.check) MakeOutDir(options.out_dir);
  if (options.baseline.empty()) return;
  std::error_code ec;
  // A misspelt ROOT2 must not pass as "every dump without a baseline".
  if (!fs::is_directory(options.baseline, ec)) {
    throw Error("cannot use --baseline '" + options.baseline + "': " +
                (ec                                 ? ec.message()
                 : fs::exists(options.baseline, ec) ? "not a directory"
                                                    : "No such file or directory"));
  }
  MakeOutDir(JoinPath(options.out_dir, "compare/"));
}

// Writes OUTDIR/index.html (not with --check). Returns the exit code class of a failure (0 when written),
// printing its error line.
int WriteIndexPage(const RunOptions& options, const std::vector<DumpResult>& out, Console* console) {
  if (options.check) return 0;
  JobFailure failed = CatchFailure("", [&] {
    NamingWhatFailed("index", [&] {
      OutputFile index(ResolveOutput(JoinPath(options.out_dir, "index.html")));
      WriteBatchIndex(out, &index);
      index.Commit();
    });
  });
  if (failed.status == DumpStatus::kOk) return 0;
  console->Error(failed.line);
  return static_cast<int>(ExitCode::kInput);  // as a summary not written (summary_files.h)
}

// OUTDIR inside a dump: no report or depfile of `jobs` may take a name that dump would read as its own.
// Throws Error as RefuseDumpFileNames does.
void RefuseOutputNamesInDump(const std::string& out_dir, const std::vector<Job>& jobs) {
  std::vector<std::string> names;
  for (const Job& job : jobs) {
    names.push_back(job.report_name);
    if (!job.depfile.empty()) names.push_back(fs::path(job.depfile).filename().string());
  }
  RefuseDumpFileNames(out_dir, names);
}

// The conversion options of each of `jobs` dumps.
ConvertOptions JobOptions(const RunOptions& options, size_t jobs) {
  ConvertOptions base = options.convert;
  base.write_report = !options.check;
  if (options.check) base.compress = false;  // nothing is written: spare the deflate
  // Dumps run side by side with one thread each, so memory holds the dumps in flight; alone, a dump
  // gets every core.
  if (jobs > 1 && options.jobs != 1) base.threads = 1;
  return base;
}

// Prints a finished dump's error lines: its conversion's (error_line, may be empty), its baseline's, and
// the --fail-on and --fail-on diverged lines. Returns kInput when one of the last two is printed, else 0.
int PrintDumpLines(const DumpResult& r, const std::string& error_line, const RunOptions& options, Console* console) {
  int code = 0;
  if (!error_line.empty()) console->Error(error_line);
  if (r.has_baseline && r.baseline.status == BaselineStatus::kError) console->Error(r.baseline.error);
  for (const std::string& line : {FailOnLine(r, options.fail_on), DivergedLine(r, options.fail_on_diverged)}) {
    if (line.empty()) continue;
    console->Error(line);
    code = static_cast<int>(ExitCode::kInput);
  }
  return code;
}

// The closing line's counts of a batch's results.
Console::BatchCounts CountResults(const std::vector<DumpResult>& out) {
  Console::BatchCounts counts;
  counts.dumps = out.size();
  for (const DumpResult& r : out) {
    counts.reports += !r.report.empty();
    counts.invalid += r.status == DumpStatus::kInvalid;
    counts.errors += r.status == DumpStatus::kError;
    counts.with_failed += r.status == DumpStatus::kOk && r.failed > 0;
    counts.with_warnings += r.status == DumpStatus::kOk && r.warnings > 0;
  }
  return counts;
}

int RunBatch(const RunOptions& options, Console* console, std::vector<DumpResult>* results) {
  std::vector<Job> jobs;
  JobFailure failed = CatchFailure("", [&] {
    jobs = BatchJobs(options);
    if (!options.check) RefuseOutputNamesInDump(options.out_dir, jobs);
    MakeOutDirs(options);
  });
  if (failed.status != DumpStatus::kOk) {
    console->Error(failed.line);
    return failed.code;
  }
  ConvertOptions base = JobOptions(options, jobs.size());
  unsigned jobs_at_once = options.jobs;

  std::mutex mu;  // the console is not thread-safe
  size_t done = 0;
  std::vector<DumpResult> out(jobs.size());
  std::vector<int> codes(jobs.size(), 0);
  std::vector<std::string> error_lines(jobs.size());
  ParallelFor(jobs.size(), jobs_at_once, [&](size_t i) {
    {
      std::lock_guard<std::mutex> lock(mu);
      console->DumpProgress(done, jobs.size(), jobs[i].dump);
    }
    ConvertObserver observer;
    if (console->Verbose()) {
      observer.diagnostic = [&, i](const std::string& line) {
        std::lock_guard<std::mutex> lock(mu);
        console->Diagnostic(jobs[i].dump + ": " + line);
      };
    }
    codes[i] = ConvertOne(jobs[i], base, options.depfile_format, observer, &out[i], &error_lines[i]);
    if (out[i].status == DumpStatus::kOk && !jobs[i].baseline.empty()) {
      codes[i] = std::max(codes[i], CompareWithBaseline(jobs[i], options.out_dir, base, &out[i]));
    }
    std::lock_guard<std::mutex> lock(mu);
    ++done;
    codes[i] = std::max(codes[i], PrintDumpLines(out[i], error_lines[i], options, console));
    console->DumpProgress(done, jobs.size(), jobs[i].dump);
  });

  int code = 0;
  for (int c : codes) code = std::max(code, c);
  Console::BatchCounts counts = CountResults(out);
  int index_code = WriteIndexPage(options, out, console);
  code = std::max(code, index_code);
  std::string index = options.check || index_code != 0 ? "" : JoinPath(options.out_dir, "index.html");
  code = std::max(code, WriteSummaries(options.summaries, options.check, index, out, console));
  console->BatchSummary(options.out_dir, options.check, counts);
  if (!options.baseline.empty()) console->Line(BaselineLine(options.baseline, out));
  if (results) *results = std::move(out);
  return code;
}

int RunSingle(const RunOptions& options, Console* console, std::vector<DumpResult>* results) {
  ConvertOptions o = options.convert;
  o.write_report = !options.check;
  if (options.check) o.compress = false;
  Job job{o.dump_dir, options.check ? "" : o.output, "", options.check ? "" : options.depfile, "", "", ""};
  DumpResult r;
  std::string error_line;
  int code = ConvertOne(job, o, options.depfile_format, console->Observer(), &r, &error_line);
  if (r.status != DumpStatus::kOk) {
    console->Error(error_line);
  } else {
    ConvertSummary s;
    s.passes = r.passes;
    s.changed = r.changed;
    s.failed = r.failed;
    s.warnings = r.warnings;
    s.codegen = r.codegen;
    if (options.check) {
      console->Summary(o.dump_dir, s, "checked");
    } else {
      console->Summary(o.output == "-" ? "standard output" : o.output, s);
    }
    std::string fail_on = FailOnLine(r, options.fail_on);
    if (!fail_on.empty()) {
      console->Error(fail_on);
      code = static_cast<int>(ExitCode::kInput);
    }
  }
  std::vector<DumpResult> all(1, std::move(r));
  code = std::max(code, WriteSummaries(options.summaries, options.check, "", all, console));
  if (results) *results = std::move(all);
  return code;
}

}  // namespace

int RunDumps(const RunOptions& options, Console* console, std::vector<DumpResult>* results) {
  return options.batch ? RunBatch(options, console, results) : RunSingle(options, console, results);
}

}  // namespace irtrace
