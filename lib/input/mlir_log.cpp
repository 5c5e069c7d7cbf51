#include "input/mlir_log.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <utility>
#include <vector>

#include "input/log_listing.h"
#include "input/mlir_alias_spelling.h"
#include "input/mlir_dumps.h"
#include "input/mlir_llvm_phase.h"
#include "input/mlir_notes.h"
#include "input/mlir_pipeline.h"
#include "input/program_name.h"
#include "scope/function_scope.h"
#include "util/line_index.h"

namespace irtrace {
namespace {

using Dump = MlirDump;

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool EndsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}
std::string_view TrimCr(std::string_view s) { return EndsWith(s, "\r") ? s.substr(0, s.size() - 1) : s; }

// The text of function `sym` in `module` (a module-scope dump), unindented, its aliases spelt out with
// the module's own (`own`); "" when the module does not split into functions or lacks it.
std::string CutFunction(const std::string& module, const std::string& sym, const Aliases& own) {
  LineIndex index(module, '\n');
  Scope scope = SplitFunctions(ScopeLanguage::kMlir, index);
  for (const Section& s : scope.sections) {
    if (s.key != sym) continue;
    std::vector<std::string> lines = SplitKeepingBreaks(module);
    size_t indent = lines[s.begin].find_first_not_of(" \t");
    std::string out;
    for (size_t k = s.begin; k < s.end && k < lines.size(); ++k) {
      size_t lead = std::min(indent, lines[k].find_first_not_of(" \t"));
      out += lines[k].substr(lead == std::string::npos ? 0 : lead);
    }
    std::vector<std::pair<std::string, std::string>> by_name(own.begin(), own.end());
    std::sort(by_name.begin(), by_name.end(),
              [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
    for (const auto& [name, value] : by_name) out = ReplaceToken(out, name, value, true);
    return out;
  }
  return "";
}

// The nested dumps between two module-level dumps, as the pipeline's passes (input/mlir_pipeline.h): each
// pass is its executions, a function's text after it the one its own execution printed (the rest of the
// module as before). Op scope: the snapshot is the module spliced from the function dumps, spelt with
// `aliases` (the module dump after the segment's: RespellAliases; nullopt keeps the text's own). Module
// scope (each dump the whole module after one execution): the last execution's module with every other
// function as its own latest execution printed it (byte for byte the log's, when their aliases agree).
void FlushSegment(std::vector<const Dump*>* segment, SplicedModule* state, std::vector<LogStep>* steps,
                  const std::optional<Aliases>& aliases, const Aliases& trailing = {}) {
  if (segment->empty()) return;
  std::vector<MlirRun> runs;
  for (const Dump* d : *segment) runs.push_back(MlirRun{d->banner.pass, d->sym});
  std::map<std::string, const Dump*> latest;  // module scope: each function's latest execution so far
  size_t first = steps->size();                // the segment's first pass: number first + 1
  for (const NestedPass& nested : GroupNestedPasses(runs)) {
    const std::vector<size_t>& pass = nested.runs;
    LogStep step;
    if (nested.unsure) {  // a run the log cannot place: its own pass, and a note on each it may be
      std::vector<size_t> numbers;
      for (size_t k : nested.may_be) {
        numbers.push_back(first + k + 1);
        (*steps)[first + k].log_notes.push_back(
            UnsureCandidateNote(runs[pass.front()], (*segment)[pass.front()]->line, steps->size() + 1));
      }
      step.log_notes.push_back(UnsureRunNote(runs[pass.front()], (*segment)[pass.front()]->line, numbers));
    }
    step.pass = (*segment)[pass.front()]->banner.pass;
    const Dump* last = nullptr;
    for (size_t i : pass) {
      const Dump* d = (*segment)[i];
      if (!d->module) state->SetFunction(d->sym, d->text);
      latest[d->sym] = d;
      step.line = std::max(step.line, d->line);
      step.failed = step.failed || d->banner.failed;
      step.log += d->between;
      if (!d->note.empty() && std::find(step.notes.begin(), step.notes.end(), d->note) == step.notes.end())
        step.notes.push_back(d->note);
      step.executions.push_back(PassExecution{d->sym, d->line, {}});
      if (!last || d->line > last->line) last = d;
    }
    if (!last->module) {
      step.text = aliases ? RespellAliases(state->Text(), *aliases, trailing) : state->Text();
    } else {
      SplicedModule module(ScopeLanguage::kMlir);
      module.SetModule(last->text);
      bool spliced = false;
      for (const auto& [sym, d] : latest) {
        if (d == last || !d->module) continue;
        size_t header = 0;
        std::string text = CutFunction(d->text, sym, HeaderAliases(SplitKeepingBreaks(d->text), &header));
        if (text.empty()) continue;
        module.SetFunction(sym, std::move(text));
        spliced = true;
      }
      size_t header = 0, tail = 0;
      std::vector<std::string> last_lines = SplitKeepingBreaks(last->text);
      step.text = spliced ? RespellAliases(module.Text(), HeaderAliases(last_lines, &header),
                                           TrailingAliases(last_lines, &tail))
                          : last->text;
    }
    steps->push_back(std::move(step));
  }
  const Dump* end = *std::max_element(segment->begin(), segment->end(),
                                      [](const Dump* a, const Dump* b) { return a->line < b->line; });
  if (end->module) state->SetModule(end->text);
  segment->clear();
}

bool SharesSymbol(const std::set<std::string>& a, const std::vector<std::string>& b) {
  return std::any_of(b.begin(), b.end(), [&](const std::string& s) { return a.count(s) > 0; });
}

// Frames the functions dumped before the first module dump of `dumps` by that dump (SplicedModule::SetFrame):
// its `module ... {` line, its last line and its order of symbols, so that dump charges no pass with their
// indentation or order. Nothing when the log holds no module dump (or one in generic form).
void FrameByFirstModule(const std::vector<Dump>& dumps, SplicedModule* state) {
  for (const Dump& d : dumps) {
    if (!d.module) continue;
    std::vector<std::string> lines = SplitKeepingBreaks(d.text);
    if (d.skipped) {  // `module {...}`: its own line opened (`module {`) and closed, the module's lines unknown
      std::string first = lines.empty() ? "" : lines.front();
      size_t dots = first.rfind("...}");
      if (dots != std::string::npos) state->SetFrame(first.substr(0, dots) + "\n", "}\n", {});
      return;
    }
    auto header = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
      std::string_view v = TrimCr(std::string_view(l).substr(0, l.size() - (EndsWith(l, "\n") ? 1 : 0)));
      return StartsWith(v, "module") && EndsWith(v, "{");
    });
    auto footer = std::find_if(lines.rbegin(), lines.rend(), [](const std::string& l) { return StartsWith(l, "}"); });
    if (header != lines.end() && footer != lines.rend()) state->SetFrame(*header, *footer, MlirDefinedSymbols(d.text));
    return;
  }
}

// The IR before the first pass of a log whose first dump is a before-dump: that dump when it prints the
// module, else each function's first before-dump before the first module dump, framed by that dump.
Dump InputFromBefores(const std::vector<Dump>& dumps) {
  Dump input = dumps.front();
  if (input.module) return input;
  SplicedModule first(ScopeLanguage::kMlir);
  FrameByFirstModule(dumps, &first);
  std::set<std::string> seen;
  for (size_t i = 0; i < dumps.size() && !dumps[i].module; ++i) {
    if (dumps[i].banner.before && seen.insert(dumps[i].sym).second) first.SetFunction(dumps[i].sym, dumps[i].text);
  }
  input.text = first.Text();
  input.module = true;
  return input;
}

// Whether dump `d` is of the module (a module-level pass's), not of one nested operation.
bool ModuleLevel(const Dump& d) { return d.module && (d.banner.op.empty() || d.banner.op == "builtin.module"); }

// Turns a log of before-dumps into the results of their passes (input/mlir_pipeline.h NextDumpOfUnit):
// "Before P on u" becomes P's run on u, its text the next dump of u (a function cut out of the next module
// dump; a function that dump lacks keeps its text: its removal is the module pass's), in the order the
// results were printed (a pass run inside another, the inliner's canonicalize, before it). A run whose
// result no later dump shows keeps its own text, with a note. `input`: the IR before the first pass (the
// first dump when it is a module, else each function's first dump before the first module dump).
std::vector<Dump> ShiftBeforeDumps(std::vector<Dump> dumps, std::optional<Dump>* input, std::string* last_pass) {
  std::vector<MlirDumpUnit> units;
  for (const Dump& d : dumps) units.push_back(MlirDumpUnit{ModuleLevel(d) ? "" : d.sym, ModuleLevel(d)});
  std::vector<size_t> next = NextDumpOfUnit(units);
  *input = InputFromBefores(dumps);
  const size_t kNone = static_cast<size_t>(-1);
  // A module pass followed by function dumps: its result is the module at the next dump (the functions as
  // their next dumps print them), but for the Inliner, which runs its pipeline (canonicalize) on each
  // function: those dumps are inside it, its result the next module dump.
  std::vector<std::string> composed(dumps.size());
  for (size_t i = 0; i + 1 < dumps.size(); ++i) {
    if (!units[i].module || units[i + 1].module || (dumps[i].banner.pass == "Inliner" && next[i] != kNone)) continue;
    next[i] = i + 1;
    if (dumps[i + 1].module) {
      composed[i] = dumps[i + 1].text;  // module scope: the whole module
      continue;
    }
    SplicedModule m(ScopeLanguage::kMlir);
    m.SetModule(dumps[i].text);
    std::set<std::string> seen;
    for (size_t j = i + 1; j < dumps.size() && !dumps[j].module; ++j) {
      if (seen.insert(dumps[j].sym).second) m.SetFunction(dumps[j].sym, dumps[j].text);
    }
    composed[i] = m.Text();
  }
  std::vector<size_t> order(dumps.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  // By the dump showing the result; a run inside another (its before-dump later) first; the unshown last.
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (next[a] != next[b]) return next[a] < next[b];
    return next[a] == kNone ? a < b : a > b;
  });
  std::vector<Dump> out;
  for (size_t i : order) {
    Dump d = dumps[i];
    d.banner.before = false;
    if (!composed[i].empty()) {
      d.text = composed[i];
      d.line = dumps[i + 1].line;
      out.push_back(std::move(d));
      continue;
    }
    if (next[i] == kNone) {
      d.note = kBeforeOnlyResultNote;
      *last_pass = d.banner.pass;
      out.push_back(std::move(d));
      continue;
    }
    const Dump& n = dumps[next[i]];
    d.line = n.line;
    if (!n.module || d.module) {
      d.text = n.text;
      d.module = n.module;
    } else {
      size_t header = 0;
      std::string cut = CutFunction(n.text, d.sym, HeaderAliases(SplitKeepingBreaks(n.text), &header));
      if (!cut.empty()) d.text = std::move(cut);
    }
    out.push_back(std::move(d));
  }
  return out;
}

