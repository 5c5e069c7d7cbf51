// Standard output through a pager, as git pages its output: `ir-trace DUMP --terminal` on a terminal.
#pragma once

#include <string>
#include <string_view>

#include <signal.h>
#include <sys/types.h>

#include "util/output_sink.h"

namespace irtrace {

// The pager to run: $PAGER, else "less -R" (colours pass through). "" (no pager) when PAGER is set to ""
// or "cat", as git reads them. The caller decides whether to page at all (only when standard output is a
// terminal).
std::string PagerCommand();

// A pager running `command` through /bin/sh -c, its standard input a pipe this sink writes, its standard
// output and error ours. LESS is set to "FRX" and LV to "-c" when unset (git's defaults: less quits when the
// text fits one screen, keeps colours, does not clear the screen). SIGPIPE is ignored while it runs, so a
// pager quit early (q in less) drops the rest of the output instead of killing ir-trace.
class Pager : public OutputSink {
 public:
  // Starts the pager. Throws Error (ExitCode::kInput) when the pipe or the process cannot be made.
  explicit Pager(const std::string& command);
  // Finish(), if not called.
  ~Pager() override;
  Pager(const Pager&) = delete;
  Pager& operator=(const Pager&) = delete;

  // Writes to the pager; once it has quit (EPIPE), the rest is dropped.
  void Write(std::string_view bytes) override;
  // Closes the pipe and waits for the pager to exit (the user to leave it); restores SIGPIPE.
  void Finish();

 private:
  int fd_ = -1;       // the pipe's write end; -1 once finished
  pid_t pid_ = -1;
  bool gone_ = false;  // the pager quit: drop the rest
  struct sigaction old_pipe_{};  // SIGPIPE's action before
};

}  // namespace irtrace
