// An in-memory Disk (lib/util/disk.h) for the listing tests: directories, regular files, FIFOs, devices
// and symbolic links named by path, no file system touched (ninja's VirtualFileSystem). Paths are used as
// given: "d/00_frontend.py" is in directory "d".
#pragma once

#include <algorithm>
#include <cerrno>
#include <map>
#include <string>
#include <vector>

#include "util/disk.h"

namespace irtrace::test {

class MemoryDisk : public Disk {
 public:
  // Adds `path` as `kind` (its parent directories too); a link to `target` with Link.
  void Add(const std::string& path, FileKind kind = FileKind::kRegular) {
    kinds_[path] = kind;
    for (size_t slash = path.rfind('/'); slash != std::string::npos && slash > 0; slash = path.rfind('/', slash - 1)) {
      kinds_.emplace(path.substr(0, slash), FileKind::kDirectory);
    }
  }
  void Link(const std::string& path, const std::string& target) {
    Add(path, FileKind::kOther);
    links_[path] = target;
  }
  // Makes ListNames of `dir` fail with `error`.
  void FailListing(const std::string& dir, std::errc error) { failing_[dir] = error; }

  std::vector<std::string> ListNames(const std::string& dir, std::error_code* ec) const override {
    std::vector<std::string> names;
    auto failing = failing_.find(dir);
    if (failing != failing_.end()) {
      *ec = std::make_error_code(failing->second);
      return names;
    }
    if (Stat(dir) != FileKind::kDirectory) {
      *ec = std::make_error_code(std::errc::no_such_file_or_directory);
      return names;
    }
    std::string prefix = dir + "/";
    for (const auto& [path, kind] : kinds_) {
      if (path.compare(0, prefix.size(), prefix) == 0 && path.find('/', prefix.size()) == std::string::npos) {
        names.push_back(path.substr(prefix.size()));
      }
    }
    // Not sorted on purpose (a real directory lists in no order): the reader sorts.
    std::reverse(names.begin(), names.end());
    return names;
  }

  FileKind Stat(const std::string& path, int* err = nullptr) const override {
    std::string p = path;
    for (int hops = 0; hops < 40; ++hops) {
      auto link = links_.find(p);
      if (link == links_.end()) break;
      p = link->second;
    }
    auto found = kinds_.find(p);
    bool missing = found == kinds_.end() || links_.count(p);
    if (err) *err = missing ? ENOENT : 0;
    return missing ? FileKind::kMissing : found->second;
  }

  bool IsDanglingLink(const std::string& path) const override {
    return links_.count(path) && Stat(path) == FileKind::kMissing;
  }

  std::string ReadLink(const std::string& path) const override {
    auto link = links_.find(path);
    return link == links_.end() ? "" : link->second;
  }

 private:
  std::map<std::string, FileKind> kinds_;
  std::map<std::string, std::string> links_;
  std::map<std::string, std::errc> failing_;
};

}  // namespace irtrace::test
