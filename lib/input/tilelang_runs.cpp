#include "input/tilelang_runs.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <vector>

#include "input/log_listing.h"
#include "input/program_name.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

const std::regex& PassFile() {
  static const std::regex re(R"(^(\d+)_(.+)_(before|after)\.([A-Za-z0-9]+)$)");
  return re;
}

const std::regex& RunName() {
  static const std::regex re(R"(^run_(\d{8}_\d{6}_\d{6})_(\d+)(?:_(.*))?$)");
  return re;
}

// A phase folder's name without a later lowering's `runN_` prefix (N >= 2), which is kept apart.
std::string WithoutRunPrefix(const std::string& name, std::string* prefix) {
  static const std::regex re(R"(^(run[0-9]+_)(.*)$)");
  std::smatch m;
  if (std::regex_match(name, m, re)) {
    *prefix = m[1];
    return m[2];
  }
  prefix->clear();
  return name;
}

bool IsPhaseFolder(const std::string& name) {
  std::string prefix, rest = WithoutRunPrefix(name, &prefix);
  return rest.rfind("pipeline_", 0) == 0 || rest == "unscoped" || rest == "codegen";
}

// The runs under `<dir>/.run_records`, latest last.
std::vector<std::string> Runs(const std::string& dir) {
  std::vector<std::pair<std::string, std::string>> runs;  // sort key, name
  std::error_code ec;
  for (fs::directory_iterator it(fs::path(dir) / ".run_records", ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    std::smatch m;
    if (!it->is_directory(ec) || !std::regex_match(name, m, RunName())) continue;
    std::string pid = m[2];
    runs.push_back({std::string(m[1]) + "_" + std::string(20 - std::min<size_t>(20, pid.size()), '0') + pid + "_" +
                        std::string(m[3]),
                    name});
  }
  std::sort(runs.begin(), runs.end());
  std::vector<std::string> out;
  for (auto& r : runs) out.push_back(r.second);
  return out;
}

// A run directory's pass files: NN -> {before, after, phase folder, pass name, extension of after}.
struct Step {
  std::string phase, pass, before, after, after_ext;
};

std::map<std::pair<size_t, std::string>, Step> Steps(const fs::path& run) {
  std::map<std::pair<size_t, std::string>, Step> steps;
  std::error_code ec;
  for (fs::directory_iterator ph(run, ec), end; !ec && ph != end; ph.increment(ec)) {
    if (!ph->is_directory(ec)) continue;
    std::string folder = ph->path().filename().string();
    for (fs::directory_iterator it(ph->path(), ec), e2; !ec && it != e2; it.increment(ec)) {
      std::string name = it->path().filename().string();
      std::smatch m;
      if (!it->is_regular_file(ec) || !std::regex_match(name, m, PassFile())) continue;
      std::string n = m[1];
      n.erase(0, std::min(n.find_first_not_of('0'), n.size() - 1));
      Step& s = steps[{n.size(), n}];
      s.phase = folder;
      s.pass = m[2];
      (m[3] == "before" ? s.before : s.after) = folder + "/" + name;
      if (m[3] == "after") s.after_ext = m[4];
    }
  }
  return steps;
}

std::string Read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The phase a folder names: `pipeline_lower` is `lower`, `run2_pipeline_lower` is `run2_lower`.
std::string PhaseName(const std::string& folder) {
  std::string prefix, rest = WithoutRunPrefix(folder, &prefix);
  return prefix + (rest.rfind("pipeline_", 0) == 0 ? rest.substr(9) : rest);
}

// The steps of run directory `run` (shown_run: how the report names it, ".run_records/<run>/" or "") into
// `listing`: its frontend (the first pass's _before, else its _after), a pass per step (failed when its
// _after is empty; against its own _before when that differs from the previous _after), codegen files.
void ListSteps(const fs::path& run, const std::string& shown_run,
               const std::map<std::pair<size_t, std::string>, Step>& steps, DumpListing* out) {
  DumpListing& listing = *out;
  auto file = [&](const std::string& rel, const std::string& ext) {
    DumpFile f;
    f.name = shown_run + rel;
    f.path = (run / rel).string();
    f.extension = ext;  // .tir: TVMScript, read by the Python-like scanner
    return f;
  };
  std::string previous_after;  // the previous pass's _after text
  bool first = true;
  unsigned long number = 0;
  for (const auto& [key, s] : steps) {
    if (s.pass == "codegen") {
      if (!s.after.empty()) {
        DumpCodegen cg;
        cg.role = CodegenRole::kDevice;
        cg.file = file(s.after, s.after_ext);
        listing.codegen.push_back(std::move(cg));
      }
      continue;
    }
    if (s.before.empty() && s.after.empty()) continue;
    std::string before = s.before.empty() ? previous_after : Read(run / s.before);
    std::string after = s.after.empty() ? std::string() : Read(run / s.after);
    if (first) {
      listing.frontend = s.before.empty() ? file(s.after, "tir") : file(s.before, "tir");
      first = false;
      previous_after = before;
    }
    DumpPass p;
    p.number = ++number;
    p.pass_name = s.pass;
    p.phase = PhaseName(s.phase);
    bool failed = after.empty() && !before.empty();
    p.file = failed || s.after.empty() ? file(s.before, "tir") : file(s.after, "tir");
    if (failed) {
      p.file.log_name = p.file.name;
      p.file.log = std::make_shared<const std::string>("error: " + s.pass + " failed: its _after file is empty\n");
    }
    if (!s.before.empty() && before != previous_after) {
      p.before = file(s.before, "tir");
      p.notes.push_back("its _before differs from the previous pass's _after: shown against its own _before");
    }
    previous_after = failed ? before : after;
    listing.passes.push_back(std::move(p));
  }
}

}  // namespace

bool LooksLikeTileLangRuns(const std::string& dir) {
  std::error_code ec;
  if (!Runs(dir).empty()) return true;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (IsFrontendName(name)) return false;
    if (it->is_directory(ec) && IsPhaseFolder(name) && !Steps(dir).empty()) return true;
  }
  return false;
}

std::vector<std::string> TileLangRuns(const std::string& dir) { return Runs(dir); }

DumpListing ListTileLangRuns(const std::string& dir, const std::string& which, bool all_runs) {
  std::vector<std::string> runs = Runs(dir);
  if (all_runs && which.empty() && runs.size() > 1) throw SeveralReports(dir, runs);
  if (!which.empty() && std::find(runs.begin(), runs.end(), which) == runs.end()) {
    throw DumpError("no run '" + which + "' in .run_records");
  }
  std::string chosen = which.empty() && !runs.empty() ? runs.back() : which;
  fs::path run = runs.empty() ? fs::path(dir) : fs::path(dir) / ".run_records" / chosen;
  std::string shown_run = runs.empty() ? "" : ".run_records/" + chosen + "/";
  DumpListing listing;
  ListSteps(run, shown_run, Steps(run), &listing);
  if (listing.passes.empty()) {
    throw DumpError("no TileLang pass record (NN_<Pass>_before.tir / _after.tir in a phase folder)" +
                    std::string(runs.empty() ? "" : " in " + shown_run));
  }
  if (which.empty() && runs.size() > 1) {
    listing.notes.push_back("the latest of " + std::to_string(runs.size()) + " runs: " + chosen +
                            " (--all-runs converts every one)");
  }
  listing.title = ParentDirectoryTitle(dir + "/x");  // the directory given: the script's (or the run's)
  return listing;
}

}  // namespace irtrace
