#include "driver/report_sink.h"

#include <algorithm>
#include <filesystem>
#include <string>

#include "input/input_format.h"
#include "util/error.h"
#include "util/symlink.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

// `dir` absolute, at the end of its symbolic links, "." and ".." resolved.
fs::path Resolved(const fs::path& dir) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(dir.empty() ? fs::path(".") : dir, ec), ec).lexically_normal();
  if (!p.has_filename() && p.has_parent_path() && p != p.root_path()) p = p.parent_path();  // "/a/dump/"
  return p;
}

// True when `inner` is `outer` or a directory below it (both Resolved).
bool Within(const fs::path& inner, const fs::path& outer) {
  auto o = outer.begin(), i = inner.begin();
  for (; o != outer.end(); ++o, ++i) {
    if (o->empty()) continue;  // the "" a trailing '/' leaves
    if (i == inner.end() || *i != *o) return false;
  }
  return true;
}

Error NameError(const std::string& shown, const std::string& dump, const std::string& name) {
  return Error("cannot write '" + shown + "': the dump '" + dump + "' would read '" + name +
                   "' as one of its own files (a snapshot, a .log or a codegen source) on the next run",
               ExitCode::kUsage);
}

}  // namespace

void RefuseDumpFileName(const OutputTarget& target, const std::string& dump_dir) {
  if (target.kind != OutputKind::kReplace || dump_dir == "-") return;
  fs::path out(target.path);
  if (!out.has_filename() || !IsDumpFileName(out.filename().string())) return;
  std::error_code ec;
  if (!fs::is_directory(dump_dir, ec)) return;
  if (Within(Resolved(out.parent_path()), Resolved(dump_dir))) {
    throw NameError(target.shown, dump_dir, out.filename().string());
  }
}

void RefuseDumpFileNames(const std::string& out_dir, const std::vector<std::string>& names) {
  auto bad = std::find_if(names.begin(), names.end(), [](const std::string& n) { return IsDumpFileName(n); });
  if (bad == names.end()) return;
  std::error_code ec;
  for (fs::path dir = Resolved(out_dir);; dir = dir.parent_path()) {
    if (fs::is_directory(dir, ec) && DetectDirectory(dir.string()) != InputFormat::kAuto) {
      std::string shown = out_dir + (out_dir.empty() || out_dir.back() == '/' ? "" : "/") + *bad;
      throw NameError(shown, dir.string(), *bad);
    }
    if (dir == dir.root_path() || !dir.has_parent_path()) return;
  }
}

void RefuseOverwritingInput(const OutputTarget& target, const DumpListing& listing) {
  if (target.kind != OutputKind::kReplace) return;
  std::error_code ec;
  fs::path out(target.path);
  if (!out.has_filename()) return;  // "dir/": AtomicFile reports it
  fs::path out_dir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  // Same entry = same file name in the same directory.
  auto check = [&](const std::string& name, const std::string& path) {
    if (name.empty() || path.empty()) return;  // a snapshot held in memory is no file
    fs::path p(FollowLinks(path));
    if (p.filename() != out.filename()) return;
    fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
    if (fs::equivalent(dir, out_dir, ec)) {
      throw Error("cannot write '" + target.shown + "': it is the dump's own '" + name + "'", ExitCode::kUsage);
    }
  };
  auto check_file = [&](const DumpFile& f) {
    check(f.name, f.path);
    check(f.log_name, f.log_path);
  };
  check_file(listing.frontend);
  for (const DumpPass& p : listing.passes) {
    if (p.before) check_file(*p.before);
    check_file(p.file);
  }
  if (listing.crashed) check_file(listing.crashed->file);
  for (const DumpCodegen& c : listing.codegen) check_file(c.file);
  for (const std::string& source : listing.sources) check(fs::path(source).filename().string(), source);
}

ReportSink::ReportSink(const std::optional<OutputTarget>& target) {
  if (target) NamingWhatFailed("report", [&] { file_ = std::make_unique<OutputFile>(*target); });
}

void ReportSink::Write(std::string_view bytes) {
  if (file_) NamingWhatFailed("report", [&] { file_->Write(bytes); });
}

void ReportSink::Commit() {
  if (file_) NamingWhatFailed("report", [&] { file_->Commit(); });
}

}  // namespace irtrace
