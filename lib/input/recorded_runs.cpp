#include "input/recorded_runs.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "util/error.h"
#include "util/file_lock.h"

namespace fs = std::filesystem;

namespace irtrace {
namespace {

bool IsRealDirectory(const fs::path& p) {
  std::error_code ec;
  return fs::symlink_status(p, ec).type() == fs::file_type::directory;
}

bool AllDigits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::vector<RunRecord> ParseRunsList(const std::string& text) {
  std::vector<RunRecord> out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = std::min(text.find('\n', at), text.size());
    std::string line = text.substr(at, end - at);
    at = end + 1;
    std::vector<std::string> f;
    size_t from = 0;
    for (size_t tab; (tab = line.find('\t', from)) != std::string::npos; from = tab + 1)
      f.push_back(line.substr(from, tab - from));
    f.push_back(line.substr(from));
    if (f.size() != 4 || !AllDigits(f[2]) || f[2].size() > 18) continue;
    out.push_back({f[0], f[1], std::stoul(f[2]), f[3]});
  }
  return out;
}

std::string RunStamp(const std::string& run_name) {
  if (run_name.rfind("run_", 0) != 0) return "";
  size_t end = run_name.find('_', 4);
  return end == std::string::npos ? "" : run_name.substr(4, end - 4);
}

bool IsNameDir(const std::string& dir) { return IsRealDirectory(fs::path(dir) / ".runs"); }

std::vector<std::string> RecordedRuns(const std::string& name_dir) {
  std::vector<std::string> runs;
  std::error_code ec;
  fs::path root = fs::path(name_dir) / ".runs";
  for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (!RunStamp(name).empty() && IsRealDirectory(it->path())) runs.push_back(name);
  }
  std::sort(runs.begin(), runs.end());
  return runs;
}

std::string PickRun(const std::string& name_dir, const std::string& selector) {
  std::vector<std::string> runs = RecordedRuns(name_dir);
  if (runs.empty()) throw Error(name_dir + ": the name directory has no run in .runs/");
  auto path = [&](const std::string& run) { return (fs::path(name_dir) / ".runs" / run).string(); };
  if (selector.empty() || selector == "latest") return path(runs.back());
  if (selector[0] == '-') {
    std::string k = selector.substr(1);
    if (!AllDigits(k) || k.size() > 9 || std::stoul(k) == 0) {
      throw Error("--run takes latest, -K (K >= 1) or a prefix of a run's UTC start, got '" + selector + "'",
                  ExitCode::kUsage);
    }
    size_t n = std::stoul(k);
    if (n > runs.size()) {
      throw Error("--run " + selector + ": " + name_dir + " has " + std::to_string(runs.size()) + " run" +
                      (runs.size() == 1 ? "" : "s"),
                  ExitCode::kUsage);
    }
    return path(runs[runs.size() - n]);
  }
  std::vector<std::string> match;
  for (const std::string& r : runs) {
    if (RunStamp(r).rfind(selector, 0) == 0) match.push_back(r);
  }
  if (match.size() == 1) return path(match[0]);
  if (match.empty()) {
    throw Error("--run '" + selector + "': no run of " + name_dir +
                    " started then (its runs: " + RunStamp(runs.front()) + " to " + RunStamp(runs.back()) + ")",
                ExitCode::kUsage);
  }
  throw Error("--run '" + selector + "' matches " + std::to_string(match.size()) + " runs of " + name_dir + " (" +
                  RunStamp(match.front()) + " to " + RunStamp(match.back()) + "): give more of the start time",
              ExitCode::kUsage);
}

std::string RunStatus(const std::string& run, const std::string& listed) {
  if (listed == "complete") return listed;
  return LockIsHeld((fs::path(run) / kLockName).string()) ? "in progress" : "crashed";
}

std::vector<RecordedName> RecordedNames(const std::string& dir) {
  std::vector<RecordedName> names;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (!IsRealDirectory(it->path()) || !IsNameDir(it->path().string())) continue;
    std::vector<std::string> runs = RecordedRuns(it->path().string());
    std::string listed;
    if (!runs.empty()) {
      std::ifstream in(it->path() / kRunsListName, std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      for (const RunRecord& r : ParseRunsList(text.str())) {
        if (r.run == runs.back()) listed = r.status;
      }
    }
    names.push_back({it->path().filename().string(), runs.size(),
                     runs.empty() ? "" : RunStatus((it->path() / ".runs" / runs.back()).string(), listed)});
  }
  std::sort(names.begin(), names.end(), [](const RecordedName& a, const RecordedName& b) { return a.name < b.name; });
  return names;
}

}  // namespace irtrace
