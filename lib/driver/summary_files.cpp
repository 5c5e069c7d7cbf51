#include "driver/summary_files.h"

#include <functional>

#include "driver/job_failure.h"
#include "report/json_summary.h"
#include "report/junit_summary.h"
#include "report/markdown_summary.h"
#include "util/error.h"
#include "util/output_file.h"

namespace irtrace {
namespace {

// Runs `write` (one summary's whole write) through CatchFailure (driver/job_failure.h); prints the error
// ("--json summary not written: ...") and returns false when it fails.
bool Written(const std::function<void()>& write, Console* console) {
  JobFailure failed = CatchFailure("", write);
  if (failed.status == DumpStatus::kOk) return true;
  console->Error(failed.line);
  return false;
}

// Writes one summary (`flag`, e.g. "--json") to `path` through `write`; false when it fails (printed).
bool WriteOne(const char* flag, const std::string& path, const std::function<void(OutputSink*)>& write,
              Console* console) {
  if (path.empty()) return true;
  return Written(
      [&] {
        NamingWhatFailed(std::string(flag) + " summary", [&] {
          OutputFile file(ResolveOutput(path));
          write(&file);
          file.Commit();
        });
      },
      console);
}

}  // namespace

int WriteSummaries(const SummaryPaths& paths, bool check, const std::string& index,
                   const std::vector<DumpResult>& dumps, Console* console) {
  bool ok = WriteOne("--json", paths.json, [&](OutputSink* out) { WriteJsonSummary(dumps, check, out); }, console);
  ok &= WriteOne("--junit", paths.junit, [&](OutputSink* out) { WriteJunitSummary(dumps, out); }, console);
  MarkdownOptions md;
  md.markdown_path = paths.markdown;
  md.index = index;
  md.check = check;
  if (!paths.markdown_append) {
    ok &= WriteOne(
        "--markdown", paths.markdown, [&](OutputSink* out) { out->Write(MarkdownSummary(dumps, md)); }, console);
  } else {
    ok &= Written(
        [&] {
          NamingWhatFailed("--markdown-append summary", [&] {
            AppendToFile(paths.markdown, [&](uint64_t earlier) {
          // After a line break, so the heading starts a line whatever the earlier bytes end with.
              std::string gap = earlier > 0 ? "\n" : "";
              size_t room = earlier >= kMarkdownLimit ? 0 : kMarkdownLimit - static_cast<size_t>(earlier);
              md.limit = room < gap.size() ? 0 : room - gap.size();
              std::string text = MarkdownSummary(dumps, md);
              return text.empty() ? text : gap + text;
            });
          });
        },
        console);
  }
  return ok ? 0 : static_cast<int>(ExitCode::kInput);
}

}  // namespace irtrace
