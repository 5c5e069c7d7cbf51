#include "record/session_report.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

#include "driver/convert.h"
#include "record/dump_writer.h"
#include "util/atomic_file.h"
#include "util/error.h"

namespace fs = std::filesystem;

namespace irtrace {
namespace {

std::string TempSuffix() {
  thread_local std::mt19937_64 rng(std::random_device{}() ^ static_cast<uint64_t>(::getpid()));
  char out[24];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(rng()));
  return out;
}

// A copy of `from` written atomically at `to`, for a filesystem without symbolic links.
void CopyAtomically(const std::string& from, const std::string& to) {
  std::ifstream in(from, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw Error("cannot read '" + from + "'");
  WriteGuestFile(to, text.str());
}

}  // namespace

bool RepointLink(const std::string& target, const std::string& link) {
  fs::path l(link);
  std::string temp = (l.parent_path() / ("." + l.filename().string() + ".link-" + TempSuffix())).string();
  if (::symlink(target.c_str(), temp.c_str()) != 0) return false;
  if (::rename(temp.c_str(), link.c_str()) != 0) {
    int err = errno;
    ::unlink(temp.c_str());
    errno = err;
    return false;
  }
  return true;
}

std::string WriteSessionReport(const std::string& run_dir, const std::string& name_dir) {
  ConvertOptions options;
  options.dump_dir = run_dir;
  options.output = run_dir + "/report.html";
  options.threads = 1;  // the compiler may be building other kernels on the other cores
  ConvertDump(options);
  std::string link = name_dir + "/report.html";
  std::string target = (fs::path(".runs") / fs::path(run_dir).filename() / "report.html").string();
  if (!RepointLink(target, link)) {
    int err = errno;
    if (err != EPERM && err != EOPNOTSUPP && err != ENOSYS) {
      throw Error("cannot write '" + link + "': " + std::strerror(err));
    }
    CopyAtomically(options.output, link);
  }
  return link;
}

}  // namespace irtrace
