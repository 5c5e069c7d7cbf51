#include "report/html_report.h"

#include <ctemplate/template.h>

#include <mutex>
#include <set>

#include "report/embedded_assets.h"
#include "util/error.h"

namespace irtrace {
namespace {

// Stands in for the payload while ctemplate expands; cannot occur in the assets, nor in the title or
// version: those go through :h, which turns '<' and '>' into entities (a dump directory may be named
// anything, even the marker's other characters).
const char kSlotMarker[] = "<\x01IR_TRACE_DATA_SLOT\x01>";

}  // namespace

PageShell ExpandShell(const ShellSource& page, const std::vector<std::string>& sections) {
  {  // registered once per name in ctemplate's process-wide cache
    static std::mutex mu;
    static std::set<std::string> registered;
    std::lock_guard<std::mutex> lock(mu);
    if (!registered.count(page.name)) {
      if (!ctemplate::StringToTemplateCache(page.name, ctemplate::TemplateString(page.html.data(), page.html.size()),
                                            ctemplate::DO_NOT_STRIP)) {
        throw Error("internal error: the embedded template " + page.name + " does not parse");
      }
      registered.insert(page.name);
    }
  }
  ctemplate::TemplateDictionary dict(page.name);
  dict.SetValue("VERSION", IRTRACE_VERSION);
  for (const auto& [key, value] : page.values) dict.SetValue(key, value);
  for (const std::string& section : sections) dict.ShowSection(section);
  dict.SetValue("CSS", ctemplate::TemplateString(page.css.data(), page.css.size()));
  dict.SetValue("JS", ctemplate::TemplateString(page.js.data(), page.js.size()));
  dict.SetValue("DATA_SLOT", kSlotMarker);
  std::string text;
  if (!ctemplate::ExpandTemplate(page.name, ctemplate::DO_NOT_STRIP, &dict, &text)) {
    throw Error("internal error: the embedded template " + page.name + " does not expand");
  }
  size_t at = text.find(kSlotMarker);
  if (at == std::string::npos || text.find(kSlotMarker, at + 1) != std::string::npos) {
    throw Error("internal error: the template " + page.name + " needs exactly one data slot");
  }
  PageShell shell;
  shell.head = text.substr(0, at);
  shell.tail = text.substr(at + sizeof(kSlotMarker) - 1);
  return shell;
}

namespace {

PageShell ReportShell(const std::string& title, const char* section) {
  return ExpandShell({"ir-trace/report.html",
                      assets::View(assets::kReportHtml, assets::kReportHtml_size),
                      assets::View(assets::kViewerCss, assets::kViewerCss_size),
                      assets::View(assets::kViewerJs, assets::kViewerJs_size),
                      {{"TITLE", title}}},
                     {section});
}

}  // namespace

PageShell ExpandPageShell(const std::string& title) { return ReportShell(title, "REPORT"); }

std::string ExpandLivePageHead(const std::string& title) {
  PageShell shell = ReportShell(title, "LIVE");
  // The build's embedding ends each asset with a newline: nothing else may follow the data.
  if (shell.tail.find_first_not_of('\n') != std::string::npos)
    throw Error("internal error: the live report's data is not the end of the page");
  return shell.head;
}

}  // namespace irtrace