// The compilations of a log's dumps (MlirLogParts' rule), each with the index of its first dump; empty
// when there is one. A compilation starts at a module dump that defines symbols none of which the module
// dump before it defined (Triton prints one module per kernel); the function dumps right before it whose
// functions the module before did not define are the new compilation's too. Function dumps alone never
// start one: a pipeline's per-function dumps, in whatever order threads printed them, are one run.
std::vector<std::pair<LogPart, size_t>> Parts(const std::vector<Dump>& dumps) {
  std::vector<size_t> starts{0};
  std::set<std::string> previous;  // the symbols the last module dump defined
  size_t previous_at = 0;          // the index of that dump
  for (size_t i = 0; i < dumps.size(); ++i) {
    if (!dumps[i].module) continue;
    std::vector<std::string> defined = MlirDefinedSymbols(dumps[i].text);
    if (!previous.empty() && !defined.empty() && !SharesSymbol(previous, defined)) {
      size_t start = i;
      while (start > previous_at + 1 && start - 1 > starts.back() && !dumps[start - 1].module &&
             !previous.count(dumps[start - 1].sym)) {
        --start;
      }
      starts.push_back(start);
    }
    previous = std::set<std::string>(defined.begin(), defined.end());
    previous_at = i;
  }
  if (starts.size() < 2) return {};
  std::vector<std::pair<LogPart, size_t>> parts;
  std::set<std::string> names;
  for (size_t p = 0; p < starts.size(); ++p) {
    const Dump& d = dumps[starts[p]];
    std::vector<std::string> fns = d.module ? MlirDefinedSymbols(d.text) : std::vector<std::string>{d.sym};
    std::string name = fns.empty() ? "" : fns.front();
    if (name.empty() || !names.insert(name).second) name = "part_" + std::to_string(p + 1);
    parts.push_back({LogPart{name, d.line}, starts[p]});
  }
  return parts;
}

