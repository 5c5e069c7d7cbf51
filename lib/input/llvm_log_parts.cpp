#include "input/llvm_log_parts.h"

#include <algorithm>
#include <set>

#include "input/dump_dir.h"
#include "input/log_listing.h"

namespace irtrace {

std::optional<std::string> ModuleIdOf(std::string_view line) {
  constexpr std::string_view kHead = "; ModuleID = '";
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.size() <= kHead.size() || line.substr(0, kHead.size()) != kHead || line.back() != '\'') return std::nullopt;
  return std::string(line.substr(kHead.size(), line.size() - kHead.size() - 1));
}

std::vector<LlvmLogPart> LlvmLogParts(const LogText& log) {
  // Only lines starting "; ModuleID = '" are looked at: the bytes are searched for that string, chunk by
  // chunk; chunks overlap by the string's length less one, so one across a chunk's end is found once.
  constexpr std::string_view kNeedle = "; ModuleID = '";
  constexpr size_t kChunk = 8u << 20;
  std::vector<LlvmLogPart> parts;
  std::optional<std::string> last;
  size_t line = 1;    // the line of byte `base`
  char before = '\n';  // the byte before `base`
  for (uint64_t base = 0;;) {
    std::string chunk = log.Read(base, kChunk);
    if (chunk.size() < kNeedle.size()) break;
    size_t advance = chunk.size() < kChunk ? chunk.size() : chunk.size() - (kNeedle.size() - 1);
    size_t counted = 0;  // chunk bytes whose '\n's are in `line`
    for (size_t k = chunk.find(kNeedle); k != std::string::npos && k < advance; k = chunk.find(kNeedle, k + 1)) {
      if ((k == 0 ? before : chunk[k - 1]) != '\n') continue;
      line += static_cast<size_t>(
          std::count(chunk.begin() + static_cast<long>(counted), chunk.begin() + static_cast<long>(k), '\n'));
      counted = k;
      size_t end = chunk.find('\n', k);
      std::string whole = end != std::string::npos ? chunk.substr(k, end - k) : log.Read(base + k, 4096);
      std::optional<std::string> id = ModuleIdOf(whole.substr(0, whole.find('\n')));
      if (!id || (last && *last == *id)) continue;
      parts.push_back(LlvmLogPart{*id, base + k, line});
      last = id;
    }
    line += static_cast<size_t>(
        std::count(chunk.begin() + static_cast<long>(counted), chunk.begin() + static_cast<long>(advance), '\n'));
    before = chunk[advance - 1];
    base += advance;
    if (chunk.size() < kChunk) break;
  }
  if (parts.size() < 2) return {};
  std::set<std::string> names;
  for (size_t p = 0; p < parts.size(); ++p) {
    if (!names.insert(parts[p].name).second) parts[p].name = "part_" + std::to_string(p + 1);
  }
  return parts;
}

LlvmPartFilter::LlvmPartFilter(std::shared_ptr<const LogText> log, std::string name, std::optional<std::string> part)
    : log_(std::move(log)), name_(std::move(name)), part_(std::move(part)) {
  if (!part_ || part_->empty()) return;
  std::vector<LlvmLogPart> parts = LlvmLogParts(*log_);
  for (size_t p = 0; p < parts.size(); ++p) {
    if (parts[p].name != *part_) continue;
    begin_ = parts[p].begin;
    end_ = p + 1 < parts.size() ? parts[p + 1].begin : UINT64_MAX;
    return;
  }
  throw DumpError("no compilation '" + *part_ + "' in the log");
}

LlvmPartFilter::Verdict LlvmPartFilter::Of(uint64_t offset, std::string_view first_line) {
  if (!part_) return Verdict::kKeep;
  if (!part_->empty()) return offset < begin_ ? Verdict::kSkip : offset < end_ ? Verdict::kKeep : Verdict::kEnd;
  std::optional<std::string> id = ModuleIdOf(first_line);
  if (!id) return Verdict::kKeep;
  if (!module_id_) module_id_ = id;
  if (*module_id_ == *id) return Verdict::kKeep;
  std::vector<std::string> names;
  for (const LlvmLogPart& p : LlvmLogParts(*log_)) names.push_back(p.name);
  if (names.size() < 2) return Verdict::kKeep;  // cannot be: the scan finds what this dump shows
  throw SeveralReports(name_, names);
}

}  // namespace irtrace
