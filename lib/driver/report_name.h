// The file name each dump's report gets inside a batch's OUTDIR: derived from the dump's path only, so a
// run is deterministic and a report's name can be predicted (and linked to) without running ir-trace.
#pragma once

#include <string>
#include <vector>

namespace irtrace {

// The name of one dump's report before collisions are settled, without ".html". `path` is the dump's
// path relative to --find's ROOT, or as given on the command line:
// - a leading "./" (repeated) and trailing "/" are dropped, "//" is read as "/", and a "." component
//   elsewhere is dropped; a path that is "." itself becomes "%2E";
// - each remaining "/" becomes "__"; a leading "/" (an absolute path) is written "%2F";
// - a ".." component is written "%2E%2E", and a name starting with "." gets that "." written "%2E"
//   (no hidden files, nothing that leaves OUTDIR);
// - every byte outside [A-Za-z0-9._-] (including '%' and '~') is written %XX, upper-case hex.
// So the result holds only [A-Za-z0-9._%-] and never '/', and is never empty.
std::string EscapeReportName(const std::string& path);

// The report names, without ".html", for `paths` (returned in the same order): EscapeReportName, then
// - a name over 200 bytes keeps its first 183 bytes (not cutting a %XX) and gets "~" + 16 hex digits of
//   the FNV-1a 64-bit hash of the path (exactly 200 bytes);
// - "index" (the batch's index page, any case) is taken; then, visiting the paths in sorted (bytewise)
//   order, a name already taken, compared without regard to case (so the reports also fit on a
//   case-insensitive file system), gets "~" + 8 hex digits of the hash of the path and a counter
//   ("path", "path\n1", ... until free). '~' is escaped in every unsuffixed name, so a suffixed name
//   cannot equal one.
std::vector<std::string> ReportNames(const std::vector<std::string>& paths);

}  // namespace irtrace
