#include "driver/find_dumps.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <set>

#include "input/dump_dir.h"
#include "util/error.h"

namespace irtrace {

std::vector<std::string> FindDumps(const std::string& root) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    std::string cause = ec ? ec.message() : fs::exists(root, ec) ? "Not a directory" : "No such file or directory";
    throw Error("cannot search '" + root + "': " + cause);
  }
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
  if (ec) throw Error("cannot search '" + root + "': " + ec.message());
  std::set<std::string> found;
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    if (!IsFrontendName(it->path().filename().string())) continue;
    fs::path rel = it->path().parent_path().lexically_relative(root);
    found.insert(rel.empty() ? "." : rel.string());
  }
  if (ec) throw Error("cannot search '" + root + "': " + ec.message());
  return std::vector<std::string>(found.begin(), found.end());
}

}  // namespace irtrace
