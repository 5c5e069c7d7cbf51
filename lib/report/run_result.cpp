#include "report/run_result.h"

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

}  // namespace irtrace
