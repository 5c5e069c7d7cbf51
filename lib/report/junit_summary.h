// The --junit summary: JUnit XML as GitLab (artifacts:reports:junit) and Jenkins (the junit step) read it.
// A testsuite per dump, a testcase per pass ("NN PassName"); a failed pass is a <failure>, a dump that
// was not converted (invalid, error) one testcase holding an <error>. The elements and attributes are
// those of the JUnit XSD that both read (testsuites > testsuite > properties, testcase, system-out).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/run_result.h"
#include "util/output_sink.h"

namespace irtrace {

// `text` (valid UTF-8) as XML 1.0 character data, or an attribute value when `attribute`: '&', '<', '>',
// '"' and '\'' as entities (so "]]>" cannot occur); CR as &#13; (a parser reads a literal one as LF);
// in an attribute also tab and LF as &#9; &#10; (a parser would turn them into spaces); characters XML 1.0 cannot carry at all (C0 controls other than
// tab, LF, CR; U+FFFE, U+FFFF) as the text "\xNN" (the controls) or U+FFFD (the two non-characters).
std::string XmlEscape(std::string_view text, bool attribute);

// Writes the JUnit XML of `dumps` (in the run's order) to `out`. Names, messages and texts pass through
// AsText and XmlEscape. A pass's time is 0 (passes are not timed one by one; a testsuite's time is its
// dump's). Throws Error on a write failure.
void WriteJunitSummary(const std::vector<DumpResult>& dumps, OutputSink* out);

}  // namespace irtrace
