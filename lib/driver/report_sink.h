// Where a job's report goes, judged before anything is read: the output file (util/output_file.h), or
// nowhere (--check); and the rule that it must not replace one of the dump's own files.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "input/dump_dir.h"
#include "util/output_file.h"
#include "util/output_sink.h"

namespace irtrace {

// Throws Error (ExitCode::kUsage) when writing `target` would replace a file of `listing` (a snapshot, a
// .log, a codegen source): renaming the report into place would destroy that input. Both sides are judged
// at the end of their symbolic links; a hard link to a snapshot is another directory entry and is allowed.
// A device, FIFO or standard output is written in place and never refused.
void RefuseOverwritingInput(const OutputTarget& target, const DumpListing& listing);

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
