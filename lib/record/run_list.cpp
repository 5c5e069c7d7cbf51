#include "record/run_list.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

#include "input/recorded_runs.h"
#include "record/dump_writer.h"
#include "util/atomic_file.h"
#include "util/file_lock.h"

namespace fs = std::filesystem;

namespace irtrace {
namespace {

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The passes a run's files show: the highest NN of its NN_after_* files.
unsigned long PassesShown(const fs::path& run) {
  unsigned long most = 0;
  std::error_code ec;
  for (fs::directory_iterator it(run, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    size_t digits = name.find_first_not_of("0123456789");
    if (digits == 0 || digits == std::string::npos || digits > 9 || name.compare(digits, 7, "_after_") != 0) continue;
    most = std::max(most, std::stoul(name.substr(0, digits)));
  }
  return most;
}

}  // namespace

std::string LinkedRun(const std::string& name_dir) {
  std::error_code ec;
  fs::path target = fs::read_symlink(fs::path(name_dir) / "report.html", ec);
  if (ec) return "";
  auto it = target.begin();
  if (it == target.end() || *it != ".runs" || ++it == target.end()) return "";
  return it->string();
}

std::vector<std::string> PruneRuns(const std::string& name_dir, unsigned keep) {
  std::vector<std::string> removed;
  if (keep == 0 || !IsNameDir(name_dir)) return removed;
  std::vector<std::string> runs = RecordedRuns(name_dir);
  if (runs.size() <= keep) return removed;
  std::string linked = LinkedRun(name_dir);
  fs::path root = fs::path(name_dir) / ".runs";
  for (size_t i = 0; i + keep < runs.size(); ++i) {
    if (runs[i] == linked) continue;
    fs::path run = root / runs[i];
    if (LockIsHeld((run / kLockName).string())) continue;  // in progress: another process's session
    std::error_code ec;
    fs::remove_all(run, ec);
    if (!ec) removed.push_back(runs[i]);
  }
  return removed;
}

std::vector<std::string> WriteRunsList(const std::string& name_dir, const std::string& own,
                                       const std::string& own_status, unsigned long own_passes) {
  std::vector<std::string> found_dead;
  const std::string file = (fs::path(name_dir) / kRunsListName).string();
  std::map<std::string, RunRecord> old;
  for (RunRecord& r : ParseRunsList(ReadText(file))) old[r.run] = r;
  std::string text;
  fs::path root = fs::path(name_dir) / ".runs";
  for (const std::string& run : RecordedRuns(name_dir)) {
    RunRecord r{RunStamp(run), "", 0, run};
    auto was = old.find(run);
    if (run == own) {
      r.status = own_status;
      r.passes = own_passes;
    } else if (was != old.end() && was->second.status == "complete") {
      r = was->second;
    } else {
      r.status = LockIsHeld((root / run / kLockName).string()) ? "in progress" : "crashed";
      r.passes = PassesShown(root / run);
      if (r.status == "crashed" && (was == old.end() || was->second.status != "crashed")) found_dead.push_back(run);
    }
    text += r.stamp + "\t" + r.status + "\t" + std::to_string(r.passes) + "\t" + run + "\n";
  }
  WriteGuestFile(file, text);
  return found_dead;
}

}  // namespace irtrace
