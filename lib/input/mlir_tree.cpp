#include "input/mlir_tree.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <vector>

#include "input/log_listing.h"
#include "input/mlir_log.h"
#include "input/program_name.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

// A dump file of the tree: its counter chain and path inside DIR.
struct TreeFile {
  std::vector<unsigned long> chain;
  std::string rel;
};

const std::regex& TreeName() {
  static const std::regex re(R"(^(\d+(?:_\d+)*)_(.+)\.mlir$)");
  return re;
}

std::vector<unsigned long> Chain(const std::string& digits) {
  std::vector<unsigned long> out;
  std::stringstream s(digits);
  std::string part;
  while (std::getline(s, part, '_')) out.push_back(std::stoul(part.substr(0, 18)));
  return out;
}

// The tree's dump files, at most `depth` directories down (-1: any depth), in counter order.
std::vector<TreeFile> TreeFiles(const std::string& dir, int depth) {
  std::vector<TreeFile> files;
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, fs::directory_options::none, ec), end;
  if (ec) throw DumpError("cannot read the dump: " + ec.message());
  for (; it != end; it.increment(ec)) {
    if (ec) throw DumpError("cannot read the dump: " + ec.message());
    if (depth >= 0 && it.depth() > depth) {
      it.disable_recursion_pending();
      continue;
    }
    std::smatch m;
    std::string name = it->path().filename().string();
    if (!it->is_regular_file(ec) || !std::regex_match(name, m, TreeName())) continue;
    files.push_back(TreeFile{Chain(m[1]), fs::relative(it->path(), dir, ec).generic_string()});
  }
  std::sort(files.begin(), files.end(), [](const TreeFile& a, const TreeFile& b) {
    return a.chain != b.chain ? a.chain < b.chain : a.rel < b.rel;
  });
  return files;
}

}  // namespace

bool LooksLikeMlirTree(const std::string& dir) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (IsFrontendName(it->path().filename().string())) return false;
  }
  // The first dump file at any depth (a tree of only function folders has none above depth 2), looking at
  // a bounded number of entries so that detecting a large directory that is no tree stays cheap.
  constexpr int kMaxDepth = 8;
  constexpr size_t kMaxEntries = 10000;
  size_t seen = 0;
  fs::recursive_directory_iterator it(dir, fs::directory_options::none, ec), end;
  // A folder of the tree is named by its operation and symbol, '.' as '_': `func_func_matmul`.
  static const std::regex op_folder(R"(^[A-Za-z0-9]+_[A-Za-z0-9_]+_.+$)");
  for (; !ec && it != end && seen++ < kMaxEntries; it.increment(ec)) {
    std::string name = it->path().filename().string();
    std::error_code file_ec;
    if (it->is_directory(file_ec)) {
      if (it.depth() + 1 >= kMaxDepth || !std::regex_match(name, op_folder)) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file(file_ec) || !std::regex_match(name, TreeName())) continue;
    std::ifstream in(it->path(), std::ios::binary);
    std::string first;
    std::getline(in, first);
    return LooksLikeMlirLog(first);
  }
  return false;
}

DumpListing ListMlirTree(const std::string& dir, const std::string* input) {
  std::vector<TreeFile> files = TreeFiles(dir, -1);
  if (files.empty()) throw DumpError("no MLIR dump file (N_<pass>.mlir, as --mlir-print-ir-tree-dir writes)");
  std::vector<std::string> rel;
  for (const TreeFile& f : files) rel.push_back(f.rel);
  DumpListing listing = ReadFilesAsLog(dir, rel, [input](const std::string& name, const std::string& text) {
    return ReadMlirLog(name, text, std::nullopt, input);  // one compilation, however it looks
  });
  // A tree holds no diagnostics: a Failed dump's error says so.
  auto no_diagnostics = [](DumpFile* f) {
    if (!f->log) return;
    std::string text = *f->log;
    const std::string said = "(the log holds no diagnostics for it)";
    size_t p = text.find(said);
    if (p != std::string::npos)
      text.replace(p, said.size(), "(no diagnostics in this format: --mlir-print-ir-tree-dir holds none)");
    f->log = std::make_shared<const std::string>(std::move(text));
  };
  no_diagnostics(&listing.frontend);
  for (DumpPass& p : listing.passes) no_diagnostics(&p.file);
  if (listing.title == LogStem(dir) || listing.title.empty()) listing.title = DumpDirectoryTitle(dir);
  return listing;
}

}  // namespace irtrace
