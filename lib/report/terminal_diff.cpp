#include "report/terminal_diff.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <unistd.h>

#include "diff/edit_script.h"
#include "diff/pass_diff.h"
#include "input/snapshot.h"

namespace irtrace {
namespace {

// git's default colours (color.diff.meta, frag, old, new) and reset.
constexpr const char* kBold = "\033[1m";
constexpr const char* kCyan = "\033[36m";
constexpr const char* kRed = "\033[31m";
constexpr const char* kGreen = "\033[32m";
constexpr const char* kBoldRed = "\033[1;31m";
constexpr const char* kReset = "\033[m";

// Appends one line: `text` (already visible) in `color` when colours are on, then '\n'.
void Line(std::string* out, const TerminalStyle& style, const char* color, std::string_view text) {
  if (style.color && color) out->append(color);
  out->append(text);
  if (style.color && color) out->append(kReset);
  out->push_back('\n');
}

// One side of a diff: a snapshot and which of its lines the diff's 0-based indices stand for (a function's
// lines, or all of them).
struct Side {
  const Snapshot* snap;
  std::vector<uint32_t> lines;  // the diff's index i is the snapshot's line lines[i]
};

Side WholeSide(const Snapshot& s) {
  Side side{&s, std::vector<uint32_t>(s.lines.size())};
  for (size_t i = 0; i < side.lines.size(); ++i) side.lines[i] = static_cast<uint32_t>(i);
  return side;
}

// "-4,7" / "+4" (a count of 1 is left out, as diff -u does): the 1-based line of the range's first line in
// the snapshot file; an empty range names the line before it (0 at the start).
std::string Range(char sign, const Side& side, size_t first, size_t count) {
  size_t start = 0;
  if (count > 0) {
    start = side.lines[first] + 1;
  } else if (first > 0) {
    start = side.lines[first - 1] + 1;
  }
  std::string r(1, sign);
  r += std::to_string(start);
  if (count != 1) r += "," + std::to_string(count);
  return r;
}

// Appends the line of `side` at diff index i with its prefix (' ', '-', '+'), and diff's marker when it is
// the file's last line and lacks a newline.
void DiffLine(std::string* out, const TerminalStyle& style, const char* color, char prefix, const Side& side,
              size_t i) {
  uint32_t line = side.lines[i];
  std::string text(1, prefix);
  text += VisibleText(side.snap->KeyOf(line));
  Line(out, style, color, text);
  if (side.snap->LacksNewline(line)) Line(out, style, nullptr, "\\ No newline at end of file");
}

// A change block of an edit script, by diff index.
struct Change {
  size_t before, del, after, ins;
};

// Appends the hunks of `script` (over a's and b's diff indices): changes closer than 2 x context lines
// share a hunk, as in diff -u. `tail` follows each @@ header (the function's label, or "").
void WriteHunks(std::string* out, const TerminalStyle& style, const Side& a, const Side& b, const EditScript& script,
                const std::string& tail) {
  std::vector<Change> changes;
  ForEachBlock(script, [&](const EditBlock& blk) {
    if (blk.del + blk.ins > 0) changes.push_back({blk.before, blk.del, blk.after, blk.ins});
  });
  const size_t context = static_cast<size_t>(std::max(0, style.context));
  size_t prev_end = 0;  // before-side index past the previous hunk's last change
  for (size_t i = 0; i < changes.size();) {
    size_t j = i;
    while (j + 1 < changes.size() && changes[j + 1].before - (changes[j].before + changes[j].del) <= 2 * context) {
      ++j;
    }
    const Change& first = changes[i];
    const Change& last = changes[j];
    size_t lead = std::min(context, first.before - prev_end);
    size_t next = j + 1 < changes.size() ? changes[j + 1].before : a.lines.size();
    size_t trail = std::min(context, next - (last.before + last.del));
    size_t a0 = first.before - lead, b0 = first.after - lead;
    size_t a_end = last.before + last.del + trail, b_end = last.after + last.ins + trail;
    std::string header = "@@ " + Range('-', a, a0, a_end - a0) + " " + Range('+', b, b0, b_end - b0) + " @@";
    if (style.color) header = kCyan + header + kReset;
    if (!tail.empty()) header += " " + VisibleText(tail);
    Line(out, style, nullptr, header);
    size_t ai = a0, bi = b0;
    for (size_t k = i; k <= j; ++k) {
      for (; ai < changes[k].before; ++ai, ++bi) DiffLine(out, style, nullptr, ' ', a, ai);
      for (size_t d = 0; d < changes[k].del; ++d, ++ai) DiffLine(out, style, kRed, '-', a, ai);
      for (size_t n = 0; n < changes[k].ins; ++n, ++bi) DiffLine(out, style, kGreen, '+', b, bi);
    }
    for (; ai < a_end; ++ai, ++bi) DiffLine(out, style, nullptr, ' ', a, ai);
    prev_end = last.before + last.del;
    i = j + 1;
  }
}

// The "--- a/..." and "+++ b/..." lines, each followed by `what` (the function, its status) when not "".
void FileHeaders(std::string* out, const TerminalStyle& style, const TerminalPass& pass, const std::string& what) {
  std::string tail = what.empty() ? "" : "  " + VisibleText(what);
  Line(out, style, kBold, "--- a/" + VisibleText(pass.before) + tail);
  Line(out, style, kBold, "+++ b/" + VisibleText(pass.after) + tail);
}

// An edit script that deletes `del` lines and inserts `ins` (a whole added or removed function).
EditScript WholeChange(size_t del, size_t ins) {
  EditScript s;
  if (del + ins > 0) s.ops = {0, static_cast<uint32_t>(del), static_cast<uint32_t>(ins)};
  return s;
}

// Appends one function's part of a pass: its headers and hunks.
void WriteFunction(std::string* out, const TerminalStyle& style, const TerminalPass& pass, const Snapshot& before,
                   const Snapshot& after, const FunctionDiff& f) {
  std::string label = FunctionLabel(f.key, after.lang);
  Side a{&before, {}}, b{&after, {}};
  switch (f.status) {
    case FunctionStatus::kChanged:
      FileHeaders(out, style, pass, label);
      a.lines = FunctionLines(before, f.key);
      b.lines = FunctionLines(after, f.key);
      WriteHunks(out, style, a, b, f.diff.script, label);
      return;
    case FunctionStatus::kAdded:
      FileHeaders(out, style, pass, label + " (added)");
      b.lines = FunctionLines(after, f.key);
      WriteHunks(out, style, a, b, WholeChange(0, b.lines.size()), label);
      return;
    case FunctionStatus::kRemoved:
      FileHeaders(out, style, pass, FunctionLabel(f.key, before.lang) + " (removed)");
      a.lines = FunctionLines(before, f.key);
      WriteHunks(out, style, a, b, WholeChange(a.lines.size(), 0), FunctionLabel(f.key, before.lang));
      return;
    case FunctionStatus::kMoved: FileHeaders(out, style, pass, label + " (moved: same lines, another place)"); return;
    case FunctionStatus::kSame: return;
  }
}

bool HasSection(const Snapshot& s, const std::string& key) {
  if (key.empty()) return true;
  return std::any_of(s.scope.sections.begin(), s.scope.sections.end(),
                     [&](const Section& sec) { return sec.key == key; });
}

std::string Counts(uint64_t ins, uint64_t del) { return ": +" + std::to_string(ins) + " -" + std::to_string(del); }

}  // namespace

std::string FunctionLabel(const std::string& key, ScopeLanguage lang) {
  if (key.empty()) return "(outside functions)";
  if (lang == ScopeLanguage::kMlir || lang == ScopeLanguage::kLlvm) return "@" + key;
  return key;
}

bool WritePassDiff(const TerminalPass& pass, const Snapshot& before, const Snapshot& after, const PassDiff& diff,
                   const TerminalStyle& style, const std::optional<std::string>& function, std::string* out) {
  // LLVM IR: a pass whose every change is renumbering of `#N` / `!N` changes nothing (DiffData::meaning).
  const EditScript& counted = diff.whole.meaning ? *diff.whole.meaning : diff.whole.script;
  if (counted.Empty()) return false;
  bool by_function = diff.by_function && !diff.functions.empty();
  if (function && by_function) {
    auto f = std::find_if(diff.functions.begin(), diff.functions.end(),
                          [&](const FunctionDiff& fd) { return fd.key == *function; });
    if (f == diff.functions.end() || f->status == FunctionStatus::kSame) return false;
    Line(out, style, kBold, VisibleText(pass.title) + Counts(f->ins, f->del));
    WriteFunction(out, style, pass, before, after, *f);
    return true;
  }
  // A whole-file diff asked for one function: shown when either side has it, since the change may be there.
  if (function && !HasSection(before, *function) && !HasSection(after, *function)) return false;
  Line(out, style, kBold, VisibleText(pass.title) + Counts(counted.Inserted(), counted.Deleted()));
  if (by_function) {
    for (const FunctionDiff& f : diff.functions) WriteFunction(out, style, pass, before, after, f);
    return true;
  }
  if (function) Line(out, style, nullptr, "(this pass is not split into functions: the whole file)");
  FileHeaders(out, style, pass, "");
  WriteHunks(out, style, WholeSide(before), WholeSide(after), diff.whole.script, "");
  return true;
}

void WriteFailedPass(const TerminalPass& pass, std::string_view error, const Snapshot& last,
                     const std::string& last_name, const TerminalStyle& style,
                     const std::optional<std::string>& function, std::string* out) {
  Line(out, style, kBoldRed, "[FAILED] " + VisibleText(pass.title));
  LineIndex error_lines(error, '\n');
  for (std::string_view l : error_lines) {
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    Line(out, style, kRed, VisibleText(l));
  }
  bool one = function && HasSection(last, *function);
  std::string what = one ? ", " + FunctionLabel(*function, last.lang) : "";
  Line(out, style, kBold, "last IR (" + VisibleText(last_name) + VisibleText(what) + "):");
  Side side = one ? Side{&last, FunctionLines(last, *function)} : WholeSide(last);
  for (uint32_t line : side.lines) Line(out, style, nullptr, VisibleText(last.KeyOf(line)));
}

void WriteUnchangedPass(const TerminalPass& pass, const std::optional<std::string>& function, ScopeLanguage lang,
                        const TerminalStyle& style, std::string* out) {
  std::string what = function ? "no change to " + FunctionLabel(*function, lang) : "no change";
  Line(out, style, kBold, VisibleText(pass.title) + ": " + VisibleText(what));
}

std::string VisibleText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  char buf[8];
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\t') || c == 0x7f) {
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    } else if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned char>(text[i + 1]));
      out += buf;
      ++i;
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  return out;
}

bool AutoColor(int fd) {
  if (!::isatty(fd)) return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* term = std::getenv("TERM");
  return !(term && std::strcmp(term, "dumb") == 0);
}

}  // namespace irtrace
