#include "input/pypto_build.h"

#include <algorithm>
#include <filesystem>

#include "input/given_input.h"
#include "input/log_listing.h"
#include "input/mlir_tree.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

// What the MLIR reader notes on a log's first entry when the log starts after a pass (log_listing.cpp
// MakeLogListing). Here the `.pto` is the IR before that pass, so the note is not true of the report.
constexpr const char* kStartsAfterNote = "the log starts after this pass";

void Prefix(const std::string& prefix, DumpFile* f) {
  if (!f->name.empty()) f->name = prefix + f->name;
  if (!f->log_name.empty()) f->log_name = prefix + f->log_name;
}

// An Error about `where` (a part of the build directory), its message put after the part's path.
Error InPart(const std::string& where, const Error& e) {
  if (e.place() != ErrorPlace::kInInput) return e;
  return DumpError(where + ": " + e.what());
}

bool HasRegularFile(const fs::path& dir) {
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec)) return true;
  }
  return false;
}

// The passes ptoas ran, in order, from a unit's tree: the tree's first entry is the output of ptoas's first
// pass (an after-all tree has no dump before it), named by that pass; with one dump only, the MLIR reader
// lists it both as the first entry and as pass 1 (AddSoleDumpAsPass). A tree whose first entry is a
// before-dump (label "frontend") keeps it as the first pass's own before. Notes the reader put on the first
// entry go to the first pass, but the one saying that the log starts after it.
std::vector<DumpPass> TreePasses(DumpListing tree, DumpFile* tree_before) {
  std::vector<DumpPass> out;
  // The tree holds no IR before ptoas's first pass: AddUnit gave it the .pto (UseGivenInput), which it
  // also gives as the first pass's before side, so that frontend goes.
  bool no_input = tree.frontend_label == kNoInputLabel || tree.frontend_label == kGivenInputLabel;
  bool first_is_pass = !no_input && tree.frontend_label != "frontend";
  bool sole = tree.passes.size() == 1 && tree.passes[0].file.name == tree.frontend.name;
  if (first_is_pass && !sole) {
    DumpPass p;
    p.pass_name = tree.frontend_label;
    p.file = tree.frontend;
    out.push_back(std::move(p));
  } else if (!first_is_pass && !no_input) {
    *tree_before = tree.frontend;
  }
  for (DumpPass& p : tree.passes) out.push_back(std::move(p));
  if (!out.empty()) {
    std::vector<std::string>& first = out[0].notes;
    if (no_input) first.erase(std::remove(first.begin(), first.end(), std::string(kNoInputNote)), first.end());
    std::vector<std::string> notes;
    for (std::string& n : tree.notes) {
      if (n.rfind(kStartsAfterNote, 0) != 0) notes.push_back(std::move(n));
    }
    first.insert(first.begin(), notes.begin(), notes.end());
  }
  return out;
}

// A generated source of the build directory listed among the passes.
DumpCodegen UnitFile(const std::string& dir, const std::string& rel, const std::string& ext, unsigned long after_pass,
                     const std::string& phase) {
  DumpCodegen c;
  c.role = CodegenRole::kDevice;
  c.file.name = rel;
  c.file.path = (fs::path(dir) / rel).string();
  c.file.extension = ext;
  c.after_pass = after_pass;
  c.phase = phase;
  return c;
}

// Adds unit `unit`'s entries to `listing` after its last pass: its `.pto`, its tree's passes, its `.cpp`.
void AddUnit(const std::string& dir, const std::string& unit, DumpListing* listing, std::vector<DumpCodegen>* files) {
  const std::string phase = "ptoas: " + unit;
  const std::string pto = std::string(kPyptoPtoas) + "/" + unit + ".pto";
  const std::string cpp = std::string(kPyptoPtoas) + "/" + unit + ".cpp";
  const std::string tree_rel = std::string(kPyptoPtoasPasses) + "/" + unit;
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(dir) / pto, ec)) throw DumpError(pto + " is not a regular file");
  unsigned long last = listing->passes.size();
  // The .pto is MLIR (PyPTO's PTOCodegen writes an MLIR module): it is split as MLIR, as ptoas's dumps are.
  files->push_back(UnitFile(dir, pto, "mlir", last, phase));
  fs::path tree = fs::path(dir) / tree_rel;
  if (fs::is_directory(tree, ec) && !HasRegularFile(tree)) {
    listing->notes.push_back(tree_rel + " is empty: ptoas dumped no pass of " + unit);
  } else if (fs::is_directory(tree, ec)) {
    DumpListing read;
    GivenInput input = ReadGivenInput((fs::path(dir) / pto).string());
    input.path = pto;  // named inside the build directory
    try {
      read = ListMlirTree(tree.string(), &input.text);
    } catch (const Error& e) {
      throw InPart(tree_rel, e);
    }
    // The .pto is the IR ptoas was handed: the tree's input, as --input FILE gives a log's.
    if (read.frontend_label == kNoInputLabel) UseGivenInput(&read, input, tree_rel);
    for (std::string& w : read.warnings) listing->warnings.push_back(tree_rel + ": " + w);
    for (std::string& s : read.sources) listing->sources.push_back(std::move(s));
    DumpFile tree_before;
    std::vector<DumpPass> passes = TreePasses(std::move(read), &tree_before);
    for (size_t k = 0; k < passes.size(); ++k) {
      DumpPass& p = passes[k];
      p.number = ++last;
      p.phase = phase;
      Prefix(tree_rel + "/", &p.file);
      if (p.before) Prefix(tree_rel + "/", &*p.before);
      if (k == 0 && !p.before) {
        if (!tree_before.name.empty()) {
          Prefix(tree_rel + "/", &tree_before);
          p.before = tree_before;
        } else {
          p.before = files->back().file;  // the .pto: the IR ptoas was handed
          p.notes.insert(p.notes.begin(), "ptoas's first pass on " + unit + ": diffed against " + pto +
                                              ", the module PyPTO handed ptoas");
        }
      }
      listing->passes.push_back(std::move(p));
    }
  }
  if (fs::is_regular_file(fs::path(dir) / cpp, ec)) {
    files->push_back(UnitFile(dir, cpp, "cpp", last, phase));
  } else {
    listing->notes.push_back(cpp + " is missing: ptoas wrote no C++ for " + unit);
  }
}

