// The report payload's one writer: the C++ owner of the schema in ARCHITECTURE.md ("Report payload").
// Its schema version, envelope, spellings, snapshot storage (full text, "same", delta with its "fix"
// list) and entries are written here and nowhere else; the viewer's owner is assets/js/15_payload.js.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "diff/edit_script.h"
#include "report/report_model.h"
#include "util/json_writer.h"
#include "util/output_sink.h"

namespace irtrace {

class DeflateBase64Sink;
class Snapshot;

// The payload's schema version. Version rule: a field an older viewer can ignore is added without a
// change; a change an older viewer would misread (a field's meaning, a new way to store a snapshot, a
// removed field) increments it, and the viewer refuses any version it does not know.
constexpr int kPayloadSchema = 1;

// A delta chain longer than this is cut by storing the snapshot in full.
constexpr int kMaxDeltaChain = 16;

// How the payload is put into the page.
enum class PayloadEncoding {
  kDeflateBase64,  // the envelope {"schema":1,"encoding":"deflate-base64","data":"<base64 of zlib data>"}
  kPlain,          // the payload object itself (--no-compress)
};

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
  // half the snapshot's; else the full text.
  int AddSnapshot(const Snapshot& s, const Snapshot& before, const PassDiff& diff);
  int SnapshotCount() const { return static_cast<int>(depth_.size()); }

  // Appends an entry (after every snapshot: the first call ends the snapshot list).
  void AddEntry(const Entry& e);
  // Ends the payload and the envelope, and sends everything to `out`. Call once, last.
  void Finish();

 private:
  void WriteSnapshotStart(const Snapshot& s);
  void WriteSnapshotEnd(const Snapshot& s, int depth, int root);
  void WriteDiff(const DiffData& d);
  void EndSnapshots();

  OutputSink* out_;
  std::unique_ptr<DeflateBase64Sink> deflate_;  // set for kDeflateBase64
  std::unique_ptr<JsonWriter> w_;
  bool in_entries_ = false;
  std::vector<int> depth_;  // per snapshot: delta steps to a full text (0 = full)
  std::vector<int> root_;   // per snapshot: the index a "same" resolves to (itself unless "same")
};

// The delta's "fix" list: the lines of `after` (0-based, ascending) that `script` calls equal to a line
// of `before` whose bytes differ (the comparison drops a final '\r'), with their text; rebuilding `after`
// from `before` needs them. The views point into `after`'s text.
std::vector<std::pair<uint32_t, std::string_view>> DeltaFixes(const Snapshot& before, const Snapshot& after,
                                                             const EditScript& script);

}  // namespace irtrace
