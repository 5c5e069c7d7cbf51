#include "report/log_note_table.h"

#include "util/output_sink.h"

namespace irtrace {
namespace {

// A note as its row in the table: {"kind", "text", "functions", "from"} (PAYLOAD.md "Entry", log_notes).
std::string RowJson(const LogNote& n) {
  StringSink out;
  JsonWriter w(&out);
  w.BeginObject();
  w.Key("kind").String(n.kind);
  w.Key("text").String(n.text);
  w.Key("functions").BeginArray();
  for (const std::string& f : n.functions) w.String(f);
  w.EndArray();
  w.Key("from").BeginArray();
  for (long k : n.from) w.Int(k);
  w.EndArray();
  w.EndObject();
  w.Flush();
  return std::move(out.text);
}

}  // namespace

int LogNoteTable::Index(const LogNote& n) {
  auto [it, added] = rows_.try_emplace(RowJson(n), static_cast<int>(rows_.size()));
  if (added) unwritten_.push_back(&it->first);
  return it->second;
}

void LogNoteTable::WriteNew(JsonWriter* w) {
  if (unwritten_.empty()) return;
  w->Key("log_note_table").BeginArray();
  for (const std::string* row : unwritten_) w->RawValues(*row);
  w->EndArray();
  unwritten_.clear();
}

}  // namespace irtrace
