#include "driver/find_dumps.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <set>

#include "input/dump_dir.h"
#include "input/input_format.h"
#include "util/error.h"

namespace irtrace {

std::vector<std::string> FindDumps(const std::string& root) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    std::string cause = ec ? ec.message() : fs::exists(root, ec) ? "Not a directory" : "No such file or directory";
    throw Error("cannot search '" + root + "': " + cause);
  }
  std::set<std::string> found;
  // A dump, or a passes_dump that holds no snapshot and no subdirectory: a compiler that stopped before its
  // frontend. It is listed (an invalid dump: "no snapshot") so that a gate over it does not pass by
  // checking nothing; one with subdirectories may hold dumps of its own and is searched instead.
  auto is_dump = [](const fs::path& dir) {
    if (DetectDirectory(dir.string()) != InputFormat::kAuto) return true;
    if (dir.filename() != "passes_dump" && !(dir.filename().empty() && dir.parent_path().filename() == "passes_dump")) {
      return false;
    }
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      std::error_code type_ec;
      if (it->is_directory(type_ec)) return false;
    }
    return true;
  };
  auto add = [&](const fs::path& dir) {
    fs::path rel = dir.lexically_relative(root);
    found.insert(rel.empty() || rel == "." ? "." : rel.string());
  };
  // A dump is not searched further: its own subdirectories (an MLIR tree's, TileLang's runs) are part of it.
  if (is_dump(root)) {
    add(root);
    return std::vector<std::string>(found.begin(), found.end());
  }
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
  if (ec) throw Error("cannot search '" + root + "': " + ec.message());
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    std::error_code type_ec;
    if (it->is_symlink(type_ec) || !it->is_directory(type_ec)) continue;
    if (!is_dump(it->path())) continue;
    add(it->path());
    it.disable_recursion_pending();
  }
  if (ec) throw Error("cannot search '" + root + "': " + ec.message());
  return std::vector<std::string>(found.begin(), found.end());
}

}  // namespace irtrace
