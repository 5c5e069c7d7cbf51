// The page shell: assets/report.html filled by ctemplate, split around the payload's data slot.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace irtrace {

// The expanded shell: write `head`, then the escaped JSON payload, then `tail`.
struct PageShell {
  std::string head;  // up to and including <script type="application/json" id="ir-trace-data">
  std::string tail;  // from </script> of the data element to the end
};

// One embedded page to expand: its template (registered with ctemplate under `name`), the CSS and JS
// inserted as they are at {{CSS}} and {{JS}}, and the values of its other markers (each written with an
// escaping modifier in the template, e.g. {{TITLE:h}}). {{VERSION}} is always set.
struct ShellSource {
  std::string name;  // ctemplate cache key, e.g. "ir-trace/report.html"
  std::string_view html, css, js;
  std::vector<std::pair<std::string, std::string>> values;  // marker name, value (valid UTF-8)
};

// Expands `page` with ctemplate (no auto-escape) and splits it at {{DATA_SLOT}}, where the caller's JSON
// goes (never passed through ctemplate: its HTML auto-escape turns such a variable into null). Throws
// Error if the embedded template does not parse or expand, or has not exactly one data slot (a build
// defect). `sections`: the template's {{#NAME}} sections to show (the others are hidden).
PageShell ExpandShell(const ShellSource& page, const std::vector<std::string>& sections = {});

// The report's shell: assets/report.html with the viewer's CSS and JS; {{TITLE:h}} is `title`, the
// report's title (valid UTF-8).
PageShell ExpandPageShell(const std::string& title);

// The live report's page up to its data (record/live_report.h): the same shell with the viewer's script
// before an unclosed <script type="text/x-ir-trace-chunks" id="ir-trace-data">, the last thing in the file,
// so that chunks appended after it are its text (a browser reads an element left open at the end of the
// file to the end). Throws as ExpandShell does, and when anything would follow the data (a build defect).
std::string ExpandLivePageHead(const std::string& title);

}  // namespace irtrace
