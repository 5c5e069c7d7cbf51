#include "driver/summary_files.h"

#include <functional>

#include "report/json_summary.h"
#include "report/junit_summary.h"
#include "report/markdown_summary.h"
#include "util/error.h"
#include "util/output_file.h"

namespace irtrace {
namespace {

// Writes one summary to `path` through `write`; prints the error and returns false when it fails.
bool WriteOne(const std::string& path, const std::function<void(OutputSink*)>& write, Console* console) {
  if (path.empty()) return true;
  try {
    OutputFile file(ResolveOutput(path));
    write(&file);
    file.Commit();
    return true;
  } catch (const Error& e) {
    console->Error(e.what());
    return false;
  }
}

}  // namespace

int WriteSummaries(const SummaryPaths& paths, bool check, const std::vector<DumpResult>& dumps, Console* console) {
  bool ok = WriteOne(paths.json, [&](OutputSink* out) { WriteJsonSummary(dumps, check, out); }, console);
  ok &= WriteOne(paths.junit, [&](OutputSink* out) { WriteJunitSummary(dumps, out); }, console);
  ok &= WriteOne(paths.markdown, [&](OutputSink* out) { WriteMarkdownSummary(dumps, paths.markdown, check, out); },
                 console);
  return ok ? 0 : static_cast<int>(ExitCode::kInput);
}

}  // namespace irtrace
