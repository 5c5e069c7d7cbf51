#include "record/dump_writer.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

#include "input/recorded_runs.h"
#include "record/end_chunk.h"
#include "record/run_list.h"
#include "record/safe_name.h"
#include "util/atomic_file.h"
#include "util/error.h"
#include "util/file_lock.h"

namespace fs = std::filesystem;

namespace irtrace {
namespace {

// "YYYYMMDDTHHMMSS.uuuuuuZ": sorts as time does, and says it is UTC.
std::string UtcStamp() {
  auto now = std::chrono::system_clock::now();
  std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  long micros = static_cast<long>(
      std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() % 1000000);
  std::tm utc{};
  ::gmtime_r(&seconds, &utc);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%S", &utc);
  char out[64];
  std::snprintf(out, sizeof out, "%s.%06ldZ", buf, micros);
  return out;
}

// 8 hex digits. Seeded per thread from the random device, the time and the thread's own address: the
// mkdir below is what makes a run directory unique; this only makes a retry rare.
std::string RandomHex() {
  thread_local std::mt19937_64 rng(std::random_device{}() ^
                                   static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
                                   reinterpret_cast<uintptr_t>(&rng));
  char out[16];
  std::snprintf(out, sizeof out, "%08x", static_cast<unsigned>(rng() & 0xffffffffu));
  return out;
}

void MakeDirectories(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw Error("cannot create '" + dir + "': " + ec.message());
}

}  // namespace

DumpWriter::DumpWriter(const std::string& trace_dir, std::string_view name, unsigned keep) {
  name_dir_ = (fs::path(trace_dir) / SafeDirName(name)).string();
  std::string runs = name_dir_ + "/.runs";
  MakeDirectories(runs);
  FileLock name_lock(name_dir_ + "/" + kLockName);
  std::string prefix = runs + "/run_" + UtcStamp() + "_" + std::to_string(::getpid()) + "_";
  for (int attempt = 0; attempt < 100 && run_dir_.empty(); ++attempt) {
    std::string dir = prefix + RandomHex();
    if (::mkdir(dir.c_str(), 0777) == 0) {
      run_dir_ = dir;
    } else if (errno != EEXIST) {
      throw Error("cannot create '" + dir + "': " + std::strerror(errno));
    }
  }
  if (run_dir_.empty()) throw Error("cannot create a run directory in '" + runs + "': every name drawn is taken");
  run_lock_ = std::make_unique<FileLock>(run_dir_ + "/" + kLockName);
  PruneRuns(name_dir_, keep);
  // A run found dead now (killed without a word): its live report says so, if it can. The link stays.
  for (const std::string& dead : WriteRunsList(name_dir_, fs::path(run_dir_).filename().string(), "in progress", 0)) {
    AppendFoundEnd(runs + "/" + dead + "/report.html");
  }
}

DumpWriter::~DumpWriter() = default;

void DumpWriter::Finish(unsigned long passes) {
  FileLock name_lock(name_dir_ + "/" + kLockName);
  WriteRunsList(name_dir_, fs::path(run_dir_).filename().string(), "complete", passes);
}

std::string PassFileName(unsigned long num, std::string_view pass, std::string_view ext) {
  char number[24];
  std::snprintf(number, sizeof number, "%02lu", num);
  return number + ("_after_" + SafePassName(pass)) + "." + std::string(ext);
}

std::string DumpWriter::PassFile(unsigned long num, std::string_view pass, std::string_view ext) const {
  return run_dir_ + "/" + PassFileName(num, pass, ext);
}

void WriteGuestFile(const std::string& path, std::string_view text, bool own_dir) {
  AtomicFileOptions options;
  options.cleanup_on_signals = false;
  options.sync = false;
  options.remove_stale = !own_dir;
  AtomicFile out(path, "", options);
  out.Write(text);
  out.Commit();
}

void DumpWriter::Write(const std::string& file, std::string_view text) {
  WriteGuestFile(file, text, true);
  bytes_ += text.size();
}

void DumpWriter::Frontend(std::string_view text, std::string_view ext) {
  Write(run_dir_ + "/00_frontend." + SafeExtension(ext), text);
}

void DumpWriter::Snapshot(unsigned long num, std::string_view pass, std::string_view ext, std::string_view text) {
  Write(PassFile(num, pass, SafeExtension(ext)), text);
}

void DumpWriter::Log(unsigned long num, std::string_view pass, std::string_view text) {
  Write(PassFile(num, pass, "log"), text);
}

std::string DumpWriter::SpareLog() const { return run_dir_ + "/" + kSpareLogName; }

void DumpWriter::BeginLog(unsigned long num, std::string_view pass) {
  std::string file = PassFile(num, pass, "log");
  if (spare_log_ && ::rename(SpareLog().c_str(), file.c_str()) == 0) {
    spare_log_ = false;
    return;
  }
  spare_log_ = false;
  Log(num, pass, "");
}

void DumpWriter::KeepLog(unsigned long num, std::string_view pass) {
  std::string file = PassFile(num, pass, "log");
  if (::rename(file.c_str(), SpareLog().c_str()) == 0) {
    spare_log_ = true;
    return;
  }
  if (::unlink(file.c_str()) != 0 && errno != ENOENT) {
    throw Error("cannot remove '" + file + "': " + std::strerror(errno));
  }
}

void DumpWriter::DropLog() {
  if (!spare_log_) return;
  spare_log_ = false;
  std::string file = SpareLog();
  if (::unlink(file.c_str()) != 0 && errno != ENOENT) {
    throw Error("cannot remove '" + file + "': " + std::strerror(errno));
  }
}

void DumpWriter::Phases(const std::vector<DumpPhase>& phases) {
  std::string text;
  for (const DumpPhase& p : phases) text += std::to_string(p.first) + "\t" + SafePhaseName(p.name) + "\n";
  Write(run_dir_ + "/" + kPhasesFileName, text);
}

void DumpWriter::Codegen(std::string_view role, std::string_view file, std::string_view text) {
  Write(run_dir_ + "/codegen_" + std::string(role) + "_" + SafeSourceName(file), text);
}

}  // namespace irtrace
