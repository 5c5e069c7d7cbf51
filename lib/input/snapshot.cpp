#include "input/snapshot.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <sys/stat.h>
#include <xxhash.h>

#include "input/text_decode.h"
#include "util/error.h"
#include "util/symlink.h"

namespace irtrace {
namespace {

// Decoding warnings beyond this many per file are summarised in one line.
constexpr size_t kMaxDecodeWarnings = 20;

constexpr std::string_view kBom = "\xEF\xBB\xBF";  // U+FEFF in UTF-8

// Decodes s->text in place, with its warnings and the note for UTF-16.
void Decode(Snapshot* s) {
  std::vector<DecodeIssue> issues;
  s->encoding = DecodeText(&s->text, &issues);
  if (s->encoding != TextEncoding::kUtf8) {
    s->notes.push_back(s->encoding == TextEncoding::kUtf16Le
                           ? "decoded from UTF-16LE (the file starts with the byte-order mark FF FE)"
                           : "decoded from UTF-16BE (the file starts with the byte-order mark FE FF)");
  }
  for (size_t k = 0; k < issues.size() && k < kMaxDecodeWarnings; ++k) {
    const char* what = s->encoding == TextEncoding::kUtf8 ? ": invalid UTF-8 shown as \xEF\xBF\xBD (U+FFFD)"
                                                          : ": invalid UTF-16 shown as \xEF\xBF\xBD (U+FFFD)";
    s->warnings.push_back(s->name + " line " + std::to_string(issues[k].line) +
                          (issues[k].nul ? ": NUL byte shown as \xE2\x90\x80 (U+2400)" : what));
  }
  if (issues.size() > kMaxDecodeWarnings) {
    s->warnings.push_back(s->name + ": " + std::to_string(issues.size() - kMaxDecodeWarnings) +
                          (s->encoding == TextEncoding::kUtf8 ? " more lines with invalid UTF-8 or NUL bytes"
                                                              : " more lines with invalid UTF-16 or NUL characters"));
  }
}

// Splits s->text into s->lines at '\n', or at '\r' in a text without any '\n'.
void SplitLines(Snapshot* s) {
  std::string_view t = s->text;
  char brk = '\n';
  if (t.find('\n') == std::string_view::npos && t.find('\r') != std::string_view::npos) {
    s->line_break = LineBreak::kCr;
    s->notes.push_back("lines end in CR only (classic Mac OS line ends), read as line breaks");
    brk = '\r';
  }
  s->lines = LineIndex(t, brk);
  s->eol = s->lines.EndsWithBreak();
}

// Functions, found on the lines with a leading byte-order mark set aside.
Scope ScopeOf(const Snapshot& s) {
  if (!s.bom) return SplitFunctions(s.lang, s.lines);
  return SplitFunctions(s.lang, s.lines.WithoutPrefix(kBom.size()));
}

// Why `path` (shown as `name`, a `kind` of file) could not be opened: a dangling symbolic link is called
// one (the directory lists it, so "No such file or directory" would mislead), anything else by errno `err`.
Error OpenError(const char* kind, const std::string& name, const std::string& path, ErrorPlace place, int err) {
  if (err == ENOENT && IsDanglingLink(path)) {
    return Error(std::string(kind) + " '" + name + "' is a dangling symbolic link", ExitCode::kInput, place);
  }
  return Error("cannot open '" + name + "': " + std::strerror(err), ExitCode::kInput, place);
}

// The bytes of `path`. Errors name it `name`, a `kind` of file ("snapshot", "log"), in `place`.
std::string ReadBytes(const char* kind, const std::string& name, const std::string& path, ErrorPlace place) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw OpenError(kind, name, path, place, errno);
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> closer(f, std::fclose);
  std::string bytes;
  // Size from fstat, not fseek/ftell: on a directory (ext4) SEEK_END reports a huge offset, and on a pipe
  // it fails. Only a regular file's size is a useful reservation.
  struct stat st;
  if (::fstat(::fileno(f), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      throw Error("cannot read '" + name + "': " + std::strerror(EISDIR), ExitCode::kInput, place);
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0) bytes.reserve(static_cast<size_t>(st.st_size));
  }
  char buf[1 << 16];
  size_t got;
  while ((got = std::fread(buf, 1, sizeof buf, f)) > 0) bytes.append(buf, got);
  bool failed = std::ferror(f);
  int err = errno;
  closer.reset();
  if (failed) throw Error("cannot read '" + name + "': " + std::strerror(err), ExitCode::kInput, place);
  return bytes;
}

// Runs `read` (reading and decoding file `name`); a file too large for memory (a sparse 1 TB file) is an
// error naming it rather than a bare "out of memory".
template <typename F>
auto NamingSize(const std::string& name, ErrorPlace place, F read) -> decltype(read()) {
  try {
    return read();
  } catch (const std::bad_alloc&) {
    throw Error("cannot read '" + name + "': too large to hold in memory", ExitCode::kInput, place);
  } catch (const std::length_error&) {
    throw Error("cannot read '" + name + "': too large to hold in memory", ExitCode::kInput, place);
  }
}

}  // namespace

std::string_view Snapshot::KeyOf(size_t i) const {
  std::string_view l = lines[i];
  if (i == 0 && bom) l.remove_prefix(kBom.size());
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  return l;
}

const char* Snapshot::LineEndingName() const {
  if (line_break == LineBreak::kCr) return "CR";
  for (std::string_view l : lines) {
    if (!l.empty() && l.back() == '\r') return "CRLF";
  }
  return "LF";
}

bool Snapshot::SameLine(const Snapshot& a, size_t i, const Snapshot& b, size_t j) {
  return a.LacksNewline(i) == b.LacksNewline(j) && a.KeyOf(i) == b.KeyOf(j);
}

uint64_t Snapshot::KeyHash(size_t i) const {
  std::string_view k = KeyOf(i);
  return XXH3_64bits(k.data(), k.size()) ^ (LacksNewline(i) ? 0x9e3779b97f4a7c15ULL : 0);
}

std::unique_ptr<Snapshot> MakeSnapshot(std::string name, const std::string& extension, std::string bytes) {
  auto s = std::make_unique<Snapshot>();
  s->name = std::move(name);
  s->lang = LanguageForExtension(extension);
  s->text = std::move(bytes);
  Decode(s.get());
  SplitLines(s.get());
  s->bom = s->text.compare(0, kBom.size(), kBom) == 0;
  s->scope = ScopeOf(*s);
  return s;
}

std::unique_ptr<Snapshot> LoadSnapshot(const std::string& name, const std::string& path, const std::string& extension,
                                       ErrorPlace place) {
  const std::string& shown = place == ErrorPlace::kInInput ? name : path;
  return NamingSize(shown, place,
                    [&] { return MakeSnapshot(name, extension, ReadBytes("snapshot", shown, path, place)); });
}

std::string ReadTextFile(const std::string& name, const std::string& path) {
  return NamingSize(name, ErrorPlace::kInInput, [&] {
    std::string bytes = ReadBytes("log", name, path, ErrorPlace::kInInput);
    std::vector<DecodeIssue> issues;
    DecodeText(&bytes, &issues);
    return bytes;
  });
}

}  // namespace irtrace
