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

#include "input/program_name.h"
#include "scope/function_scope.h"
#include "util/line_index.h"

namespace irtrace {
namespace {

constexpr std::string_view kNewBanner = "// -----// IR Dump ";
constexpr std::string_view kNewBannerEnd = " //----- //";
constexpr std::string_view kOldBanner = "// *** IR Dump ";

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool EndsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}
std::string_view TrimCr(std::string_view s) { return EndsWith(s, "\r") ? s.substr(0, s.size() - 1) : s; }

// One banner line, parsed.
struct Banner {
  bool before = false;   // "IR Dump Before" (else After)
  bool failed = false;   // "After X Failed"
  std::string pass;      // the pass's name
  std::string op;        // module scope: the operation the pass ran on ("func.func"), else ""
  std::string sym;       // its symbol ("f" for "@f"), else ""
};

std::optional<Banner> ParseBanner(std::string_view line) {
  line = TrimCr(line);
  std::string middle;
  if (StartsWith(line, kNewBanner) && EndsWith(line, kNewBannerEnd)) {
    middle = std::string(line.substr(kNewBanner.size(), line.size() - kNewBanner.size() - kNewBannerEnd.size()));
  } else if (StartsWith(line, kOldBanner) && EndsWith(line, " ***")) {
    middle = std::string(line.substr(kOldBanner.size(), line.size() - kOldBanner.size() - 4));
  } else {
    return std::nullopt;
  }
  // "After NAME[ Failed] (ARG)[ ('OP' operation[: @SYM])]"; NAME may hold parentheses, ARG does not.
  static const std::regex re(R"(^(Before|After) (.*?)(?: \(([^()]*)\))?(?: \('([^']*)' operation(?:: @(.*))?\))?$)");
  std::smatch m;
  if (!std::regex_match(middle, m, re)) return std::nullopt;
  Banner b;
  b.before = m[1] == "Before";
  b.pass = m[2];
  if (!b.before && EndsWith(b.pass, " Failed")) {
    b.failed = true;
    b.pass.resize(b.pass.size() - 7);
  }
  b.op = m[4];
  b.sym = m[5];
  return b;
}

// The change of `{` / `}` nesting over `line`, outside string literals ("..." with \ escapes).
int BraceDelta(std::string_view line) {
  int d = 0;
  bool in_string = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{') {
      ++d;
    } else if (c == '}') {
      --d;
    }
  }
  return d;
}

// One dump of the log.
struct Dump {
  Banner banner;
  size_t line = 0;       // 1-based line of the banner
  std::string text;      // the operation printed (with its aliases), each line ending in '\n'
  std::string between;   // text between the previous dump's end and this banner (blank lines dropped)
  bool module = false;   // it prints the whole module
  std::string sym;       // a nested operation's symbol (from the banner or its first line)
};

bool IsBlank(std::string_view s) { return s.find_first_not_of(" \t\r") == std::string_view::npos; }

// The symbol an operation's first line names: the first @name (quotes kept off), or "".
std::string FirstSymbol(std::string_view line) {
  size_t at = line.find('@');
  if (at == std::string_view::npos) return "";
  ++at;
  if (at < line.size() && line[at] == '"') {
    size_t end = line.find('"', at + 1);
    return std::string(line.substr(at + 1, end == std::string_view::npos ? std::string_view::npos : end - at - 1));
  }
  size_t end = at;
  while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || std::strchr("_$.-", line[end]))) ++end;
  return std::string(line.substr(at, end - at));
}

