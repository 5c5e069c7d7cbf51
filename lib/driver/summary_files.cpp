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
    try {
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
    } catch (const Error& e) {
      console->Error(e.what());
      ok = false;
    }
  }
  return ok ? 0 : static_cast<int>(ExitCode::kInput);
}

}  // namespace irtrace
