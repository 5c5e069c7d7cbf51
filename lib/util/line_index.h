// The lines of a text, kept as their start offsets rather than one view each: 4 bytes a line (8 for a text
// of 4 GiB or more) instead of 16, which is most of what a held snapshot costs beyond its text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <vector>

namespace irtrace {

class LineIndex {
 public:
  LineIndex() = default;
  // Splits `text` at `brk`. The index points into `text`, which must outlive it and stay where it is. Every
  // `brk` ends a line; text after the last one is one more line ("a" and "a\n" are one line, "" none).
  LineIndex(std::string_view text, char brk);

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Line i (0-based, i < size()) without its break.
  std::string_view operator[](size_t i) const {
    size_t b = Start(i);
    return text_.substr(b, Start(i + 1) - 1 - b);
  }
  std::string_view back() const { return (*this)[size_ - 1]; }
  // True when the text is empty or ends with the break.
  bool EndsWithBreak() const { return size_ == 0 || Start(size_) == text_.size(); }
  // The same lines with line 0's first `n` bytes left out (n <= its size; not empty): for a leading
  // byte-order mark. A copy of the offsets.
  LineIndex WithoutPrefix(size_t n) const;

  // Iterates the lines as string_view values.
  class const_iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = std::string_view;
    const_iterator() = default;
    const_iterator(const LineIndex* idx, size_t i) : idx_(idx), i_(i) {}
    std::string_view operator*() const { return (*idx_)[i_]; }
    std::string_view operator[](difference_type n) const { return (*idx_)[i_ + n]; }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator t = *this;
      ++i_;
      return t;
    }
    const_iterator& operator--() {
      --i_;
      return *this;
    }
    const_iterator operator--(int) {
      const_iterator t = *this;
      --i_;
      return t;
    }
    const_iterator& operator+=(difference_type n) {
      i_ += n;
      return *this;
    }
    const_iterator& operator-=(difference_type n) {
      i_ -= n;
      return *this;
    }
    const_iterator operator+(difference_type n) const { return const_iterator(idx_, i_ + n); }
    const_iterator operator-(difference_type n) const { return const_iterator(idx_, i_ - n); }
    difference_type operator-(const const_iterator& o) const {
      return static_cast<difference_type>(i_) - static_cast<difference_type>(o.i_);
    }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }
    bool operator!=(const const_iterator& o) const { return i_ != o.i_; }
    bool operator<(const const_iterator& o) const { return i_ < o.i_; }
    bool operator>(const const_iterator& o) const { return i_ > o.i_; }
    bool operator<=(const const_iterator& o) const { return i_ <= o.i_; }
    bool operator>=(const const_iterator& o) const { return i_ >= o.i_; }

   private:
    const LineIndex* idx_ = nullptr;
    size_t i_ = 0;
  };
  const_iterator begin() const { return const_iterator(this, 0); }
  const_iterator end() const { return const_iterator(this, size_); }

 private:
  // Where line i starts; Start(size_) is one past the end of the last line's break (text size + 1 when the
  // last line has none), so line i ends at Start(i + 1) - 1.
  size_t Start(size_t i) const { return wide_.empty() ? narrow_[i] : static_cast<size_t>(wide_[i]); }

  std::string_view text_;
  size_t size_ = 0;
  std::vector<uint32_t> narrow_;  // size_ + 1 starts, for a text under 4 GiB - 1
  std::vector<uint64_t> wide_;    // likewise, otherwise
};

}  // namespace irtrace