// Splits the log into dumps; `trailing` gets the text after the last one (blank lines dropped).
std::vector<Dump> SplitDumps(const LineIndex& lines, std::string* trailing) {
  std::vector<Dump> dumps;
  std::string pending;  // text after the last dump's end, before the next banner
  size_t i = 0, n = lines.size();
  while (i < n && !ParseBanner(lines[i])) ++i;  // text before the first banner: mlir-opt's own, not a pass
  while (i < n) {
    Dump d;
    d.banner = *ParseBanner(lines[i]);
    d.line = i + 1;
    d.between = std::move(pending);
    pending.clear();
    ++i;
    while (i < n && IsBlank(lines[i]) && !ParseBanner(lines[i])) ++i;
    int depth = 0;
    bool op_seen = false, ended = false;
    for (; i < n && !ParseBanner(lines[i]); ++i) {
      std::string_view l = TrimCr(lines[i]);
      if (!ended) {
        d.text.append(lines[i]).push_back('\n');
        bool alias = !op_seen && (StartsWith(l, "#") || StartsWith(l, "!"));
        if (!op_seen && !alias && !IsBlank(l)) {
          op_seen = true;
          d.module = StartsWith(l, "module") || StartsWith(l, "\"builtin.module\"");
          d.sym = d.banner.sym.empty() ? FirstSymbol(l) : d.banner.sym;
        }
        depth += BraceDelta(l);
        if (op_seen && !alias && depth <= 0) {
          ended = true;
          // A resource block printed after the module ({-# ... #-}) belongs to it.
          size_t j = i + 1;
          while (j < n && IsBlank(lines[j])) ++j;
          if (j < n && StartsWith(TrimCr(lines[j]), "{-#")) {
            for (size_t k = i + 1; k < n && !ParseBanner(lines[k]); ++k) {
              d.text.append(lines[k]).push_back('\n');
              i = k;
              if (StartsWith(TrimCr(lines[k]), "#-}")) break;
            }
          }
        }
      } else if (!IsBlank(l)) {
        pending.append(lines[i]).push_back('\n');
      }
    }
    if (!d.banner.op.empty() && d.banner.op != "builtin.module" && !d.module) d.module = false;
    dumps.push_back(std::move(d));
  }
  *trailing = std::move(pending);
  return dumps;
}

// A pass of the listing being built: its name, its snapshot text, where it came from, its log.
struct Step {
  std::string pass;
  std::string text;
  size_t line = 0;       // the banner of the dump that made it (1-based)
  bool failed = false;
  std::string log;       // diagnostics or warnings ("" for none)
  bool module_scope = false;  // a module-scope dump of a nested operation (merged with its neighbours)
};

// The lines of `text` (each with its '\n').
std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < text.size()) {
    size_t nl = text.find('\n', at);
    if (nl == std::string::npos) nl = text.size() - 1;
    out.push_back(text.substr(at, nl + 1 - at));
    at = nl + 1;
  }
  return out;
}

// The module, as the last module dump printed it, and the functions spliced into it since.
class ModuleState {
 public:
  bool HasModule() const { return !module_.empty(); }
  void SetModule(std::string text) {
    module_ = std::move(text);
    funcs_.clear();
  }
  void SetFunction(const std::string& sym, std::string text) { funcs_[sym] = std::move(text); }

  // The module with every function spliced in; without a module, the functions sorted by name.
  std::string Text() const {
    if (module_.empty()) {
      std::string out;
      for (const auto& [sym, text] : funcs_) out += (out.empty() ? "" : "\n") + text;
      return out;
    }
    if (funcs_.empty()) return module_;
    std::vector<std::string> lines = Lines(module_);
    std::string joined;
    for (const std::string& l : lines) joined += l;
    LineIndex index(joined, '\n');
    Scope scope = SplitFunctions(ScopeLanguage::kMlir, index);
    std::map<size_t, const Section*> at;
    std::set<std::string> placed;
    for (const Section& s : scope.sections) at[s.begin] = &s;
    std::string out;
    size_t last_close = lines.size();  // the module's closing line: new functions go before it
    for (size_t k = lines.size(); k-- > 0;) {
      if (StartsWith(lines[k], "}")) {
        last_close = k;
        break;
      }
    }
    for (size_t k = 0; k < lines.size();) {
      if (k == last_close) {
        for (const auto& [sym, text] : funcs_) {
          if (!placed.count(sym)) out += Indent(text, "  ");
        }
      }
      auto it = at.find(k);
      if (it != at.end() && funcs_.count(it->second->key)) {
        std::string indent = lines[k].substr(0, lines[k].find_first_not_of(" \t"));
        out += Indent(funcs_.at(it->second->key), indent);
        placed.insert(it->second->key);
        k = it->second->end;
        continue;
      }
      out += lines[k++];
    }
    return out;
  }

