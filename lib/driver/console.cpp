#include "driver/console.h"

#include <new>

#include <fmt/format.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace irtrace {
namespace {

bool IsContinuation(std::string_view t, size_t i) {
  return i < t.size() && (static_cast<unsigned char>(t[i]) & 0xC0) == 0x80;
}

// The length of the well-formed UTF-8 sequence of 2 to 4 bytes at t[i], or 0 (RFC 3629: no overlong forms,
// no surrogates, nothing past U+10FFFF).
size_t Utf8Length(std::string_view t, size_t i) {
  unsigned char c = static_cast<unsigned char>(t[i]);
  size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  if (n == 0 || i + n > t.size()) return 0;
  unsigned char c1 = static_cast<unsigned char>(t[i + 1]);
  if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F) || (c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 > 0x8F)) {
    return 0;
  }
  for (size_t k = 1; k < n; ++k) {
    if (!IsContinuation(t, i + k)) return 0;
  }
  return n;
}

}  // namespace

std::string EscapeControls(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F && c != '\\') {
      out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    size_t n = c >= 0x80 ? Utf8Length(text, i) : 0;
    if (n == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(text[i + 1]));  // C1 control, e.g. CSI
    } else if (n > 0) {
      out.append(text.substr(i, n));
    } else if (c == '\\') {
      out += "\\\\";
    } else if (c == '\t' || c == '\n' || c == '\r') {
      out += c == '\t' ? "\\t" : c == '\n' ? "\\n" : "\\r";
    } else {
      out += fmt::format("\\x{:02x}", c);
    }
    i += n > 0 ? n : 1;
  }
  return out;
}

Console::Console(std::FILE* err, bool verbose, bool quiet, bool terminal)
    : err_(err), verbose_(verbose), quiet_(quiet), terminal_(terminal) {
  using Sink = spdlog::sinks::stdout_sink_base<spdlog::details::console_nullmutex>;
  log_ = std::make_shared<spdlog::logger>("ir-trace", std::make_shared<Sink>(err_));
  log_->set_pattern("ir-trace: %v");
  log_->set_level(verbose ? spdlog::level::debug : spdlog::level::warn);
}

// Also on an error: the shell prompt must start a clean line, not follow "k/n snapshots".
Console::~Console() { ClearProgress(); }

ConvertObserver Console::Observer() {
  ConvertObserver o;
  if (log_->should_log(spdlog::level::debug)) {
    o.diagnostic = [this](const std::string& line) {
      ClearProgress();
      log_->debug(EscapeControls(line));
    };
  }
  o.warning = [this](const std::string& message) { Warning(message); };
  if (terminal_ && !quiet_) o.progress = [this](size_t done, size_t total) { Progress(done, total); };
  return o;
}

void Console::Progress(size_t done, size_t total) {
  if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() < 1.0) return;
  if (total) std::fprintf(err_, "\rir-trace: %zu/%zu snapshots", done, total);
  else std::fprintf(err_, "\rir-trace: %zu snapshots", done);
  std::fflush(err_);
  progress_shown_ = true;
}

void Console::ClearProgress() {
  if (progress_shown_) std::fprintf(err_, "\r\033[K");
  progress_shown_ = false;
}

void Console::Summary(const std::string& output, const ConvertSummary& s, const char* verb) {
  ClearProgress();
  if (quiet_) return;
  std::string line = fmt::format("{} {}: {} {}, {} changed", verb, EscapeControls(output), s.passes,
                                 s.passes == 1 ? "pass" : "passes", s.changed);
  if (s.failed) line += fmt::format(", {} failed", s.failed);
  if (s.codegen) line += fmt::format(", {} codegen", s.codegen);
  line += fmt::format(", {} {}", s.warnings, s.warnings == 1 ? "warning" : "warnings");
  std::fprintf(err_, "%s\n", line.c_str());
}

void Console::Line(const std::string& line) {
  ClearProgress();
  if (quiet_) return;
  std::fprintf(err_, "%s\n", EscapeControls(line).c_str());
}

void Console::Error(const std::string& message) {
  ClearProgress();
  std::fprintf(err_, "ir-trace: error: %s\n", EscapeControls(message).c_str());
}

void Console::Warning(const std::string& message) {
  ClearProgress();
  std::fprintf(err_, "ir-trace: warning: %s\n", EscapeControls(message).c_str());
}

bool Console::Verbose() const { return verbose_; }

void Console::Diagnostic(const std::string& line) {
  if (!verbose_) return;
  ClearProgress();
  log_->debug(EscapeControls(line));
}

void Console::DumpProgress(size_t done, size_t total, const std::string& current) {
  if (!terminal_ || quiet_) return;
  if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() < 1.0) return;
  std::fprintf(err_, "\r\033[Kir-trace: %zu/%zu dumps, %s", done, total, EscapeControls(current).c_str());
  std::fflush(err_);
  progress_shown_ = true;
}

void Console::BatchSummary(const std::string& out_dir, bool checked, const BatchCounts& n) {
  ClearProgress();
  if (quiet_) return;
  std::string line = checked ? fmt::format("checked {} {}", n.dumps, n.dumps == 1 ? "dump" : "dumps")
                             : fmt::format("wrote {} of {} {} to {}", n.reports, n.dumps,
                                           n.dumps == 1 ? "report" : "reports", EscapeControls(out_dir));
  std::string sep = ": ";
  auto add = [&](size_t count, const std::string& what) {
    if (count == 0) return;
    line += sep + fmt::format("{} {}", count, what);
    sep = ", ";
  };
  add(n.invalid, "invalid");
  add(n.errors, n.errors == 1 ? "error" : "errors");
  add(n.with_failed, "with failed passes");
  add(n.with_warnings, "with warnings");
  std::fprintf(err_, "%s\n", line.c_str());
}

}  // namespace irtrace
