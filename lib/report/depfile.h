// The --depfile writer: which files a report was made from, as a Makefile fragment GNU make can -include
// (or a depfile ninja can read), so a build system re-runs ir-trace when one of them changes. A pure
// function of paths: it reads nothing.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace irtrace {

enum class DepfileFormat {
  kMake,   // GNU make: escaped, plus an empty rule per prerequisite (as `gcc -MP` writes)
  kNinja,  // ninja 1.11's depfile parser: only the names it can read, no empty rules
};

// A depfile's text and the prerequisites it could not spell (for a -v note each).
struct Depfile {
  std::string text;
  std::vector<std::string> left_out;  // paths as given, in input order
};

// `path` spelled as one word of a GNU make rule line, or nullopt when make cannot spell it: a newline,
// carriage return or tab (no escape exists), ';' (starts a recipe even escaped), '|' (order-only
// separator), '=' (a target-specific variable), '%' (its empty rule would be a pattern rule).
// '$' becomes "$$"; ' ', '#', ':', '*', '?', '[' get a backslash (the last three so make does not glob);
// a run of backslashes before one of those, or at the end, is doubled; a leading '~' gets "./" (no tilde
// expansion).
std::optional<std::string> MakeWord(const std::string& path);

// `path` as ninja 1.11's depfile parser reads it, or nullopt when it cannot: anything outside
// [A-Za-z0-9+,/_.~()}{%=@[]!:-], bytes >= 0x80, ' ', '#' and '$', or a path ending in ':'
// (ninja-build/ninja#1542: '<', '>', '&', quotes, ';', '|', '*', '?', '\\' and control characters are
// errors there). ' ' and '#' get a backslash, '$' becomes "$$".
std::optional<std::string> NinjaWord(const std::string& path);

// The depfile for report `target`, made from the files `inputs` (paths as opened, in reading order) of
// the dump at `dump_dir`: "TARGET: DUMP_DIR INPUT..." (continued over lines with " \\\n"), then for make
// an empty rule "INPUT:" per prerequisite, so a deleted one makes make re-run the rule instead of
// stopping at "No rule to make target". The dump directory is listed first (adding or removing a file
// changes its time), a trailing '/' dropped. A prerequisite the format cannot spell is left out (and
// named in `left_out`); an unspellable target or dump directory too, which leaves no rule: `text` is
// then "" and `left_out` names it.
Depfile MakeDepfile(const std::string& target, const std::vector<std::string>& inputs, const std::string& dump_dir,
                    DepfileFormat format);

}  // namespace irtrace
