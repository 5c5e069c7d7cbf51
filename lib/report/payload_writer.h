// The report payload's one writer: the C++ owner of the schema in lib/report/PAYLOAD.md ("Report payload").
// Its schema version, envelope, spellings, snapshot storage (full text, "same", delta with its "fix"
// list, sections in full or from an earlier snapshot's) and entries are written here and nowhere else; the
// viewer's owner is assets/js/15_payload.js.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "diff/edit_script.h"
#include "report/log_note_table.h"
#include "report/report_model.h"
#include "util/json_writer.h"
#include "util/output_sink.h"

namespace irtrace {

class DeflateBase64Sink;
class Snapshot;

// The payload's schema version. Version rule: a field an older viewer can ignore is added without a
// change; a change an older viewer would misread (a field's meaning, a new way to store a snapshot, a
// removed field) increments it, and the viewer refuses any version it does not know.
// 2: a pass lists only its touched functions (the viewer derives the unchanged ones from the after
// snapshot's sections) and has no "functions" when it was not compared by function; a snapshot's
// "sections" may be {"from", "ops", "ins"} built from an earlier snapshot's.
// 3: compare reports (driver/compare.h): entry statuses "added" and "removed", entry fields "base_num" and
// "head_num", the payload's "compare" object.
// 4: per-unit snapshots (an LLVM function-scope log): a snapshot may be "lines" (runs of earlier snapshots'
// lines and literal lines); a pass may have "unit" and "unit_keys" (its snapshots hold only that IR unit),
// and "before" == "after" (a no-op pass on a unit: no snapshot of its own).
// 5: an entry's "log_notes" are indices into the payload's "log_note_table" (report/log_note_table.h),
// each distinct note stored once.
constexpr int kPayloadSchema = 5;

// One run of a "lines" snapshot: lines [begin, end) (0-based, end excluded) of the earlier snapshot
// `snapshot`; or, when `snapshot` is -1, the one literal line `literal` (valid UTF-8, without '\n').
struct LineRun {
  int snapshot = -1;
  size_t begin = 0, end = 0;
  std::string literal;
};

// What a compare report says about its two runs (the payload's "compare").
struct CompareHeader {
  std::string base_path, base_title;  // BASE as given, and its report title (valid UTF-8)
  std::string head_path, head_title;
  long first_divergence = -1;         // entry index of the first divergence, -1 when the runs' IR never differs
};

// A delta chain longer than this is cut by storing the snapshot in full (its text; its sections, whose
// chains are counted separately).
constexpr int kMaxDeltaChain = 16;

// How the payload is put into the page.
enum class PayloadEncoding {
  kDeflateBase64,  // the envelope {"schema":N,"encoding":"deflate-base64","data":"<base64 of zlib data>"}
  kPlain,          // the payload object itself (--no-compress)
  kChunks,         // the chunked envelope of a live report (ARCHITECTURE.md "Live reports"): the line
                   // kChunksMagic, then one framed chunk per BeginChunk / EndChunk (ChunkFrame)
};

// The chunked envelope's first line (its version is the envelope's, not the payload's schema).
inline constexpr const char* kChunksMagic = "ir-trace-chunks 1\n";

// What a live report's chunk says about its session (the chunk's "live"): the passes recorded so far and
// the pass running when it was written (number >= 1 and name; -1 when none), and whether the session has
// ended (End ran) without the final report replacing the live one (no pass recorded, or the conversion
// failed).
struct LiveState {
  unsigned long passes = 0;
  long running = -1;
  std::string running_name;
  bool ended = false;
  std::string recorded_at;  // UTC time the last pass (or the frontend) was recorded, "YYYY-MM-DDTHH:MM:SSZ"
};

// One chunk framed as the chunked envelope stores it: "<B> <C> <base64>\n", where <base64> is `json`
// deflated as one complete zlib stream and base64-encoded, B its length in decimal and C the CRC-32 of
// those B characters in 8 lowercase hex digits. Throws Error if zlib fails.
std::string ChunkFrame(std::string_view json);

// Writes the payload in one pass, in order: snapshots (one call each, in index order), then entries.
class PayloadWriter {
 public:
  // Starts the payload on `out` (not owned; must outlive the writer): the envelope's opening when
  // `encoding` is kDeflateBase64, then the header. `title`: the dump's base name (valid UTF-8);
  // `context`: unchanged lines kept around changes (>= 0). Throws Error when `out` does.
  PayloadWriter(OutputSink* out, PayloadEncoding encoding, const std::string& title, int context);
  ~PayloadWriter();
  PayloadWriter(const PayloadWriter&) = delete;
  PayloadWriter& operator=(const PayloadWriter&) = delete;

