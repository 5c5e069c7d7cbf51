#include "input/llvm_dumps.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "input/log_listing.h"

namespace irtrace {
namespace {

std::string_view TrimCr(std::string_view s) { return !s.empty() && s.back() == '\r' ? s.substr(0, s.size() - 1) : s; }

bool StartsWith(std::string_view s, std::string_view p) { return s.size() >= p.size() && s.substr(0, p.size()) == p; }

// " Running pass 97 SimplifyCFGPass on f" (-print-pass-numbers, LLVM 19 PrintPassInstrumentation): a line
// before a pass runs, never IR (IR lines start with a name, '}', ';' or two spaces).
bool PassNumberLine(std::string_view l) {
  return StartsWith(l, " Running pass ") && l.size() > 14 && l[14] >= '0' && l[14] <= '9';
}

std::optional<LlvmBanner> BannerOf(std::string_view l) {
  if (l.empty() || (l[0] != ';' && l[0] != '*' && l[0] != '#')) return std::nullopt;
  return ParseLlvmBanner(l);
}

}  // namespace

LlvmDumpScanner::LlvmDumpScanner(std::shared_ptr<const LogText> log) : lines_(std::move(log)) {}

bool LlvmDumpScanner::Next(LlvmDump* d) {
  std::string_view l;
  uint64_t at = 0;
  while (!banner_) {
    if (!lines_.Next(&l, &at)) return false;
    banner_ = BannerOf(l);
    banner_line_ = lines_.line_number();
  }
  d->banner = std::move(*banner_);
  d->line = banner_line_;
  d->offset = 0;
  d->text.clear();
  banner_.reset();
  size_t dropped_at = std::string::npos;  // the text's size when a line was first dropped from it
  while (lines_.Next(&l, &at)) {
    if ((banner_ = BannerOf(l))) {
      banner_line_ = lines_.line_number();
      break;
    }
    if (d->text.empty()) {
      if (TrimCr(l).empty()) continue;
      d->offset = at;
    }
    if (PassNumberLine(l)) {
      dropped_at = std::min(dropped_at, d->text.size());
      continue;
    }
    if (lines_.has_break()) {
      d->text.append(l.data(), l.size() + 1);  // the line and its '\n', in one copy
    } else {
      d->text.append(l).push_back('\n');
    }
  }
  while (d->text.size() >= 2 && d->text[d->text.size() - 2] == '\n') d->text.pop_back();  // trailing blank lines
  d->size = d->text.size();
  d->contiguous = d->text.size() <= dropped_at;
  return true;
}

bool IsWholeModuleDump(const LlvmDump& d) {
  return d.banner.kind == LlvmBanner::Kind::kStart || d.banner.unit == LlvmBanner::Unit::kModule ||
         d.banner.invalidated || StartsWith(d.text, "; ModuleID");
}

bool LlvmDumpCutShort(const std::string& text) {
  int depth = 0;
  for (const std::string& l : SplitKeepingBreaks(text)) depth += BraceDelta(l);
  return depth > 0;
}

}  // namespace irtrace
