#include "report/batch_index.h"

#include <ctemplate/template.h>

#include "report/embedded_assets.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace irtrace {
namespace {

// Stands in for the JSON while ctemplate expands (see html_report.cpp: no value can spell it).
const char kSlotMarker[] = "<\x01IR_TRACE_INDEX_SLOT\x01>";

void WriteDumps(const std::vector<DumpResult>& dumps, OutputSink* out) {
  JsonWriter w(out);
  w.BeginObject().Key("dumps").BeginArray();
  for (const DumpResult& d : dumps) {
    w.BeginObject();
    w.Key("path").String(d.path);
    w.Key("title").String(d.title);
    w.Key("report_name").String(d.report.empty() ? "" : d.report_name);
    w.Key("status").String(d.status);
    w.Key("error").String(d.error);
    w.Key("passes").Int(static_cast<int64_t>(d.passes));
    w.Key("changed").Int(static_cast<int64_t>(d.changed));
    w.Key("failed").Int(static_cast<int64_t>(d.failed));
    w.Key("warnings").Int(static_cast<int64_t>(d.warnings));
    w.Key("input_bytes").Int(static_cast<int64_t>(d.input_bytes));
    w.Key("failed_passes").BeginArray();
    for (const PassResult& p : d.pass_results) {
      if (p.status != "failed") continue;
      w.BeginObject().Key("num").Int(p.num).Key("name").String(p.name);
      w.Key("error").String(FirstErrorLine(p.error)).EndObject();
    }
    w.EndArray().EndObject();
  }
  w.EndArray().EndObject();
  w.Flush();
}

}  // namespace

void WriteBatchIndex(const std::vector<DumpResult>& dumps, OutputSink* out) {
  static const std::string kTemplateName = "ir-trace/index.html";
  static const bool registered = [] {
    std::string_view html = assets::View(assets::kIndexHtml, assets::kIndexHtml_size);
    return ctemplate::StringToTemplateCache(kTemplateName, ctemplate::TemplateString(html.data(), html.size()),
                                            ctemplate::DO_NOT_STRIP);
  }();
  if (!registered) throw Error("internal error: the embedded index template does not parse");
  ctemplate::TemplateDictionary dict("index");
  dict.SetValue("VERSION", IRTRACE_VERSION);
  dict.SetValue("COUNT", std::to_string(dumps.size()));
  std::string_view css = assets::View(assets::kIndexCss, assets::kIndexCss_size);
  std::string_view js = assets::View(assets::kIndexJs, assets::kIndexJs_size);
  dict.SetValue("CSS", ctemplate::TemplateString(css.data(), css.size()));
  dict.SetValue("JS", ctemplate::TemplateString(js.data(), js.size()));
  dict.SetValue("DATA_SLOT", kSlotMarker);
  std::string page;
  if (!ctemplate::ExpandTemplate(kTemplateName, ctemplate::DO_NOT_STRIP, &dict, &page)) {
    throw Error("internal error: the embedded index template does not expand");
  }
  size_t at = page.find(kSlotMarker);
  if (at == std::string::npos) throw Error("internal error: the index template has no data slot");
  out->Write(std::string_view(page).substr(0, at));
  WriteDumps(dumps, out);
  out->Write(std::string_view(page).substr(at + sizeof(kSlotMarker) - 1));
}

}  // namespace irtrace
