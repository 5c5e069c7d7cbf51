#include "report/payload_writer.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

#include "input/snapshot.h"
#include "util/deflate_sink.h"
#include "util/temp_file.h"

namespace irtrace {
namespace {

// The payload's spellings: the only place they are written in C++.
const char* Spelling(EntryKind k) {
  switch (k) {
    case EntryKind::kFrontend: return "frontend";
    case EntryKind::kPass: return "pass";
    case EntryKind::kCodegen: return "codegen";
  }
  return "";
}

const char* Spelling(EntryStatus s) {
  switch (s) {
    case EntryStatus::kFrontend: return "frontend";
    case EntryStatus::kChanged: return "changed";
    case EntryStatus::kNoop: return "noop";
    case EntryStatus::kFailed: return "failed";
    case EntryStatus::kCodegen: return "codegen";
    case EntryStatus::kAdded: return "added";
    case EntryStatus::kRemoved: return "removed";
  }
  return "";
}

const char* Spelling(FunctionStatus s) {
  switch (s) {
    case FunctionStatus::kSame: return "same";
    case FunctionStatus::kChanged: return "changed";
    case FunctionStatus::kAdded: return "added";
    case FunctionStatus::kRemoved: return "removed";
    case FunctionStatus::kMoved: return "moved";
  }
  return "";
}

const char* Spelling(CodegenRole r) { return r == CodegenRole::kDevice ? "device" : "host"; }

// Calls fn(line) for each inserted line of `script`, in order (0-based, after side).
template <typename Fn>
void ForEachInserted(const EditScript& script, Fn fn) {
  ForEachBlock(script, [&](const EditBlock& b) {
    for (uint32_t n = 0; n < b.ins; ++n) fn(b.after + n);
  });
}

}  // namespace

std::vector<std::pair<uint32_t, std::string_view>> DeltaFixes(const Snapshot& before, const Snapshot& after,
                                                              const EditScript& script) {
  std::vector<std::pair<uint32_t, std::string_view>> fixes;
  auto check_equal_run = [&](size_t i, size_t j, size_t n) {
    for (size_t k = 0; k < n; ++k, ++i, ++j) {
      if (before.lines[i] != after.lines[j]) fixes.emplace_back(static_cast<uint32_t>(j), after.lines[j]);
    }
  };
  EditEnd end = ForEachBlock(
      script, [&](const EditBlock& b) { check_equal_run(b.before - b.equal, b.after - b.equal, b.equal); });
  check_equal_run(end.before, end.after, after.lines.size() - end.after);
  return fixes;
}

PayloadWriter::PayloadWriter(OutputSink* out, PayloadEncoding encoding, const std::string& title, int context)
    : out_(out) {
  title_ = title;
  context_ = context;
  if (encoding == PayloadEncoding::kChunks) {
    out_->Write(kChunksMagic);
    return;  // each chunk opens its own writer (BeginChunk)
  }
  OutputSink* sink = out_;
  if (encoding == PayloadEncoding::kDeflateBase64) {
    out_->Write(R"({"schema":)" + std::to_string(kPayloadSchema) + R"(,"encoding":"deflate-base64","data":")");
    deflate_ = std::make_unique<DeflateBase64Sink>(out_);
    sink = deflate_.get();
  }
  w_ = std::make_unique<JsonWriter>(sink);
  w_->BeginObject();
  WriteHeader();
  w_->Key("snapshots").BeginArray();
}

void PayloadWriter::WriteHeader() {
  w_->Key("schema").Int(kPayloadSchema);
  w_->Key("tool").String(std::string("ir-trace ") + IRTRACE_VERSION);
  w_->Key("title").String(title_);
  w_->Key("context").Int(context_);
  header_written_ = true;
}

std::string ChunkFrame(std::string_view json) {
  std::string data = DeflateToBase64(json);
  char crc[16];
  std::snprintf(crc, sizeof crc, "%08x", static_cast<unsigned>(Crc32(data)));
  return std::to_string(data.size()) + " " + crc + " " + data + "\n";
}

void PayloadWriter::BeginChunk() {
  chunk_.text.clear();
  w_ = std::make_unique<JsonWriter>(&chunk_);
  w_->BeginObject();
  if (!header_written_) WriteHeader();
  w_->Key("snapshots").BeginArray();
  in_entries_ = false;
}

void PayloadWriter::EndChunk(const LiveState& live) {
  EndSnapshots();
  w_->EndArray();
  notes_.WriteNew(w_.get());
  w_->Key("live").BeginObject();
  w_->Key("passes").Int(static_cast<int64_t>(live.passes));
  if (live.running >= 0) {
    w_->Key("running").BeginObject().Key("num").Int(live.running).Key("name").String(live.running_name).EndObject();
  }
  if (live.ended) w_->Key("ended").Bool(true);
  if (!live.recorded_at.empty()) w_->Key("recorded_at").String(live.recorded_at);
  w_->EndObject();
  w_->EndObject();
  w_->Flush();
  w_.reset();
  out_->Write(ChunkFrame(chunk_.text));
  chunk_.text.clear();
}

PayloadWriter::~PayloadWriter() = default;

void PayloadWriter::WriteSnapshotStart(const Snapshot& s) {
  w_->Newline();  // one snapshot a line (PAYLOAD.md): the viewer parses each when it reads it
  w_->BeginObject();
  w_->Key("file").String(s.name);
  w_->Key("lang").String(LanguageName(s.lang));
  w_->Key("eol").Bool(s.eol);
  w_->Key("n").Int(static_cast<int64_t>(s.lines.size()));
  if (s.line_break == LineBreak::kCr) w_->Key("newline").String("cr");
}

void PayloadWriter::WriteSnapshotEnd(const Snapshot& s, int depth, int root, int before_index,
                                     const EditScript* sections) {
  const std::vector<Section>& secs = s.scope.sections;
  int index = SnapshotCount();
  auto section = [&](const Section& sec) {
    w_->BeginArray().String(sec.key).Int(static_cast<int64_t>(sec.begin)).Int(static_cast<int64_t>(sec.end));
    w_->EndArray();
  };
  // Which form: full, a reference to an equal list, or a delta from the snapshot before.
  size_t inserted = sections ? sections->Inserted() : 0;
  bool full = !sections || before_index < 0 || secs.empty() ||
              (!sections->Empty() && (sections_depth_[before_index] >= kMaxDeltaChain || 2 * inserted >= secs.size()));
  w_->Key("sections");
  if (full) {
    w_->BeginArray();
    for (const Section& sec : secs) section(sec);
    w_->EndArray();
    sections_depth_.push_back(0);
    sections_root_.push_back(index);
  } else if (sections->Empty()) {
    int from = sections_root_[before_index];
    w_->BeginObject().Key("from").Int(from).EndObject();
    sections_depth_.push_back(sections_depth_[from]);
    sections_root_.push_back(from);
  } else {
    w_->BeginObject();
    w_->Key("from").Int(before_index);
    w_->Key("ops").IntArray(sections->ops);
    w_->Key("ins").BeginArray();
    ForEachInserted(*sections, [&](size_t k) { section(secs[k]); });
    w_->EndArray();
    w_->EndObject();
    sections_depth_.push_back(sections_depth_[before_index] + 1);
    sections_root_.push_back(index);
  }
  if (!s.scope.fallback.empty()) w_->Key("fallback").String(s.scope.fallback);
  w_->EndObject();
  depth_.push_back(depth);
  root_.push_back(root);
}

int PayloadWriter::AddSnapshot(const Snapshot& s) { return WriteText(s, -1, nullptr); }

int PayloadWriter::WriteText(const Snapshot& s, int before_index, const EditScript* sections) {
  int index = SnapshotCount();
  WriteSnapshotStart(s);
  w_->Key("text").BeginArray();
  for (std::string_view l : s.lines) w_->String(l);
  w_->EndArray();
  WriteSnapshotEnd(s, 0, index, before_index, sections);
  return index;
}

int PayloadWriter::AddSnapshot(const Snapshot& s, const Snapshot& before, const PassDiff& diff) {
  return AddSnapshot(s, before, SnapshotCount() - 1, diff);
}

int PayloadWriter::AddLines(const Snapshot& s, const std::vector<LineRun>& runs) {
  int index = SnapshotCount();
  WriteSnapshotStart(s);
  w_->Key("lines").BeginArray();
  for (const LineRun& r : runs) {
    if (r.snapshot < 0) {
      w_->String(r.literal);
    } else {
      w_->BeginArray().Int(r.snapshot).Int(static_cast<int64_t>(r.begin)).Int(static_cast<int64_t>(r.end)).EndArray();
    }
  }
  w_->EndArray();
  WriteSnapshotEnd(s, 0, index, -1, nullptr);
  return index;
}

int PayloadWriter::AddSnapshot(const Snapshot& s, const Snapshot& before, int before_index, const PassDiff& diff) {
  int index = SnapshotCount();
  if (index == 0 || before_index < 0) return AddSnapshot(s);
  const EditScript* sections = &diff.sections;  // empty for an identical pass: the lists are equal
  if (diff.identical) {
    int root = root_[before_index];
    WriteSnapshotStart(s);
    w_->Key("same").Int(root);
    WriteSnapshotEnd(s, depth_[root], root, before_index, sections);
    return index;
  }
  if (depth_[before_index] >= kMaxDeltaChain) return WriteText(s, before_index, sections);
  // A delta costs its inserted and fixed text; it must be clearly smaller than the full text to be worth it.
  const EditScript& script = diff.whole.script;
  std::vector<std::pair<uint32_t, std::string_view>> fixes = DeltaFixes(before, s, script);
  size_t delta_bytes = 0;
  ForEachInserted(script, [&](size_t line) { delta_bytes += s.lines[line].size() + 4; });
  for (const auto& fix : fixes) delta_bytes += fix.second.size() + 8;
  if (delta_bytes >= s.text.size() / 2) return WriteText(s, before_index, sections);

  WriteSnapshotStart(s);
  w_->Key("delta").BeginObject();
  w_->Key("from").Int(before_index);
  w_->Key("ops").IntArray(script.ops);
  w_->Key("ins").BeginArray();
  ForEachInserted(script, [&](size_t line) { w_->String(s.lines[line]); });
  w_->EndArray();
  w_->Key("fix").BeginArray();
  for (const auto& [line, text] : fixes) w_->BeginArray().Int(line).String(text).EndArray();
  w_->EndArray();
  w_->EndObject();
  WriteSnapshotEnd(s, depth_[before_index] + 1, index, before_index, sections);
  return index;
}

void PayloadWriter::EndSnapshots() {
  if (in_entries_ || compare_written_) return;
  w_->Newline().EndArray();
  w_->Key("entries").BeginArray();
  in_entries_ = true;
}

void PayloadWriter::WriteDiff(JsonWriter* w, const DiffData& d) {
  w->BeginObject();
  w->Key("ops").IntArray(d.script.ops);
  if (d.meaning) w->Key("meaning").IntArray(d.meaning->ops);
  if (!d.paired) {  // (schema 4) the viewer pairs the blocks itself
    w->EndObject();
    return;
  }
  w->Key("pairs").BeginArray();
  for (const BlockPairs& bp : d.pairs) {
    std::vector<uint32_t> flat{bp.block, bp.flags};
    flat.insert(flat.end(), bp.pairs.begin(), bp.pairs.end());
    w->IntArray(flat);
  }
  w->EndArray();
  w->EndObject();
}

void PayloadWriter::AddEntry(const Entry& e) {
  EndSnapshots();
  WriteEntry(w_.get(), e, &notes_);
}

namespace {

void WriteStrings(JsonWriter* w, const char* key, const std::vector<std::string>& v) {
  w->Key(key).BeginArray();
  for (const std::string& s : v) w->String(s);
  w->EndArray();
}

// An entry's "log_notes" (PAYLOAD.md, "Entry"), when it has any: its notes' rows in `table`.
void WriteLogNotes(JsonWriter* w, const std::vector<LogNote>& notes, LogNoteTable* table) {
  if (notes.empty()) return;
  w->Key("log_notes").BeginArray();
  for (const LogNote& n : notes) w->Int(table->Index(n));
  w->EndArray();
}

// A nested pipeline's pass: its "executions", when it has any.
void WriteExecutions(JsonWriter* w, const std::vector<Execution>& executions) {
  if (executions.empty()) return;
  w->Key("executions").BeginArray();
  for (const Execution& x : executions) {
    w->BeginObject();
    w->Key("key").String(x.key);
    w->Key("dump").String(x.dump);
    w->Key("changed").Bool(x.changed);
    w->EndObject();
  }
  w->EndArray();
}

// The IR unit of an entry that ran on less than the whole module: "unit" and (but for a loop) "unit_keys".
void WriteUnit(JsonWriter* w, const Entry& e) {
  if (e.unit == IrUnit::kWhole) return;
  w->Key("unit").String(e.unit == IrUnit::kFunction  ? "function"
                        : e.unit == IrUnit::kScc     ? "scc"
                        : e.unit == IrUnit::kMachine ? "machine"
                                                     : "loop");
  if (e.unit != IrUnit::kLoop) WriteStrings(w, "unit_keys", e.unit_keys);
  else if (e.function_after >= 0) w->Key("function_after").Int(e.function_after);
}

}  // namespace

void PayloadWriter::WriteEntry(JsonWriter* w, const Entry& e, LogNoteTable* notes) {
  w->BeginObject();
  w->Key("kind").String(Spelling(e.kind));
  if (!e.phase.empty()) w->Key("phase").String(e.phase);
  if (e.num >= 0) w->Key("num").Int(e.num);
  w->Key("name").String(e.name);
  if (e.kind == EntryKind::kCodegen) w->Key("role").String(Spelling(e.role));
  if (e.before >= 0) w->Key("before").Int(e.before);
  w->Key("after").Int(e.after);
  w->Key("status").String(Spelling(e.status));
  w->Key("ins").Int(static_cast<int64_t>(e.ins));
  w->Key("del").Int(static_cast<int64_t>(e.del));
  WriteStrings(w, "notes", e.notes);
  WriteStrings(w, "warnings", e.warnings);
  if (!e.error.empty()) w->Key("error").String(e.error);
  if (!e.log.empty()) w->Key("log").String(e.log);
  if (e.crashed) w->Key("crashed").Bool(true);
  WriteLogNotes(w, e.log_notes, notes);
  WriteExecutions(w, e.executions);
  if (e.base_num >= 0) w->Key("base_num").Int(e.base_num);
  if (e.head_num >= 0) w->Key("head_num").Int(e.head_num);
  WriteUnit(w, e);
  if (e.kind == EntryKind::kPass) {
    w->Key("diff");
    WriteDiff(w, e.diff.whole);
  }
  if (e.kind == EntryKind::kPass && e.diff.by_function) {
    // The touched functions only; the viewer lists the after side's other keys as "same".
    w->Key("functions").BeginArray();
    for (const FunctionDiff& f : e.diff.functions) {
      w->BeginObject();
      w->Key("key").String(f.key);
      w->Key("status").String(Spelling(f.status));
      w->Key("ins").Int(static_cast<int64_t>(f.ins));
      w->Key("del").Int(static_cast<int64_t>(f.del));
      if (f.status == FunctionStatus::kChanged || f.diff.meaning) {
        w->Key("diff");
        WriteDiff(w, f.diff);
      }
      w->EndObject();
    }
    w->EndArray();
  }
  w->EndObject();
}

// Spooled entries: JSON values "e1,e2,..." in an unnamed temporary file, read back in chunks.
class PayloadWriter::Spool : public OutputSink {
 public:
  explicit Spool(LogNoteTable* notes) : fd_(OpenUnnamedTempFd("the report's entries")), w_(this), notes_(notes) {}
  ~Spool() override { ::close(fd_); }
  void Write(std::string_view bytes) override {
    for (size_t done = 0; done < bytes.size();) {
      ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0)
        throw WriteError("cannot write the report's entries to a temporary file: " +
                         std::string(std::strerror(n < 0 ? errno : ENOSPC)));
      done += static_cast<size_t>(n);
    }
  }
  void Add(const Entry& e) {
    if (any_) w_.RawValues(",", true);
    any_ = true;
    WriteEntry(&w_, e, notes_);
    // a single value at the top level: the writer's comma logic has no container to count in
  }
  // Sends every spooled entry to `out`, in order.
  void CopyTo(JsonWriter* out) {
    w_.Flush();
    std::string buf(1 << 20, '\0');
    bool more = false;
    for (off_t at = 0;;) {
      ssize_t n = ::pread(fd_, buf.data(), buf.size(), at);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) throw WriteError("cannot read the report's entries back: " + std::string(std::strerror(errno)));
      if (n == 0) break;
      out->RawValues(std::string_view(buf.data(), static_cast<size_t>(n)), more);
      more = true;
      at += n;
    }
  }

 private:
  int fd_;
  JsonWriter w_;
  LogNoteTable* notes_;
  bool any_ = false;
};

