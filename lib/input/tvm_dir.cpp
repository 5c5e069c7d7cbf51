#include "input/tvm_dir.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>

#include "input/log_listing.h"
#include "input/program_name.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

const std::regex& TvmName() {
  static const std::regex re(R"(^(\d{3,})_(.+)\.py$)");
  return re;
}

bool IsFrontend(const std::string& name) { return IsFrontendName(name); }

}  // namespace

bool LooksLikeTvmDir(const std::string& dir) {
  std::error_code ec;
  bool found = false;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (IsFrontend(name)) return false;
    found = found || (std::regex_match(name, TvmName()) && name.find("_after_") == std::string::npos);
  }
  return found;
}

DumpListing ListTvmDir(const std::string& dir) {
  std::error_code ec;
  std::map<std::pair<size_t, std::string>, DumpFile> files;  // by the counter's digits: numeric order
  std::map<std::pair<size_t, std::string>, std::string> names;
  DumpListing listing;
  std::vector<std::string> all;  // sorted: errors name the same files whatever order the directory lists
  fs::directory_iterator it(dir, ec), end;
  if (ec) throw DumpError("cannot read the dump: " + ec.message());
  for (; it != end; it.increment(ec)) all.push_back(it->path().filename().string());
  std::sort(all.begin(), all.end());
  for (const std::string& name : all) {
    std::smatch m;
    if (!std::regex_match(name, m, TvmName()) || !fs::is_regular_file(fs::path(dir) / name, ec)) {
      listing.ignored.push_back(name);
      continue;
    }
    std::string digits = m[1];
    digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size() - 1));
    std::pair<size_t, std::string> key{digits.size(), digits};
    if (files.count(key)) {
      throw DumpError("counter " + digits + " appears twice: '" + files[key].name + "' and '" + name + "'");
    }
    DumpFile f;
    f.name = name;
    f.path = (fs::path(dir) / name).string();
    f.extension = "py";
    files[key] = f;
    names[key] = m[2];
  }
  if (files.empty()) throw DumpError("no TVM pass dump (NNN_<pass>.py)");
  std::sort(listing.ignored.begin(), listing.ignored.end());
  // TVM's DumpIR writes only after-dumps: the first file is the first pass's output (SetNoInput).
  SetNoInput(&listing, dir, "py");
  unsigned long n = 0;
  for (auto f = files.begin(); f != files.end(); ++f) {
    DumpPass p;
    p.number = ++n;
    p.pass_name = names[f->first];
    p.file = f->second;
    listing.passes.push_back(std::move(p));
  }
  listing.passes[0].notes.push_back(kNoInputNote);
  listing.title = DumpDirectoryTitle(dir);
  return listing;
}

}  // namespace irtrace
