#include "input/dump_dir.h"
#include "input/dump_dir_disk.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sys/stat.h>
#include <system_error>

#include "input/program_name.h"
#include "scope/function_scope.h"
#include "util/disk.h"
#include "util/error.h"
#include "util/symlink.h"

namespace fs = std::filesystem;

namespace irtrace {
namespace {

const std::regex& FrontendRe() {
  static const std::regex re(R"(^0+_frontend\.([A-Za-z0-9]+)$)");
  return re;
}
const std::regex& PassRe() {
  // [\s\S], not '.': ECMAScript's '.' stops at '\n' and '\r', which a file name (and so a pass name) may hold.
  static const std::regex re(R"(^(\d+)_after_([\s\S]+)\.([A-Za-z0-9]+)$)");
  return re;
}
// A codegen file in the dump: codegen_<role><anything on one line>.<ext> with IsCodegenExtension(ext).
// On a match m[1] is the role and m[3] the extension.
bool MatchCodegen(const std::string& name, std::smatch* m) {
  static const std::regex re(R"(^codegen_(device|host)(.*)\.([^.]*)$)");
  return std::regex_match(name, *m, re) && IsCodegenExtension((*m)[3].str());
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Editor and tool leftovers the contract says to ignore: backups (*~, *.orig, *.bak, dot-files, so
// .*.swp) and the half-written files of a write-then-rename (*.tmp, *.tmp.*, *.part, *.partial, *.new),
// which would otherwise be a second snapshot of their pass ("pass N appears twice").
bool IsLeftover(const std::string& name) {
  for (const char* suffix : {"~", ".orig", ".bak", ".swp", ".tmp", ".part", ".partial", ".new"}) {
    if (EndsWith(name, suffix)) return true;
  }
  return name.empty() || name[0] == '.' || name.find(".tmp.") != std::string::npos;
}

bool StartsWithNumberUnderscore(const std::string& name) {
  size_t i = 0;
  while (i < name.size() && name[i] >= '0' && name[i] <= '9') ++i;
  return i > 0 && i < name.size() && name[i] == '_';
}

DumpFile MakeFile(const fs::path& dir, const std::string& name, const std::string& ext) {
  DumpFile f;
  f.name = name;
  f.path = (dir / name).string();
  f.extension = ext;
  return f;
}

// Parses a decimal index; values too large to be a pass number saturate (and then fail the gap check).
unsigned long ParseIndex(const std::string& digits) {
  unsigned long v = 0;
  for (char c : digits) {
    if (v > 100000000UL) return v;
    v = v * 10 + static_cast<unsigned long>(c - '0');
  }
  return v;
}

// Throws Error (in `place`) when `dir` is not a directory it can read, saying why: "<subject> is not a
// directory", "<subject> is a dangling symbolic link", or "cannot read <subject>: <cause from errno>"
// (permission denied, a loop of symbolic links, no such file).
void RequireDirectory(const std::string& dir, const std::string& subject, ErrorPlace place,
                      const Disk& disk = RealDisk()) {
  int err = 0;
  FileKind kind = disk.Stat(dir, &err);
  if (kind == FileKind::kDirectory) return;
  if (kind != FileKind::kMissing) throw Error(subject + " is not a directory", ExitCode::kInput, place);
  if (disk.IsDanglingLink(dir)) throw Error(subject + " is a dangling symbolic link", ExitCode::kInput, place);
  throw Error("cannot read " + subject + ": " + std::strerror(err), ExitCode::kInput, place);
}

void AddCodegenDir(const std::string& dir, DumpListing* listing) {
  std::error_code ec;
  RequireDirectory(dir, "--codegen '" + dir + "'", ErrorPlace::kAsGiven);
  bool any = false;
  for (const char* sub : {"kernels", "orchestration"}) {
    any = fs::is_directory(fs::path(dir) / sub, ec) || any;
    if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory) {
      throw Error("cannot read --codegen '" + dir + "': " + ec.message());  // not "has neither"
    }
  }
  if (!any) {
    throw Error("--codegen '" + dir + "' has neither kernels/ nor orchestration/ (a PyPTO build directory has)");
  }
  std::vector<DumpCodegen> found;
  for (const char* sub : {"kernels", "orchestration"}) {
    fs::path root = fs::path(dir) / sub;
    if (!fs::is_directory(root, ec)) continue;
    fs::recursive_directory_iterator it(root, ec), end;
    if (ec) throw Error("cannot read --codegen directory '" + root.string() + "': " + ec.message());
    for (; it != end; it.increment(ec)) {
      if (ec) throw Error("cannot read --codegen directory '" + root.string() + "': " + ec.message());
      if (!it->is_regular_file(ec)) continue;
      std::string ext = it->path().extension().string();
      if (!ext.empty()) ext.erase(0, 1);
      if (!IsCodegenExtension(ext)) continue;
      DumpCodegen cg;
      cg.role = std::string(sub) == "kernels" ? CodegenRole::kDevice : CodegenRole::kHost;
      // Lexically, not fs::relative: that resolves symlinks, and a symlinked kernels/ or source file
      // would be named by its target ("../elsewhere/k.cpp") instead of its path inside DIR.
      cg.file.name = (fs::path(sub) / it->path().lexically_relative(root)).generic_string();
      cg.file.path = it->path().string();
      cg.file.extension = ext;
      cg.file.in_dump = false;
      found.push_back(cg);
    }
  }
  std::sort(found.begin(), found.end(),
            [](const DumpCodegen& a, const DumpCodegen& b) { return a.file.name < b.file.name; });
  listing->codegen.insert(listing->codegen.end(), found.begin(), found.end());
}

// The report's title: the program's name where the frontend states it (its first MiB is read; a
// file that cannot be read gives no name here and its error later), else DumpDirectoryTitle(dir).
std::string DumpTitle(const std::string& dir, const DumpFile& frontend) {
  std::ifstream in(frontend.path, std::ios::binary);
  std::string head(1 << 20, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(in ? head.size() : static_cast<size_t>(std::max<std::streamsize>(0, in.gcount())));
  std::string name = ProgramName(head, frontend.extension);
  return name.empty() ? DumpDirectoryTitle(dir) : name;
}

// The names in `root`, sorted bytewise.
std::vector<std::string> ReadNames(const fs::path& root, const Disk& disk) {
  std::error_code ec;
  std::vector<std::string> names = disk.ListNames(root.string(), &ec);
  if (ec) throw DumpError("cannot read the dump: " + ec.message());
  std::sort(names.begin(), names.end());
  return names;
}

// The dump's names sorted by what the contract makes of them, before the checks across names.
struct Classified {
  std::vector<std::string> frontends;
  // Keyed by the number's digits without leading zeros, shorter first: numeric order at any width, and
  // two numbers too large for a machine word never collide (ParseIndex saturates).
  std::map<std::pair<size_t, std::string>, std::vector<DumpPass>> passes;
  std::map<std::string, std::string> logs;  // snapshot stem ("04_after_X") -> log name
  std::map<std::string, std::string> dangling_logs;  // snapshot stem -> log name, for a dangling link
  // Pass logs keyed as `passes` (file.log_* set, file.name empty): where a crashed pass is looked for.
  std::map<std::pair<size_t, std::string>, std::vector<DumpPass>> pass_logs;
  std::vector<DumpCodegen> codegen;
  std::vector<std::string> ignored;
  bool phases = false;  // phases.txt is there, a regular file
};

// A snapshot named `name` of kind `kind`: a FIFO or device would block or never end when read, so it is
// refused here, by name. Throws Error.
void RefuseUnreadable(FileKind kind, const std::string& name) {
  if (kind == FileKind::kFifo || kind == FileKind::kSocket || kind == FileKind::kBlock ||
      kind == FileKind::kCharacter) {
    throw DumpError("snapshot '" + name + "' is not a regular file");
  }
}

// Sorts a pass's snapshot or log (m: PassRe()'s match of `name`; log: it is the `.log`) into `c`. Throws
// Error for pass number 0.
void ClassifyPass(const fs::path& root, const std::string& name, const std::smatch& m, bool log, Classified* c) {
  std::string ext = m[3];
  std::string stem = name.substr(0, name.size() - ext.size() - 1);
  std::string digits = m[1];
  digits.erase(0, digits.find_first_not_of('0'));
  if (log) {
    c->logs[stem] = name;
    DumpPass p;
    p.number = ParseIndex(m[1]);
    p.pass_name = m[2];
    p.file.log_name = name;
    p.file.log_path = (root / name).string();
    c->pass_logs[{digits.size(), digits}].push_back(p);
    return;
  }
  unsigned long number = ParseIndex(m[1]);
  if (number == 0) throw DumpError("'" + name + "': pass numbers start at 1 (00 is the frontend)");
  DumpPass p;
  p.number = number;
  p.pass_name = m[2];
  p.file = MakeFile(root, name, ext);
  c->passes[{digits.size(), digits}].push_back(p);
}

// Sorts one name of the dump into `c`. Throws Error for a snapshot that is a directory or not a regular
// file, pass number 0, or a name that starts like a snapshot but is malformed.
void Classify(const fs::path& root, const std::string& name, const Disk& disk, Classified* c) {
  FileKind kind = disk.Stat((root / name).string());
  bool is_dir = kind == FileKind::kDirectory;
  if (IsLeftover(name)) {
    c->ignored.push_back(name);
    return;
  }
  if (name == kPhasesFileName && !is_dir) {
    if (kind == FileKind::kRegular) {
      c->phases = true;
    } else {
      c->ignored.push_back(name + " (not a regular file)");
    }
    return;
  }
  std::smatch m;
  bool frontend = std::regex_match(name, m, FrontendRe());
  bool pass = !frontend && std::regex_match(name, m, PassRe());
  bool log = (frontend && m[1] == "log") || (pass && m[3] == "log");
  std::smatch cm;
  bool codegen_name = !frontend && !pass && MatchCodegen(name, &cm);
  if (is_dir) {
    if ((frontend || pass) && !log) throw DumpError("snapshot '" + name + "' is a directory");
    c->ignored.push_back(name + "/");
    return;
  }
  if (log && kind != FileKind::kRegular) {
    // A FIFO, device or dangling link named like a log: never read. A dangling link is its snapshot's
    // warning (AttachLogs), else it is listed with what it is.
    if (disk.IsDanglingLink((root / name).string())) {
      c->dangling_logs[name.substr(0, name.size() - 4)] = name;
    } else {
      c->ignored.push_back(name + " (not a regular file)");
    }
    return;
  }
  if (frontend || pass || codegen_name) RefuseUnreadable(kind, name);
  if (frontend) {
    if (log) {
      c->logs[name.substr(0, name.size() - 4)] = name;
    } else {
      c->frontends.push_back(name);
    }
  } else if (pass) {
    ClassifyPass(root, name, m, log, c);
  } else if (codegen_name) {
    DumpCodegen cg;
    cg.role = cm[1] == "device" ? CodegenRole::kDevice : CodegenRole::kHost;
    cg.file = MakeFile(root, name, cm[3]);
    c->codegen.push_back(cg);
  } else if (StartsWithNumberUnderscore(name)) {
    throw DumpError("'" + name + "': malformed snapshot name (expected NN_after_<Pass>.<ext> or 00_frontend.<ext>)");
  } else {
    c->ignored.push_back(name);
  }
}

// The one frontend. Throws Error when there is none or more than one.
DumpFile PickFrontend(const fs::path& root, const std::vector<std::string>& frontends) {
  if (frontends.empty()) throw DumpError("no frontend snapshot (00_frontend.<ext>)");
  if (frontends.size() > 1) {
    throw DumpError("several frontend snapshots: '" + frontends[0] + "' and '" + frontends[1] + "'");
  }
  const std::string& name = frontends[0];
  return MakeFile(root, name, name.substr(name.rfind('.') + 1));
}

// The passes in number order, checked to be 1..N without gaps or duplicates. Throws Error naming the
// files around the first gap or the two files of a duplicate.
std::vector<DumpPass> OrderPasses(const Classified& c, const DumpFile& frontend) {
  std::vector<DumpPass> ordered;
  unsigned long expected = 1;
  for (const auto& [digits, group] : c.passes) {
    const std::string& number = digits.second;
    if (group.size() > 1) {
      throw DumpError("pass " + number + " appears twice: '" + group[0].file.name + "' and '" + group[1].file.name +
                      "'");
    }
    if (number != std::to_string(expected)) {
      std::string before = "'" + (ordered.empty() ? frontend.name : ordered.back().file.name) + "'";
      throw DumpError("pass " + std::to_string(expected) + " is missing (between " + before + " and '" +
                      group[0].file.name + "')");
    }
    ordered.push_back(group[0]);
    ++expected;
  }
  return ordered;
}

// The pass that crashed: the .log numbered one past the last snapshot (whatever it holds), removed from
// `c->logs`. Throws Error when two logs have that number.
std::optional<DumpPass> FindCrashed(size_t passes, Classified* c) {
  std::string next = std::to_string(passes + 1);
  auto it = c->pass_logs.find({next.size(), next});
  if (it == c->pass_logs.end()) return std::nullopt;
  const std::vector<DumpPass>& group = it->second;
  if (group.size() > 1) {
    throw DumpError("pass " + next + " crashed twice: '" + group[0].file.log_name + "' and '" + group[1].file.log_name +
                    "' (one log without a snapshot is the pass that crashed)");
  }
  const std::string& log = group[0].file.log_name;
  c->logs.erase(log.substr(0, log.size() - 4));
  return group[0];
}

// Attaches each .log file to its snapshot, and each dangling link named as one to its snapshot as a
// warning; the rest (a log without its snapshot) are ignored.
void AttachLogs(const fs::path& root, std::map<std::string, std::string> logs,
                std::map<std::string, std::string> dangling, const Disk& disk, DumpListing* listing) {
  auto attach = [&](DumpFile* f) {
    std::string stem = f->name.substr(0, f->name.size() - f->extension.size() - 1);
    auto link = dangling.find(stem);
    if (link != dangling.end()) {
      std::string target = disk.ReadLink((root / link->second).string());
      f->log_warning = "its log is a dangling link: " + link->second + " -> " + target;
      dangling.erase(link);
    }
    auto found = logs.find(stem);
    if (found == logs.end()) return;
    f->log_name = found->second;
    f->log_path = (root / found->second).string();
    logs.erase(found);
  };
  attach(&listing->frontend);
  for (DumpPass& p : listing->passes) attach(&p.file);
  for (const auto& orphan : logs) listing->ignored.push_back(orphan.second);
  for (const auto& orphan : dangling) listing->ignored.push_back(orphan.second + " (a dangling symbolic link)");
}

// The phases of `path` (phases.txt), or, when the file cannot be used, why not (in *why, phases empty).
// Lines end in LF (a CR before it is dropped); empty lines are skipped.
std::vector<DumpPhase> ReadPhases(const std::string& path, std::string* why) {
  constexpr std::streamsize kMaxBytes = 1 << 20;
  std::ifstream in(path, std::ios::binary);
  std::string text(kMaxBytes + 1, '\0');
  in.read(text.data(), kMaxBytes + 1);
  if (in.bad() || (!in && !in.eof())) {
    *why = "cannot be read";
    return {};
  }
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > static_cast<size_t>(kMaxBytes)) {
    *why = "over 1 MiB";
    return {};
  }
  std::vector<DumpPhase> phases;
  size_t line_no = 0;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    size_t tab = line.find('\t');
    bool digits = tab != std::string::npos && tab > 0 && line.find_first_not_of("0123456789") == tab;
    unsigned long first = digits ? ParseIndex(line.substr(0, tab)) : 0;
    if (!digits || (!phases.empty() && first < phases.back().first)) {
      *why = "line " + std::to_string(line_no) + " is not <number><tab><phase> in ascending order";
      return {};
    }
    if (!phases.empty() && phases.back().first == first) phases.pop_back();  // a phase without entries
    phases.push_back({first, line.substr(tab + 1)});
  }
  return phases;
}

}  // namespace

std::string PhaseOf(const DumpListing& listing, unsigned long num) {
  std::string phase;
  for (const DumpPhase& p : listing.phases) {
    if (p.first > num) break;
    phase = p.name;
  }
  return phase;
}

bool IsNumberedDumpName(const std::string& name) {
  if (IsLeftover(name)) return false;
  std::smatch m;
  return name == kPhasesFileName || StartsWithNumberUnderscore(name) || std::regex_match(name, FrontendRe()) ||
         MatchCodegen(name, &m);
}

bool IsFrontendName(const std::string& name) {
  return !name.empty() && name[0] == '0' && std::regex_match(name, FrontendRe());
}

DumpListing ListDump(const std::string& dir, const std::vector<std::string>& codegen_dirs) {
  return ListDump(dir, codegen_dirs, RealDisk());
}

DumpListing ListDump(const std::string& dir, const std::vector<std::string>& codegen_dirs, const Disk& disk) {
  std::error_code ec;
  fs::path root(dir);
  RequireDirectory(dir, "the dump", ErrorPlace::kInInput, disk);

  DumpListing listing;
  Classified c;
  for (const std::string& name : ReadNames(root, disk)) Classify(root, name, disk, &c);
  if (c.frontends.empty() && c.passes.empty() && c.pass_logs.empty()) {
    throw DumpError("no snapshot (neither 00_frontend.<ext> nor NN_after_<Pass>.<ext>: the compiler wrote none)");
  }
  listing.frontend = PickFrontend(root, c.frontends);
  listing.title = DumpTitle(dir, listing.frontend);
  listing.passes = OrderPasses(c, listing.frontend);
  listing.crashed = FindCrashed(listing.passes.size(), &c);
  if (listing.passes.empty() && !listing.crashed) throw DumpError("no pass snapshot (NN_after_<Pass>.<ext>)");
  listing.ignored = std::move(c.ignored);
  if (c.phases) {
    std::string why;
    listing.phases = ReadPhases((root / kPhasesFileName).string(), &why);
    if (why.empty()) {
      listing.phases_path = (root / kPhasesFileName).string();
    } else {
      listing.ignored.push_back(std::string(kPhasesFileName) + " (" + why + ")");
    }
  }
  AttachLogs(root, std::move(c.logs), std::move(c.dangling_logs), disk, &listing);
  std::sort(listing.ignored.begin(), listing.ignored.end());

  listing.codegen = std::move(c.codegen);
  std::vector<fs::path> seen;  // the same directory given twice is added once
  for (const std::string& d : codegen_dirs) {
    fs::path canonical = fs::weakly_canonical(fs::absolute(d, ec), ec);
    if (std::find(seen.begin(), seen.end(), canonical) != seen.end()) continue;
    seen.push_back(canonical);
    AddCodegenDir(d, &listing);
  }
  return listing;
}

void ListAllPasses(DumpListing* listing) {
  if (!listing->stream) return;
  DumpPass p;
  while (listing->stream->Next(&p)) {
    if (p.file.load) p.file.text.reset();  // read again when needed: the listing does not hold the log
    listing->passes.push_back(std::move(p));
  }
  for (std::string& n : listing->stream->LastPassNotes()) {
    (listing->passes.empty() ? listing->notes : listing->passes.back().notes).push_back(std::move(n));
  }
  for (std::string& n : listing->stream->InputNotes()) listing->notes.push_back(std::move(n));
  listing->stream.reset();
}

}  // namespace irtrace
