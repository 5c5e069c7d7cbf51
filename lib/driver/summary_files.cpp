#include "driver/summary_files.h"

#include <functional>

#include "report/json_summary.h"
#include "report/junit_summary.h"
#include "report/markdown_summary.h"
#include "util/error.h"
#include "util/output_file.h"

namespace irtrace {
namespace {

// Writes one summary (`flag`, e.g. "--json") to `path` through `write`; prints the error ("--json summary
// not written: ...") and returns false when it fails.
bool WriteOne(const char* flag, const std::string& path, const std::function<void(OutputSink*)>& write,
              Console* console) {
  if (path.empty()) return true;
  try {
    NamingWhatFailed(std::string(flag) + " summary", [&] {
      OutputFile file(ResolveOutput(path));
      write(&file);
      file.Commit();
    });
    return true;
  } catch (const Error& e) {
    console->Error(e.what());
    return false;
  }
}

}  // namespace

int WriteSummaries(const SummaryPaths& paths, bool check, const std::vector<DumpResult>& dumps, Console* console) {
  bool ok = WriteOne("--json", paths.json, [&](OutputSink* out) { WriteJsonSummary(dumps, check, out); }, console);
  ok &= WriteOne("--junit", paths.junit, [&](OutputSink* out) { WriteJunitSummary(dumps, out); }, console);
  ok &= WriteOne("--markdown", paths.markdown, [&](OutputSink* out) { WriteMarkdownSummary(dumps, paths.markdown, check, out); },
                 console);
  return ok ? 0 : static_cast<int>(ExitCode::kInput);
}

}  // namespace irtrace
