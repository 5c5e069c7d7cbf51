#include "report/html_report.h"

#include <ctemplate/template.h>

#include "report/embedded_assets.h"
#include "util/error.h"

namespace irtrace {
namespace {

// Stands in for the payload while ctemplate expands; cannot occur in the assets, nor in the title or
// version: those go through :h, which turns '<' and '>' into entities (a dump directory may be named
// anything, even the marker's other characters).
const char kSlotMarker[] = "<\x01IR_TRACE_DATA_SLOT\x01>";

}  // namespace

PageShell ExpandPageShell(const std::string& title) {
  static const std::string kTemplateName = "ir-trace/report.html";
  static const bool registered = [] {
    std::string_view html = assets::View(assets::kReportHtml, assets::kReportHtml_size);
    return ctemplate::StringToTemplateCache(kTemplateName, ctemplate::TemplateString(html.data(), html.size()),
                                            ctemplate::DO_NOT_STRIP);
  }();
  if (!registered) throw Error("internal error: the embedded report template does not parse");

  ctemplate::TemplateDictionary dict("report");
  dict.SetValue("TITLE", title);
  dict.SetValue("VERSION", IRTRACE_VERSION);
  std::string_view css = assets::View(assets::kViewerCss, assets::kViewerCss_size);
  std::string_view js = assets::View(assets::kViewerJs, assets::kViewerJs_size);
  dict.SetValue("CSS", ctemplate::TemplateString(css.data(), css.size()));
  dict.SetValue("JS", ctemplate::TemplateString(js.data(), js.size()));
  dict.SetValue("DATA_SLOT", kSlotMarker);

  std::string page;
  if (!ctemplate::ExpandTemplate(kTemplateName, ctemplate::DO_NOT_STRIP, &dict, &page)) {
    throw Error("internal error: the embedded report template does not expand");
  }
  size_t at = page.find(kSlotMarker);
  if (at == std::string::npos || page.find(kSlotMarker, at + 1) != std::string::npos) {
    throw Error("internal error: the report template needs exactly one data slot");
  }
  PageShell shell;
  shell.head = page.substr(0, at);
  shell.tail = page.substr(at + sizeof(kSlotMarker) - 1);
  return shell;
}

}  // namespace irtrace
