// The file name each dump's report gets inside a batch's OUTDIR: derived from the dump's path only, so a
// run is deterministic and a report's name can be predicted (and linked to) without running ir-trace.
#pragma once

#include <string>
#include <vector>

namespace irtrace {

// The key of one dump's report, without ".html": what its file name (ReportFileName), its collision
// hash and its --shard hash (driver/shard.h) are made from. `path` is the dump's path relative to --find's
// ROOT, or as given on the command line:
// - a leading "./" (repeated) and trailing "/" are dropped, "//" is read as "/", and a "." component
//   elsewhere is dropped; a path that is "." itself becomes "%2E";
// - each remaining "/" becomes "__"; a leading "/" (an absolute path) is written "%2F";
// - a ".." component is written "%2E%2E", and a name starting with "." gets that "." written "%2E"
//   (no hidden files, nothing that leaves OUTDIR);
// - every byte outside [A-Za-z0-9._-] (including '%' and '~') is written %XX, upper-case hex.
// So the result holds only [A-Za-z0-9._%-] and never '/', and is never empty.
std::string EscapeReportName(const std::string& path);

// The file name a key (EscapeReportName, or ReportNames' settled form with a "~" suffix) is written as, so
// that the report can be named in its own depfile (report/depfile.h MakeWord refuses '%'): each "%XX"
// becomes "+XX" ('+' is a plain byte to make, ninja, shells and URLs), but the escapes of a
// well-formed UTF-8 sequence of 2-4 bytes (no overlong form, no surrogate, at most U+10FFFF) become its
// bytes again ("caf%C3%A9" is "café"). So the result holds only [A-Za-z0-9._+~-] and UTF-8 characters
// beyond ASCII, each of which make and ninja take in a target; distinct keys give distinct names ('+'
// never stands for itself: a '+' of the path is "%2B", so "+2B").
std::string ReportFileName(const std::string& key);

// The report file names, without ".html", for `paths` (returned in the same order): EscapeReportName, then
// - a name over 200 bytes keeps its first 183 bytes (not cutting a %XX) and gets "~" + 16 hex digits of
//   the FNV-1a 64-bit hash of the path (exactly 200 bytes);
// - "index" (the batch's index page, any case) is taken; then, visiting the paths in sorted (bytewise)
//   order, a name already taken, compared without regard to case (so the reports also fit on a
//   case-insensitive file system), gets "~" + 8 hex digits of the hash of the path and a counter
//   ("path", "path\n1", ... until free). '~' is escaped in every unsuffixed name, so a suffixed name
//   cannot equal one;
// and last ReportFileName of each (the settling is of the keys, so it is as it was before names were
// written with '+').
std::vector<std::string> ReportNames(const std::vector<std::string>& paths);

}  // namespace irtrace
