#include "driver/report_sink.h"

#include <filesystem>
#include <string>

#include "util/error.h"
#include "util/symlink.h"

namespace irtrace {

void RefuseOverwritingInput(const OutputTarget& target, const DumpListing& listing) {
  namespace fs = std::filesystem;
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
