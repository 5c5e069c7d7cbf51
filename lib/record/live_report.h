// The report that follows a session while it runs (man irtrace(3), LIVE REPORT): <run>/report.html written
// at the session's first capture with the page and the viewer, then one payload chunk appended per capture
// (report/payload_writer.h, PayloadEncoding::kChunks; ARCHITECTURE.md "Live reports"). Each append costs
// the new pass (its diff against the pass before, its snapshot as a delta from that one's), never the
// report so far. A reader sees a valid page at every moment: the first write is atomic (head and first
// chunk renamed into place), each later one an append the viewer ignores until it is whole. From the first
// write on, a crash the process sees appends the end chunk (record/end_chunk.h) saying how it ended.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace irtrace {

class PayloadWriter;
class Snapshot;
class AppendSink;

class LiveReport {
 public:
  // The live report of the run directory `run_dir` (absolute): <run_dir>/report.html, titled as ir-trace
  // titles the run (the program's name in the frontend, else the name directory's name). Writes nothing yet.
  explicit LiveReport(std::string run_dir);
  ~LiveReport();
  LiveReport(const LiveReport&) = delete;
  LiveReport& operator=(const LiveReport&) = delete;

  // Each appends one chunk; the first call (which must be Frontend) creates the file with it. `ext` as the
  // dump's files have it (SafeExtension applied here), `phase` the phase the entry is in ("" none), `text`
  // the IR. Pass: pass `num` (>= 1) named `pass` with the IR after it; `error` non-empty for a pass that
  // threw (its log's text "error: ...\n"; `text` is then the IR before it, as the dump stores it).
  // Running: pass `num` has begun (a chunk of no entry: the page says it is running). Codegen: a generated
  // source, `role` "device" or "host", `file` as the dump names it. Ended: the session ended with no final
  // report (the page says so). Each throws Error naming the file when it cannot be written.
  void Frontend(std::string_view ext, std::string_view phase, std::string text);
  void Pass(unsigned long num, std::string_view pass, std::string_view ext, std::string_view phase, std::string text,
            std::string_view error);
  void Running(unsigned long num, std::string_view pass);
  void Codegen(std::string_view role, std::string_view file, std::string text);
  void Ended();
  // The session ended with its final report in place (or stopped): from now on a crash appends nothing.
  void Close();

  bool started() const { return payload_ != nullptr; }
  const std::string& path() const { return path_; }

 private:
  void Append();  // ends the chunk begun by the caller and sends it

  std::string run_dir_;
  std::string path_;
  std::unique_ptr<AppendSink> sink_;
  std::unique_ptr<PayloadWriter> payload_;
  std::unique_ptr<Snapshot> last_;  // the last pass's (or the frontend's) snapshot: the next pass's before
  int last_index_ = -1;
  unsigned long passes_ = 0;
  long running_ = -1;
  std::string running_name_;
  bool ended_ = false;
  std::string recorded_at_;  // UTC time the last pass (or the frontend) was recorded
};

}  // namespace irtrace
