#include "util/disk.h"

#include <sys/stat.h>

#include <cerrno>
#include <filesystem>

#include "util/symlink.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

class RealDiskImpl : public Disk {
 public:
  std::vector<std::string> ListNames(const std::string& dir, std::error_code* ec) const override {
    std::vector<std::string> names;
    fs::directory_iterator it(dir, *ec), end;
    if (*ec) return names;
    for (; it != end; it.increment(*ec)) {
      if (*ec) return names;
      names.push_back(it->path().filename().string());
    }
    return names;
  }

  FileKind Stat(const std::string& path, int* err) const override {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) {
      if (err) *err = errno;
      return FileKind::kMissing;
    }
    if (err) *err = 0;
    if (S_ISREG(st.st_mode)) return FileKind::kRegular;
    if (S_ISDIR(st.st_mode)) return FileKind::kDirectory;
    if (S_ISFIFO(st.st_mode)) return FileKind::kFifo;
    if (S_ISSOCK(st.st_mode)) return FileKind::kSocket;
    if (S_ISBLK(st.st_mode)) return FileKind::kBlock;
    if (S_ISCHR(st.st_mode)) return FileKind::kCharacter;
    return FileKind::kOther;
  }

  bool IsDanglingLink(const std::string& path) const override { return irtrace::IsDanglingLink(path); }

  std::string ReadLink(const std::string& path) const override {
    std::error_code ec;
    return fs::read_symlink(path, ec).string();
  }
};

}  // namespace

const Disk& RealDisk() {
  static const RealDiskImpl disk;
  return disk;
}

}  // namespace irtrace
