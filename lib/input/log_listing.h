// What the readers of compilers' logs share (input/mlir_log.h, input/llvm_log.h): the module as the last
// module-level dump printed it with the functions dumped since spliced in, and turning the passes read
// into a listing whose snapshots are held in memory.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input/dump_dir.h"
#include "scope/function_scope.h"

namespace irtrace {

// One pass read from a log.
struct LogStep {
  std::string pass;                // its name
  std::string text;                // the snapshot after it
  size_t line = 0;                 // 1-based line of its banner in the log (names the snapshot)
  bool failed = false;             // the log says it failed
  std::string log;                 // its diagnostics or warnings ("" for none)
  std::vector<std::string> notes;  // facts about it (shown as the entry's notes)
  std::optional<std::string> before;  // its own before-dump when that is not the previous step's text
  std::string before_name;         // what names that before-dump ("<log> line N", ...)
  std::vector<PassExecution> executions;  // a nested pipeline's pass: its runs (DumpPass::executions)
  std::vector<DumpPass::LogNote> log_notes;  // what the log cannot show about it (DumpPass::log_notes)
};

// The lines of `text`, each with its '\n' (a last line without one kept as it is).
std::vector<std::string> SplitKeepingBreaks(const std::string& text);

// The module a log's function-level dumps are spliced into. Sections (functions) are found with
// scope/function_scope.h for `lang`; a function is replaced by its latest dump, re-indented as the line it
// replaces; a function the module lacks is added where `lang` puts new ones (MLIR: before the module's last
// line starting with '}'; LLVM IR: after the last function). Without any module dump, the text is the
// functions dumped so far, sorted by name, a blank line between them (MLIR with a frame: SetFrame).
class SplicedModule {
 public:
  explicit SplicedModule(ScopeLanguage lang) : lang_(lang) {}
  bool HasModule() const { return !module_.empty(); }
  // A module-level dump: the module is `text`, and no function is spliced any more.
  void SetModule(std::string text);
  // A function-level dump of `key` (the scope's key: the symbol without '@'), its text unindented.
  void SetFunction(const std::string& key, std::string text);
  // The module with every function dumped since spliced in.
  std::string Text() const;
  // MLIR, before any module dump: the functions go between `header` and `footer` (the first module dump's
  // first and last lines, each with its '\n'), indented as a function directly in it, in the order of
  // `order` (its keys; functions not in it after them, by name). Without a frame they are unindented.
  void SetFrame(std::string header, std::string footer, std::vector<std::string> order);

 private:
  ScopeLanguage lang_;
  std::string module_;
  std::map<std::string, std::string> funcs_;  // key -> its latest text
  std::string header_, footer_;                // SetFrame's
  std::vector<std::string> order_;
};

// The label of the empty frontend MakeLogListing gives a log without the IR before its first pass, and the
// note it puts on that first pass (a reader that has that IR elsewhere, a PyPTO unit's .pto, drops both).
inline constexpr const char* kNoInputLabel = "input (not in the log)";
inline constexpr const char* kNoInputNote = "the log holds no IR before this pass: its output is shown whole";

// Makes `listing`'s first entry the one of a log without the IR before its first pass: an empty snapshot
// named "<name> (the IR before pass 1: not in the log)" with extension `ext`, labelled kNoInputLabel. The
// reader puts kNoInputNote on its first pass (the first pass is a pass: its output is shown whole), and
// --input FILE (input/given_input.h) replaces both. Throws nothing.
void SetNoInput(DumpListing* listing, const std::string& name, const std::string& ext);

// Builds the listing of a log named `name` (as given), its snapshots' extension `ext`: the frontend from
// `input` (the IR before the first pass) when the log has it, else an empty snapshot labelled "input (not
// in the log)" (the first pass is a pass: its output shown whole, a note on it saying so); then one pass per
// step, numbered from 1, each snapshot named "<name> line N", a failed step's log given an "error:" line
// when it has none, its own before-dump (if any) a DumpPass::before named by `before_name`. `notes` go on
// the first entry. `title`: the report's title. Throws nothing.
DumpListing MakeLogListing(const std::string& name, const std::string& ext, std::optional<LogStep> input,
                           std::vector<LogStep> steps, std::vector<std::string> notes, const std::string& title);

// Reads the files `rel` (paths inside `dir`, in the order given: one dump or more each, banners inside) as one
// log with `read` (ReadMlirLog, ReadLlvmLog; called with `dir` as the log's name), then names each snapshot
// and log by the file that holds its banner, and lists every file as a source. Throws DumpError naming a
// file that cannot be read, or what `read` throws.
DumpListing ReadFilesAsLog(const std::string& dir, const std::vector<std::string>& rel,
                           const std::function<DumpListing(const std::string&, const std::string&)>& read);

// The change of `{` / `}` nesting over `line`, outside string literals ("..." with \ escapes).
int BraceDelta(std::string_view line);

// A log of before-dumps only, as the pass each dump is the IR after: a run of consecutive dumps of one pass
// (on the module, or on one function after another) is the IR before that pass, which is the IR after the
// pass of the run before. Takes each dump's pass name in log order; returns the pass each is after ("" for
// the first run's: the input), and sets `last_pass` to the last run's pass, whose result the log lacks.
std::vector<std::string> AfterPassOfBeforeDumps(const std::vector<std::string>& passes, std::string* last_pass);

// True when some line of `text` (split at '\n') satisfies `is_banner`: how a log's kind is told.
bool AnyLine(std::string_view text, bool (*is_banner)(std::string_view line));

// A listing of one dump only (its first entry) gets that dump as its one pass too: a listing has a pass.
void AddSoleDumpAsPass(DumpListing* listing);

// The error for an input that yields several reports (`parts`, at least two) read as one: Error
// (ExitCode::kUsage) "<input> holds N reports (a, b, ...): -o DIR/ writes one each".
Error SeveralReports(const std::string& input, const std::vector<std::string>& parts);

// The title of a log without a program name in it: the file's name without its directory and extension.
std::string LogStem(const std::string& name);

}  // namespace irtrace
