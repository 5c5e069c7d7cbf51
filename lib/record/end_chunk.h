// The end chunk of a live report (record/live_report.h; lib/report/PAYLOAD.md "Live reports"): one chunk
// of the chunked envelope, {"end": {...}}, appended after the last when the compilation ends before its
// session does, so that the page says how it ended. A crash the process can see (a fatal signal,
// std::terminate, exit() with a session still open) appends it from the process itself: the chunks' bytes
// are made once, ahead, and the handler only calls write(2). A compilation killed with SIGKILL (or a
// machine that stopped) writes nothing; the next session of the same name finds its run dead (its lock
// free, no end in runs.txt) and appends the chunk that says so (AppendFoundEnd).
#pragma once

#include <csignal>
#include <string>

namespace irtrace {

// How a compilation ended before its session did, as the end chunk says it ("how" in the payload).
enum class EndHow {
  kSignal,     // a fatal signal the process received: "signal", with "signal" (its number) and "name"
  kTerminate,  // std::terminate (an exception nobody caught, a noexcept function throwing): "terminate"
  kExit,       // exit() (or main returning) while the session had not ended: "exit"
  kFound,      // nothing was written (kill -9, power loss); a later session found the run dead: "found"
};

// The framed end chunk (report/payload_writer.h ChunkFrame): `signal` is the signal's number for kSignal
// (ignored otherwise). Deterministic: the same arguments give the same bytes. Throws Error if zlib fails.
std::string EndChunk(EndHow how, int signal = 0);

// The fatal signals whose handlers append the end chunk: SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTERM,
// SIGINT.
inline constexpr int kEndSignals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTERM, SIGINT};

// Process-wide, for every live report armed at once (threads, several sessions). Arms `fd` (a live
// report's descriptor, opened O_APPEND; the caller keeps it open until DisarmEnd): a crash this process
// sees from now on appends the matching end chunk to it, once. The first arm makes every chunk and installs
// the handlers: for each signal of kEndSignals whose action is not SIG_IGN, a handler that writes, then
// hands the signal on as it would have gone (the previous handler called with the same arguments, or the
// default action by re-raising it), so the process dies or recovers exactly as before; a previous handler
// that returns with its own action still installed may have recovered (LLVM's CrashRecoveryContext, a
// runtime's fault handler): nothing is written then. std::set_terminate and std::atexit likewise (the
// previous terminate handler is called after the write). A forked child never writes to its parent's
// report. Returns a slot for BusyEnd / DisarmEnd, or -1 when every slot (64) is taken (no end chunk then).
// Never throws.
int ArmEnd(int fd);

// Marks slot's report as being appended to (`busy` true) or not: a crash in between writes nothing, since
// its chunk would follow a torn one, which the viewer reads no further than. Async-signal-safe; -1 ignored.
void BusyEnd(int slot, bool busy);

// The session ended (or its report stopped): the slot is freed and nothing is written to its fd any more.
// Handlers stay installed (another may have been installed over them since); with no slot armed they only
// hand signals on. -1 ignored.
void DisarmEnd(int slot);

// Appends EndChunk(kFound) to `report` (a run's report.html, not followed when it is a symbolic link) when
// it is a live report whose last chunk is whole and not an end chunk already; else leaves it as it is.
// Returns true when it appended. Never throws.
bool AppendFoundEnd(const std::string& report);

}  // namespace irtrace
