// The recording settings (irtrace/mode.h): the environment, or what Enable says.
#include "record/irtrace/mode.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>

namespace irtrace {
namespace {

std::mutex g_mutex;
std::optional<Settings> g_enabled;  // Enable's override; dir "" = the environment's
std::atomic<bool> g_warned{false};  // an unknown IR_TRACE was reported (once per process)
std::atomic<bool> g_keep_warned{false};  // a bad IR_TRACE_KEEP was reported (once per process)

std::string EnvironmentDir() {
  const char* dir = std::getenv("IR_TRACE_DIR");
  return dir && *dir ? std::string(dir) : std::string("ir_trace");
}

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool EqualsLower(std::string_view text, std::string_view lower) {
  if (text.size() != lower.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (Lower(text[i]) != lower[i]) return false;
  }
  return true;
}

// The value as a warning may print it: control bytes and non-ASCII as \xNN, at most 64 bytes, so an
// environment variable can neither forge a line nor flood stderr.
std::string Printable(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size() && i < 64; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out += static_cast<char>(c);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    }
  }
  if (text.size() > 64) out += "...";
  return out;
}

// IR_TRACE_KEEP: a whole number 0..1000000, else the default (10) with one warning.
unsigned EnvironmentKeep() {
  constexpr unsigned kDefault = 10;
  const char* text = std::getenv("IR_TRACE_KEEP");
  if (!text || !*text) return kDefault;
  unsigned long value = 0;
  bool ok = true;
  for (const char* c = text; *c && ok; ++c) {
    ok = *c >= '0' && *c <= '9' && (value = value * 10 + static_cast<unsigned long>(*c - '0')) <= 1000000;
  }
  if (ok) return static_cast<unsigned>(value);
  if (!g_keep_warned.exchange(true)) {
    std::fprintf(stderr,
                 "irtrace: warning: IR_TRACE_KEEP has a bad value '%s' (a whole number 0 to 1000000, 0 keeping "
                 "every run); keeping %u runs per name\n",
                 Printable(text).c_str(), kDefault);
  }
  return kDefault;
}

}  // namespace

bool ParseMode(std::string_view text, Mode* mode) {
  struct Spelling {
    const char* text;
    Mode mode;
  };
  // The environment-flag convention users bring (TileLang's among them): 0/false/no/off off, 1/true/yes/on on.
  static const Spelling kSpellings[] = {
      {"", Mode::kOff},    {"0", Mode::kOff},     {"false", Mode::kOff},         {"no", Mode::kOff},
      {"off", Mode::kOff}, {"1", Mode::kHtml},    {"true", Mode::kHtml},         {"yes", Mode::kHtml},
      {"on", Mode::kHtml}, {"html", Mode::kHtml}, {"terminal", Mode::kTerminal}, {"both", Mode::kBoth}};
  for (const Spelling& s : kSpellings) {
    if (EqualsLower(text, s.text)) {
      *mode = s.mode;
      return true;
    }
  }
  return false;
}

Settings CurrentSettings() {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_enabled) {
    Settings s = *g_enabled;
    if (s.dir.empty()) s.dir = EnvironmentDir();
    s.keep = EnvironmentKeep();
    return s;
  }
  Settings s;
  s.dir = EnvironmentDir();
  s.keep = EnvironmentKeep();
  const char* mode = std::getenv("IR_TRACE");
  if (mode && !ParseMode(mode, &s.mode)) {
    // A typo must not switch tracing off silently: trace (html), and say so once.
    s.mode = Mode::kHtml;
    if (!g_warned.exchange(true)) {
      std::fprintf(stderr,
                   "irtrace: warning: IR_TRACE has an unknown value '%s' (use 0, false, no, off, 1, true, yes, "
                   "on, html, terminal or both); tracing as html\n",
                   Printable(mode).c_str());
    }
  }
  return s;
}

void Enable(Mode mode, const std::string& dir) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_enabled = Settings{mode, dir, 10};
}

void UseEnvironment() {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_enabled.reset();
}

}  // namespace irtrace
