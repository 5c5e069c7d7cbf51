// The frontend and the passes of one dump converted into the payload, in order (driver/convert.h).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "driver/unit_tracks.h"
#include "input/dump_dir.h"
#include "report/payload_writer.h"
#include "report/report_model.h"

namespace irtrace {

// Converts in batches: load (decode, split) in parallel, find each pass's before side (driver/unit_tracks.h:
// the snapshot before, a pass's own before-dump, or an IR unit's last text), diff in parallel, then write in
// order on a thread of its own. A batch's diffs and the next batch's loads run as one parallel step, the
// costliest first. Memory holds a few batches and the units' latest texts, not the dump; a listing's
// `stream` is read as it goes, on a thread of its own. Entries are kept (`entries`): the payload lists them
// after every snapshot. The output does not depend on the thread count or on timing.
class PassStage {
 public:
  // `listing`, `payload` and `entries` are not owned and must outlive the stage; `threads` 0: all cores.
  // With `spool`, `entries` keeps the first entry and the last pass's, and each pass entry before the last
  // goes to `spool` as the next one is made.
  PassStage(DumpListing* listing, unsigned threads, PayloadWriter* payload, std::vector<Entry>* entries,
            std::function<void(Entry&)> spool = {});
  ~PassStage();

  // Converts every snapshot, calling progress(done, total) after each batch (total 0 while a stream's
  // length is unknown). Throws Error as loading a snapshot or reading the stream does.
  void Run(const std::function<void(size_t, size_t)>& progress);

  size_t snapshots = 0;          // snapshots written
  // Wall time in each step: loading the first batch, then diffing a batch while the next one loads.
  double load_seconds = 0, diff_seconds = 0;
  double read_seconds = 0, resolve_seconds = 0, write_seconds = 0;

 private:
  struct Item;
  bool NextPass(DumpPass* p);
  bool ReadBatch(size_t batch, std::vector<Item>* items);  // false: the passes have ended
  void Load(Item* item);
  void Diff(Item* item);
  void Step(std::vector<Item>* diffs, std::vector<Item>* loads);
  void ResolveBatch(std::vector<Item>* items);
  void Resolve(Item* item);
  void Write(Item* item);
  void WriteFrontend(Item* item);
  int WriteMade(const UnitBefore& made);  // a made ("lines") snapshot written; returns its index

  DumpListing* listing_;
  unsigned threads_;
  PayloadWriter* payload_;
  std::vector<Entry>* entries_;
  std::function<void(Entry&)> spool_;
  size_t next_listed_ = 0;  // the next of listing_->passes (without a stream)
  UnitTracks tracks_;
  long entries_written_ = 0;           // entries made so far (the next one's index)
  std::vector<long> entry_of_pass_;    // pass number -> its entry's index
  class Prefetch;
  std::unique_ptr<Prefetch> prefetch_;  // a stream read ahead on a thread of its own
};

}  // namespace irtrace
