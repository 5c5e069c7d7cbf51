#include "input/llvm_changed_diff.h"

#include "scope/function_scope.h"
#include "util/line_index.h"

namespace irtrace {
namespace {

constexpr std::string_view kSection = "*** IR for function ";

bool StartsWith(std::string_view s, std::string_view p) { return s.size() >= p.size() && s.substr(0, p.size()) == p; }

bool EndsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// The mark of one diff line (' ', '-', '+'; 0 for none: an empty line, a section line) and its content,
// =cdiff's colours taken off.
char Mark(std::string_view l, std::string_view* content) {
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  if (StartsWith(l, "\x1b[31m") || StartsWith(l, "\x1b[32m")) {
    l.remove_prefix(5);
    if (EndsWith(l, "\x1b[0m")) l.remove_suffix(4);
  }
  if (l.empty() || (l[0] != ' ' && l[0] != '-' && l[0] != '+')) return 0;
  *content = l.substr(1);
  return l[0];
}

std::vector<std::string_view> Lines(const std::string& text) {
  std::vector<std::string_view> out;
  for (size_t at = 0; at < text.size();) {
    size_t nl = text.find('\n', at);
    if (nl == std::string::npos) nl = text.size();
    out.push_back(std::string_view(text).substr(at, nl - at));
    at = nl + 1;
  }
  return out;
}

bool Blank(std::string_view s) { return s.find_first_not_of(" \t") == std::string_view::npos; }

// One side of a section: the lines marked ' ' and `mark`, without the blank lines it starts and ends with
// (each block is printed after a blank line; the define line and brace are not printed).
std::vector<std::string> Side(const std::vector<std::string>& section, char mark) {
  std::vector<std::string> out;
  for (const std::string& l : section) {
    std::string_view content;
    char m = Mark(l, &content);
    if (m == ' ' || m == mark) out.emplace_back(content);
  }
  size_t first = 0;
  while (first < out.size() && Blank(out[first])) ++first;
  out.erase(out.begin(), out.begin() + static_cast<long>(first));
  while (!out.empty() && Blank(out.back())) out.pop_back();
  return out;
}

std::vector<std::string> NonBlank(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  for (const std::string& l : lines)
    if (!Blank(l)) out.push_back(l);
  return out;
}

}  // namespace

bool LooksLikeChangedDiff(const std::string& text) {
  bool marked = false;
  for (std::string_view l : Lines(text)) {
    std::string_view content;
    char m = Mark(l, &content);
    if (m == '-' || m == '+' || StartsWith(l, "\x1b[")) marked = true;
    if (m == 0 && !(l.empty() || l == "\r") && !StartsWith(l, kSection)) return false;
  }
  return marked;
}

DiffSides SidesOfDiff(const std::string& diff) {
  DiffSides out;
  for (std::string_view l : Lines(diff)) {
    std::string_view content;
    char m = Mark(l, &content);
    if (m == 0) content = l;
    if (m != '+') out.before.append(content).push_back('\n');
    if (m != '-') out.after.append(content).push_back('\n');
  }
  return out;
}

ChangedDiffModule::ChangedDiffModule(const std::string& start) {
  LineIndex index(start, '\n');
  Scope scope = SplitFunctions(ScopeLanguage::kLlvm, index);
  size_t cursor = 0;
  auto text_chunk = [&](size_t begin, size_t end) {
    if (end <= begin) return;
    Chunk c;
    for (size_t k = begin; k < end; ++k) c.text.append(index[k]).push_back('\n');
    chunks_.push_back(std::move(c));
  };
  for (const Section& s : scope.sections) {
    size_t begin = s.begin;
    if (begin > cursor && StartsWith(index[begin - 1], "; Function Attrs:")) --begin;
    text_chunk(cursor, begin);
    Chunk f;
    f.function = true;
    f.key = s.key;
    for (size_t k = begin; k <= s.begin; ++k) f.head.append(index[k]).push_back('\n');
    // The body: between the define line and the closing brace (the section's last line).
    for (size_t k = s.begin + 1; k + 1 < s.end; ++k) f.body.emplace_back(index[k]);
    chunks_.push_back(std::move(f));
    cursor = s.end;
  }
  text_chunk(cursor, index.size());
}

std::string ChangedDiffModule::FunctionText(const Chunk& c) {
  std::string out = c.head;
  for (const std::string& l : c.body) out.append(l).push_back('\n');
  return out + "}\n";
}

std::string ChangedDiffModule::Text() const {
  std::string out;
  for (const Chunk& c : chunks_) out += c.function ? FunctionText(c) : c.text;
  return out;
}

std::vector<std::string> ChangedDiffModule::FunctionKeys() const {
  std::vector<std::string> out;
  for (const Chunk& c : chunks_)
    if (c.function) out.push_back(c.key);
  return out;
}

bool ChangedDiffModule::ApplyTo(Chunk* c, const std::vector<std::string>& section, bool* changed) {
  bool same_before = NonBlank(Side(section, '-')) == NonBlank(c->body);
  std::vector<std::string> after = Side(section, '+');
  *changed = after != c->body;
  c->body = std::move(after);
  return same_before;
}

ChangedDiffModule::Applied ChangedDiffModule::ApplyFunction(const std::string& key, const std::string& diff) {
  Applied a;
  std::vector<std::string> section;
  for (std::string_view l : Lines(diff)) section.emplace_back(l);
  for (Chunk& c : chunks_) {
    if (!c.function || c.key != key) continue;
    bool changed = false;
    if (!ApplyTo(&c, section, &changed)) {
      a.notes.push_back("the diff's before side of " + key + " is not its text as the log showed it last");
    }
    if (changed) a.changed.push_back(key);
    a.text = FunctionText(c);
    return a;
  }
  a.notes.push_back(key + " is not in the module as the log showed it last: its diff is not applied");
  return a;
}

ChangedDiffModule::Applied ChangedDiffModule::ApplyModule(const std::string& diff) {
  Applied a;
  std::vector<std::vector<std::string>> sections;
  for (std::string_view l : Lines(diff)) {
    if (StartsWith(l, kSection)) sections.emplace_back();
    else if (!sections.empty()) sections.back().emplace_back(l);
  }
  size_t next = 0;  // the chunk of the next function not yet matched
  auto next_function = [&] {
    while (next < chunks_.size() && !chunks_[next].function) ++next;
    return next < chunks_.size();
  };
  for (const std::vector<std::string>& s : sections) {
    bool before = !NonBlank(Side(s, '-')).empty(), after = !NonBlank(Side(s, '+')).empty();
    if (!before) {
      a.notes.push_back("a function added here is left out: the diff does not print its name or define line");
      continue;
    }
    if (!next_function()) {
      a.notes.push_back("the diff prints more functions than the module as the log showed it last holds");
      break;
    }
    // Matched by order; a function the diff left out (not in LLVM 19, which prints every one) is skipped
    // when a later one has the section's before side.
    std::vector<std::string> was = NonBlank(Side(s, '-'));
    for (size_t k = next; k < chunks_.size(); ++k) {
      if (chunks_[k].function && NonBlank(chunks_[k].body) == was) {
        next = k;
        break;
      }
    }
    Chunk& c = chunks_[next];
    if (!after) {
      a.changed.push_back(c.key);
      chunks_.erase(chunks_.begin() + static_cast<long>(next));
      continue;
    }
    bool changed = false;
    if (!ApplyTo(&c, s, &changed)) {
      a.notes.push_back("the diff's before side of " + c.key +
                        " (matched by order) is not its text as the log showed it last");
    }
    if (changed) a.changed.push_back(c.key);
    ++next;
  }
  a.text = Text();
  return a;
}

}  // namespace irtrace
