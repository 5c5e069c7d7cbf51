// The end chunk and the handlers that append it (record/end_chunk.h). Everything a handler touches is made
// before any handler is installed and never changed after: the frames (leaked on purpose, so that a crash
// during exit still finds them), the previous actions, the slots' atomics. A handler calls only write(2),
// sigaction(2), sigpending(2), raise(3) and getpid(2), all async-signal-safe.
#include "record/end_chunk.h"

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <mutex>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

#include "report/payload_writer.h"
#include "util/deflate_sink.h"

namespace irtrace {
namespace {

constexpr int kSignalCount = sizeof kEndSignals / sizeof kEndSignals[0];
constexpr int kSlotCount = 64;

struct Slot {
  std::atomic<int> fd{-1};  // -1: free, or claimed by a handler that wrote its chunk
  std::atomic<bool> busy{false};
  std::atomic<pid_t> pid{0};
};

struct Frame {
  const char* data = nullptr;
  size_t size = 0;
};

Slot g_slots[kSlotCount];
Frame g_signal_frames[kSignalCount];
Frame g_terminate_frame, g_exit_frame;
struct sigaction g_previous[kSignalCount];
bool g_installed[kSignalCount] = {};
std::terminate_handler g_previous_terminate = nullptr;
std::mutex g_arm_mutex;  // ArmEnd and DisarmEnd; never taken by a handler
bool g_ready = false;    // under g_arm_mutex: frames made, handlers installed

const char* SignalName(int sig) {
  switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGTERM: return "SIGTERM";
    case SIGINT: return "SIGINT";
  }
  return "";
}

int SignalIndex(int sig) {
  for (int i = 0; i < kSignalCount; ++i) {
    if (kEndSignals[i] == sig) return i;
  }
  return -1;
}

Frame Keep(std::string bytes) {
  std::string* kept = new std::string(std::move(bytes));  // never freed: read by handlers until the end
  return Frame{kept->data(), kept->size()};
}

void WriteAll(int fd, const Frame& f) {
  for (size_t done = 0; done < f.size;) {
    ssize_t n = ::write(fd, f.data + done, f.size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

// Appends `f` to every armed report of this process that is not mid-append, once each.
void WriteArmed(const Frame& f) {
  int saved = errno;
  pid_t self = ::getpid();
  for (Slot& s : g_slots) {
    if (s.fd.load() < 0 || s.pid.load() != self || s.busy.load()) continue;
    int fd = s.fd.exchange(-1);
    if (fd >= 0) WriteAll(fd, f);
  }
  errno = saved;
}

bool IsDefault(const struct sigaction& a) { return !(a.sa_flags & SA_SIGINFO) && a.sa_handler == SIG_DFL; }

bool Pending(int sig) {
  sigset_t set;
  return ::sigpending(&set) == 0 && sigismember(&set, sig) == 1;
}

void OnSignal(int sig, siginfo_t* info, void* context) {
  int i = SignalIndex(sig);
  if (i < 0) return;
  // A fault the kernel raised for an instruction comes back when the handler returns.
  bool refaults = info && info->si_code > 0 && sig != SIGTERM && sig != SIGINT && sig != SIGABRT;
  const struct sigaction& previous = g_previous[i];
  if (IsDefault(previous)) {
    WriteArmed(g_signal_frames[i]);
    ::sigaction(sig, &previous, nullptr);
    if (!refaults) ::raise(sig);  // blocked while this runs: delivered, with the default action, on return
    return;
  }
  if (previous.sa_flags & SA_SIGINFO) {
    previous.sa_sigaction(sig, info, context);
  } else if (previous.sa_handler != SIG_IGN) {
    previous.sa_handler(sig);
  }
  // The previous handler returned: the process dies only if it put the default action back and the signal
  // comes again (raised meanwhile, or the faulting instruction run again). Else it may have recovered.
  struct sigaction now;
  if (::sigaction(sig, nullptr, &now) == 0 && IsDefault(now) && (refaults || Pending(sig))) {
    WriteArmed(g_signal_frames[i]);
  }
}

[[noreturn]] void OnTerminate() {
  WriteArmed(g_terminate_frame);
  if (g_previous_terminate) g_previous_terminate();
  std::abort();
}

void OnExit() { WriteArmed(g_exit_frame); }

// Under g_arm_mutex, once: the frames, then the handlers.
void Prepare() {
  for (int i = 0; i < kSignalCount; ++i) g_signal_frames[i] = Keep(EndChunk(EndHow::kSignal, kEndSignals[i]));
  g_terminate_frame = Keep(EndChunk(EndHow::kTerminate));
  g_exit_frame = Keep(EndChunk(EndHow::kExit));
  for (int i = 0; i < kSignalCount; ++i) {
    struct sigaction current;
    if (::sigaction(kEndSignals[i], nullptr, &current) != 0) continue;
    if (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN) continue;  // ignored: stays so
    g_previous[i] = current;
    struct sigaction mine = current;
    mine.sa_sigaction = OnSignal;
    mine.sa_flags = (current.sa_flags | SA_SIGINFO | SA_ONSTACK) & ~SA_RESETHAND;
    g_installed[i] = ::sigaction(kEndSignals[i], &mine, nullptr) == 0;
  }
  g_previous_terminate = std::set_terminate(OnTerminate);
  std::atexit(OnExit);
  g_ready = true;
}

}  // namespace

std::string EndChunk(EndHow how, int signal) {
  switch (how) {
    case EndHow::kSignal:
      return ChunkFrame("{\"end\":{\"how\":\"signal\",\"signal\":" + std::to_string(signal) + ",\"name\":\"" +
                        SignalName(signal) + "\"}}");
    case EndHow::kTerminate: return ChunkFrame("{\"end\":{\"how\":\"terminate\"}}");
    case EndHow::kExit: return ChunkFrame("{\"end\":{\"how\":\"exit\"}}");
    case EndHow::kFound: return ChunkFrame("{\"end\":{\"how\":\"found\"}}");
  }
  return "";
}

int ArmEnd(int fd) {
  try {
    std::lock_guard<std::mutex> lock(g_arm_mutex);
    if (!g_ready) Prepare();
    for (int i = 0; i < kSlotCount; ++i) {
      Slot& s = g_slots[i];
      if (s.pid.load() != 0) continue;
      s.busy.store(false);
      s.pid.store(::getpid());
      s.fd.store(fd);
      return i;
    }
  } catch (...) {
  }
  return -1;
}

void BusyEnd(int slot, bool busy) {
  if (slot >= 0 && slot < kSlotCount) g_slots[slot].busy.store(busy);
}

void DisarmEnd(int slot) {
  if (slot < 0 || slot >= kSlotCount) return;
  std::lock_guard<std::mutex> lock(g_arm_mutex);
  g_slots[slot].fd.store(-1);
  g_slots[slot].pid.store(0);
}

}  // namespace irtrace

namespace irtrace {
namespace {

constexpr off_t kMostTail = 64 << 20;  // a chunk longer than this is not looked for

// The last line of the file `fd` of `size` bytes, without its '\n', when the file ends with one and the
// line is at most kMostTail long; "" otherwise.
std::string LastLine(int fd, off_t size) {
  std::string tail;
  for (off_t want = 4096; size > 0; want *= 4) {
    off_t from = size > want ? size - want : 0;
    tail.resize(static_cast<size_t>(size - from));
    ssize_t n = ::pread(fd, tail.data(), tail.size(), from);
    if (n != static_cast<ssize_t>(tail.size()) || tail.back() != '\n') return "";
    size_t start = tail.rfind('\n', tail.size() - 2);
    if (start != std::string::npos) return tail.substr(start + 1, tail.size() - start - 2);
    if (from == 0 || want >= kMostTail) return "";
  }
  return "";
}

// "<B> <C> <base64>": a whole chunk of the chunked envelope, its length and checksum right.
bool IsWholeChunk(std::string_view line) {
  size_t space = line.find(' ');
  if (space == 0 || space == std::string_view::npos || space > 12 || line.size() < space + 10) return false;
  if (line.find_first_not_of("0123456789") != space || line[space + 9] != ' ') return false;
  std::string_view crc = line.substr(space + 1, 8), data = line.substr(space + 10);
  if (crc.find_first_not_of("0123456789abcdef") != std::string_view::npos) return false;
  if (std::to_string(data.size()) != line.substr(0, space)) return false;
  return std::strtoul(std::string(crc).c_str(), nullptr, 16) == Crc32(data);
}

bool IsEndChunk(const std::string& frame) {
  if (frame == EndChunk(EndHow::kFound) || frame == EndChunk(EndHow::kTerminate) || frame == EndChunk(EndHow::kExit)) {
    return true;
  }
  for (int sig : kEndSignals) {
    if (frame == EndChunk(EndHow::kSignal, sig)) return true;
  }
  return false;
}

}  // namespace

bool AppendFoundEnd(const std::string& report) {
  try {
    int fd = ::open(report.c_str(), O_RDWR | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat st;
    bool appended = false;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
      std::string line = LastLine(fd, st.st_size);
      if (IsWholeChunk(line) && !IsEndChunk(line + "\n")) {
        std::string frame = EndChunk(EndHow::kFound);
        appended = ::write(fd, frame.data(), frame.size()) == static_cast<ssize_t>(frame.size());
      }
    }
    ::close(fd);
    return appended;
  } catch (...) {
    return false;
  }
}

}  // namespace irtrace