void PayloadWriter::SpoolEntry(const Entry& e) {
  if (!spool_) spool_ = std::make_unique<Spool>(&notes_);
  spool_->Add(e);
}

void PayloadWriter::AddSpooledEntries() {
  EndSnapshots();
  if (!spool_) return;
  spool_->CopyTo(w_.get());
  spool_.reset();
}

void PayloadWriter::AddCompare(const CompareHeader& h) {
  EndSnapshots();
  w_->EndArray();
  in_entries_ = false;
  compare_written_ = true;
  auto run = [&](const char* key, const std::string& path, const std::string& title) {
    w_->Key(key).BeginObject().Key("path").String(path).Key("title").String(title).EndObject();
  };
  w_->Key("compare").BeginObject();
  run("base", h.base_path, h.base_title);
  run("head", h.head_path, h.head_title);
  w_->Key("first");
  if (h.first_divergence >= 0) w_->Int(h.first_divergence);
  else w_->Null();
  w_->EndObject();
}

void PayloadWriter::Finish() {
  EndSnapshots();
  if (!compare_written_) w_->EndArray();
  notes_.WriteNew(w_.get());
  w_->EndObject();
  w_->Flush();
  if (deflate_) {
    deflate_->Finish();
    out_->Write(R"("})");
  }
}

}  // namespace irtrace
