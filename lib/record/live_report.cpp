#include "record/live_report.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <unistd.h>

#include "diff/pass_diff.h"
#include "driver/dump_reading.h"
#include "input/program_name.h"
#include "input/snapshot.h"
#include "record/dump_writer.h"
#include "record/end_chunk.h"
#include "record/safe_name.h"
#include "report/html_report.h"
#include "report/payload_writer.h"
#include "report/report_model.h"
#include "util/error.h"
#include "util/output_sink.h"

namespace irtrace {

// The report file: what is written before Open is held and then written atomically with it (the page and
// its first chunk: a reader never sees a page without its viewer); after Open, each Write is appended.
// From Open on, a crash the process sees appends the end chunk (record/end_chunk.h), never inside a Write.
class AppendSink : public OutputSink {
 public:
  explicit AppendSink(std::string path) : path_(std::move(path)) {}
  ~AppendSink() override {
    DisarmEnd(end_slot_);
    if (fd_ >= 0) ::close(fd_);
  }
  void Write(std::string_view bytes) override {
    if (fd_ < 0) {
      pending_.append(bytes);
      return;
    }
    BusyEnd(end_slot_, true);
    for (size_t done = 0; done < bytes.size();) {
      ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw Error("cannot write '" + path_ + "': " + std::strerror(n < 0 ? errno : ENOSPC));
      done += static_cast<size_t>(n);
    }
    BusyEnd(end_slot_, false);  // a torn append (thrown above) stays busy: nothing may follow it
  }
  void Open() {
    WriteGuestFile(path_, pending_, true);
    pending_.clear();
    fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd_ < 0) throw Error("cannot open '" + path_ + "': " + std::strerror(errno));
    end_slot_ = ArmEnd(fd_);
  }
  // No end chunk any more: the session ended (its report replaced, or its Ended chunk written).
  void Disarm() {
    DisarmEnd(end_slot_);
    end_slot_ = -1;
  }

 private:
  std::string path_;
  std::string pending_;
  int fd_ = -1;
  int end_slot_ = -1;
};

namespace {

// "2026-12-02T03:10:04Z": when a pass was recorded, as the page shows it.
std::string UtcNow() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  char out[32];
  std::strftime(out, sizeof out, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return out;
}

}  // namespace

LiveReport::LiveReport(std::string run_dir) : run_dir_(std::move(run_dir)), path_(run_dir_ + "/report.html") {}

LiveReport::~LiveReport() = default;

void LiveReport::Append() {
  LiveState state;
  state.passes = passes_;
  state.running = running_;
  state.running_name = running_name_;
  state.ended = ended_;
  state.recorded_at = recorded_at_;
  payload_->EndChunk(state);
}

void LiveReport::Frontend(std::string_view ext, std::string_view phase, std::string text) {
  if (payload_) throw Error("internal error: the live report's frontend comes first, once");
  const std::string safe_ext = SafeExtension(ext);
  std::string title = ProgramName(text, safe_ext);
  title = title.empty() ? DumpDirectoryTitle(run_dir_) : DisplayText(title);
  last_ = MakeSnapshot("00_frontend." + safe_ext, safe_ext, std::move(text));
  sink_ = std::make_unique<AppendSink>(path_);
  sink_->Write(ExpandLivePageHead(title));
  payload_ = std::make_unique<PayloadWriter>(sink_.get(), PayloadEncoding::kChunks, title, 3);
  payload_->BeginChunk();
  last_index_ = payload_->AddSnapshot(*last_);
  Entry e = MakeFrontendEntry(*last_, "", "");
  if (!phase.empty()) e.phase = DisplayText(SafePhaseName(phase));
  payload_->AddEntry(e);
  recorded_at_ = UtcNow();
  Append();
  sink_->Open();
}

void LiveReport::Pass(unsigned long num, std::string_view pass, std::string_view ext, std::string_view phase,
                      std::string text, std::string_view error) {
  const std::string safe_ext = SafeExtension(ext);
  std::unique_ptr<Snapshot> after = MakeSnapshot(PassFileName(num, pass, safe_ext), safe_ext, std::move(text));
  PassDiff diff = DiffPass(*last_, *after);
  payload_->BeginChunk();
  int index = payload_->AddSnapshot(*after, *last_, last_index_, diff);
  std::string log_name = error.empty() ? std::string() : PassFileName(num, pass, "log");
  Entry e = MakePassEntry(static_cast<long>(num), DisplayText(SafePassName(pass)), last_index_, index, *after,
                          std::move(diff), log_name, std::string(error));
  if (!phase.empty()) e.phase = DisplayText(SafePhaseName(phase));
  payload_->AddEntry(e);
  passes_ = num;
  running_ = -1;
  running_name_.clear();
  recorded_at_ = UtcNow();
  Append();
  last_ = std::move(after);
  last_index_ = index;
}

void LiveReport::Running(unsigned long num, std::string_view pass) {
  payload_->BeginChunk();
  running_ = static_cast<long>(num);
  running_name_ = DisplayText(SafePassName(pass));
  Append();
}

void LiveReport::Codegen(std::string_view role, std::string_view file, std::string text) {
  std::string name = "codegen_" + std::string(role) + "_" + SafeSourceName(file);
  size_t dot = name.rfind('.');
  std::unique_ptr<Snapshot> snap =
      MakeSnapshot(name, dot == std::string::npos ? "" : name.substr(dot + 1), std::move(text));
  payload_->BeginChunk();
  int index = payload_->AddSnapshot(*snap);
  payload_->AddEntry(MakeCodegenEntry(role == "device" ? CodegenRole::kDevice : CodegenRole::kHost, index, *snap));
  Append();
}

void LiveReport::Ended() {
  if (!payload_ || ended_) return;
  payload_->BeginChunk();
  ended_ = true;
  running_ = -1;
  Append();
  sink_->Disarm();
}

void LiveReport::Close() {
  if (sink_) sink_->Disarm();
}

}  // namespace irtrace