  // Appends snapshot number SnapshotCount() stored in full (frontend, codegen) and returns its index.
  int AddSnapshot(const Snapshot& s);
  // Appends snapshot number SnapshotCount(), whose predecessor (index - 1) is `before`, with `diff` from
  // DiffPass(before, s), and returns its index. Stores "same" when the diff says identical; a delta while
  // the chain stays at most kMaxDeltaChain long and the delta's text (inserted and fixed lines) is under
  // half the snapshot's; else the full text. Its sections likewise: a reference to the earlier snapshot
  // holding an equal list (diff.sections empty), a delta from `before`'s (diff.sections) while that chain
  // stays at most kMaxDeltaChain long and inserts fewer than half the sections, else in full.
  int AddSnapshot(const Snapshot& s, const Snapshot& before, const PassDiff& diff);
  // The same with `before` stored as snapshot `before_index` (an earlier one, not necessarily index - 1):
  // "same", the delta and the sections' reference or delta are taken from it.
  int AddSnapshot(const Snapshot& s, const Snapshot& before, int before_index, const PassDiff& diff);
  // Appends snapshot number SnapshotCount() stored as "lines": `runs` in order, which must rebuild `s`'s
  // lines exactly (the caller made `s` from them); its sections in full. A full checkpoint for the chains.
  // Returns its index.
  int AddLines(const Snapshot& s, const std::vector<LineRun>& runs);
  int SnapshotCount() const { return static_cast<int>(depth_.size()); }

  // Appends an entry (after every snapshot: the first call ends the snapshot list).
  void AddEntry(const Entry& e);
  // Keeps an entry while snapshots are still being added, in an unnamed temporary file (util/temp_file.h),
  // so a dump of 100,000 passes holds none of them in memory; AddSpooledEntries puts them in, in order.
  // Throws Error when the temporary file cannot be written.
  void SpoolEntry(const Entry& e);
  // Appends every spooled entry, in order, after the entries added so far (ends the snapshot list).
  void AddSpooledEntries();
  // Marks the payload as a compare report (after the entries, before Finish; at most once).
  void AddCompare(const CompareHeader& h);
  // Ends the payload and the envelope, and sends everything to `out`. Call once, last. Not for kChunks.
  void Finish();

  // kChunks only. Starts a chunk (the first also holds the header: schema, tool, title, context); the
  // snapshots and entries added until EndChunk are its own, and indices run on across chunks. EndChunk
  // closes it with `live` and sends it to `out` framed (ChunkFrame) in one Write. Throws what `out` throws.
  void BeginChunk();
  void EndChunk(const LiveState& live);

 private:
  // Appends snapshot s stored in full, its sections per WriteSnapshotEnd; returns its index.
  int WriteText(const Snapshot& s, int before_index, const EditScript* sections);
  void WriteSnapshotStart(const Snapshot& s);
  // Writes the sections (in full when `sections` is null or `before_index` is -1, else as described at
  // AddSnapshot, from snapshot `before_index`), the fallback and the end of the object, and records the
  // snapshot's chains.
  void WriteSnapshotEnd(const Snapshot& s, int depth, int root, int before_index, const EditScript* sections);
  static void WriteDiff(JsonWriter* w, const DiffData& d);
  // Writes `e`, its log notes as rows of `notes` (added there when new).
  static void WriteEntry(JsonWriter* w, const Entry& e, LogNoteTable* notes);
  void EndSnapshots();

  void WriteHeader();

  OutputSink* out_;
  std::string title_;
  int context_ = 0;
  bool header_written_ = false;
  StringSink chunk_;  // kChunks: the chunk being written
  std::unique_ptr<DeflateBase64Sink> deflate_;  // set for kDeflateBase64
  std::unique_ptr<JsonWriter> w_;
  class Spool;
  std::unique_ptr<Spool> spool_;  // SpoolEntry's file, from its first call until AddSpooledEntries
  LogNoteTable notes_;            // the entries' log notes, written after them (kChunks: each chunk's new)
  bool in_entries_ = false;
  bool compare_written_ = false;  // the entries array is closed and "compare" written
  std::vector<int> depth_;  // per snapshot: delta steps to a full text (0 = full)
  std::vector<int> root_;   // per snapshot: the index a "same" resolves to (itself unless "same")
  std::vector<int> sections_depth_;  // per snapshot: sections deltas to a full list (0 = full)
  std::vector<int> sections_root_;   // per snapshot: the snapshot whose stored sections equal its own
};

// The delta's "fix" list: the lines of `after` (0-based, ascending) that `script` calls equal to a line
// of `before` whose bytes differ (the comparison drops a final '\r' and, on line 0, a leading U+FEFF),
// with their text; rebuilding `after` from `before` needs them. The views point into `after`'s text.
std::vector<std::pair<uint32_t, std::string_view>> DeltaFixes(const Snapshot& before, const Snapshot& after,
                                                              const EditScript& script);

}  // namespace irtrace
