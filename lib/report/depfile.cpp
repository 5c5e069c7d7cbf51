#include "report/depfile.h"

#include <cctype>
#include <cstring>

namespace irtrace {
namespace {

// Characters GNU make reads specially inside a word of a rule line, which a backslash makes literal.
bool MakeEscaped(char c) { return std::strchr(" #:*?[", c) != nullptr; }

// Characters ninja's depfile lexer takes as part of a path without an escape.
bool NinjaPlain(unsigned char c) {
  return c >= 0x80 || std::isalnum(c) || std::strchr("+,/_.~()}{%=@[]!-", c) != nullptr;
}

std::string WithoutTrailingSlash(std::string dir) {
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  return dir;
}

}  // namespace

std::optional<std::string> MakeWord(const std::string& path) {
  if (path.empty() || path.find_first_of("\n\r\t;|=%") != std::string::npos) return std::nullopt;
  std::string out = path[0] == '~' ? "./" : "";
  size_t backslashes = 0;  // the run of backslashes just read, not yet written
  auto flush = [&](bool doubled) {
    out.append(doubled ? 2 * backslashes : backslashes, '\\');
    backslashes = 0;
  };
  for (char c : path) {
    if (c == '\\') {
      ++backslashes;
      continue;
    }
    bool escaped = MakeEscaped(c);
    flush(escaped);
    if (c == '$') {
      out += "$$";
    } else {
      if (escaped) out += '\\';
      out += c;
    }
  }
  flush(true);  // a backslash at the end would escape the separator after it
  return out;
}

std::optional<std::string> NinjaWord(const std::string& path) {
  if (path.empty()) return std::nullopt;
  std::string out;
  for (size_t i = 0; i < path.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(path[i]);
    if (c == ' ' || c == '#') {
      out += '\\';
      out += path[i];
    } else if (c == '$') {
      out += "$$";
    } else if (c == ':' && i + 1 == path.size()) {
      return std::nullopt;  // a word ending in ':' is read as a target
    } else if (NinjaPlain(c) || c == ':') {
      out += path[i];
    } else {
      return std::nullopt;
    }
  }
  return out;
}

Depfile MakeDepfile(const std::string& target, const std::vector<std::string>& inputs, const std::string& dump_dir,
                    DepfileFormat format) {
  auto word = [format](const std::string& p) { return format == DepfileFormat::kMake ? MakeWord(p) : NinjaWord(p); };
  Depfile d;
  std::string dir = WithoutTrailingSlash(dump_dir);
  std::optional<std::string> head = word(target);
  std::optional<std::string> dir_word = word(dir);
  if (!head || !dir_word) {
    d.left_out.push_back(head ? dir : target);
    return d;
  }
  std::vector<std::string> words{*dir_word};
  for (const std::string& input : inputs) {
    std::optional<std::string> w = word(input);
    if (w) {
      words.push_back(*w);
    } else {
      d.left_out.push_back(input);
    }
  }
  d.text = *head + ":";
  for (const std::string& w : words) d.text += " \\\n  " + w;
  d.text += "\n";
  if (format == DepfileFormat::kMake) {
    for (const std::string& w : words) d.text += "\n" + w + ":\n";
  }
  return d;
}

}  // namespace irtrace
