// A session: the capture calls of irtrace/session.h turned into a dump (record/dump_writer.h), the
// observer hook (record/pass_observer.h) and the report at the end (record/session_report.h). The policy
// lives here: what is recorded when, and that a tracing failure is one warning, never the compiler's error.
#include "record/irtrace/session.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <vector>

#include "record/dump_writer.h"
#include "record/live_report.h"
#include "record/pass_observer.h"
#include "record/safe_name.h"
#include "record/session_report.h"
#include "record/working_copy.h"

namespace irtrace {
namespace {

std::string ExceptionText(std::exception_ptr error) {
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown exception (not a std::exception)";
  }
}

bool WritesFiles(Mode mode) { return mode == Mode::kHtml || mode == Mode::kBoth; }

}  // namespace

struct Session::Impl {
  std::string name;
  std::string trace_dir;              // absolute, fixed at the start (the compiler may chdir)
  bool files = false;                 // the mode writes the dump
  unsigned keep = 10;                 // runs kept per name (IR_TRACE_KEEP)
  bool stopped = false;               // a write failed: no more files (the warning is printed)
  bool ended = false;
  std::unique_ptr<DumpWriter> dump;   // made at the first capture, dropped when tracing stops
  std::string run_dir;                // dump's run directory, kept after it is dropped
  PassObserver observer;
  std::string ext = "txt";            // the extension of the next snapshot
  std::string last;                   // the IR of the last snapshot: the next pass's "before"
  bool have_frontend = false;
  unsigned long passes = 0;           // passes recorded (the last number used)
  int depth = 0;                      // Pass calls running (only the outermost records)
  std::string pass_name;              // the running outermost pass
  std::vector<std::string> phase_stack;
  std::vector<DumpPhase> phases;      // as written to phases.txt
  std::string report;
  std::unique_ptr<LiveReport> live;   // the run's report while it runs, from the first capture on

  // Prints the session's one warning and stops its files.
  void Stop(const std::string& why) {
    if (stopped) return;
    stopped = true;
    std::string where = run_dir.empty() ? "" : "; the run so far is in '" + PrintableText(run_dir) + "'";
    std::fprintf(stderr, "irtrace: warning: session '%s': tracing stopped: %s%s\n", PrintableText(name).c_str(),
                 PrintableText(why).c_str(), where.c_str());
    dump.reset();
  }

  // The run directory's writer, made on first use; null when the mode writes no files or tracing stopped.
  DumpWriter* Files() {
    if (!files || stopped || ended) return nullptr;
    if (!dump) {
      dump = std::make_unique<DumpWriter>(trace_dir, name, keep);
      run_dir = dump->run_dir();
    }
    return dump.get();
  }

  // Runs `write` against the dump, when there is one; a failure stops the session's tracing.
  template <class F>
  void Guard(F&& write) {
    try {
      if (DumpWriter* d = Files()) write(*d);
    } catch (const std::exception& e) {
      Stop(e.what());
    } catch (...) {
      Stop("unknown error");
    }
  }

  // Runs `append` against the live report (after the dump's own file: the report never shows what the dump
  // lacks); at the first capture it is made, the name's report.html pointed at it (unless a newer run holds
  // it) and the one line naming it printed. A failure stops the session's tracing, as a dump's does.
  template <class F>
  void Live(F&& append) {
    try {
      DumpWriter* d = Files();
      if (!d) return;
      if (!live) live = std::make_unique<LiveReport>(d->run_dir());
      bool first = !live->started();
      append(*live);
      if (first && live->started()) {
        std::string shown =
            LinkNewest(d->run_dir(), d->name_dir(), false) ? d->name_dir() + "/report.html" : live->path();
        std::fprintf(stderr, "irtrace: %s: report %s (live)\n", PrintableText(name).c_str(),
                     PrintableText(shown).c_str());
      }
    } catch (const std::exception& e) {
      Stop(e.what());
    } catch (...) {
      Stop("unknown error");
    }
  }

  std::string CurrentPhase() const { return phase_stack.empty() ? std::string() : phase_stack.back(); }

  // Before entry `num` is written: a phases.txt line when its phase differs from the last one written.
  void NotePhase(DumpWriter& d, unsigned long num) {
    std::string phase = CurrentPhase();
    std::string last_phase = phases.empty() ? std::string() : phases.back().name;
    if (phase == last_phase) return;
    if (!phases.empty() && phases.back().first == num) phases.pop_back();
    if ((phases.empty() ? std::string() : phases.back().name) != phase) phases.push_back({num, phase});
    d.Phases(phases);
  }

