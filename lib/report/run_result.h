// What a run found, per dump: the one model the summaries (--json, --junit, --markdown) and the batch
// index are written from. Filled by driver/batch.cpp; writers never look at the dump again.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace irtrace {

// One pass of a converted dump (a crashed pass included), in pipeline order.
struct PassResult {
  long num = 0;             // pass number, >= 1
  std::string name;         // pass name (valid UTF-8)
  std::string status;       // "changed", "noop" or "failed" (the report's entry status)
  std::string error;        // failed: its .log text (every line); else ""
  size_t warnings = 0;      // warning messages of the entry
  uint64_t ins = 0, del = 0;
};

// The first line of `text` holding "error:" in any case (what marked the pass failed), else its first
// non-empty line, else "" (a crashed pass's empty log). Trimmed, without the line break.
std::string FirstErrorLine(const std::string& text);

// One dump of a run.
struct DumpResult {
  std::string path;         // the dump as given (or ROOT joined with its path relative to ROOT)
  std::string title;        // the report's title; for an invalid dump, "" (listed by its path)
  std::string report;       // the report's path as written (in batch mode OUTDIR/<name>.html); "" when
                            // none was written (--check, or the dump failed)
  std::string report_name;  // batch mode: "<name>.html", the link from the index; else ""
  // "ok"; "invalid": its contents break the dump contract (failed passes do not make a dump invalid);
  // "error": anything else stopped it (a file that cannot be read, a report that cannot be written).
  std::string status = "ok";
  std::string error;        // invalid / error: the one error line (names inside the dump relative to it)
  size_t passes = 0, changed = 0, failed = 0, warnings = 0, codegen = 0;
  std::vector<PassResult> pass_results;
  uint64_t input_bytes = 0; // bytes of every file of the dump read (snapshots and logs)
  double seconds = 0;       // wall time of its conversion
};

}  // namespace irtrace