// Keeps only the dumps of compilation `part` (Parts); "" with several is SeveralReports. Returns whether
// the kept dumps are the log's last (whose trailing text is theirs).
bool KeepPart(const std::string& name, const std::string& part, std::vector<Dump>* dumps) {
  std::vector<std::pair<LogPart, size_t>> parts = Parts(*dumps);
  if (parts.empty()) {
    if (part.empty()) return true;
    throw DumpError("no compilation '" + part + "' in the log");
  }
  std::vector<std::string> names;
  for (const auto& p : parts) names.push_back(p.first.name);
  if (part.empty()) throw SeveralReports(name, names);
  for (size_t p = 0; p < parts.size(); ++p) {
    if (parts[p].first.name != part) continue;
    size_t end = p + 1 < parts.size() ? parts[p + 1].second : dumps->size();
    dumps->erase(dumps->begin() + static_cast<long>(end), dumps->end());
    dumps->erase(dumps->begin(), dumps->begin() + static_cast<long>(parts[p].second));
    return p + 1 == parts.size();
  }
  throw DumpError("no compilation '" + part + "' in the log");
}

// The IR before the first pass, taken out of `dumps`: with after-dumps, the first dump when it is a
// before-dump (InputFromBefores), the before-dumps then dropped; a log of before-dumps only is turned into
// its passes' results (ShiftBeforeDumps), `*unfinished` getting the last pass, whose result is not in it.
// Nothing when the log holds no IR before its first pass.
std::optional<Dump> TakeInput(std::vector<Dump>* dumps, std::string* unfinished) {
  std::optional<Dump> input;
  bool any_after = std::any_of(dumps->begin(), dumps->end(), [](const Dump& d) { return !d.banner.before; });
  if (!any_after) {
    *dumps = ShiftBeforeDumps(std::move(*dumps), &input, unfinished);
    return input;
  }
  if (dumps->front().banner.before) input = InputFromBefores(*dumps);
  dumps->erase(std::remove_if(dumps->begin(), dumps->end(), [](const Dump& d) { return d.banner.before; }),
               dumps->end());
  return input;
}