  // The empty frontend a pass recorded with none first gets (in the dump, then the live report).
  void EnsureFrontend() {
    if (have_frontend) return;
    Guard([&](DumpWriter& d) {
      NotePhase(d, 0);
      d.Frontend("", ext);
    });
    have_frontend = true;
    Live([&](LiveReport& r) { r.Frontend(ext, CurrentPhase(), ""); });
  }

  void Notify(unsigned long num, std::string_view pass, std::string_view after, bool failed, std::string_view error) {
    if (!observer) return;
    PassEvent e;
    e.session = name;
    e.number = num;
    e.pass = pass;
    std::string phase = CurrentPhase();
    e.phase = phase;
    e.ext = ext;
    e.before = last;
    e.after = after;
    e.failed = failed;
    e.error = error;
    try {
      observer(e);
    } catch (const std::exception& x) {
      Stop(std::string("the pass observer failed: ") + x.what());
      observer = nullptr;
    } catch (...) {
      Stop("the pass observer failed");
      observer = nullptr;
    }
  }

  // A pass's IR after it (After, or Pass returning), number passes + 1.
  void RecordPass(std::string_view pass, std::string text) {
    unsigned long num = passes + 1;
    EnsureFrontend();
    Guard([&](DumpWriter& d) {
      NotePhase(d, num);
      d.Snapshot(num, pass, ext, text);
    });
    Live([&](LiveReport& r) { r.Pass(num, pass, ext, CurrentPhase(), text, ""); });
    passes = num;
    Notify(num, pass, text, false, "");
    last = std::move(text);
  }
};

Session::Session(std::string_view name) {
  Settings settings = CurrentSettings();
  if (settings.mode == Mode::kOff) return;
  impl_ = new Impl;
  impl_->name = std::string(name);
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::absolute(settings.dir, ec);
  impl_->trace_dir = ec ? settings.dir : dir.string();
  impl_->files = WritesFiles(settings.mode);
  impl_->keep = settings.keep;
  impl_->observer = ObserverFor(settings);
}

Session::~Session() {
  End();
  delete impl_;
}

void Session::Frontend(std::string_view text, std::string_view ext) {
  if (impl_) RecordFrontend(std::string(text), ext);
}

void Session::After(std::string_view pass_name, std::string_view text, std::string_view ext) {
  if (impl_) RecordAfter(pass_name, std::string(text), ext);
}

void Session::RecordFrontend(std::string text, std::string_view ext) noexcept {
  Impl& s = *impl_;
  if (s.ended || s.depth > 0) return;
  if (s.have_frontend || s.passes > 0) {
    RecordAfter("frontend", std::move(text), ext);
    return;
  }
  s.ext = std::string(ext);
  s.Guard([&](DumpWriter& d) {
    s.NotePhase(d, 0);
    d.Frontend(text, s.ext);
  });
  s.have_frontend = true;
  s.Live([&](LiveReport& r) { r.Frontend(s.ext, s.CurrentPhase(), text); });
  s.Notify(0, "frontend", text, false, "");  // the terminal printer learns the frontend's extension
  s.last = std::move(text);
}

void Session::RecordAfter(std::string_view pass_name, std::string text, std::string_view ext) noexcept {
  Impl& s = *impl_;
  if (s.ended || s.depth > 0) return;
  if (!ext.empty()) s.ext = std::string(ext);
  try {
    s.RecordPass(pass_name, std::move(text));
  } catch (...) {
    s.Stop("out of memory");  // the string copies; a write failure never gets here
  }
}

void Session::BeginPass(std::string_view pass_name) noexcept {
  Impl& s = *impl_;
  if (s.depth++ > 0 || s.ended) return;
  try {
    s.pass_name = std::string(pass_name);
  } catch (...) {
  }
  unsigned long num = s.passes + 1;
  s.EnsureFrontend();
  s.Guard([&](DumpWriter& d) {
    s.NotePhase(d, num);
    d.BeginLog(num, s.pass_name);  // what a crash inside the pass leaves: ir-trace's crashed pass
  });
  s.Live([&](LiveReport& r) { r.Running(num, s.pass_name); });
}

