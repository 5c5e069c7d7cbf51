// irtrace recording API: one compilation's trace (installed as <irtrace/session.h>; man irtrace(3)).
// Includes only the standard library.
//
//   irtrace::Session trace("softmax");                     // IR_TRACE=1 to record, unset: off
//   trace.Frontend(module.Print(), "py");
//   for (auto& pass : pipeline) trace.Pass(pass.name(), [&] { pass.Run(module); }, [&] { return module.Print(); });
//
// With tracing on, each call writes one file of a numbered pass dump into the session's run directory,
// <IR_TRACE_DIR>/<name>/.runs/run_<UTC time>_<pid>_<random>/, at once and atomically: a compilation killed
// at any point leaves a dump `ir-trace` converts. From its first capture on the run's report.html is live
// (one chunk appended per capture; <IR_TRACE_DIR>/<name>/report.html points at it, one stderr line says
// so); at its end the session rewrites it as the complete report. The name's link always shows the newest
// (latest started) run. Tracing never fails the compilation: a failure to write
// (disk full, permissions, a file-size limit) prints one warning per session on stderr and stops that
// session's tracing; no call throws, except Pass rethrowing the pass's own exception. Codegen keeps the
// generated source the compiler builds as a working copy the user may edit and compile again with.
//
// A session belongs to one thread at a time. Sessions in different threads and processes, of the same name
// too, never share a run directory.
#pragma once

#include <exception>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "mode.h"

namespace irtrace {

class Session;

// What a generated source is for (Session::Codegen): the kernel that runs on the device, or the host code
// that launches it. Recorded as the dump's codegen_device_* / codegen_host_* files.
enum class SourceRole { kDevice, kHost };

// Names the phase of the passes recorded while it lives (Session::Phase); scopes nest, the innermost names
// the phase. Recorded in the dump's phases.txt, shown as the report's phase tabs.
class [[nodiscard]] PhaseScope {
 public:
  PhaseScope(PhaseScope&& other) noexcept : session_(std::exchange(other.session_, nullptr)) {}
  PhaseScope& operator=(PhaseScope&&) = delete;
  PhaseScope(const PhaseScope&) = delete;
  ~PhaseScope();

 private:
  friend class Session;

  explicit PhaseScope(Session* session) : session_(session) {}
  Session* session_;  // null when tracing is off
};

class Session {
 public:
  // Starts a session for one compilation named `name` (the kernel or program; any bytes: it is sanitised
  // into one directory name, never refused). Captures the settings (CurrentSettings in mode.h) now.
  // Creates nothing until the first capture.
  explicit Session(std::string_view name);
  // Ends the session (End), also while an exception unwinds.
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // True when this session records (its mode is not off).
  bool enabled() const { return impl_ != nullptr; }

  // The program before any pass, as 00_frontend.<ext>; `ext` (without the dot, e.g. "py", "mlir") is also
  // the extension of the passes after it until another is given. `print` is called only when tracing is
  // on and returns the text (anything a std::string can be made from). Once, before any pass: a later call
  // is recorded as a pass named "frontend". A pass recorded with no frontend first gets an empty one.
  void Frontend(std::string_view text, std::string_view ext);
  template <class Printer, class = std::enable_if_t<std::is_invocable_v<Printer&>>>
  void Frontend(Printer&& print, std::string_view ext) {
    if (impl_) RecordFrontend(std::string(print()), ext);
  }

  // The IR after the pass `pass_name` (any bytes, sanitised), as the next NN_after_<pass_name>.<ext>;
  // `ext` "" keeps the last one given. `print` is called only when tracing is on.
  void After(std::string_view pass_name, std::string_view text, std::string_view ext = "");
  template <class Printer, class = std::enable_if_t<std::is_invocable_v<Printer&>>>
  void After(std::string_view pass_name, Printer&& print, std::string_view ext = "") {
    if (impl_) RecordAfter(pass_name, std::string(print()), ext);
  }

  // Runs a pass: `run_and_print()` runs it and returns the printed IR after it. With tracing on, the
  // pass's NN_after_<pass_name>.log is created (empty) before it runs, so a crash or kill -9 inside it
  // leaves that log, which ir-trace shows as the crashed pass. When it returns, the snapshot is written
  // and the empty log removed. When it throws, the log gets "error: <what()>", the IR before the pass is
  // written as its snapshot (so numbering stays gapless if the compiler goes on), and the exception is
  // rethrown. Capture calls made inside a running pass (a pass running passes) are not recorded: the
  // outer pass is one pass. With tracing off, it calls run_and_print() and nothing else.
  template <class Fn>
  void Pass(std::string_view pass_name, Fn&& run_and_print) {
    if (!impl_) {
      (void)run_and_print();
      return;
    }
    BeginPass(pass_name);
    std::string after;
    try {
      after = std::string(run_and_print());
    } catch (...) {
      FailPass(std::current_exception());
      throw;
    }
    EndPass(std::move(after));
  }

