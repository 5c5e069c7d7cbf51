#include "driver/console.h"

#include <new>

#include <fmt/format.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace irtrace {

Console::Console(std::FILE* err, bool verbose, bool quiet, bool terminal)
    : err_(err), quiet_(quiet), terminal_(terminal) {
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
      log_->debug(line);
    };
  }
  if (terminal_ && !quiet_) o.progress = [this](size_t done, size_t total) { Progress(done, total); };
  return o;
}

void Console::Progress(size_t done, size_t total) {
  if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() < 1.0) return;
  std::fprintf(err_, "\rir-trace: %zu/%zu snapshots", done, total);
  std::fflush(err_);
  progress_shown_ = true;
}

void Console::ClearProgress() {
  if (progress_shown_) std::fprintf(err_, "\r\033[K");
  progress_shown_ = false;
}

void Console::Summary(const std::string& output, const ConvertSummary& s) {
  ClearProgress();
  if (quiet_) return;
  std::string line =
      fmt::format("wrote {}: {} {}, {} changed", output, s.passes, s.passes == 1 ? "pass" : "passes", s.changed);
  if (s.failed) line += fmt::format(", {} failed", s.failed);
  if (s.codegen) line += fmt::format(", {} codegen", s.codegen);
  line += fmt::format(", {} {}", s.warnings, s.warnings == 1 ? "warning" : "warnings");
  std::fprintf(err_, "%s\n", line.c_str());
}

void Console::Error(const std::string& message) {
  ClearProgress();
  std::string line = message;
  for (char& c : line) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  std::fprintf(err_, "ir-trace: error: %s\n", line.c_str());
}

int RunConvert(const ConvertOptions& options, Console* console) {
  try {
    ConvertSummary s = ConvertDump(options, console->Observer());
    console->Summary(options.output == "-" ? "standard output" : options.output, s);
    return static_cast<int>(ExitCode::kOk);
  } catch (const Error& e) {
    console->Error(e.place() == ErrorPlace::kInInput ? options.dump_dir + ": " + e.what() : e.what());
    return static_cast<int>(e.code());
  } catch (const std::bad_alloc&) {
    console->Error("out of memory");
    return static_cast<int>(ExitCode::kInput);
  } catch (const std::exception& e) {
    console->Error(std::string("internal error: ") + e.what());
    return static_cast<int>(ExitCode::kInput);
  }
}

}  // namespace irtrace
