#include "report/batch_index.h"

#include "report/embedded_assets.h"
#include "report/html_report.h"
#include "report/json_summary.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace irtrace {
namespace {

void WriteDumps(const std::vector<DumpResult>& dumps, OutputSink* out) {
  JsonWriter w(out);
  w.BeginObject().Key("dumps").BeginArray();
  for (const DumpResult& d : dumps) {
    w.BeginObject();
    w.Key("path").String(d.path);
    w.Key("title").String(d.title);
    w.Key("report_name").String(d.report.empty() ? "" : d.report_name);
    w.Key("status").String(StatusName(d.status));
    w.Key("error").String(d.error);
    w.Key("passes").Int(static_cast<int64_t>(d.passes));
    w.Key("changed").Int(static_cast<int64_t>(d.changed));
    w.Key("failed").Int(static_cast<int64_t>(d.failed));
    w.Key("warnings").Int(static_cast<int64_t>(d.warnings));
    w.Key("input_bytes").Int(static_cast<int64_t>(d.input_bytes));
    WriteFailedPasses(w, d);
    if (d.has_baseline) {
      const BaselineResult& b = d.baseline;
      w.Key("baseline")
          .BeginObject()
          .Key("path")
          .String(AsText(b.path))
          .Key("status")
          .String(BaselineStatusName(b.status));
      w.Key("divergence").String(b.divergence).Key("report_name").String(b.report_name);
      w.Key("error").String(AsText(b.error)).EndObject();
    }
    w.EndObject();
  }
  w.EndArray().EndObject();
  w.Flush();
}

}  // namespace

void WriteBatchIndex(const std::vector<DumpResult>& dumps, OutputSink* out) {
  PageShell shell = ExpandShell({"ir-trace/index.html",
                                 assets::View(assets::kIndexHtml, assets::kIndexHtml_size),
                                 assets::View(assets::kIndexCss, assets::kIndexCss_size),
                                 assets::View(assets::kIndexJs, assets::kIndexJs_size),
                                 {{"COUNT", std::to_string(dumps.size())}}});
  out->Write(shell.head);
  WriteDumps(dumps, out);
  out->Write(shell.tail);
}

}  // namespace irtrace