 private:
  static std::string Indent(const std::string& text, const std::string& indent) {
    std::string out;
    for (const std::string& l : Lines(text)) out += (IsBlank(l) ? "" : indent) + l;
    return out;
  }

  std::string module_;
  std::map<std::string, std::string> funcs_;  // symbol -> its latest text, unindented
};

// Merges the nested dumps between two module dumps: per function, its dumps are the k-th run of each
// pass name; those (name, k) keys are merged into one sequence keeping every function's order (functions
// taken by name, so the order in which a threaded run interleaved them does not matter). The snapshot after
// merged pass m holds each function's latest dump at or before m.
void FlushSegment(std::vector<const Dump*>* segment, ModuleState* state, std::vector<Step>* steps) {
  if (segment->empty()) return;
  std::map<std::string, std::vector<const Dump*>> by_sym;
  for (const Dump* d : *segment) by_sym[d->sym].push_back(d);
  segment->clear();
  using Key = std::pair<std::string, int>;  // pass name, its occurrence in the function's sequence
  std::vector<Key> merged;
  std::map<const Dump*, Key> key_of;
  for (const auto& [sym, dumps] : by_sym) {
    std::map<std::string, int> seen;
    size_t after = 0;  // a key not merged yet goes after the function's previous key
    for (const Dump* d : dumps) {
      Key key{d->banner.pass, seen[d->banner.pass]++};
      key_of[d] = key;
      auto it = std::find(merged.begin(), merged.end(), key);
      if (it == merged.end()) it = merged.insert(merged.begin() + static_cast<long>(std::min(after, merged.size())), key);
      after = static_cast<size_t>(it - merged.begin()) + 1;
    }
  }
  std::map<const Dump*, size_t> slot;
  for (const auto& [d, key] : key_of) slot[d] = static_cast<size_t>(std::find(merged.begin(), merged.end(), key) - merged.begin());
  std::vector<std::vector<const Dump*>> at(merged.size());
  for (const auto& [d, s] : slot) at[s].push_back(d);
  for (size_t m = 0; m < merged.size(); ++m) {
    Step step;
    step.pass = merged[m].first;
    std::sort(at[m].begin(), at[m].end(), [](const Dump* a, const Dump* b) { return a->line < b->line; });
    for (const Dump* d : at[m]) {
      state->SetFunction(d->sym, d->text);
      step.line = std::max(step.line, d->line);
      step.failed = step.failed || d->banner.failed;
      step.log += d->between;
    }
    step.text = state->Text();
    steps->push_back(std::move(step));
  }
}

// Turns a log of before-dumps into after-dumps: within each scope (the module, or one function), the dump
// before pass k+1 is the one after pass k. Returns the first dump (the input) and sets `last_pass` to the
// pass whose result the log does not hold.
std::vector<Dump> ShiftBeforeDumps(std::vector<Dump> dumps, std::optional<Dump>* input, std::string* last_pass) {
  std::map<std::string, size_t> last;  // scope -> index of its last dump so far
  std::vector<Dump> out;
  for (size_t i = 0; i < dumps.size(); ++i) {
    std::string scope = dumps[i].module ? std::string("\x01module") : dumps[i].sym;
    auto it = last.find(scope);
    if (it == last.end()) {
      if (!*input) *input = dumps[i];
    } else {
      Dump d = dumps[i];
      d.banner = dumps[it->second].banner;
      d.banner.before = false;
      out.push_back(std::move(d));
    }
    last[scope] = i;
  }
  if (!dumps.empty()) *last_pass = dumps.back().banner.pass;
  return out;
}

std::string Stem(const std::string& name) {
  std::string base = name.substr(name.find_last_of('/') + 1);
  size_t dot = base.rfind('.');
  return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

}  // namespace

bool LooksLikeMlirLog(std::string_view head) {
  size_t at = 0;
  while (at < head.size()) {
    size_t nl = head.find('\n', at);
    std::string_view line = head.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at);
    if (ParseBanner(line)) return true;
    if (nl == std::string_view::npos) break;
    at = nl + 1;
  }
  return false;
}

