// The payload's note table (lib/report/log_note_table.h, schema 5): each distinct log note stored once,
// entries referring to it by index, whether added directly or spooled; a live report's chunks each write
// only their new rows. And the note LLVM logs put on every pass between module dumps keeps its words, so
// the table holds it once (input/llvm_log_notes.h).
#include "report/log_note_table.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "input/llvm_log_notes.h"
#include "input/snapshot.h"
#include "report/payload_writer.h"
#include "util/output_sink.h"

namespace irtrace {
namespace {

using nlohmann::json;

LogNote Stale() { return LogNote{"not_in_log", "the module-level lines are shown as ...", {}, {1}}; }
LogNote Loop() { return LogNote{"not_in_log", "loop passes changed f", {"f", "g"}, {1, 2}}; }

// A payload of one snapshot and `entries` (added, or spooled when `spool`), parsed back.
json Written(const std::vector<Entry>& entries, bool spool) {
  StringSink sink;
  PayloadWriter w(&sink, PayloadEncoding::kPlain, "t", 3);
  std::unique_ptr<Snapshot> s = MakeSnapshot("a.ll", ".ll", "x\n");
  w.AddSnapshot(*s);
  for (const Entry& e : entries) spool ? w.SpoolEntry(e) : w.AddEntry(e);
  if (spool) w.AddSpooledEntries();
  w.Finish();
  return json::parse(sink.text);
}

TEST_CASE("log_note_table: equal notes are one row, in the order first seen", "[log_note_table]") {
  LogNoteTable t;
  CHECK(t.Index(Stale()) == 0);
  CHECK(t.Index(Loop()) == 1);
  CHECK(t.Index(Stale()) == 0);
  LogNote other = Loop();
  other.from = {1};  // any field differing is another note
  CHECK(t.Index(other) == 2);
  CHECK(t.size() == 3);
}

TEST_CASE("log_note_table: a chunk writes only the rows added since the last", "[log_note_table]") {
  LogNoteTable t;
  t.Index(Stale());
  auto chunk = [&t] {
    StringSink s;
    JsonWriter w(&s);
    w.BeginObject();
    t.WriteNew(&w);
    w.EndObject();
    w.Flush();
    return json::parse(s.text);
  };
  json first = chunk();
  REQUIRE(first["log_note_table"].size() == 1);
  CHECK(first["log_note_table"][0] ==
        json({{"kind", "not_in_log"}, {"text", Stale().text}, {"functions", json::array()}, {"from", {1}}}));
  CHECK(chunk() == json::object());  // nothing new: no key
  t.Index(Stale());
  t.Index(Loop());
  json third = chunk();
  REQUIRE(third["log_note_table"].size() == 1);
  CHECK(third["log_note_table"][0]["functions"] == json({"f", "g"}));
}

TEST_CASE("log_note_table: the payload stores a note once, its entries its index", "[log_note_table]") {
  std::vector<Entry> entries(4);
  for (size_t k = 0; k < entries.size(); ++k) {
    entries[k].kind = EntryKind::kPass;
    entries[k].num = static_cast<long>(k + 1);
    entries[k].name = "P";
    entries[k].before = entries[k].after = 0;
    entries[k].log_notes = {Stale()};
  }
  entries[2].log_notes.push_back(Loop());
  entries[3].log_notes.clear();
  for (bool spool : {false, true}) {
    INFO("spooled: " << spool);
    json p = Written(entries, spool);
    CHECK(p["schema"] == 5);
    REQUIRE(p["log_note_table"].size() == 2);
    CHECK(p["log_note_table"][0]["text"] == Stale().text);
    CHECK(p["log_note_table"][1]["from"] == json({1, 2}));
    CHECK(p["entries"][0]["log_notes"] == json({0}));
    CHECK(p["entries"][1]["log_notes"] == json({0}));
    CHECK(p["entries"][2]["log_notes"] == json({0, 1}));
    CHECK_FALSE(p["entries"][3].contains("log_notes"));
  }
  std::vector<Entry> none(1);
  none[0].before = none[0].after = 0;
  CHECK_FALSE(Written(none, false).contains("log_note_table"));  // no notes: no table
}

TEST_CASE("llvm_log_notes: the module-level note keeps its words from pass to pass until a module dump",
          "[log_note_table][llvm_log]") {
  LlvmLogNotes notes;
  using K = LlvmLogNotes::Printed::Kind;
  LlvmLogNotes::Printed module;
  module.kind = K::kModule;
  module.module_lines = true;
  module.changed = true;
  std::vector<DumpPass::LogNote> at[5];
  notes.Pass(1, module, &at[1]);
  LlvmLogNotes::Printed fn;
  fn.kind = K::kFunctions;
  fn.changed = true;
  fn.functions = {"f"};
  for (unsigned long p = 2; p <= 4; ++p) notes.Pass(p, fn, &at[p]);
  REQUIRE(at[2].size() == 1);
  CHECK(at[2][0].functions.empty());
  CHECK(at[2][0].from_passes == std::vector<unsigned long>{2});
  CHECK(at[2][0].text.find("from pass 2 on") != std::string::npos);
  for (int p = 3; p <= 4; ++p) {
    REQUIRE(at[p].size() == 1);
    CHECK(at[p][0].text == at[2][0].text);
    CHECK(at[p][0].from_passes == at[2][0].from_passes);
  }
}

}  // namespace
}  // namespace irtrace