// The step of module-level dump `d` (its pass, line, failure and log), the module `state` as it prints it.
// A dump printed without regions (`module {...}`) shows nothing of the module: the step keeps `state`'s
// text, with a note, and `state` is left as it was.
LogStep ModuleStep(const Dump& d, SplicedModule* state) {
  LogStep step;
  step.pass = d.banner.pass;
  step.line = d.line;
  step.failed = d.banner.failed;
  step.log = d.between;
  if (!d.note.empty()) step.notes.push_back(d.note);
  if (d.skipped) {
    step.text = state->Text();
    step.notes.push_back(kSkippedModuleNote);
    return step;
  }
  state->SetModule(d.text);
  step.text = d.text;
  return step;
}

// The passes of `dumps` (after-dumps, in log order): each module-level dump one step, the nested dumps
// between two of them grouped into the pipeline's passes (FlushSegment), spelt with the aliases of the
// module dump after them (the last one's at the end). `given`: the module the function dumps before the
// first module dump change (--input), or null (they are framed by the first module dump).
std::vector<LogStep> StepsOfDumps(const std::vector<Dump>& dumps, const std::string* given) {
  SplicedModule state(ScopeLanguage::kMlir);
  if (given) state.SetModule(*given);
  else FrameByFirstModule(dumps, &state);
  std::vector<LogStep> steps;
  std::vector<const Dump*> segment;  // the nested dumps since the last module-level one
  const Dump* last_module = nullptr;
  for (const Dump& d : dumps) {
    // Module scope prints the whole module after a pass ran on one nested operation: that is a nested run.
    bool module_scope_nested = d.module && !d.banner.op.empty() && d.banner.op != "builtin.module";
    if (!d.module || (module_scope_nested && !d.skipped)) {
      segment.push_back(&d);
      continue;
    }
    size_t header = 0, tail = 0;
    FlushSegment(&segment, &state, &steps, HeaderAliases(SplitKeepingBreaks(d.text), &header),
                 TrailingAliases(SplitKeepingBreaks(d.text), &tail));
    steps.push_back(ModuleStep(d, &state));
    if (!d.skipped) last_module = &d;
  }
  size_t header = 0, tail = 0;
  FlushSegment(&segment, &state, &steps,
               last_module ? std::optional<Aliases>(HeaderAliases(SplitKeepingBreaks(last_module->text), &header))
                           : std::nullopt,
               last_module ? TrailingAliases(SplitKeepingBreaks(last_module->text), &tail) : Aliases{});
  return steps;
}

