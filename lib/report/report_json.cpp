#include "report/report_json.h"

#include "input/snapshot.h"

namespace irtrace {
namespace {

// Calls fn(line) for each inserted line of the edit script `ops`, in order (0-based, new side).
template <typename Fn>
void ForEachInserted(const std::vector<uint32_t>& ops, Fn fn) {
  size_t j = 0;
  for (size_t k = 0; k + 2 < ops.size(); k += 3) {
    j += ops[k];
    for (uint32_t n = 0; n < ops[k + 2]; ++n) fn(j + n);
    j += ops[k + 2];
  }
}

}  // namespace

ReportJson::ReportJson(JsonWriter* w, const std::string& title, int context) : w_(w) {
  w_->BeginObject();
  w_->Key("schema").Int(1);
  w_->Key("tool").String(std::string("ir-trace ") + IRTRACE_VERSION);
  w_->Key("title").String(title);
  w_->Key("context").Int(context);
  w_->Key("snapshots").BeginArray();
}

int ReportJson::AddSnapshot(const Snapshot& s, const PassDiff* from_previous) {
  int index = SnapshotCount();
  w_->BeginObject();
  w_->Key("file").String(s.name);
  w_->Key("lang").String(LanguageName(s.lang));
  w_->Key("eol").Bool(s.eol);
  w_->Key("n").Int(static_cast<int64_t>(s.lines.size()));

  int depth = 0, root = index;
  bool full = true;
  if (from_previous && from_previous->identical) {
    root = root_[index - 1];
    depth = depth_[root];
    w_->Key("same").Int(root);
    full = false;
  } else if (from_previous && depth_[index - 1] < kMaxDeltaChain) {
    // A delta costs its inserted text; it must be clearly smaller than the full text to be worth it.
    const auto& ops = from_previous->whole.script.ops;
    size_t inserted_bytes = 0;
    ForEachInserted(ops, [&](size_t line) { inserted_bytes += s.lines[line].size() + 4; });
    for (const auto& fix : from_previous->fixes) inserted_bytes += fix.second.size() + 8;
    if (inserted_bytes < s.text.size() / 2) {
      full = false;
      depth = depth_[index - 1] + 1;
      w_->Key("delta").BeginObject();
      w_->Key("from").Int(index - 1);
      w_->Key("ops").IntArray(ops);
      w_->Key("ins").BeginArray();
      ForEachInserted(ops, [&](size_t line) { w_->String(s.lines[line]); });
      w_->EndArray();
      w_->Key("fix").BeginArray();
      for (const auto& [line, text] : from_previous->fixes) {
        w_->BeginArray().Int(line).String(text).EndArray();
      }
      w_->EndArray();
      w_->EndObject();
    }
  }
  if (full) {
    w_->Key("text").BeginArray();
    for (std::string_view l : s.lines) w_->String(l);
    w_->EndArray();
  }
  w_->Key("sections").BeginArray();
  for (const Section& sec : s.scope.sections) {
    w_->BeginArray().String(sec.key).Int(static_cast<int64_t>(sec.begin)).Int(static_cast<int64_t>(sec.end));
    w_->EndArray();
  }
  w_->EndArray();
  if (!s.scope.fallback.empty()) w_->Key("fallback").String(s.scope.fallback);
  w_->EndObject();
  depth_.push_back(depth);
  root_.push_back(root);
  return index;
}

void ReportJson::BeginEntries() {
  w_->EndArray();
  w_->Key("entries").BeginArray();
}

void ReportJson::WriteDiff(const DiffData& d) {
  w_->BeginObject();
  w_->Key("ops").IntArray(d.script.ops);
  w_->Key("pairs").BeginArray();
  for (const BlockPairs& bp : d.pairs) {
    std::vector<uint32_t> flat{bp.block, bp.flags};
    flat.insert(flat.end(), bp.pairs.begin(), bp.pairs.end());
    w_->IntArray(flat);
  }
  w_->EndArray();
  w_->EndObject();
}

void ReportJson::AddEntry(const Entry& e) {
  auto strings = [&](const char* key, const std::vector<std::string>& v) {
    w_->Key(key).BeginArray();
    for (const std::string& s : v) w_->String(s);
    w_->EndArray();
  };
  w_->BeginObject();
  w_->Key("kind").String(e.kind);
  if (e.num >= 0) w_->Key("num").Int(e.num);
  w_->Key("name").String(e.name);
  if (!e.role.empty()) w_->Key("role").String(e.role);
  if (e.before >= 0) w_->Key("before").Int(e.before);
  w_->Key("after").Int(e.after);
  w_->Key("status").String(e.status);
  w_->Key("ins").Int(static_cast<int64_t>(e.ins));
  w_->Key("del").Int(static_cast<int64_t>(e.del));
  strings("notes", e.notes);
  strings("warnings", e.warnings);
  if (!e.error.empty()) w_->Key("error").String(e.error);
  if (!e.log.empty()) w_->Key("log").String(e.log);
  if (e.kind == "pass") {
    w_->Key("diff");
    WriteDiff(e.diff.whole);
    w_->Key("functions").BeginArray();
    for (const FunctionDiff& f : e.diff.functions) {
      w_->BeginObject();
      w_->Key("key").String(f.key);
      w_->Key("status").String(f.status);
      w_->Key("ins").Int(static_cast<int64_t>(f.ins));
      w_->Key("del").Int(static_cast<int64_t>(f.del));
      if (f.status == "changed") {
        w_->Key("diff");
        WriteDiff(f.diff);
      }
      w_->EndObject();
    }
    w_->EndArray();
  }
  w_->EndObject();
}

void ReportJson::Finish() {
  w_->EndArray();
  w_->EndObject();
  w_->Flush();
}

}  // namespace irtrace