DumpListing ReadMlirLog(const std::string& name, const std::string& text) {
  LineIndex lines(text, '\n');
  std::string trailing;
  std::vector<Dump> dumps = SplitDumps(lines, &trailing);
  if (dumps.empty()) throw DumpError("no MLIR IR dump in the log (no '// -----// IR Dump' banner)");

  DumpListing listing;
  std::optional<Dump> input;
  std::string unfinished;
  bool any_after = std::any_of(dumps.begin(), dumps.end(), [](const Dump& d) { return !d.banner.before; });
  if (any_after) {
    if (dumps.front().banner.before) input = dumps.front();
    dumps.erase(std::remove_if(dumps.begin(), dumps.end(), [](const Dump& d) { return d.banner.before; }), dumps.end());
  } else {
    dumps = ShiftBeforeDumps(std::move(dumps), &input, &unfinished);
  }

  ModuleState state;
  std::vector<Step> steps;
  std::vector<const Dump*> segment;
  for (const Dump& d : dumps) {
    bool module_scope_nested = !d.banner.op.empty() && d.banner.op != "builtin.module";
    if (!d.module) {
      segment.push_back(&d);
      continue;
    }
    FlushSegment(&segment, &state, &steps);
    state.SetModule(d.text);
    // Module scope prints the whole module after the pass ran on each function: one pass, its last dump.
    if (module_scope_nested && !steps.empty() && steps.back().module_scope && steps.back().pass == d.banner.pass &&
        !steps.back().failed) {
      steps.back().text = d.text;
      steps.back().line = d.line;
      steps.back().failed = d.banner.failed;
      steps.back().log += d.between;
      continue;
    }
    Step step;
    step.pass = d.banner.pass;
    step.text = d.text;
    step.line = d.line;
    step.failed = d.banner.failed;
    step.log = d.between;
    step.module_scope = module_scope_nested;
    steps.push_back(std::move(step));
  }
  FlushSegment(&segment, &state, &steps);

  auto file = [&](std::string snapshot_text, size_t line, const std::string& log) {
    DumpFile f;
    f.name = name + " line " + std::to_string(line);
    f.extension = "mlir";
    f.text = std::make_shared<const std::string>(std::move(snapshot_text));
    if (!log.empty()) {
      f.log_name = f.name;
      f.log = std::make_shared<const std::string>(log);
    }
    return f;
  };
  size_t first = 0;
  if (input) {
    listing.frontend = file(input->text, input->line, "");
  } else {
    listing.frontend = file(steps[0].text, steps[0].line, steps[0].log);
    listing.frontend_label = steps[0].pass;
    listing.notes.push_back("the log starts after this pass: this is its output, shown whole");
    first = 1;
  }
  for (size_t k = first; k < steps.size(); ++k) {
    Step& s = steps[k];
    std::string log = s.log;
    if (s.failed && log.find("error") == std::string::npos) {
      log += "error: " + s.pass + " failed (the log holds no diagnostics for it)\n";
    }
    DumpPass p;
    p.number = k - first + 1;
    p.pass_name = s.pass;
    p.file = file(std::move(s.text), s.line, log);
    listing.passes.push_back(std::move(p));
  }
  if (!unfinished.empty()) {
    listing.notes.push_back("the log holds only before-dumps: the result of its last pass, " + unfinished +
                            ", is not in it");
  }
  if (!trailing.empty()) {
    size_t n = std::count(trailing.begin(), trailing.end(), '\n');
    listing.notes.push_back("the log goes on after its last dump with " + std::to_string(n) +
                            (n == 1 ? " line" : " lines") + " that are not a dump (the tool's own output), not shown");
  }
  std::string program = ProgramName(listing.frontend.text ? *listing.frontend.text : "", "mlir");
  listing.title = program.empty() ? Stem(name) : program;
  if (listing.passes.empty()) {
    // One dump only: it is the first entry; a listing needs a pass, so it is also that pass.
    DumpPass p;
    p.number = 1;
    p.pass_name = listing.frontend_label;
    p.file = listing.frontend;
    listing.passes.push_back(std::move(p));
  }
  return listing;
}

}  // namespace irtrace