// The note on text after the last dump (`trailing`, non-empty): how many lines, and what they are
// (mlir-opt's --mlir-pass-statistics and --mlir-timing reports, headed "===---===\n ... <name> report ...").
std::string TrailingNote(const std::string& trailing) {
  size_t n = std::count(trailing.begin(), trailing.end(), '\n');
  std::vector<std::string> reports;
  if (trailing.find("... Pass statistics report ...") != std::string::npos) reports.push_back("--mlir-pass-statistics");
  if (trailing.find("... Execution time report ...") != std::string::npos) reports.push_back("--mlir-timing");
  std::string what = "the tool's own output";
  if (!reports.empty())
    what += ": its " + reports[0] + (reports.size() > 1 ? " and " + reports[1] + " reports" : " report");
  return "the log goes on after its last dump with " + std::to_string(n) +
         (n == 1 ? " line that is" : " lines that are") + " not a dump (" + what + "), not shown";
}

// The notes on the whole log: regions not printed, the last pass of a before-only log (`unfinished`, ""
// when none), the text after the last dump (`trailing`, "" when none).
std::vector<std::string> LogNotes(const std::vector<Dump>& dumps, const std::string& unfinished,
                                  const std::string& trailing) {
  std::vector<std::string> notes;
  if (std::any_of(dumps.begin(), dumps.end(), [](const Dump& d) { return d.skipped; })) {
    notes.push_back(
        "the log was written with --mlir-print-skip-regions: no region is printed ({...}), so what a pass "
        "changed inside one is not in it; only the passes, and the operations they add or remove, are");
  }
  if (!unfinished.empty()) {
    notes.push_back("the log holds only before-dumps: the result of its last pass, " + unfinished + ", is not in it");
  }
  if (!trailing.empty()) notes.push_back(TrailingNote(trailing));
  return notes;
}

}  // namespace

bool LooksLikeMlirLog(std::string_view head) {
  return AnyLine(head, [](std::string_view line) { return ParseMlirBanner(line).has_value(); });
}

DumpListing ReadMlirLog(const std::string& name, const std::string& text, const std::optional<std::string>& part,
                        const std::string* given) {
  LineIndex lines(text, '\n');
  std::string trailing;
  std::vector<Dump> dumps = SplitMlirDumps(lines, &trailing);
  if (dumps.empty()) throw DumpError("no MLIR IR dump in the log (no '// -----// IR Dump' banner)");
  if (part && !KeepPart(name, *part, &dumps)) trailing.clear();
  std::string cut;  // a note when the log ends inside its last dump (a killed run, a truncated file)
  if (dumps.back().truncated) {
    cut = "the log ends inside its last dump (line " + std::to_string(dumps.back().line) +
          "): that snapshot is cut short";
  }
  std::vector<LlvmLines> llvm;  // the LLVM pipeline's dumps after this compilation's MLIR dumps
  bool mlir_after_llvm = false;
  for (const Dump& d : dumps) {
    mlir_after_llvm = mlir_after_llvm || !llvm.empty();
    if (d.llvm.end > d.llvm.begin) llvm.push_back(d.llvm);
  }
  std::string unfinished;
  std::optional<Dump> input = TakeInput(&dumps, &unfinished);
  std::vector<LogStep> steps = StepsOfDumps(dumps, input ? nullptr : given);

  std::optional<LogStep> first;
  if (input) {
    first.emplace();
    first->pass = "frontend";
    first->text = input->text;
    first->line = input->line;
  }
  std::vector<std::string> notes = LogNotes(dumps, unfinished, trailing);
  if (!cut.empty()) (steps.empty() ? notes : steps.back().notes).push_back(cut);
  std::string program = ProgramName(input ? input->text : steps.empty() ? "" : steps[0].text, "mlir");
  std::string title = part && !part->empty() ? *part : program.empty() ? LogStem(name) : program;
  MlirLogForm form;  // what the log's form cannot show (input/mlir_notes.h)
  form.has_input = input.has_value() || given != nullptr;
  auto whole = std::find_if(dumps.begin(), dumps.end(), [](const Dump& d) { return d.module && !d.skipped; });
  for (size_t k = 0; whole != dumps.end() && k < steps.size() && !form.first_module_pass; ++k)
    if (steps[k].line >= whole->line) form.first_module_pass = k + 1;
  DumpListing listing = MakeLogListing(name, "mlir", std::move(first), std::move(steps), std::move(notes), title);
  AddMlirLogNotes(form, &listing);
  AppendLlvmPhase(name, lines, llvm, mlir_after_llvm, &listing);
  return listing;
}

std::vector<LogPart> MlirLogParts(const std::string& text) {
  LineIndex lines(text, '\n');
  std::string trailing;
  std::vector<LogPart> out;
  for (auto& p : Parts(SplitMlirDumps(lines, &trailing))) out.push_back(std::move(p.first));
  return out;
}

}  // namespace irtrace
