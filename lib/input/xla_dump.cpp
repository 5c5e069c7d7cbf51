#include "input/xla_dump.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

#include "input/log_listing.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

const std::regex& PassFile() {
  static const std::regex re(R"(^(module_\d+\.[^.]+(?:\.[^.]+)*?)\.(\d+)\.([^.]+)\.after_(.+)\.before_(.+)\.txt$)");
  return re;
}

struct XlaFile {
  std::string module, pipeline, pass, name;
  unsigned long counter = 0;
};

std::vector<XlaFile> Files(const std::string& dir) {
  std::vector<XlaFile> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    std::smatch m;
    if (!it->is_regular_file(ec) || !std::regex_match(name, m, PassFile())) continue;
    out.push_back(XlaFile{m[1], m[3], m[4], name, std::stoul(std::string(m[2]).substr(0, 9))});
  }
  std::sort(out.begin(), out.end(), [](const XlaFile& a, const XlaFile& b) {
    return a.module != b.module     ? a.module < b.module
           : a.counter != b.counter ? a.counter < b.counter
                                    : a.name < b.name;
  });
  return out;
}

}  // namespace

bool IsXlaPassName(const std::string& name) { return std::regex_match(name, PassFile()); }

bool LooksLikeXlaDump(const std::string& dir) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (IsFrontendName(it->path().filename().string())) return false;
  }
  return !Files(dir).empty();
}

std::vector<std::string> XlaModules(const std::string& dir) {
  std::set<std::string> modules;
  for (const XlaFile& f : Files(dir)) modules.insert(f.module);
  return {modules.begin(), modules.end()};
}

DumpListing ListXlaDump(const std::string& dir, const std::string& module) {
  std::vector<XlaFile> files;
  std::set<std::string> pipelines;
  for (XlaFile& f : Files(dir)) {
    if (module.empty() || f.module == module) {
      pipelines.insert(f.pipeline);
      files.push_back(std::move(f));
    }
  }
  if (files.empty())
    throw DumpError("no XLA pass dump" + (module.empty() ? std::string() : " of module '" + module + "'"));
  if (module.empty() && XlaModules(dir).size() > 1) throw SeveralReports(dir, XlaModules(dir));
  auto file = [&](const XlaFile& f) {
    DumpFile d;
    d.name = f.name;
    d.path = (fs::path(dir) / f.name).string();
    d.extension = "txt";
    return d;
  };
  DumpListing listing;
  listing.frontend = file(files[0]);
  listing.frontend_label = files[0].pass == "pipeline-start" ? "frontend" : files[0].pass;
  listing.notes.push_back("XLA dumps only the passes that changed the module: the others are missing here, not no-ops");
  for (size_t k = 1; k < files.size(); ++k) {
    DumpPass p;
    p.number = k;
    p.pass_name = pipelines.size() > 1 ? files[k].pipeline + ": " + files[k].pass : files[k].pass;
    p.phase = pipelines.size() > 1 ? files[k].pipeline : "";
    p.file = file(files[k]);
    listing.passes.push_back(std::move(p));
  }
  AddSoleDumpAsPass(&listing);
  std::string name = files[0].module;
  size_t dot = name.find('.');
  listing.title = dot == std::string::npos ? name : name.substr(dot + 1);
  return listing;
}

}  // namespace irtrace
