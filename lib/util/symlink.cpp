#include "util/symlink.h"

#include <cerrno>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace irtrace {
namespace {

constexpr int kMaxLinks = 40;  // Linux's MAXSYMLINKS

// The target of link `path`, or "" when it cannot be read.
std::string ReadLink(const std::string& path, size_t size_hint) {
  std::string target(size_hint + 1 > 256 ? size_hint + 1 : 256, '\0');
  for (;;) {
    ssize_t n = ::readlink(path.c_str(), target.data(), target.size());
    if (n < 0) return "";
    if (static_cast<size_t>(n) < target.size()) {
      target.resize(static_cast<size_t>(n));
      return target;
    }
    target.resize(target.size() * 2);  // the link grew since lstat: read again
  }
}

}  // namespace

std::string FollowLinks(const std::string& path) {
  std::string current = path;
  for (int k = 0; k < kMaxLinks; ++k) {
    struct stat st;
    if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return current;
    std::string target = ReadLink(current, static_cast<size_t>(st.st_size));
    if (target.empty()) return current;
    std::filesystem::path dir = std::filesystem::path(current).parent_path();
    current = target[0] == '/' || dir.empty() ? target : (dir / target).string();
  }
  return current;
}

bool IsDanglingLink(const std::string& path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return false;
  return ::stat(path.c_str(), &st) != 0 && errno == ENOENT;
}

}  // namespace irtrace
