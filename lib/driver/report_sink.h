// Where a job's report goes, judged before anything is read: the output file (util/output_file.h), or
// nowhere (--check); and the rule that it must not replace one of the dump's own files.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input/dump_dir.h"
#include "util/output_file.h"
#include "util/output_sink.h"

namespace irtrace {

// Throws Error (ExitCode::kUsage) when writing `target` would replace a file of `listing` (a snapshot, a
// .log, a codegen source): renaming the report into place would destroy that input. Both sides are judged
// at the end of their symbolic links; a hard link to a snapshot is another directory entry and is allowed.
// A device, FIFO or standard output is written in place and never refused.
void RefuseOverwritingInput(const OutputTarget& target, const DumpListing& listing);

// Throws Error (ExitCode::kUsage) when `target` would be written into the dump directory `dump_dir` (the
// input as given), or below it, under a name a dump would read as one of its files (input/input_format.h
// IsDumpFileName: `-o DUMP/02_after_Report.py`, `-o DUMP/00_frontend.html`): on the next run the report
// would be a snapshot, or make the dump invalid. Directories are compared at the end of their symbolic
// links. Nothing for a `dump_dir` that is no directory (a log, standard input), a device, FIFO or
// standard output.
void RefuseDumpFileName(const OutputTarget& target, const std::string& dump_dir);

// Batch mode: throws Error (ExitCode::kUsage) when `out_dir` (OUTDIR) is a dump directory or lies below
// one (input/input_format.h DetectDirectory on it and each directory above it) and one of `names` (file
// names the batch writes there: reports, depfiles) is a name a dump would read (IsDumpFileName).
void RefuseDumpFileNames(const std::string& out_dir, const std::vector<std::string>& names);

// The report's bytes: to the output file when a target is given (appearing complete at Commit, or not at
// all), else dropped. Each Error of the file is thrown as a WriteError "report not written: ...".
class ReportSink : public OutputSink {
 public:
  explicit ReportSink(const std::optional<OutputTarget>& target);
  void Write(std::string_view bytes) override;
  // Makes the report appear (util/output_file.h OutputFile::Commit); nothing without a target.
  void Commit();

 private:
  std::unique_ptr<OutputFile> file_;
};

}  // namespace irtrace
