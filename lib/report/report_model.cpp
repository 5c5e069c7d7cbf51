#include "report/report_model.h"

#include <algorithm>
#include <string_view>

#include "input/snapshot.h"

namespace irtrace {

bool LogHasError(const std::string& log_text) {
  static constexpr std::string_view kError = "error:";
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  auto it = std::search(log_text.begin(), log_text.end(), kError.begin(), kError.end(),
                        [&](char a, char b) { return lower(a) == b; });
  return it != log_text.end();
}

namespace {

void AddLog(Entry* e, const std::string& log_name, const std::string& log_text, bool can_fail) {
  if (log_name.empty()) return;
  e->log = log_name;
  if (can_fail && LogHasError(log_text)) {
    e->status = EntryStatus::kFailed;
    e->error = log_text;
  } else if (!log_text.empty()) {
    e->warnings.push_back(log_text);
  }
}

}  // namespace

Entry MakePassEntry(long num, const std::string& pass_name, int before, int after, const Snapshot& after_snap,
                    PassDiff diff, const std::string& log_name, const std::string& log_text) {
  Entry e;
  e.kind = EntryKind::kPass;
  e.num = num;
  e.name = pass_name;
  e.before = before;
  e.after = after;
  // LLVM IR: by meaning, where renumbering by the printer made the raw script differ (DiffData::meaning).
  const EditScript& script = diff.whole.meaning ? *diff.whole.meaning : diff.whole.script;
  e.ins = script.Inserted();
  e.del = script.Deleted();
  e.status = script.Empty() ? EntryStatus::kNoop : EntryStatus::kChanged;
  e.notes = diff.notes;
  e.warnings = after_snap.warnings;
  e.diff = std::move(diff);
  AddLog(&e, log_name, log_text, true);
  return e;
}

Entry MakeCrashedEntry(long num, const std::string& pass_name, int last, const std::string& log_name,
                       const std::string& log_text) {
  Entry e;
  e.kind = EntryKind::kPass;
  e.num = num;
  e.name = pass_name;
  e.before = last;
  e.after = last;
  e.status = EntryStatus::kFailed;
  e.crashed = true;
  e.log = log_name;
  e.error = log_text.empty() ? log_name + " is empty" : log_text;
  e.notes.push_back("this pass wrote no snapshot: it crashed (" + log_name + " is the last file of the dump)");
  return e;
}

Entry MakeFrontendEntry(const Snapshot& snap, const std::string& log_name, const std::string& log_text) {
  Entry e;
  e.kind = EntryKind::kFrontend;
  e.num = 0;
  e.name = "frontend";
  e.after = 0;
  e.status = EntryStatus::kFrontend;
  e.notes = snap.notes;
  e.warnings = snap.warnings;
  AddLog(&e, log_name, log_text, false);
  return e;
}

Entry MakeCodegenEntry(CodegenRole role, int index, const Snapshot& snap) {
  Entry e;
  e.kind = EntryKind::kCodegen;
  e.name = snap.name;
  e.role = role;
  e.after = index;
  e.status = EntryStatus::kCodegen;
  e.notes = snap.notes;
  e.warnings = snap.warnings;
  return e;
}

}  // namespace irtrace
