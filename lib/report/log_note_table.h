// The payload's note table (schema 5, lib/report/PAYLOAD.md "log_note_table"): each distinct LogNote of the
// report stored once, an entry's "log_notes" its rows' indices. A log's reader puts the same note on
// thousands of consecutive passes (the module-level lines shown as the last module dump printed them), which
// written on each entry was about half of a large log's payload text, and so of its deflating and writing.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "report/report_model.h"
#include "util/json_writer.h"

namespace irtrace {

class LogNoteTable {
 public:
  // Returns the 0-based row of `n` (a note with valid UTF-8 strings), adding it when no row holds an equal
  // note (the same kind, text, functions and from, in order). Throws nothing but std::bad_alloc.
  int Index(const LogNote& n);

  // Writes the key "log_note_table" into `w`'s open object with the rows added since the last call, in row
  // order, as PAYLOAD.md spells a note ({"kind", "text", "functions", "from"}); nothing when there are none.
  // A live report's chunks each call it (their tables are appended, so indices run on across chunks); a whole
  // report once, after its entries.
  void WriteNew(JsonWriter* w);

  // The rows so far.
  size_t size() const { return rows_.size(); }

 private:
  std::unordered_map<std::string, int> rows_;  // a row's JSON -> its index
  std::vector<const std::string*> unwritten_;  // the rows (keys of rows_) not written yet, in row order
};

}  // namespace irtrace
