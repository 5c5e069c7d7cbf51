#include "driver/merge_index.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "driver/job_failure.h"
#include "report/batch_index.h"
#include "report/json_summary_reader.h"
#include "util/error.h"
#include "util/output_file.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

// The summary's text. Throws Error naming `file` and the cause (errno's words).
std::string ReadText(const std::string& file) {
  errno = 0;
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error(file + ": cannot read the summary: " + std::strerror(errno ? errno : EIO));
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) throw Error(file + ": cannot read the summary: " + std::strerror(errno ? errno : EIO));
  return s.str();
}

}  // namespace

std::string IndexLink(const std::string& report, const std::string& index_path) {
  if (report.empty()) return "";
  fs::path dir = fs::absolute(fs::path(index_path)).parent_path().lexically_normal();
  fs::path target = fs::absolute(fs::path(report)).lexically_normal();
  fs::path rel = target.lexically_relative(dir);
  return rel.empty() ? target.generic_string() : rel.generic_string();
}

int RunIndex(const std::vector<std::string>& summaries, const std::string& index_path, Console* console) {
  std::vector<DumpResult> dumps;
  JobFailure failed = CatchFailure("", [&] {
    for (const std::string& file : summaries) {
      for (DumpResult& d : ReadJsonSummary(ReadText(file), file)) {
        d.report_name = IndexLink(d.report, index_path);
        d.baseline.report_name = IndexLink(d.baseline.report, index_path);
        dumps.push_back(std::move(d));
      }
    }
    OutputFile out(ResolveOutput(index_path));
    WriteBatchIndex(dumps, &out);
    out.Commit();
  });
  if (failed.status != DumpStatus::kOk) {
    console->Error(failed.line);
    return failed.code;
  }
  console->Line(fmt::format("wrote {}: {} {} from {} {}", index_path, dumps.size(),
                            dumps.size() == 1 ? "dump" : "dumps", summaries.size(),
                            summaries.size() == 1 ? "summary" : "summaries"));
  return 0;
}

}  // namespace irtrace
