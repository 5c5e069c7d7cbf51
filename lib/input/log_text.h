// A compiler's log read once in order, line by line, and again by byte range for the snapshots a reader
// keeps: so a log of any size costs a chunk of memory, not its size (input/llvm_log.h).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace irtrace {

// The bytes of a log: text held in memory, a file read where it lies (pread), or standard input or a named
// pipe copied to an unnamed temporary file as it is read (as far as a Read asks: so a log on a pipe is
// scanned while it arrives). Read may be called from several threads at once.
class LogText {
 public:
  ~LogText();
  LogText(const LogText&) = delete;
  LogText& operator=(const LogText&) = delete;

  // `text` held in memory; `shown` names it in errors.
  static std::shared_ptr<const LogText> InMemory(std::string text, const std::string& shown);
  // The file `path`, named `shown` in errors: a regular file read where it lies; anything else (a named
  // pipe, bash's <(...)) copied aside as standard input is. Throws Error "cannot read '<shown>': <errno's
  // words>".
  static std::shared_ptr<const LogText> OpenFile(const std::string& path, const std::string& shown);
  // Standard input, copied to an unnamed temporary file (util/temp_file.h) in chunks as Read asks for its
  // bytes. Throws Error for the temporary file; Read throws "cannot read standard input: ...".
  static std::shared_ptr<const LogText> StandardInput();

  // The size in bytes (standard input: all of it read first).
  uint64_t size() const;
  // Bytes [offset, offset + n), fewer where the log ends first. Throws Error "cannot read '<shown>': ...".
  std::string Read(uint64_t offset, size_t n) const;
  // The same bytes written to `out` (room for `n`, not owned); returns how many (fewer where the log ends
  // first). Throws what Read throws. So a caller reading in chunks reuses one buffer.
  size_t ReadInto(uint64_t offset, char* out, size_t n) const;
  // The text itself when held in memory, else null.
  const std::string* InMemoryText() const { return fd_ < 0 ? &text_ : nullptr; }

 private:
  LogText() = default;
  // Reading `source` from now on through a copy in an unnamed temporary file.
  void CopyAside(int source);
  // A stream: copies it on until `end` bytes (or all) are in the file.
  void Spool(uint64_t end) const;
  // The size, a stream's copied on first until `end` bytes (or all) are in the file.
  uint64_t SizeUpTo(uint64_t end) const;
  // How many of bytes [offset, offset + n) the log holds (a stream's copied on first that far).
  size_t Clamp(uint64_t offset, size_t n) const;
  // A stream whose copy ends at `offset` (its next bytes not read yet): reads up to `n` bytes of it straight
  // into `out` and appends them to the copy, so the bytes read in order are not read back from the copy.
  // Returns how many (fewer only where the stream ends), or SIZE_MAX when the copy does not end at `offset`
  // (nothing done). Throws Error as Spool does.
  size_t ReadFrontier(uint64_t offset, char* out, size_t n) const;
  // pread of bytes [offset, offset + n) of the file into `out`, retried until all or the file's end;
  // returns how many. Throws Error "cannot read '<shown>': ...".
  size_t PreadAll(uint64_t offset, char* out, size_t n) const;

  int fd_ = -1;
  std::string text_;
  std::string shown_;
  int source_ = -1;                // a stream (standard input, a pipe): what is copied aside
  mutable std::mutex mu_;          // a stream: the copy
  mutable uint64_t size_ = 0;      // bytes in the file (a stream: copied so far)
  mutable bool at_eof_ = true;     // a stream: all of it copied
  mutable std::string spool_buf_;
};

// The lines of a LogText in order, read 8 MiB at a time into one buffer kept for the whole read.
class LineReader {
 public:
  explicit LineReader(std::shared_ptr<const LogText> log) : log_(std::move(log)) {}
  // The next line, without its '\n' (a last line without one too), and the offset of its first byte in
  // the log; false after the last line. The view is valid until the next call. Throws what Read throws.
  bool Next(std::string_view* line, uint64_t* offset);
  // 1-based number of the line Next returned last.
  size_t line_number() const { return line_number_; }
  // The line Next returned last ended with '\n', and that '\n' is the byte just after its view (so the
  // view can be taken with its break: line.data()[line.size()] == '\n'). False for a last line without one.
  bool has_break() const { return has_break_; }

 private:
  std::shared_ptr<const LogText> log_;
  std::string buf_;            // its size is its room; the bytes read are [0, end_)
  size_t pos_ = 0, end_ = 0;   // the next line's start in buf_, and the end of the bytes read into it
  bool eof_ = false;           // a Read came back short: nothing after end_
  uint64_t buf_offset_ = 0;    // the log offset of buf_[0]
  uint64_t memory_pos_ = 0;    // a log in memory: the next line's offset (no buffer)
  size_t line_number_ = 0;
  bool has_break_ = false;
};

}  // namespace irtrace
