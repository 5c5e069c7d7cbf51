#include "util/line_index.h"

#include <algorithm>
#include <cstring>

namespace irtrace {
namespace {

// Appends the start of every line of `text` (broken at `brk`) and the end sentinel to `starts`, which is
// reserved first from a count of the breaks so the index never holds spare capacity.
template <typename T>
size_t Fill(std::string_view text, char brk, std::vector<T>* starts) {
  size_t breaks = static_cast<size_t>(std::count(text.begin(), text.end(), brk));
  bool tail = !text.empty() && text.back() != brk;  // a last line without its break
  size_t lines = breaks + (tail ? 1 : 0);
  starts->reserve(lines + 1);
  size_t start = 0;
  const char* data = text.data();
  while (start < text.size()) {
    starts->push_back(static_cast<T>(start));
    const void* at = std::memchr(data + start, brk, text.size() - start);
    if (!at) {
      start = text.size() + 1;
      break;
    }
    start = static_cast<size_t>(static_cast<const char*>(at) - data) + 1;
  }
  starts->push_back(static_cast<T>(std::max(start, text.size())));
  return lines;
}

}  // namespace

LineIndex::LineIndex(std::string_view text, char brk) : text_(text) {
  if (text.size() < UINT32_MAX - 1) {
    size_ = Fill(text, brk, &narrow_);
  } else {
    size_ = Fill(text, brk, &wide_);
  }
}

LineIndex LineIndex::WithoutPrefix(size_t n) const {
  LineIndex out = *this;
  if (out.size_ == 0) return out;
  if (out.wide_.empty()) {
    out.narrow_[0] += static_cast<uint32_t>(n);
  } else {
    out.wide_[0] += n;
  }
  return out;
}

}  // namespace irtrace
