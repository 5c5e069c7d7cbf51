#include "report/run_result.h"

#include "input/text_decode.h"
#include "report/report_model.h"

namespace irtrace {

std::string FirstErrorLine(const std::string& text) {
  std::string first;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    size_t b = line.find_first_not_of(" \t\r");
    line = b == std::string::npos ? "" : line.substr(b, line.find_last_not_of(" \t\r") - b + 1);
    if (LogHasError(line)) return line;
    if (first.empty()) first = line;
    at = end + 1;
  }
  return first;
}

std::string AsText(std::string bytes) {
  std::vector<DecodeIssue> ignored;
  DecodeUtf8(&bytes, &ignored);
  return bytes;
}

const char* StatusName(DumpStatus status) {
  switch (status) {
    case DumpStatus::kOk: return "ok";
    case DumpStatus::kInvalid: return "invalid";
    case DumpStatus::kError: return "error";
  }
  return "error";
}

bool ParseDumpStatus(const std::string& text, DumpStatus* status) {
  for (DumpStatus s : {DumpStatus::kOk, DumpStatus::kInvalid, DumpStatus::kError}) {
    if (text == StatusName(s)) {
      *status = s;
      return true;
    }
  }
  return false;
}

const char* BaselineStatusName(BaselineStatus status) {
  switch (status) {
    case BaselineStatus::kDiverged: return "diverged";
    case BaselineStatus::kSame: return "same";
    case BaselineStatus::kMissing: return "missing";
    case BaselineStatus::kError: return "error";
  }
  return "error";
}

bool ParseBaselineStatus(const std::string& text, BaselineStatus* status) {
  for (BaselineStatus s :
       {BaselineStatus::kDiverged, BaselineStatus::kSame, BaselineStatus::kMissing, BaselineStatus::kError}) {
    if (text == BaselineStatusName(s)) {
      *status = s;
      return true;
    }
  }
  return false;
}

int ProblemRank(const DumpResult& d) {
  if (d.status != DumpStatus::kOk) return 0;
  if (d.failed > 0) return 1;
  return d.warnings > 0 ? 2 : 3;
}

size_t NoopPasses(const DumpResult& d) {
  size_t n = 0;
  for (const PassResult& p : d.pass_results) n += p.status == PassStatus::kNoop;
  return n;
}

}  // namespace irtrace
