// A pass as text for a terminal: the unified diff of each function it changed (or of the whole file), in
// git's colours, and the [FAILED] block of a pass that failed. The one printer behind `ir-trace DUMP
// --terminal` (driver/terminal_job.h) and the recording library's IR_TRACE=terminal|both
// (record/pass_observer.h).
//
// The shape, for a pass that changed function f:
//
//   pass 3 Tile (lowering): +1 -1              bold: the pass ("title") and its counts
//   --- a/02_after_Fuse.py  f                  bold: the snapshots, the function
//   +++ b/03_after_Tile.py  f
//   @@ -4,7 +4,7 @@ f                          cyan: a hunk, line numbers of the snapshot files (1-based)
//    context                                   `context` unchanged lines around each change
//   -a deleted line                            red
//   +an inserted line                          green
//
// A function the pass added has "(added)" after its name and every line "+"; a removed one "(removed)"
// and every line "-"; a moved one (same lines, new place) "(moved)" and no hunk. Lines outside every
// function are "(outside functions)". A snapshot that cannot be split (or a pass whose sides do not both
// split) is diffed whole, with no function named. `\ No newline at end of file` follows a last line that
// lacks one, as diff(1) writes it.
//
// Text from a snapshot, a name or a log is untrusted: control characters other than tab (C0, DEL, C1) are
// written as \xNN or \u00NN, so nothing printed can move the cursor, colour the terminal or forge a line.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "scope/function_scope.h"

namespace irtrace {

class Snapshot;
struct PassDiff;

// How the printer writes.
struct TerminalStyle {
  bool color = false;  // SGR colours as git's defaults: bold headers, cyan @@, red -, green +
  int context = 3;     // unchanged lines kept around each change, >= 0 (diff -U)
};

// What the headers name.
struct TerminalPass {
  std::string title;   // the pass, e.g. "pass 3 Tile (lowering)"
  std::string before;  // the snapshot before it, e.g. "02_after_Fuse.py" (shown as "a/<before>")
  std::string after;   // the pass's own snapshot, e.g. "03_after_Tile.py" (shown as "b/<after>")
};

// A function's key as the report's function selector names it: "@name" for MLIR and LLVM symbols (their
// keys drop the '@'), "(outside functions)" for "", else the key ("Class.member", "f").
std::string FunctionLabel(const std::string& key, ScopeLanguage lang);

// Appends to `out` the unified diff of one pass: `before` and `after` are its two snapshots, `diff` is
// DiffPass(before, after). With `function` set (a Section key, "" for the lines outside functions), only
// that function's part; a pass whose diff is whole-file (by_function false) is then shown whole, with a
// line saying so. Returns false, appending nothing, when there is nothing to show: the pass changed no
// line (of `function`).
bool WritePassDiff(const TerminalPass& pass, const Snapshot& before, const Snapshot& after, const PassDiff& diff,
                   const TerminalStyle& style, const std::optional<std::string>& function, std::string* out);

// Appends the [FAILED] block of a pass that failed: "[FAILED] <title>" (bold red), the lines of `error`
// (red; a compiler's "error: ..." or the pass's .log), then "last IR (<last's name>):" (bold) and every line
// of `last`, the IR the pass left (the library: the IR before it), or with `function` set and present in
// `last`, that function's lines only.
void WriteFailedPass(const TerminalPass& pass, std::string_view error, const Snapshot& last,
                     const std::string& last_name, const TerminalStyle& style,
                     const std::optional<std::string>& function, std::string* out);

// Appends "<title>: no change" (bold; "no change to <function label>" with `function`): a pass asked for
// by name or number that has nothing to show.
void WriteUnchangedPass(const TerminalPass& pass, const std::optional<std::string>& function, ScopeLanguage lang,
                        const TerminalStyle& style, std::string* out);

// `text` with control characters other than tab written visibly: C0 and DEL as \xNN, C1 (U+0080 to U+009F,
// as UTF-8) as \u00NN. Everything else, a backslash included, is kept. `text` should be valid UTF-8 (a
// snapshot's decoded text); a byte of an invalid sequence is kept as it is.
std::string VisibleText(std::string_view text);

// The auto colour rule for a stream: `fd` is a terminal, NO_COLOR is unset or empty (no-color.org), and
// TERM is not "dumb" (as git). `--color always` bypasses it.
bool AutoColor(int fd);

}  // namespace irtrace
