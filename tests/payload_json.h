// Reading a report's payload back in tests: the JSON of a --no-compress report (its notes resolved), and its
// snapshots rebuilt the way the viewer's codec does (assets/js/15_payload.js): text, same, delta (ops, ins, fix), lines.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "test_util.h"

namespace irtrace::test {

// The payload of a report written with --no-compress, as written.
inline nlohmann::json RawPayloadOf(const std::string& report) {
  std::string html = ReadFile(report);
  const std::string open = "id=\"ir-trace-data\">";
  size_t at = html.find(open) + open.size();
  return nlohmann::json::parse(html.substr(at, html.find("</script>", at) - at));
}

// The payload of a report written with --no-compress, its notes resolved as the viewer's codec resolves
// them (15_payload.js resolveLogNotes): each entry's "log_notes" the rows of "log_note_table" its indices
// name, and the table removed.
inline nlohmann::json PayloadOf(const std::string& report) {
  nlohmann::json p = RawPayloadOf(report);
  if (!p.contains("log_note_table")) return p;
  const nlohmann::json table = p["log_note_table"];
  p.erase("log_note_table");
  for (nlohmann::json& e : p["entries"]) {
    if (!e.contains("log_notes")) continue;
    nlohmann::json notes = nlohmann::json::array();
    for (const nlohmann::json& i : e["log_notes"]) notes.push_back(table.at(i.get<size_t>()));
    e["log_notes"] = std::move(notes);
  }
  return p;
}

// The lines of snapshot `i` of payload `p`, rebuilt.
inline std::vector<std::string> SnapshotLines(const nlohmann::json& p, int i) {
  const nlohmann::json& s = p["snapshots"][i];
  if (s.contains("text")) return s["text"].get<std::vector<std::string>>();
  if (s.contains("same")) return SnapshotLines(p, s["same"].get<int>());
  std::vector<std::string> out;
  if (s.contains("lines")) {
    for (const nlohmann::json& r : s["lines"]) {
      if (r.is_string()) {
        out.push_back(r.get<std::string>());
        continue;
      }
      std::vector<std::string> from = SnapshotLines(p, r[0].get<int>());
      for (size_t k = r[1].get<size_t>(); k < r[2].get<size_t>(); ++k) out.push_back(from.at(k));
    }
    return out;
  }
  const nlohmann::json& d = s["delta"];
  std::vector<std::string> base = SnapshotLines(p, d["from"].get<int>());
  std::vector<size_t> ops = d["ops"].get<std::vector<size_t>>();
  size_t x = 0, k = 0;
  for (size_t t = 0; t + 2 < ops.size(); t += 3) {
    for (size_t j = 0; j < ops[t]; ++j) out.push_back(base.at(x++));
    x += ops[t + 1];
    for (size_t j = 0; j < ops[t + 2]; ++j) out.push_back(d["ins"][k++].get<std::string>());
  }
  while (x < base.size()) out.push_back(base[x++]);
  for (const nlohmann::json& f : d["fix"]) out.at(f[0].get<size_t>()) = f[1].get<std::string>();
  return out;
}

// Snapshot `i` as one text, each line with its '\n'.
inline std::string SnapshotText(const nlohmann::json& p, int i) {
  std::string out;
  for (const std::string& l : SnapshotLines(p, i)) out += l + "\n";
  return out;
}

}  // namespace irtrace::test
