// The report payload (schema in ARCHITECTURE.md): snapshots stored once, as full text, "same" or a delta
// against their predecessor, then the entries with their diffs.
#pragma once

#include <string>
#include <vector>

#include "util/json_writer.h"
#include "report/report_model.h"

namespace irtrace {

class Snapshot;

// A delta chain longer than this is cut by storing the snapshot in full.
constexpr int kMaxDeltaChain = 16;

// Writes the payload in one pass, in order: header, snapshots (one call each, in index order), entries.
class ReportJson {
 public:
  // `title`: the dump's base name; `context`: unchanged lines kept around changes (>= 0).
  ReportJson(JsonWriter* w, const std::string& title, int context);

  // Appends snapshot number SnapshotCount() and returns that index. `from_previous` is the diff of the
  // previous snapshot (index - 1) against this one, or nullptr to store the text in full (frontend,
  // codegen). Chooses "same" when that diff says identical, a delta while the chain stays at most
  // kMaxDeltaChain long and the delta's text (inserted and fixed lines) is under half the snapshot's,
  // else full text.
  int AddSnapshot(const Snapshot& s, const PassDiff* from_previous);
  int SnapshotCount() const { return static_cast<int>(depth_.size()); }

  // Ends the snapshot list; then AddEntry for each entry in list order; then Finish.
  void BeginEntries();
  void AddEntry(const Entry& e);
  void Finish();

 private:
  void WriteDiff(const DiffData& d);

  JsonWriter* w_;
  std::vector<int> depth_;  // per snapshot: delta steps to a full text (0 = full)
  std::vector<int> root_;   // per snapshot: the index a "same" resolves to (itself unless "same")
};

}  // namespace irtrace
