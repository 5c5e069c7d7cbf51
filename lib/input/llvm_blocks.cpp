#include "input/llvm_blocks.h"

#include <unordered_map>

namespace irtrace {
namespace {

std::string_view TrimCr(std::string_view s) { return !s.empty() && s.back() == '\r' ? s.substr(0, s.size() - 1) : s; }

// Splits lines [begin, end) at blank lines and labels into blocks; `marker` tells a kept line that
// switches the part (a loop dump's "; Preheader:") and returns true for it.
template <typename Marker>
std::vector<IrBlockLine> Split(const LineIndex& lines, size_t begin, size_t end, Marker marker) {
  std::vector<IrBlockLine> out;
  LoopPart part = LoopPart::kLoop;
  bool open = false;  // the last item is a block still taking lines
  for (size_t k = begin; k < end; ++k) {
    std::string_view l = TrimCr(lines[k]);
    if (l.empty() || marker(l, &part)) {
      out.push_back(IrBlockLine{false, part, "", k, k + 1});
      open = false;
      continue;
    }
    std::string label = BlockLabel(l);
    if (!label.empty() || !open) {
      out.push_back(IrBlockLine{true, part, std::move(label), k, k + 1});
      open = true;
      continue;
    }
    out.back().end = k + 1;
  }
  return out;
}

}  // namespace

std::string BlockLabel(std::string_view line) {
  line = TrimCr(line);
  if (line.empty() || line[0] == ' ' || line[0] == '\t' || line[0] == ';' || line[0] == '}') return "";
  size_t at = 0;
  if (line[0] == '"') {
    at = 1;
    while (at < line.size() && line[at] != '"') at += line[at] == '\\' ? 2 : 1;
    if (at >= line.size()) return "";
    ++at;
  } else {
    while (at < line.size() && line[at] != ':' && line[at] != ' ') ++at;
  }
  if (at == 0 || at >= line.size() || line[at] != ':') return "";
  return std::string(line.substr(0, at));
}

std::vector<IrBlockLine> SplitLoopDump(const LineIndex& lines, size_t begin, size_t end) {
  return Split(lines, begin, end, [](std::string_view l, LoopPart* part) {
    if (l == "; Preheader:") *part = LoopPart::kPreheader;
    else if (l == "; Loop:") *part = LoopPart::kLoop;
    else if (l == "; Exit blocks") *part = LoopPart::kExit;
    else return false;
    return true;
  });
}

std::vector<IrBlockLine> SplitFunctionBlocks(const LineIndex& lines, size_t begin, size_t end) {
  return Split(lines, begin, end, [](std::string_view l, LoopPart*) {
    return l.rfind("; Function Attrs:", 0) == 0 || l.rfind("define ", 0) == 0 || l == "}";
  });
}

std::string CanonicalNumbering(std::string_view text) {
  std::unordered_map<std::string_view, size_t> numbers[2];  // '!' and '#'
  std::string out;
  out.reserve(text.size());
  auto name_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           c == '$' || c == '-' || c == '%' || c == '@' || c == '!' || c == '#';
  };
  for (size_t k = 0; k < text.size();) {
    char c = text[k];
    size_t digits = k + 1;
    while ((c == '!' || c == '#') && digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
    if (digits == k + 1 || (k > 0 && name_char(text[k - 1])) ||
        (digits < text.size() && name_char(text[digits]) && text[digits] != '!' && text[digits] != '#')) {
      out.push_back(c);
      ++k;
      continue;
    }
    auto& table = numbers[c == '#'];
    auto it = table.emplace(text.substr(k + 1, digits - k - 1), table.size()).first;
    out.push_back(c);
    out += std::to_string(it->second);
    k = digits;
  }
  return out;
}

std::string LoopHeaderOf(const std::vector<IrBlockLine>& dump) {
  for (const IrBlockLine& b : dump) {
    if (b.block && b.part == LoopPart::kLoop) return b.label;
  }
  return "";
}

long LlvmNumber(std::string_view digits) {
  if (digits.empty() || digits.size() > 9) return -1;
  long n = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

}  // namespace irtrace