void Session::EndPass(std::string after) noexcept {
  Impl& s = *impl_;
  if (--s.depth > 0 || s.ended) return;
  unsigned long num = s.passes + 1;
  std::string pass = std::move(s.pass_name);
  try {
    s.RecordPass(pass, std::move(after));
  } catch (...) {
    s.Stop("out of memory");
  }
  // After the snapshot (killed in between, the empty log is read as the snapshot's, no warning): kept as
  // the spare for the next pass.
  s.Guard([&](DumpWriter& d) { d.KeepLog(num, pass); });
}

void Session::FailPass(std::exception_ptr error) noexcept {
  Impl& s = *impl_;
  if (--s.depth > 0 || s.ended) return;
  unsigned long num = s.passes + 1;
  std::string pass = std::move(s.pass_name);
  try {
    std::string text = "error: " + ExceptionText(error);
    // The log first: killed before the snapshot, the pass still reads as crashed, with its error.
    s.Guard([&](DumpWriter& d) {
      d.Log(num, pass, text + "\n");
      d.Snapshot(num, pass, s.ext, s.last);
    });
    s.Live([&](LiveReport& r) { r.Pass(num, pass, s.ext, s.CurrentPhase(), s.last, text + "\n"); });
    s.passes = num;
    s.Notify(num, pass, s.last, true, text);
  } catch (...) {
    s.Stop("out of memory");
  }
}

PhaseScope Session::Phase(std::string_view name) {
  if (!impl_) return PhaseScope(nullptr);
  try {
    impl_->phase_stack.emplace_back(name);
  } catch (...) {
    return PhaseScope(nullptr);
  }
  return PhaseScope(this);
}

void Session::PopPhase() noexcept {
  if (impl_ && !impl_->phase_stack.empty()) impl_->phase_stack.pop_back();
}

void Session::End() {
  if (!impl_ || impl_->ended) return;
  Impl& s = *impl_;
  if (s.dump && !s.stopped) {
    try {
      s.dump->DropLog();  // the spare log, kept for a next pass that did not come
    } catch (const std::exception& e) {
      s.Stop(e.what());
    }
  }
  if (s.dump && !s.stopped && s.passes > 0) {
    try {
      s.report = WriteSessionReport(s.dump->run_dir(), s.dump->name_dir());
    } catch (const std::exception& e) {
      s.Stop(std::string("no report: ") + e.what());
    } catch (...) {
      s.Stop("no report");
    }
  }
  if (s.live && s.live->started() && s.report.empty() && !s.stopped) {
    try {
      s.live->Ended();  // no final report replaced it: the page says the session ended
    } catch (const std::exception& e) {
      s.Stop(e.what());
    }
  }
  if (s.live) s.live->Close();  // ended: a crash from now on is no longer this session's
  if (s.dump && !s.stopped) {
    try {
      s.dump->Finish(s.passes);
    } catch (const std::exception& e) {
      s.Stop(e.what());
    }
  }
  s.ended = true;
}

std::string Session::RecordCodegen(SourceRole role, std::string_view file_name, std::string text) noexcept {
  Impl& s = *impl_;
  if (!s.files || s.ended || s.stopped) return text;  // terminal mode writes no files: nothing to edit
  try {
    std::string name_dir;
    s.Guard([&](DumpWriter& d) { name_dir = d.name_dir(); });
    if (name_dir.empty()) return text;  // the run directory could not be made: the warning is out
    const std::string file = SafeSourceName(file_name);
    const char* role_name = role == SourceRole::kDevice ? "device" : "host";
    CodegenOutcome o = DecideWorkingCopy(name_dir, file, text);
    if (!o.failure.empty()) {
      s.Stop(o.failure);
      return o.text;
    }
    std::fprintf(stderr, "%s\n", DecisionLine(s.name, file, role_name, o).c_str());
    // What this compilation builds, so that its report shows it (the working copy's edit too).
    s.Guard([&](DumpWriter& d) { d.Codegen(role_name, file, o.text); });
    s.Live([&](LiveReport& r) {
      if (r.started()) r.Codegen(role_name, file, o.text);
    });
    return o.text;
  } catch (...) {
    s.Stop("out of memory");
    return text;
  }
}

std::string Session::run_dir() const { return impl_ ? impl_->run_dir : std::string(); }

std::string Session::report_path() const { return impl_ ? impl_->report : std::string(); }

}  // namespace irtrace
