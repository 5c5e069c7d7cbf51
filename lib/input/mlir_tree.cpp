#include "input/mlir_tree.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <list>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string_view>
#include <vector>

#include "input/log_listing.h"
#include "input/mlir_log.h"
#include "input/program_name.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

// A dump file of the tree: its counter chain, its operations' folders from DIR down, and path inside DIR.
struct TreeFile {
  std::vector<unsigned long> chain;
  std::vector<std::string> folders;
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

// The folder MLIR's tree printer names for the symbol an IR line defines ("  func.func private @a(" ->
// "func_func_a", "module @m {" -> "builtin_module_m": the op name's '.' as '_', the symbol's '/' and '\\' as
// '_'), or "" for a line that defines none.
std::string DefinedFolder(std::string_view line) {
  size_t p = line.find_first_not_of(' ');
  if (p == std::string_view::npos) return "";
  size_t e = line.find(' ', p);
  if (e == std::string_view::npos) return "";
  std::string op(line.substr(p, e - p));
  if (op == "module") op = "builtin.module";
  if (op.find('.') == std::string::npos ||
      op.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.$") != std::string::npos)
    return "";
  std::string_view rest = line.substr(e + 1);
  for (std::string_view kw : {"private ", "public ", "nested "})
    if (rest.substr(0, kw.size()) == kw) rest.remove_prefix(kw.size());
  if (rest.empty() || rest[0] != '@') return "";
  std::string sym;
  if (rest.size() > 1 && rest[1] == '"') {
    size_t q = rest.find('"', 2);
    if (q == std::string_view::npos) return "";
    sym = std::string(rest.substr(2, q - 2));
  } else {
    size_t n = 1;
    while (n < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[n])) || rest[n] == '_' || rest[n] == '$' ||
                               rest[n] == '.' || rest[n] == '-'))
      ++n;
    sym = std::string(rest.substr(1, n - 1));
  }
  if (sym.empty()) return "";
  std::replace(op.begin(), op.end(), '.', '_');
  std::replace(sym.begin(), sym.end(), '/', '_');
  std::replace(sym.begin(), sym.end(), '\\', '_');
  return op + "_" + sym;
}

// Each operation folder's place in the module (0, 1, ...): the order its symbol is defined in the dumps'
// texts, read in counter order until every folder has one, each text's new symbols placed after the last
// known symbol before them. A folder no text defines has none (its siblings then go by path).
std::map<std::string, size_t> FolderRanks(const std::string& dir, const std::vector<TreeFile>& files) {
  std::set<std::string> pending;
  for (const TreeFile& f : files) pending.insert(f.folders.begin(), f.folders.end());
  std::list<std::string> order;
  std::map<std::string, std::list<std::string>::iterator> at;
  for (const TreeFile& f : files) {
    if (pending.empty()) break;
    std::ifstream in(fs::path(dir) / f.rel, std::ios::binary);
    std::string line;
    auto next = order.begin();  // where this text's next new symbol goes
    while (std::getline(in, line)) {
      std::string folder = DefinedFolder(line);
      if (folder.empty()) continue;
      auto known = at.find(folder);
      if (known != at.end()) {
        next = std::next(known->second);
      } else if (pending.count(folder)) {
        at[folder] = order.insert(next, folder);
        pending.erase(folder);
      }
    }
  }
  std::map<std::string, size_t> ranks;
  size_t k = 0;
  for (const std::string& folder : order) ranks[folder] = k++;
  return ranks;
}

// A module-scope dump as the ordering below sees it: a hash of each sibling operation's text in it (by folder
// name) and of the whole, so that "equal but for operation F" is one comparison.
struct ModuleView {
  bool module_scope = false;                  // its banner names the operation: --mlir-print-ir-module-scope
  std::map<std::string, uint64_t> sections;   // folder -> the term its text adds to `total`
  uint64_t total = 0;                         // the sum of every section's term and the other lines' hash
  uint64_t Without(const std::string& folder) const {
    auto s = sections.find(folder);
    return total - (s == sections.end() ? 0 : s->second);
  }
};

// Reads `rel`'s dump: its banner, then the operations named by `siblings` cut out as sections (a line
// defining one up to the line closing it at the same indentation).
ModuleView ReadView(const std::string& dir, const std::string& rel, const std::set<std::string>& siblings) {
  ModuleView v;
  std::ifstream in(fs::path(dir) / rel, std::ios::binary);
  std::string line, rest, section, folder, close;
  std::getline(in, line);
  v.module_scope = line.find("' operation") != std::string::npos;
  std::hash<std::string> h;
  auto end_section = [&] {
    v.sections[folder] = h(folder) * 31 + h(section);
    v.total += v.sections[folder];
    folder.clear();
  };
  while (std::getline(in, line)) {
    if (!folder.empty()) {
      section += line + "\n";
      if (line == close) end_section();
      continue;
    }
    std::string f = DefinedFolder(line);
    if (f.empty() || !siblings.count(f)) {
      rest += line + "\n";
      continue;
    }
    folder = f;
    section = line + "\n";
    close = line.substr(0, line.find_first_not_of(' ')) + "}";
    if (line.empty() || line.back() != '{') end_section();
  }
  if (!folder.empty()) end_section();
  v.total += h(rest);
  return v;
}

