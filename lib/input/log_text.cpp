#include "input/log_text.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"
#include "util/temp_file.h"

namespace irtrace {
namespace {

constexpr size_t kChunk = 8u << 20;
constexpr int kPipeBytes = 1 << 20;  // the default /proc/sys/fs/pipe-max-size

Error ReadError(const std::string& shown, int err) {
  return Error("cannot read " + shown + ": " + std::strerror(err ? err : EIO));
}

}  // namespace

LogText::~LogText() {
  if (fd_ >= 0) ::close(fd_);
  if (source_ > 0) ::close(source_);  // not standard input's 0
}

std::shared_ptr<const LogText> LogText::InMemory(std::string text, const std::string& shown) {
  std::shared_ptr<LogText> t(new LogText());
  t->size_ = text.size();
  t->text_ = std::move(text);
  t->shown_ = "'" + shown + "'";
  return t;
}

std::shared_ptr<const LogText> LogText::OpenFile(const std::string& path, const std::string& shown) {
  std::shared_ptr<LogText> t(new LogText());
  t->shown_ = "'" + shown + "'";
  t->fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (t->fd_ < 0 || ::fstat(t->fd_, &st) != 0) throw ReadError(t->shown_, errno);
  // A pipe's size is 0 and it cannot be read twice: it is read as standard input is.
  if (!S_ISREG(st.st_mode)) {
    int source = t->fd_;
    t->fd_ = -1;
    t->source_ = source;
    t->CopyAside(source);
    return t;
  }
  t->size_ = static_cast<uint64_t>(st.st_size);
  return t;
}

std::shared_ptr<const LogText> LogText::StandardInput() {
  std::shared_ptr<LogText> t(new LogText());
  t->shown_ = "standard input";
  t->CopyAside(0);
  return t;
}

void LogText::CopyAside(int source) {
  source_ = source;
#ifdef F_SETPIPE_SZ
  // A pipe's writer fills 64 KiB by default before it waits: a larger pipe means fewer, larger reads and
  // fewer switches between the two processes. Best effort (not a pipe, or over the user's limit: ignored).
  (void)::fcntl(source, F_SETPIPE_SZ, kPipeBytes);
#endif
  fd_ = OpenUnnamedTempFd("a copy of " + shown_);
  at_eof_ = false;
}

void LogText::Spool(uint64_t end) const {
  std::lock_guard<std::mutex> lock(mu_);
  std::string& buf = spool_buf_;
  buf.resize(1 << 20);
  while (!at_eof_ && size_ < end) {
    ssize_t n = ::read(source_, buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw ReadError(shown_, errno);
    if (n == 0) {
      at_eof_ = true;
      break;
    }
    for (ssize_t done = 0; done < n;) {
      ssize_t w = ::pwrite(fd_, buf.data() + done, static_cast<size_t>(n - done), static_cast<off_t>(size_));
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0)
        throw Error("cannot write a copy of " + shown_ + ": " + std::string(std::strerror(w < 0 ? errno : ENOSPC)));
      done += w;
      size_ += static_cast<uint64_t>(w);
    }
  }
}

uint64_t LogText::size() const { return SizeUpTo(UINT64_MAX); }

uint64_t LogText::SizeUpTo(uint64_t end) const {
  if (source_ < 0) return size_;
  Spool(end);
  std::lock_guard<std::mutex> lock(mu_);
  return size_;
}

size_t LogText::Clamp(uint64_t offset, size_t n) const {
  uint64_t size = SizeUpTo(offset + n);
  return offset >= size ? 0 : static_cast<size_t>(std::min<uint64_t>(n, size - offset));
}

size_t LogText::PreadAll(uint64_t offset, char* out, size_t n) const {
  size_t done = 0;
  while (done < n) {
    ssize_t r = ::pread(fd_, out + done, n - done, static_cast<off_t>(offset + done));
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) throw ReadError(shown_, errno);
    if (r == 0) break;  // the file was cut short since it was opened
    done += static_cast<size_t>(r);
  }
  return done;
}

std::string LogText::Read(uint64_t offset, size_t n) const {
  n = Clamp(offset, n);
  if (fd_ < 0) return text_.substr(static_cast<size_t>(std::min<uint64_t>(offset, text_.size())), n);
  std::string out(n, '\0');
  out.resize(PreadAll(offset, out.data(), n));
  return out;
}

size_t LogText::ReadFrontier(uint64_t offset, char* out, size_t n) const {
  std::lock_guard<std::mutex> lock(mu_);
  if (at_eof_ || offset != size_) return SIZE_MAX;
  size_t got = 0;
  while (got < n) {
    ssize_t r = ::read(source_, out + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) throw ReadError(shown_, errno);
    if (r == 0) {
      at_eof_ = true;
      break;
    }
    got += static_cast<size_t>(r);
  }
  for (size_t done = 0; done < got;) {
    ssize_t w = ::pwrite(fd_, out + done, got - done, static_cast<off_t>(size_));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0)
      throw Error("cannot write a copy of " + shown_ + ": " + std::string(std::strerror(w < 0 ? errno : ENOSPC)));
    done += static_cast<size_t>(w);
    size_ += static_cast<uint64_t>(w);
  }
  return got;
}

size_t LogText::ReadInto(uint64_t offset, char* out, size_t n) const {
  if (source_ >= 0) {
    size_t got = ReadFrontier(offset, out, n);
    if (got != SIZE_MAX) return got;
  }
  n = Clamp(offset, n);
  if (fd_ >= 0) return PreadAll(offset, out, n);
  if (n) std::memcpy(out, text_.data() + offset, n);
  return n;
}

bool LineReader::Next(std::string_view* line, uint64_t* offset) {
  if (const std::string* text = log_->InMemoryText()) {
    if (memory_pos_ >= text->size()) return false;
    size_t at = static_cast<size_t>(memory_pos_);
    const void* nl = std::memchr(text->data() + at, '\n', text->size() - at);
    size_t end = nl ? static_cast<size_t>(static_cast<const char*>(nl) - text->data()) : text->size();
    *line = std::string_view(*text).substr(at, end - at);
    *offset = memory_pos_;
    has_break_ = nl != nullptr;
    memory_pos_ = end + 1;
    ++line_number_;
    return true;
  }
  for (;;) {
    const void* nl = pos_ < end_ ? std::memchr(buf_.data() + pos_, '\n', end_ - pos_) : nullptr;
    if (nl || (eof_ && pos_ < end_)) {
      size_t stop = nl ? static_cast<size_t>(static_cast<const char*>(nl) - buf_.data()) : end_;
      *line = std::string_view(buf_).substr(pos_, stop - pos_);
      *offset = buf_offset_ + pos_;
      has_break_ = nl != nullptr;
      pos_ = nl ? stop + 1 : end_;
      ++line_number_;
      return true;
    }
    if (eof_) return false;
    // Keep the partial line at the buffer's start, then read the next chunk after it into the same buffer
    // (it grows for a line over a chunk).
    if (pos_ > 0) std::memmove(buf_.data(), buf_.data() + pos_, end_ - pos_);
    buf_offset_ += pos_;
    end_ -= pos_;
    pos_ = 0;
    if (buf_.size() < end_ + kChunk) buf_.resize(end_ + kChunk);
    size_t got = log_->ReadInto(buf_offset_ + end_, buf_.data() + end_, kChunk);
    eof_ = got < kChunk;  // the log ends (or was cut short since it was measured) here
    end_ += got;
  }
}

}  // namespace irtrace
