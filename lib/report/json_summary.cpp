#include "report/json_summary.h"

#include "util/json_writer.h"

namespace irtrace {
namespace {

// A string, or null when it is empty (a missing report, title or error line).
void StringOrNull(JsonWriter& w, const std::string& s) {
  if (s.empty()) {
    w.Null();
  } else {
    w.String(AsText(s));
  }
}

void WriteCounts(JsonWriter& w, const DumpResult& d) {
  w.Key("counts").BeginObject();
  w.Key("passes").Int(static_cast<int64_t>(d.passes));
  w.Key("changed").Int(static_cast<int64_t>(d.changed));
  w.Key("noop").Int(static_cast<int64_t>(NoopPasses(d)));
  w.Key("failed").Int(static_cast<int64_t>(d.failed));
  w.Key("codegen").Int(static_cast<int64_t>(d.codegen));
  w.Key("warnings").Int(static_cast<int64_t>(d.warnings));
  w.EndObject();
}

void WriteDump(JsonWriter& w, const DumpResult& d) {
  w.BeginObject();
  w.Key("path").String(AsText(d.path));
  w.Key("report");
  StringOrNull(w, d.report);
  w.Key("title");
  StringOrNull(w, d.title);
  w.Key("status").String(StatusName(d.status));
  w.Key("error");
  StringOrNull(w, d.error);
  WriteCounts(w, d);
  WriteFailedPasses(w, d);
  w.Key("warnings").BeginArray();
  for (const WarningResult& x : d.warning_list) {
    w.BeginObject().Key("num");
    if (x.num < 0) {
      w.Null();
    } else {
      w.Int(x.num);
    }
    w.Key("entry").String(x.entry).Key("text").String(x.text).EndObject();
  }
  w.EndArray();
  w.Key("input_bytes").Int(static_cast<int64_t>(d.input_bytes));
  w.Key("seconds").Fixed(d.seconds, 3);
  if (d.has_baseline) {  // --baseline (an additive field of schema 1)
    const BaselineResult& b = d.baseline;
    w.Key("baseline")
        .BeginObject()
        .Key("path")
        .String(AsText(b.path))
        .Key("status")
        .String(BaselineStatusName(b.status));
    w.Key("first_divergence");
    StringOrNull(w, b.divergence);
    w.Key("report");
    StringOrNull(w, b.report);
    w.Key("error");
    StringOrNull(w, AsText(b.error));
    w.EndObject();
  }
  w.EndObject();
}

}  // namespace

void WriteFailedPasses(JsonWriter& w, const DumpResult& d) {
  w.Key("failed_passes").BeginArray();
  for (const PassResult& p : d.pass_results) {
    if (p.status != PassStatus::kFailed) continue;
    w.BeginObject().Key("num").Int(p.num).Key("name").String(p.name);
    w.Key("error").String(FirstErrorLine(p.error)).EndObject();
  }
  w.EndArray();
}

void WriteJsonSummary(const std::vector<DumpResult>& dumps, bool check, OutputSink* out) {
  JsonWriter w(out);
  w.BeginObject();
  w.Key("schema").Int(kJsonSummarySchema);
  w.Key("tool").String("ir-trace " IRTRACE_VERSION);
  w.Key("check").Bool(check);
  w.Key("dumps").BeginArray();
  for (const DumpResult& d : dumps) WriteDump(w, d);
  w.EndArray().EndObject();
  w.Flush();
  out->Write("\n");
}

}  // namespace irtrace
