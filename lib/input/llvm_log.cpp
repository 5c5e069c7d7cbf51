#include "input/llvm_log.h"

#include <map>
#include <optional>
#include <regex>
#include <vector>

#include "input/log_listing.h"
#include "input/program_name.h"
#include "scope/function_scope.h"
#include "util/line_index.h"

namespace irtrace {
namespace {

// What a banner line says.
enum class Kind { kAfter, kBefore, kStart, kOmitted, kIgnored };
enum class Unit { kModule, kFunction, kScc, kLoop };

struct Banner {
  Kind kind = Kind::kAfter;
  std::string pass;
  Unit unit = Unit::kModule;
  std::string ir;                  // the IR unit as the banner names it ("foo", "(f, g)", "loop %x in function f")
  std::vector<std::string> funcs;  // function: [name]; SCC: its functions; loop: [its function]
  bool invalidated = false;        // "(invalidated)": the module is printed
};

std::string_view TrimCr(std::string_view s) { return !s.empty() && s.back() == '\r' ? s.substr(0, s.size() - 1) : s; }

// The function names of an IR unit: "[module]", "(f, g)", "loop %x in function f", "f".
void ParseUnit(const std::string& ir, Banner* b) {
  b->ir = ir;
  static const std::regex loop(R"(^loop %(.*) in function (.*)$)");
  std::smatch m;
  if (ir == "[module]") {
    b->unit = Unit::kModule;
  } else if (std::regex_match(ir, m, loop)) {
    b->unit = Unit::kLoop;
    b->funcs = {m[2]};
  } else if (ir.size() >= 2 && ir.front() == '(' && ir.back() == ')') {
    b->unit = Unit::kScc;
    std::string list = ir.substr(1, ir.size() - 2);
    for (size_t at = 0; at <= list.size();) {
      size_t comma = std::min(list.find(", ", at), list.size());
      b->funcs.push_back(list.substr(at, comma - at));
      at = comma + 2;
    }
  } else {
    b->unit = Unit::kFunction;
    b->funcs = {ir};
  }
}

std::optional<Banner> ParseBanner(std::string_view raw) {
  std::string line(TrimCr(raw));
  if (line.rfind("; ", 0) == 0) line.erase(0, 2);
  if (line.rfind("*** IR ", 0) != 0 || line.size() < 11 || line.compare(line.size() - 4, 4, " ***") != 0) {
    return std::nullopt;
  }
  std::string middle = line.substr(7, line.size() - 11);
  Banner b;
  if (middle == "Dump At Start") {
    b.kind = Kind::kStart;
    return b;
  }
  static const std::regex dump(R"(^Dump (After|Before) (.+?) on (.+?)( \(invalidated\))?( omitted because no change)?$)");
  static const std::regex pass(R"(^Pass (.+?) on (.+?) (ignored|invalidated)$)");
  std::smatch m;
  if (std::regex_match(middle, m, dump)) {
    b.kind = m[5].matched ? Kind::kOmitted : m[1] == "After" ? Kind::kAfter : Kind::kBefore;
    b.pass = m[2];
    b.invalidated = m[4].matched;
    ParseUnit(m[3], &b);
    return b;
  }
  if (std::regex_match(middle, m, pass)) {
    b.kind = Kind::kIgnored;
    b.pass = m[1];
    b.invalidated = m[3] == "invalidated";
    ParseUnit(m[2], &b);
    return b;
  }
  return std::nullopt;
}

// One banner and the text under it (blank lines around it dropped).
struct Dump {
  Banner banner;
  size_t line = 0;  // 1-based line of the banner
  std::string text;
};

std::vector<Dump> SplitDumps(const LineIndex& lines) {
  std::vector<Dump> dumps;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::optional<Banner> b = ParseBanner(lines[i]);
    if (b) {
      dumps.push_back(Dump{*b, i + 1, ""});
    } else if (!dumps.empty() && (!dumps.back().text.empty() || !TrimCr(lines[i]).empty())) {
      dumps.back().text.append(lines[i]).push_back('\n');
    }
  }
  for (Dump& d : dumps) {
    while (d.text.size() >= 2 && d.text[d.text.size() - 2] == '\n') d.text.pop_back();  // trailing blank lines
    if (d.text == "\n") d.text.clear();
  }
  return dumps;
}

// -print-changed=diff and =cdiff print a diff under each changed pass, not its IR: every line of such a
// dump starts with ' ', '+' or '-' (=cdiff colours them with escape sequences).
void RefuseDiffForms(const std::vector<Dump>& dumps) {
  for (const Dump& d : dumps) {
    if (d.banner.kind != Kind::kAfter || d.text.empty()) continue;
    bool colour = d.text.find("\x1b[") != std::string::npos;
    bool all_diff = true, any_change = false;
    for (const std::string& l : SplitKeepingBreaks(d.text)) {
      char c = l.empty() ? '\n' : l[0];
      if (c == '\x1b') continue;
      if (c == '+' || c == '-') any_change = true;
      else if (c != ' ' && c != '\n') all_diff = false;
    }
    if (all_diff && (any_change || colour)) {
      throw DumpError(std::string("this is -print-changed=") + (colour ? "cdiff" : "diff") +
                      " output, diffs rather than the IR after each pass: run with -print-changed (or "
                      "-print-after-all) instead");
    }
  }
}

// The label of a loop dump's header block: the first block label after its "; Loop:" line ("" for none).
std::string LoopHeader(const std::string& text) {
  size_t at = text.find("; Loop:");
  if (at == std::string::npos) return "";
  for (const std::string& l : SplitKeepingBreaks(text.substr(at))) {
    size_t colon = l.find(':');
    if (l.empty() || l[0] == ';' || l[0] == ' ' || colon == std::string::npos) continue;
    return l.substr(0, colon);
  }
  return "";
}

// The functions of a function or SCC dump, each with the "; Function Attrs:" line above it: key -> text.
std::map<std::string, std::string> DumpedFunctions(const std::string& text) {
  std::map<std::string, std::string> out;
  LineIndex index(text, '\n');
  Scope scope = SplitFunctions(ScopeLanguage::kLlvm, index);
  for (const Section& s : scope.sections) {
    size_t begin = s.begin;
    if (begin > 0 && index[begin - 1].rfind("; Function Attrs:", 0) == 0) --begin;
    std::string f;
    for (size_t k = begin; k < s.end; ++k) f.append(index[k]).push_back('\n');
    out[s.key] = std::move(f);
  }
  return out;
}

// Before-dumps only (AfterPassOfBeforeDumps): the first dump is the input (`input`); the first run's other
// dumps come first in the result with an empty pass name, for the caller to apply to the input.
std::vector<Dump> ShiftBeforeDumps(const std::vector<Dump>& dumps, std::optional<Dump>* input, std::string* last_pass) {
  std::vector<Dump> befores;
  for (const Dump& d : dumps) {
    if (d.banner.kind == Kind::kBefore) befores.push_back(d);
  }
  std::vector<std::string> passes;
  for (const Dump& d : befores) passes.push_back(d.banner.pass);
  std::vector<std::string> after = AfterPassOfBeforeDumps(passes, last_pass);
  std::vector<Dump> out;
  for (size_t i = 0; i < befores.size(); ++i) {
    if (i == 0) {
      *input = befores[0];
      continue;
    }
    Dump d = befores[i];
    d.banner.pass = after[i];
    d.banner.kind = Kind::kAfter;
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace

bool LooksLikeLlvmLog(std::string_view head) {
  return AnyLine(head, [](std::string_view line) { return ParseBanner(line).has_value(); });
}

namespace {

// The dumps that make passes, and the input: with after-dumps, the start dump (or a first before-dump) is
// the input and other before-dumps go; a log of before-dumps only is shifted (ShiftBeforeDumps), its last
// pass named in `unfinished`.
std::vector<Dump> SelectDumps(std::vector<Dump> dumps, std::optional<Dump>* input, std::string* unfinished) {
  bool any_after = false;
  for (const Dump& d : dumps) any_after = any_after || d.banner.kind != Kind::kBefore;
  if (!any_after) return ShiftBeforeDumps(dumps, input, unfinished);
  std::vector<Dump> kept;
  for (Dump& d : dumps) {
    if (d.banner.kind == Kind::kStart || (d.banner.kind == Kind::kBefore && kept.empty() && !*input)) {
      if (!*input) *input = d;
      continue;
    }
    if (d.banner.kind != Kind::kBefore) kept.push_back(std::move(d));
  }
  return kept;
}

// A module dump (or an `(invalidated)` one) replaces the module; a function or SCC dump its functions.
void Apply(const Dump& d, SplicedModule* state) {
  if (d.banner.kind == Kind::kStart || d.banner.unit == Unit::kModule || d.banner.invalidated) {
    state->SetModule(d.text);
  } else {
    for (auto& [key, f] : DumpedFunctions(d.text)) state->SetFunction(key, f);
  }
}

// Turns the selected dumps into passes, one at a time.
class StepBuilder {
 public:
  StepBuilder(const std::string& name, std::optional<Dump>* input) : name_(name), input_(input) {
    if (*input) Apply(**input, &state_);
  }

  void Add(const Dump& d) {
    const Banner& b = d.banner;
    if (b.pass.empty() && b.kind == Kind::kAfter) {  // more of the input (a before-only log's first run)
      Apply(d, &state_);
      if (*input_) (*input_)->text = state_.Text();
      return;
    }
    if (b.kind == Kind::kIgnored) {
      pending.push_back(b.pass + " on " + b.ir + ": " + (b.invalidated ? "invalidated" : "ignored") +
                         " (a -print-changed line: not a pass that changed the IR)");
      return;
    }
    LogStep step;
    step.pass = b.pass;
    step.line = d.line;
    step.notes = std::move(pending);
    pending.clear();
    bool loop = b.kind == Kind::kAfter && b.unit == Unit::kLoop;
    if (after_loop_ && !loop) {
      step.before = state_.Text();
      step.before_name = name_ + ": the IR before this pass";
      after_loop_ = false;
    }
    if (loop) {
      AddLoop(d, std::move(step));
      return;
    }
    if (b.kind == Kind::kAfter) {
      Apply(d, &state_);
      if (b.invalidated) step.notes.push_back("the pass invalidated " + b.ir + ": the module is shown");
      if (b.unit != Unit::kModule && !b.invalidated && d.text.empty()) step.notes.push_back("the dump of " + b.ir + " is empty");
    }
    if (b.kind == Kind::kOmitted) step.notes.push_back("no change on " + b.ir + " (-print-changed omitted the dump)");
    step.text = state_.Text();
    steps.push_back(std::move(step));
  }

  std::vector<LogStep> steps;
  std::vector<std::string> pending;  // notes for the next pass ("ignored" lines); the rest at the end

 private:
  // A loop dump holds only the loop's blocks: shown against the previous dump of that loop, never spliced
  // into its function. Its first dump, with nothing earlier, against itself (what the pass did is unknown),
  // not as all inserted. LLVM names most loops "%<unnamed loop>": a loop is told by its function and its
  // header block (the first label under "; Loop:").
  void AddLoop(const Dump& d, LogStep step) {
    const Banner& b = d.banner;
    std::string key = b.ir + "\x01" + LoopHeader(d.text);
    auto last = loop_last_.find(key);
    bool first_dump = last == loop_last_.end();
    step.before = first_dump ? d.text : last->second.first;
    step.before_name = name_ + " line " + std::to_string(first_dump ? d.line : last->second.second);
    step.text = d.text;
    step.notes.push_back("a loop pass on " + b.ir + ": a loop dump holds only the loop's blocks, shown against " +
                         (first_dump ? std::string("themselves (the loop's first dump: nothing earlier to compare)")
                                     : "the previous dump of this loop") +
                         "; the function shows the change at its next dump");
    loop_last_[key] = {d.text, d.line};
    after_loop_ = true;
    steps.push_back(std::move(step));
  }

  const std::string& name_;
  std::optional<Dump>* input_;
  SplicedModule state_{ScopeLanguage::kLlvm};
  std::map<std::string, std::pair<std::string, size_t>> loop_last_;  // loop -> its last dump, and its line
  bool after_loop_ = false;  // the last step shows a loop: the next one is diffed against the module again
};

// A log cut inside its last dump (a killed run, a truncated file): its braces do not close.
bool CutShort(const Dump& last) {
  int depth = 0;
  for (const std::string& l : SplitKeepingBreaks(last.text)) depth += BraceDelta(l);
  return depth > 0;
}

}  // namespace

DumpListing ReadLlvmLog(const std::string& name, const std::string& text) {
  LineIndex lines(text, '\n');
  std::vector<Dump> dumps = SplitDumps(lines);
  if (dumps.empty()) throw DumpError("no LLVM IR dump in the log (no '*** IR Dump' banner)");
  RefuseDiffForms(dumps);
  std::optional<Dump> input;
  std::string unfinished;
  dumps = SelectDumps(std::move(dumps), &input, &unfinished);
  StepBuilder builder(name, &input);
  for (const Dump& d : dumps) builder.Add(d);
  std::vector<LogStep>& steps = builder.steps;
  if (steps.empty() && !input) throw DumpError("no LLVM IR dump in the log (only '*** IR Pass ... ignored' lines)");
  std::vector<std::string> notes;
  // Lines after the last pass ("IR Pass ... ignored" at the end of -print-changed) belong to it.
  for (std::string& n : builder.pending) (steps.empty() ? notes : steps.back().notes).push_back(std::move(n));
  if (!dumps.empty() && !steps.empty() && CutShort(dumps.back())) {
    steps.back().notes.push_back("the log ends inside its last dump (line " + std::to_string(dumps.back().line) +
                                 "): its function is cut short and not spliced");
  }
  if (!unfinished.empty()) {
    notes.push_back("the log holds only before-dumps: the result of its last pass, " + unfinished + ", is not in it");
  }
  std::optional<LogStep> first;
  if (input) {
    first.emplace();
    first->pass = "frontend";
    first->text = input->text;
    first->line = input->line;
  }
  std::string program = ProgramName(first ? first->text : steps.empty() ? "" : steps[0].text, "ll");
  return MakeLogListing(name, "ll", std::move(first), std::move(steps), std::move(notes),
                        program.empty() ? LogStem(name) : program);
}

}  // namespace irtrace