  // As above, with the pass and the printer apart: `print()` is called only when tracing is on (so tracing
  // off costs no printing). Returns what run() returns.
  template <class Run, class Print>
  decltype(auto) Pass(std::string_view pass_name, Run&& run, Print&& print) {
    if (!impl_) return run();
    BeginPass(pass_name);
    try {
      if constexpr (std::is_void_v<std::invoke_result_t<Run&>>) {
        run();
        EndPass(std::string(print()));
        return;
      } else {
        std::invoke_result_t<Run&> result = run();
        EndPass(std::string(print()));
        return result;
      }
    } catch (...) {
      FailPass(std::current_exception());
      throw;
    }
  }

  // Generated source the compiler is about to build: returns the text to build, which is `text` unless the
  // user edited the working copy (edit and recompile). With tracing off, or in terminal mode (no files),
  // `text` is returned as it is and nothing is written. Otherwise the file <dir>/<name>/<file_name>
  // (file_name sanitised: man irtrace(3), EDIT AND RECOMPILE) is the working copy, beside its baseline
  // <file_name>.original and the last real output <file_name>.latest, and one decision is made, under
  // flock(<dir>/<name>/.lock) so that processes compiling the same kernel never interleave theirs, and
  // printed as one line on stderr:
  //   INIT         no working copy: all three written, `text` returned
  //   UNCHANGED    working copy unedited, `text` as before: `text` returned
  //   PATCHED      working copy edited, `text` as before: the working copy returned
  //   REGENERATED  working copy unedited, `text` changed: working copy and baseline become `text`
  //   SYNCED       both changed, the edit equals `text`: the baseline becomes `text`
  //   CONFLICT     both changed differently: working copy to <file_name>.bak.N, baseline to
  //                <file_name>.original.bak.N (N = 1, 2, ...: every generation kept), `text` installed as
  //                both and returned; the line gives the diff command that re-applies the edit
  //   INIT-BACKUP  a working copy without a baseline: moved to <file_name>.bak.N, then as INIT
  // What is returned is also recorded in the run as codegen_<role>_<file_name>, so the report shows the
  // device and host source the compilation built. Give each role's file its own name. A failure to read or
  // write is the session's one warning (tracing stops; `text`, or the edit already read, is returned).
  std::string Codegen(SourceRole role, std::string_view file_name, std::string text) {
    if (!impl_) return text;
    return RecordCodegen(role, file_name, std::move(text));
  }

  // Names the phase ("tiling", "lowering") of the passes recorded while the returned scope lives.
  PhaseScope Phase(std::string_view name);

  // Ends the session: rewrites the run's live report.html as the complete report (when a pass was
  // recorded; byte-equal to what `ir-trace RUN_DIR` writes) and re-points <dir>/<name>/report.html at it
  // unless a newer run holds it (a symbolic link; a copy where links are impossible). Later capture calls
  // record nothing. Idempotent; the destructor calls it.
  void End();

  // The run directory, "" before the first capture, when off, or when it could not be made.
  std::string run_dir() const;
  // <dir>/<name>/report.html once End wrote the report (<run_dir>/report.html when a newer run holds the
  // link), else "".
  std::string report_path() const;

 private:
  friend class PhaseScope;
  struct Impl;
  // The parts that write, out of line; none throws (a failure is the session's one warning).
  void RecordFrontend(std::string text, std::string_view ext) noexcept;
  void RecordAfter(std::string_view pass_name, std::string text, std::string_view ext) noexcept;
  void BeginPass(std::string_view pass_name) noexcept;
  void EndPass(std::string after) noexcept;
  void FailPass(std::exception_ptr error) noexcept;
  void PopPhase() noexcept;
  std::string RecordCodegen(SourceRole role, std::string_view file_name, std::string text) noexcept;

  Impl* impl_ = nullptr;  // null when tracing is off: every capture call is one test of it
};

inline PhaseScope::~PhaseScope() {
  if (session_) session_->PopPhase();
}

}  // namespace irtrace