// The ptoas_passes/<unit>/ trees that have no ptoas/<unit>.pto, sorted.
std::vector<std::string> OrphanTrees(const std::string& dir, const std::vector<std::string>& units) {
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator it(fs::path(dir) / kPyptoPtoasPasses, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (it->is_directory(ec) && std::find(units.begin(), units.end(), name) == units.end()) out.push_back(name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Names every file of the PyPTO pipeline by its path inside the build directory.
void PrefixPassesDump(DumpListing* listing) {
  const std::string prefix = std::string(kPyptoPassesDump) + "/";
  Prefix(prefix, &listing->frontend);
  for (DumpPass& p : listing->passes) {
    Prefix(prefix, &p.file);
    if (p.before) Prefix(prefix, &*p.before);
  }
  if (listing->crashed) Prefix(prefix, &listing->crashed->file);
  for (DumpCodegen& c : listing->codegen) {
    if (c.file.in_dump) Prefix(prefix, &c.file);
  }
  for (std::string& n : listing->ignored) n = prefix + n;
}

}  // namespace

bool LooksLikePyptoBuild(const std::string& dir) {
  std::error_code ec;
  fs::path passes = fs::path(dir) / kPyptoPassesDump;
  if (!fs::is_directory(passes, ec)) return false;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (IsFrontendName(it->path().filename().string())) return false;
  }
  for (fs::directory_iterator it(passes, ec), end; !ec && it != end; it.increment(ec)) {
    if (IsFrontendName(it->path().filename().string())) return true;
  }
  return false;
}

bool HasPyptoOutputs(const std::string& dir) {
  std::error_code ec;
  for (const char* part : {kPyptoPtoas, kPyptoPtoasPasses, "kernels", "orchestration"}) {
    if (fs::is_directory(fs::path(dir) / part, ec)) return true;
  }
  return false;
}

std::vector<std::string> PyptoUnits(const std::string& dir) {
  std::vector<std::string> units;
  std::error_code ec;
  for (fs::directory_iterator it(fs::path(dir) / kPyptoPtoas, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    if (p.extension() == ".pto" && p.stem() != "") units.push_back(p.stem().string());
  }
  std::sort(units.begin(), units.end());
  return units;
}

DumpListing ListPyptoBuild(const std::string& dir, const std::vector<std::string>& codegen_dirs) {
  std::error_code ec;
  std::vector<std::string> sources;  // the build directory's own kernels/ and orchestration/ first
  if (fs::is_directory(fs::path(dir) / "kernels", ec) || fs::is_directory(fs::path(dir) / "orchestration", ec)) {
    sources.push_back(dir);
  }
  sources.insert(sources.end(), codegen_dirs.begin(), codegen_dirs.end());
  DumpListing listing;
  try {
    listing = ListDump((fs::path(dir) / kPyptoPassesDump).string(), sources);
  } catch (const Error& e) {
    throw InPart(kPyptoPassesDump, e);
  }
  PrefixPassesDump(&listing);
  const unsigned long pypto_last = listing.passes.size();
  // The PyPTO pipeline's phases stay its own (none past its passes); without any, it is one phase.
  std::vector<DumpPhase> phases;
  for (const DumpPhase& p : listing.phases) {
    if (p.first <= pypto_last) phases.push_back(p);
  }
  if (phases.empty()) phases.push_back({0, "PyPTO"});
  std::vector<std::string> units = PyptoUnits(dir);
  for (const std::string& orphan : OrphanTrees(dir, units)) {
    listing.ignored.push_back(std::string(kPyptoPtoasPasses) + "/" + orphan + " (no " + kPyptoPtoas + "/" + orphan +
                              ".pto)");
    listing.notes.push_back(std::string(kPyptoPtoasPasses) + "/" + orphan + " is not shown: there is no " +
                            kPyptoPtoas + "/" + orphan + ".pto, the module ptoas was handed");
  }
  std::vector<DumpCodegen> files;
  if (listing.crashed && !units.empty()) {
    listing.notes.push_back("the PyPTO pipeline crashed in pass " + std::to_string(listing.crashed->number) +
                            ": ptoas/ and ptoas_passes/ are left out (that run did not reach ptoas)");
  } else {
    for (const std::string& unit : units) {
      unsigned long first = listing.passes.size() + 1;
      AddUnit(dir, unit, &listing, &files);
      if (listing.passes.size() >= first && (phases.back().first < first)) phases.push_back({first, "ptoas: " + unit});
    }
  }
  listing.phases = std::move(phases);
  files.insert(files.end(), listing.codegen.begin(), listing.codegen.end());
  listing.codegen = std::move(files);
  std::sort(listing.ignored.begin(), listing.ignored.end());
  return listing;
}

}  // namespace irtrace
