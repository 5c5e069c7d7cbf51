#include "input/llvm_dump_dir.h"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <vector>

#include "input/llvm_log.h"
#include "input/log_listing.h"
#include "input/program_name.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

const std::regex& DumpName() {
  static const std::regex re(
      R"(^(\d+)-[0-9a-f]+-(module|function|scc|loop)(-[0-9a-f]+)?-(.+)-(before|after|invalidated)\.ll$)");
  return re;
}

// The dump files, by N (numerically), then name.
std::vector<std::string> DumpFiles(const std::string& dir) {
  std::vector<std::pair<std::pair<size_t, std::string>, std::string>> found;
  std::error_code ec;
  fs::directory_iterator it(dir, ec), end;
  if (ec) throw DumpError("cannot read the dump: " + ec.message());
  for (; it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    std::smatch m;
    if (!std::regex_match(name, m, DumpName()) || !it->is_regular_file(ec)) continue;
    std::string n = m[1];
    n.erase(0, std::min(n.find_first_not_of('0'), n.size() - 1));
    found.push_back({{n.size(), n}, name});
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

}  // namespace

bool IsLlvmDumpDirName(const std::string& name) { return std::regex_match(name, DumpName()); }

bool LooksLikeLlvmDumpDir(const std::string& dir) {
  std::error_code ec;
  bool found = false;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (IsFrontendName(name)) return false;
    found = found || std::regex_match(name, DumpName());
  }
  return found;
}

DumpListing ListLlvmDumpDir(const std::string& dir) {
  std::vector<std::string> files = DumpFiles(dir);
  if (files.empty())
    throw DumpError("no LLVM dump file ({N}-{hash}-{unit}-{Pass}-{after|before}.ll, as -ir-dump-directory writes)");
  DumpListing listing = ReadFilesAsLog(dir, files, ReadLlvmLog);
  if (listing.title == LogStem(dir) || listing.title.empty()) listing.title = DumpDirectoryTitle(dir);
  return listing;
}

}  // namespace irtrace
