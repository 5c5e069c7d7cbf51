// The page shell: assets/report.html filled by ctemplate, split around the payload's data slot.
#pragma once

#include <string>

namespace irtrace {

// The expanded shell: write `head`, then the escaped JSON payload, then `tail`.
struct PageShell {
  std::string head;  // up to and including <script type="application/json" id="ir-trace-data">
  std::string tail;  // from </script> of the data element to the end
};

// Expands the embedded assets/report.html with ctemplate (no auto-escape): {{TITLE:h}} and {{VERSION:h}}
// are HTML-escaped by ctemplate's :h modifier, {{CSS}} and {{JS}} are the embedded viewer files inserted
// as they are, {{DATA_SLOT}} marks where the payload goes (never passed through ctemplate: its HTML
// auto-escape turns such a variable into null). `title` is the dump's base name (valid UTF-8).
// Throws Error if the embedded template does not expand (a build defect).
PageShell ExpandPageShell(const std::string& title);

}  // namespace irtrace
