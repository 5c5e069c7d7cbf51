#include "driver/dump_reading.h"

#include <filesystem>
#include <set>

#include "input/text_decode.h"

namespace irtrace {

std::string DisplayText(std::string name) {
  std::vector<DecodeIssue> ignored;
  DecodeUtf8(&name, &ignored);
  return name;
}

std::unique_ptr<Snapshot> LoadSnapshotOf(const DumpFile& f) {
  if (f.text) return MakeSnapshot(DisplayText(f.name), f.extension, *f.text);
  if (f.load) return MakeSnapshot(DisplayText(f.name), f.extension, f.load());
  return LoadSnapshot(DisplayText(f.name), f.path, f.extension,
                      f.in_dump ? ErrorPlace::kInInput : ErrorPlace::kAsGiven);
}

std::string LoadLogOf(const DumpFile& f) {
  if (f.log) return *f.log;
  return f.log_name.empty() ? "" : ReadTextFile(f.log_name, f.log_path);
}

LoadedFile LoadFile(const DumpFile& f) {
  LoadedFile l;
  l.snap = LoadSnapshotOf(f);
  l.log_text = LoadLogOf(f);
  return l;
}

std::vector<std::string> InputPaths(const DumpListing& listing) {
  std::vector<std::string> paths = listing.sources;
  std::set<std::string> seen(paths.begin(), paths.end());
  // A file read for two entries is listed once (a PyPTO unit's .pto: its first pass's before and an entry).
  auto add_path = [&](const std::string& p) {
    if (!p.empty() && seen.insert(p).second) paths.push_back(p);
  };
  auto add_file = [&](const DumpFile& f) {
    add_path(f.path);
    add_path(f.log_path);
  };
  add_file(listing.frontend);
  for (const DumpPass& p : listing.passes) {
    if (p.before) add_file(*p.before);
    add_file(p.file);
  }
  if (listing.crashed) add_file(listing.crashed->file);
  for (const DumpCodegen& c : listing.codegen) add_file(c.file);
  add_path(listing.phases_path);
  return paths;
}

uint64_t InputBytes(const std::vector<std::string>& paths) {
  uint64_t total = 0;
  for (const std::string& path : paths) {
    std::error_code ec;
    uintmax_t n = std::filesystem::file_size(path, ec);
    if (!ec) total += n;
  }
  return total;
}

}  // namespace irtrace
