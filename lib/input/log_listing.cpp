#include "input/log_listing.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include "util/line_index.h"

namespace irtrace {
namespace {

bool IsBlankLine(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }

std::string Indent(const std::string& text, const std::string& indent) {
  if (indent.empty()) return text;
  std::string out;
  for (const std::string& l : SplitKeepingBreaks(text)) out += (IsBlankLine(l) ? "" : indent) + l;
  return out;
}

std::string WithBreak(std::string s) {
  if (!s.empty() && s.back() != '\n') s.push_back('\n');
  return s;
}

// MLIR: the lines [begin, end) of a nested operation that names `key` (`gpu.module @key {`, or generic
// `sym_name = "key"`) but is no function the scope splits out, found by its first line and its braces;
// {0, 0} when there is none.
std::pair<size_t, size_t> FindNestedOp(const std::vector<std::string>& lines, const std::string& key) {
  for (size_t k = 1; k < lines.size(); ++k) {
    const std::string& l = lines[k];
    size_t at = l.find("@" + key);
    bool named = at != std::string::npos && (at + 1 + key.size() >= l.size() ||
                                             !(std::isalnum(static_cast<unsigned char>(l[at + 1 + key.size()])) ||
                                               l[at + 1 + key.size()] == '_' || l[at + 1 + key.size()] == '.'));
    if (!named && l.find("sym_name = \"" + key + "\"") == std::string::npos) continue;
    int depth = 0;
    for (size_t j = k; j < lines.size(); ++j) {
      depth += BraceDelta(lines[j]);
      if (depth <= 0) return {k, j + 1};
    }
    return {0, 0};
  }
  return {0, 0};
}

}  // namespace

std::vector<std::string> SplitKeepingBreaks(const std::string& text) {
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

void SplicedModule::SetModule(std::string text) {
  module_ = std::move(text);
  funcs_.clear();
}

void SplicedModule::SetFunction(const std::string& key, std::string text) { funcs_[key] = WithBreak(std::move(text)); }

void SplicedModule::SetFrame(std::string header, std::string footer, std::vector<std::string> order) {
  header_ = std::move(header);
  footer_ = std::move(footer);
  order_ = std::move(order);
}

namespace {

using FunctionTexts = std::map<std::string, std::string>;  // key -> its latest text

// No module dump but a frame (SetFrame): the header, the functions in `order` then the others, each
// indented by two, the footer.
std::string FramedFunctions(const std::string& header, const std::string& footer, const std::vector<std::string>& order,
                            const FunctionTexts& funcs) {
  std::string out = header;
  std::set<std::string> done;
  for (const std::string& key : order) {
    auto it = funcs.find(key);
    if (it != funcs.end() && done.insert(key).second) out += Indent(it->second, "  ");
  }
  for (const auto& [key, text] : funcs) {
    if (!done.count(key)) out += Indent(text, "  ");
  }
  return out + footer;
}

// Where a module dump's functions go when the splice puts function dumps into it.
struct SplicePlan {
  std::map<size_t, const Section*> at;  // a function's first line -> its section
  size_t insert_at = 0;                 // the line before which functions the module lacks go
  std::string new_indent;               // and how they are indented there
  std::set<std::string> in_module;      // keys the module holds (its functions, nested operations)
  std::map<size_t, std::pair<size_t, std::string>> nested;  // a nested op's begin -> its end, key
};

SplicePlan PlanSplice(ScopeLanguage lang, const std::vector<std::string>& lines, const Scope& scope,
                      const FunctionTexts& funcs) {
  SplicePlan plan;
  for (const Section& s : scope.sections) plan.at[s.begin] = &s;
  plan.insert_at = lines.size();
  if (lang == ScopeLanguage::kMlir) {
    for (size_t k = lines.size(); k-- > 0;) {
      if (lines[k].rfind("}", 0) == 0) {
        plan.insert_at = k;
        plan.new_indent = "  ";
        break;
      }
    }
  } else if (!scope.sections.empty()) {
    plan.insert_at = scope.sections.back().end;
  }
  for (const Section& s : scope.sections) plan.in_module.insert(s.key);
  // An MLIR dump of a nested operation the scope does not split out (a `gpu.module`) replaces it where it is.
  if (lang == ScopeLanguage::kMlir) {
    for (const auto& [key, text] : funcs) {
      if (plan.in_module.count(key)) continue;
      auto [b, e] = FindNestedOp(lines, key);
      if (e > b && !plan.at.count(b)) {
        plan.nested[b] = {e, key};
        plan.in_module.insert(key);
      }
    }
  }
  return plan;
}

std::string LeadingSpace(const std::string& line) { return line.substr(0, line.find_first_not_of(" \t")); }

// The module's lines with each function dump (and nested operation dump) in its place, re-indented as the
// line it replaces, and the functions the module lacks at plan.insert_at.
std::string Splice(ScopeLanguage lang, const std::vector<std::string>& lines, const SplicePlan& plan,
                   const FunctionTexts& funcs) {
  std::string out;
  std::string last_line;  // the module line last copied to `out`
  for (size_t k = 0; k <= lines.size();) {
    if (k == plan.insert_at) {
      for (const auto& [key, text] : funcs) {
        if (!plan.in_module.count(key))
          out += (lang == ScopeLanguage::kMlir ? "" : "\n") + Indent(text, plan.new_indent);
      }
    }
    if (k == lines.size()) break;
    auto op = plan.nested.find(k);
    if (op != plan.nested.end()) {
      out += Indent(funcs.at(op->second.second), LeadingSpace(lines[k]));
      k = op->second.first;
      last_line.clear();
      continue;
    }
    auto it = plan.at.find(k);
    if (it != plan.at.end() && funcs.count(it->second->key)) {
      const std::string& text = funcs.at(it->second->key);
      // LLVM prints "; Function Attrs: ..." above a define, outside its section: the dump's own replaces it.
      if (k > 0 && last_line.rfind("; Function Attrs:", 0) == 0 && text.rfind("; Function Attrs:", 0) == 0) {
        out.resize(out.size() - last_line.size());
      }
      out += Indent(text, LeadingSpace(lines[k]));
      k = it->second->end;
      last_line.clear();
      continue;
    }
    last_line = lines[k];
    out += lines[k++];
  }
  return out;
}

}  // namespace

std::string SplicedModule::Text() const {
  if (module_.empty() && !header_.empty()) return FramedFunctions(header_, footer_, order_, funcs_);
  if (module_.empty()) {
    std::string out;
    for (const auto& [key, text] : funcs_) out += (out.empty() ? "" : "\n") + text;
    return out;
  }
  if (funcs_.empty()) return module_;
  std::vector<std::string> lines = SplitKeepingBreaks(module_);
  LineIndex index(module_, '\n');
  Scope scope = SplitFunctions(lang_, index);
  return Splice(lang_, lines, PlanSplice(lang_, lines, scope, funcs_), funcs_);
}

DumpListing ReadFilesAsLog(const std::string& dir, const std::vector<std::string>& rel,
                           const std::function<DumpListing(const std::string&, const std::string&)>& read) {
  std::string log;
  std::map<size_t, std::string> file_at;  // 1-based line where a file starts -> its path inside `dir`
  size_t line = 1;
  for (const std::string& f : rel) {
    std::ifstream in(std::filesystem::path(dir) / f, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    if (!in.good() && !in.eof()) throw DumpError("cannot read '" + f + "'");
    std::string text = s.str();
    if (!text.empty() && text.back() != '\n') text.push_back('\n');
    file_at[line] = f;
    line += static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
    log += text;
  }
  DumpListing listing = read(dir, log);
  const std::string prefix = dir + " line ";
  auto file_of = [&](std::string* name) {
    if (name->rfind(prefix, 0) != 0) return false;
    auto at = file_at.upper_bound(std::stoul(name->substr(prefix.size())));
    if (at == file_at.begin()) return false;
    *name = std::prev(at)->second;
    return true;
  };
  auto rename = [&](DumpFile* f) {
    if (file_of(&f->name) && f->log) f->log_name = f->name;
  };
  rename(&listing.frontend);
  for (DumpPass& p : listing.passes) {
    rename(&p.file);
    if (p.before) rename(&*p.before);
    for (PassExecution& x : p.executions) file_of(&x.dump);
  }
  listing.sources.clear();
  for (const std::string& f : rel) listing.sources.push_back((std::filesystem::path(dir) / f).string());
  return listing;
}

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

std::vector<std::string> AfterPassOfBeforeDumps(const std::vector<std::string>& passes, std::string* last_pass) {
  std::vector<std::string> after(passes.size());
  std::string previous;  // the pass of the run before ("" for the first run)
  for (size_t i = 0; i < passes.size();) {
    size_t end = i;
    while (end < passes.size() && passes[end] == passes[i]) after[end++] = previous;
    previous = passes[i];
    i = end;
  }
  *last_pass = previous;
  return after;
}

bool AnyLine(std::string_view text, bool (*is_banner)(std::string_view line)) {
  for (size_t at = 0; at < text.size();) {
    size_t nl = text.find('\n', at);
    if (is_banner(text.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at))) return true;
    if (nl == std::string_view::npos) break;
    at = nl + 1;
  }
  return false;
}

void AddSoleDumpAsPass(DumpListing* listing) {
  if (!listing->passes.empty()) return;
  DumpPass p;
  p.number = 1;
  p.pass_name = listing->frontend_label;
  p.file = listing->frontend;
  listing->passes.push_back(std::move(p));
}

Error SeveralReports(const std::string& input, const std::vector<std::string>& parts) {
  return Error(input + " holds " + std::to_string(parts.size()) + " reports (" + parts.at(0) + ", " + parts.at(1) +
                   (parts.size() > 2 ? ", ..." : "") + "): -o DIR/ writes one each",
               ExitCode::kUsage);
}

std::string LogStem(const std::string& name) {
  std::string base = name.substr(name.find_last_of('/') + 1);
  size_t dot = base.rfind('.');
  return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

void SetNoInput(DumpListing* listing, const std::string& name, const std::string& ext) {
  // The first pass is a pass: the IR it was handed is not in the log, so its before is empty.
  listing->frontend = DumpFile();
  listing->frontend.name = name + " (the IR before pass 1: not in the log)";
  listing->frontend.extension = ext;
  listing->frontend.text = std::make_shared<const std::string>();
  listing->frontend_label = kNoInputLabel;
}

DumpListing MakeLogListing(const std::string& name, const std::string& ext, std::optional<LogStep> input,
                           std::vector<LogStep> steps, std::vector<std::string> notes, const std::string& title) {
  DumpListing listing;
  auto file = [&](LogStep& s) {
    DumpFile f;
    f.name = name + " line " + std::to_string(s.line);
    f.extension = ext;
    f.text = std::make_shared<const std::string>(std::move(s.text));
    std::string log = s.log;
    if (s.failed && log.find("error") == std::string::npos) {
      log += "error: " + s.pass + " failed (the log holds no diagnostics for it)\n";
    }
    if (!log.empty()) {
      f.log_name = f.name;
      f.log = std::make_shared<const std::string>(std::move(log));
    }
    return f;
  };
  if (input) {
    listing.frontend = file(*input);
  } else {
    SetNoInput(&listing, name, ext);
    if (!steps.empty()) steps[0].notes.insert(steps[0].notes.begin(), kNoInputNote);
  }
  for (std::string& n : notes) listing.notes.push_back(std::move(n));
  for (size_t k = 0; k < steps.size(); ++k) {
    DumpPass p;
    p.number = k + 1;
    p.pass_name = steps[k].pass;
    p.notes = std::move(steps[k].notes);
    p.executions = std::move(steps[k].executions);
    p.log_notes = std::move(steps[k].log_notes);
    for (PassExecution& x : p.executions) x.dump = name + " line " + std::to_string(x.line);
    if (steps[k].before) {
      DumpFile b;
      b.name = steps[k].before_name;
      b.extension = ext;
      b.text = std::make_shared<const std::string>(std::move(*steps[k].before));
      p.before = std::move(b);
    }
    p.file = file(steps[k]);
    listing.passes.push_back(std::move(p));
  }
  AddSoleDumpAsPass(&listing);
  listing.title = title;
  return listing;
}

}  // namespace irtrace