// Module scope: the files of sibling operations dumped between two dumps of their parent (`group`, key
// order: one operation's dumps after the other's) put in the order their texts show. Each dump holds the
// whole module, and a function pass changes only its function: the next dump is the head of one
// operation's dumps whose module is the current one but for that operation. A head equal to the current
// module (it changed nothing) goes first, so every change is charged to the dump it first shows in; the
// rest, or with no module to start from, key order. Without module scope the texts hold one operation
// each, which any order of siblings shows the same: key order.
void OrderByTexts(const std::string& dir, const std::optional<std::string>& before, std::vector<TreeFile>* group) {
  std::set<std::string> siblings;
  for (const TreeFile& f : *group) siblings.insert(f.folders.back());
  std::vector<std::pair<std::string, std::vector<ModuleView>>> queues;  // per operation, in key order
  std::vector<std::vector<TreeFile>> files;
  for (const TreeFile& f : *group) {
    if (queues.empty() || queues.back().first != f.folders.back()) {
      queues.push_back({f.folders.back(), {}});
      files.emplace_back();
    }
    queues.back().second.push_back(ReadView(dir, f.rel, siblings));
    if (!queues.back().second.back().module_scope) return;
    files.back().push_back(f);
  }
  std::optional<ModuleView> state;
  if (before) state = ReadView(dir, *before, siblings);
  if (state && !state->module_scope) state.reset();
  std::vector<size_t> next(queues.size(), 0);
  std::vector<TreeFile> out;
  while (out.size() < group->size()) {
    size_t pick = queues.size(), consistent = queues.size(), first = queues.size();
    for (size_t q = 0; q < queues.size(); ++q) {
      if (next[q] == queues[q].second.size()) continue;
      const ModuleView& head = queues[q].second[next[q]];
      first = std::min(first, q);
      if (!state) break;
      if (head.total == state->total) {
        pick = q;
        break;
      }
      if (consistent == queues.size() && head.Without(queues[q].first) == state->Without(queues[q].first))
        consistent = q;
    }
    if (pick == queues.size()) pick = consistent != queues.size() ? consistent : first;
    state = queues[pick].second[next[pick]];
    out.push_back(files[pick][next[pick]++]);
  }
  *group = std::move(out);
}

// The order mlir-opt wrote the files in, without threads: an operation's dumps in counter order, and between
// two of them its nested operations' dumps, the operations one after the other in the module's order, each
// with all its dumps (a nested pipeline runs whole on one function, then on the next). The counters alone
// interleave siblings: `func_func_b/0_0_cse` and `func_func_a/0_0_cse` share them. So a file's key is, level
// by level, its folder's place among its siblings then its counter there; a file above another's operation
// with the same counters (a module dump) goes first. A module-scope tree's siblings between two dumps of
// their parent are then put in the order their texts show (OrderByTexts): the inliner canonicalizes each
// function after the nest before it ran on all of them, which no file name says.
void SortInRunOrder(const std::string& dir, std::vector<TreeFile>* files) {
  std::map<std::string, size_t> ranks = FolderRanks(dir, *files);
  auto rank = [&](const std::string& folder) {
    auto r = ranks.find(folder);
    return r == ranks.end() ? ranks.size() : r->second;
  };
  std::stable_sort(files->begin(), files->end(), [&](const TreeFile& a, const TreeFile& b) {
    size_t n = std::min(a.chain.size(), b.chain.size());
    for (size_t i = 0; i < n; ++i) {
      const std::string& fa = i < a.folders.size() ? a.folders[i] : a.rel;
      const std::string& fb = i < b.folders.size() ? b.folders[i] : b.rel;
      if (fa != fb) return rank(fa) != rank(fb) ? rank(fa) < rank(fb) : fa < fb;
      if (a.chain[i] != b.chain[i]) return a.chain[i] < b.chain[i];
    }
    return a.chain.size() != b.chain.size() ? a.chain.size() < b.chain.size() : a.rel < b.rel;
  });
  // Siblings between two dumps of their parent: the same parent folders and counters.
  auto parent = [](const TreeFile& f) {
    size_t d = std::min(f.folders.size(), f.chain.size());
    return std::make_pair(std::vector<std::string>(f.folders.begin(), f.folders.begin() + (d ? d - 1 : 0)),
                          std::vector<unsigned long>(f.chain.begin(), f.chain.begin() + (d ? d - 1 : 0)));
  };
  for (size_t i = 0; i < files->size();) {
    size_t j = i + 1;
    while (j < files->size() && (*files)[j].folders.size() >= 2 && parent((*files)[j]) == parent((*files)[i])) ++j;
    if ((*files)[i].folders.size() >= 2 && (*files)[i].folders.back() != (*files)[j - 1].folders.back()) {
      std::vector<TreeFile> group(files->begin() + static_cast<long>(i), files->begin() + static_cast<long>(j));
      std::optional<std::string> before;
      if (i > 0) before = (*files)[i - 1].rel;
      OrderByTexts(dir, before, &group);
      std::move(group.begin(), group.end(), files->begin() + static_cast<long>(i));
    }
    i = j;
  }
}

// The tree's dump files, at most `depth` directories down (-1: any depth), in the order they were written.
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
    fs::path rel = fs::relative(it->path(), dir, ec);
    std::vector<std::string> folders;
    for (const fs::path& part : rel.parent_path()) folders.push_back(part.string());
    files.push_back(TreeFile{Chain(m[1]), std::move(folders), rel.generic_string()});
  }
  // Counter order first: the order FolderRanks reads the texts in.
  std::sort(files.begin(), files.end(), [](const TreeFile& a, const TreeFile& b) {
    return a.chain != b.chain ? a.chain < b.chain : a.rel < b.rel;
  });
  SortInRunOrder(dir, &files);
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
