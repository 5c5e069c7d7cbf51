#include "input/program_name.h"

#include <cctype>
#include <filesystem>

namespace irtrace {
namespace {

constexpr std::string_view kSpace = " \t\r\f\v";

std::string_view Trim(std::string_view s) {
  size_t b = s.find_first_not_of(kSpace);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(kSpace) - b + 1);
}

bool StartsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// Calls line(text) for each line of `head` (without its '\n') until it returns false. The last line is
// skipped when `head` does not end it: it may be cut.
template <typename F>
void ForEachLine(std::string_view head, F line) {
  size_t at = 0;
  while (at < head.size()) {
    size_t end = head.find('\n', at);
    if (end == std::string_view::npos) return;
    if (!line(head.substr(at, end - at))) return;
    at = end + 1;
  }
}

std::string PyptoProgram(std::string_view head) {
  if (StartsWith(head, "\xEF\xBB\xBF")) head.remove_prefix(3);
  std::string name;
  ForEachLine(head, [&](std::string_view raw) {
    std::string_view line = Trim(raw);
    if (line.empty()) return true;
    if (line[0] != '#') return false;  // the opening comment block is over
    constexpr std::string_view kKey = "pypto.program:";
    std::string_view rest = Trim(line.substr(1));
    if (!StartsWith(rest, kKey)) return true;
    name = std::string(Trim(rest.substr(kKey.size())));
    return false;
  });
  return name;
}

// The symbol at the start of `s`: @name (MLIR's bare-id characters) or @"quoted" (no escapes read).
std::string SymbolAt(std::string_view s) {
  if (!StartsWith(s, "@")) return "";
  s.remove_prefix(1);
  if (StartsWith(s, "\"")) {
    size_t close = s.find('"', 1);
    std::string_view quoted = s.substr(1, close == std::string_view::npos ? 0 : close - 1);
    return quoted.find('\\') == std::string_view::npos ? std::string(quoted) : "";
  }
  size_t n = 0;
  while (n < s.size() &&
         (std::isalnum(static_cast<unsigned char>(s[n])) || s[n] == '_' || s[n] == '$' || s[n] == '.' || s[n] == '-')) {
    ++n;
  }
  return std::string(s.substr(0, n));
}

std::string MlirModule(std::string_view head) {
  std::string name;
  ForEachLine(head, [&](std::string_view raw) {
    std::string_view line = Trim(raw);
    if (line.empty() || StartsWith(line, "//") || line[0] == '#' || line[0] == '!') return true;  // aliases
    if (StartsWith(line, "module ")) {
      name = SymbolAt(Trim(line.substr(7)));
    } else if (StartsWith(line, "\"builtin.module\"()")) {
      constexpr std::string_view kKey = "sym_name = \"";
      size_t at = line.find(kKey);
      size_t region = line.find('(', 17);  // the properties come before the region
      if (at != std::string_view::npos && (region == std::string_view::npos || at < region)) {
        std::string_view rest = line.substr(at + kKey.size());
        size_t close = rest.find('"');
        if (close != std::string_view::npos && rest.substr(0, close).find('\\') == std::string_view::npos) {
          name = std::string(rest.substr(0, close));
        }
      }
    }
    return false;  // only the first operation can be the module
  });
  return std::string(Trim(name));
}

}  // namespace

std::string ProgramName(std::string_view head, const std::string& extension) {
  if (extension == "py" || extension == "tir") return PyptoProgram(head);
  if (extension == "mlir") return MlirModule(head);
  return "";
}

namespace {

// `dir` absolute, symbolic links followed, "." and ".." removed, without a trailing '/'.
std::filesystem::path Resolved(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(dir, ec), ec);
  if (ec) p = fs::absolute(dir, ec).lexically_normal();
  if (!p.has_filename() && p.has_parent_path() && p != p.root_path()) p = p.parent_path();  // "/a/dump/"
  return p;
}

}  // namespace

std::string DumpDirectoryTitle(const std::string& dir) {
  std::filesystem::path p = Resolved(dir);
  std::string own = p.filename().string();
  if (own.empty()) return p.string();
  if (own == "passes_dump" || p.parent_path().filename() == ".runs") return ParentDirectoryTitle(dir);
  return own;
}

std::string ParentDirectoryTitle(const std::string& dir) {
  std::filesystem::path p = Resolved(dir);
  std::string parent = p.parent_path().filename().string();
  // A run of the recording library (<name>/.runs/run_*/, record/dump_writer.h) is titled by its <name>.
  if (parent == ".runs" && p.parent_path().has_parent_path()) {
    std::string name = p.parent_path().parent_path().filename().string();
    if (!name.empty()) return name;
  }
  if (!parent.empty()) return parent;
  std::string own = p.filename().string();
  return own.empty() ? p.string() : own;
}

}  // namespace irtrace
