#include "input/llvm_loop_splice.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

#include "input/llvm_block_renames.h"

namespace irtrace {
namespace {

bool NameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
         c == '$' || c == '-' || c == '%' || c == '@';
}

// The `#N` / `!N` references of `line` (as CanonicalNumbering finds them): {kind ('#' or '!'), the offset of
// its digits, their count}.
struct Ref {
  char kind;
  size_t at, len;
};
std::vector<Ref> RefsOf(std::string_view line) {
  std::vector<Ref> out;
  for (size_t k = 0; k < line.size(); ++k) {
    char c = line[k];
    if ((c != '!' && c != '#') || (k > 0 && (NameChar(line[k - 1]) || line[k - 1] == '!' || line[k - 1] == '#')))
      continue;
    size_t d = k + 1;
    while (d < line.size() && line[d] >= '0' && line[d] <= '9') ++d;
    if (d == k + 1 || (d < line.size() && NameChar(line[d]))) continue;
    out.push_back(Ref{c, k + 1, d - k - 1});
    k = d - 1;
  }
  return out;
}

// A loop dump's reference numbers as its function's text numbers them (LLVM numbers metadata and attribute
// groups per printing: a loop dump's `!tbaa !5` is the function dump's `!11`), learned from the lines of
// blocks both print that are equal but for those numbers: kind + number -> the function's number.
using RefMap = LoopNumbering;

std::string Stripped(std::string_view line, const std::vector<Ref>& refs) {
  std::string out;
  size_t at = 0;
  for (const Ref& r : refs) {
    out.append(line.substr(at, r.at - at));
    at = r.at + r.len;
  }
  out.append(line.substr(at));
  return out;
}

// `s` with the numbers of its unnamed values and blocks left out ("%12" -> "%"): the same line after a
// pass renumbered them.
std::string Loose(const std::string& s) {
  std::string out;
  for (size_t k = 0; k < s.size(); ++k) {
    out.push_back(s[k]);
    if (s[k] != '%') continue;
    while (k + 1 < s.size() && s[k + 1] >= '0' && s[k + 1] <= '9') ++k;
  }
  return out;
}

void LearnRefs(std::string_view mine, std::string_view theirs, RefMap* map) {
  std::vector<Ref> a = RefsOf(mine), b = RefsOf(theirs);
  if (a.empty() || a.size() != b.size() || Loose(Stripped(mine, a)) != Loose(Stripped(theirs, b))) return;
  for (size_t k = 0; k < a.size(); ++k) {
    if (a[k].kind != b[k].kind) return;
  }
  for (size_t k = 0; k < a.size(); ++k) {
    map->emplace(a[k].kind + std::string(mine.substr(a[k].at, a[k].len)),
                 std::string(theirs.substr(b[k].at, b[k].len)));
  }
}

// `line` with its references renumbered by `map` (a number it lacks kept).
std::string Renumbered(std::string_view line, const RefMap& map) {
  std::string out;
  size_t at = 0;
  for (const Ref& r : RefsOf(line)) {
    out.append(line.substr(at, r.at - at));
    auto it = map.find(r.kind + std::string(line.substr(r.at, r.len)));
    out.append(it != map.end() ? std::string_view(it->second) : line.substr(r.at, r.len));
    at = r.at + r.len;
  }
  out.append(line.substr(at));
  return out;
}

// The runs being built, a run of consecutive lines of one source kept as one.
class Runs {
 public:
  void Copy(SpliceRun::From from, size_t begin, size_t end) {
    if (end <= begin) return;
    if (!runs_.empty() && runs_.back().from == from && from != SpliceRun::From::kLiteral && runs_.back().end == begin) {
      runs_.back().end = end;
      return;
    }
    runs_.push_back(SpliceRun{from, begin, end, ""});
  }
  void Blank() { Literal(""); }
  void Literal(std::string line) { runs_.push_back(SpliceRun{SpliceRun::From::kLiteral, 0, 0, std::move(line)}); }
  // Lines [begin, end) of the dump, each renumbered by `map` (a line it changes: a literal one).
  void CopyDump(const LineIndex& dump, size_t begin, size_t end, const RefMap& map) {
    for (size_t k = begin; k < end; ++k) {
      std::string line = map.empty() ? std::string() : Renumbered(dump[k], map);
      if (map.empty() || line == dump[k]) Copy(SpliceRun::From::kDump, k, k + 1);
      else Literal(std::move(line));
    }
  }
  std::vector<SpliceRun> Take() { return std::move(runs_); }

 private:
  std::vector<SpliceRun> runs_;
};

using From = SpliceRun::From;

// Block labels of `lines` -> index in it.
std::map<std::string, size_t> LabelIndex(const std::vector<IrBlockLine>& lines) {
  std::map<std::string, size_t> out;
  for (size_t k = 0; k < lines.size(); ++k) {
    if (lines[k].block) out.emplace(lines[k].label, k);
  }
  return out;
}

// The first number block `b` of `lines` defines: its label's ("5:") or its first unnamed value's
// ("  %7 = ..."); -1 when it defines none. LLVM numbers a function's unnamed blocks and values in the order
// they stand (AsmWriter's slot tracker), so these numbers give the blocks' order.
long FirstSlot(const LineIndex& lines, const IrBlockLine& b) {
  if (long n = LlvmNumber(b.label); n >= 0) return n;
  for (size_t k = b.begin; k < b.end; ++k) {
    std::string_view l = lines[k];
    if (l.rfind("  %", 0) != 0) continue;
    size_t eq = l.find(" = ");
    if (eq == std::string_view::npos) continue;
    if (long n = LlvmNumber(l.substr(3, eq - 3)); n >= 0) return n;
  }
  return -1;
}

// Where each dump block the function lacks goes: a numbered one (FirstSlot) before the first block after
// the entry block whose number is higher (`by_slot`: slot -> dump index, in order); another after the
// function block (index) nearest before it in the dump's order (`after`), else before the nearest after it
// (`before`); `at_end` those put before "}"; a renumbered block (RenamedBlocks) in the place of the removed
// block it was (`in_place`: function index -> dump index).
struct Placement {
  std::map<size_t, std::vector<size_t>> after, before;
  std::map<size_t, size_t> in_place;
  std::multimap<long, size_t> by_slot;
  std::vector<size_t> at_end;
};

Placement PlaceAdded(const LineIndex& lines, const std::vector<IrBlockLine>& dump,
                     const std::map<std::string, size_t>& in_function, const std::set<std::string>& removed,
                     const std::map<size_t, std::string>& renamed, std::vector<std::string>* added) {
  Placement out;
  auto held = [&](const IrBlockLine& b, size_t* at) {
    auto it = in_function.find(b.label);
    if (it == in_function.end() || removed.count(b.label)) return false;
    *at = it->second;
    return true;
  };
  for (size_t k = 0; k < dump.size(); ++k) {
    size_t at = 0;
    if (!dump[k].block || held(dump[k], &at)) continue;
    added->push_back(dump[k].label);
    if (auto r = renamed.find(k); r != renamed.end()) {
      out.in_place[in_function.at(r->second)] = k;
      continue;
    }
    if (long slot = FirstSlot(lines, dump[k]); slot >= 0) {
      out.by_slot.emplace(slot, k);
      continue;
    }
    bool placed = false;
    for (size_t j = k; j-- > 0 && !placed;) {
      if (dump[j].block && held(dump[j], &at)) out.after[at].push_back(k), placed = true;
    }
    for (size_t j = k + 1; j < dump.size() && !placed; ++j) {
      if (dump[j].block && held(dump[j], &at)) out.before[at].push_back(k), placed = true;
    }
    if (!placed) out.at_end.push_back(k);
  }
  return out;
}

// The RefMap of the dump's blocks against the function's blocks of the same label, line by line (a dump
// line against the first function line of its block with the same text but for the numbers), into `map`.
void LearnRefMap(const LineIndex& function_lines, const std::vector<IrBlockLine>& function,
                 const std::map<std::string, size_t>& in_function, const LineIndex& dump_lines,
                 const std::vector<IrBlockLine>& dump, RefMap* out) {
  // Lines equal but for the numbers first, then lines equal but for value numbers too (a pass renumbered
  // them): a number learned first is kept.
  for (bool loose : {false, true}) {
    for (const IrBlockLine& d : dump) {
      auto f = d.block ? in_function.find(d.label) : in_function.end();
      if (f == in_function.end()) continue;
      const IrBlockLine& b = function[f->second];
      for (size_t k = d.begin, j = b.begin; k < d.end && j < b.end; ++k) {
        std::vector<Ref> refs = RefsOf(dump_lines[k]);
        if (refs.empty()) continue;
        std::string mine = Stripped(dump_lines[k], refs);
        if (loose) mine = Loose(mine);
        for (size_t i = j; i < b.end; ++i) {
          std::vector<Ref> theirs = RefsOf(function_lines[i]);
          if (theirs.size() != refs.size()) continue;
          std::string other = Stripped(function_lines[i], theirs);
          if ((loose ? Loose(other) : other) != mine) continue;
          LearnRefs(dump_lines[k], function_lines[i], out);
          j = i + 1;
          break;
        }
      }
    }
  }
}

// What `map` knows of metadata numbers: the dump's `!N` -> the function's (-1 for a number too long).
std::map<long, long> KnownNodes(const RefMap& map) {
  std::map<long, long> known;
  for (const auto& [from, to] : map) {
    if (from[0] == '!' && from.size() > 1) known.emplace(LlvmNumber(std::string_view(from).substr(1)), LlvmNumber(to));
  }
  return known;
}

// Maps each `!N` of the dump that `map` does not know and that lies between two it knows, lo < N < hi, whose
// gap is the same in both numberings, to the number at the same distance: both printings number the
// function's metadata in the order its instructions first reference it (AsmWriter's slot tracker; a
// function dump after the module's own nodes), so a run of nodes new to the function keeps its spacing.
void Interpolate(const LineIndex& dump_lines, const std::vector<IrBlockLine>& dump, RefMap* map) {
  std::map<long, long> known = KnownNodes(*map);
  if (known.size() < 2 || dump.empty()) return;
  for (size_t k = dump.front().begin; k < dump.back().end; ++k) {
    for (const Ref& r : RefsOf(dump_lines[k])) {
      std::string digits(dump_lines[k].substr(r.at, r.len));
      if (r.kind != '!' || map->count('!' + digits)) continue;
      long n = LlvmNumber(digits);
      auto hi = known.upper_bound(n);
      if (n < 0 || hi == known.end() || hi == known.begin()) continue;
      auto lo = std::prev(hi);
      if (lo->second < 0 || hi->first - lo->first != hi->second - lo->second) continue;
      map->emplace('!' + digits, std::to_string(lo->second + (n - lo->first)));
    }
  }
}

// Maps each `!N` of the dump that `map` still does not know to N plus the offset of the nearest number it
// knows (below N, else above), when that is a number the function's text references and no other number
// of the dump maps to: the node at that place in the function's first-reference order (Interpolate).
void Extrapolate(const LineIndex& function_lines, const std::vector<IrBlockLine>& function, const LineIndex& dump_lines,
                 const std::vector<IrBlockLine>& dump, RefMap* map) {
  std::map<long, long> known = KnownNodes(*map);
  std::set<long> used, taken;
  for (const auto& [from, to] : *map)
    if (from[0] == '!' && from.size() > 1) taken.insert(LlvmNumber(to));
  if (known.empty() || function.empty() || dump.empty()) return;
  for (size_t k = function.front().begin; k < function.back().end; ++k) {
    for (const Ref& r : RefsOf(function_lines[k]))
      if (r.kind == '!') used.insert(LlvmNumber(function_lines[k].substr(r.at, r.len)));
  }
  for (size_t k = dump.front().begin; k < dump.back().end; ++k) {
    for (const Ref& r : RefsOf(dump_lines[k])) {
      std::string digits(dump_lines[k].substr(r.at, r.len));
      long n = LlvmNumber(digits);
      if (r.kind != '!' || n < 0 || map->count('!' + digits)) continue;
      auto hi = known.upper_bound(n);
      auto near = hi == known.begin() ? hi : std::prev(hi);
      long to = n + (near->second - near->first);
      if (near->second < 0 || !used.count(to) || taken.count(to)) continue;
      map->emplace('!' + digits, std::to_string(to));
      taken.insert(to);
    }
  }
}

// Gives each number of the dump that `map` does not know and that the function's text uses for something
// else a number of its own, above every number the function uses (a loop dump's `!5` may be the function's
// `!14` while the function's `!5` is another node: kept, the two would read as one).
void Unclash(const LineIndex& function_lines, const std::vector<IrBlockLine>& function, const LineIndex& dump_lines,
             const std::vector<IrBlockLine>& dump, RefMap* map) {
  if (function.empty() || dump.empty()) return;
  std::set<std::string> used;
  long top[2] = {-1, -1};
  auto note = [&](char kind, const std::string& n) {
    used.insert(kind + n);
    top[kind == '#'] = std::max(top[kind == '#'], n.size() > 9 ? 999999999L : std::stol(n));
  };
  for (size_t k = function.front().begin; k < function.back().end; ++k) {
    for (const Ref& r : RefsOf(function_lines[k])) note(r.kind, std::string(function_lines[k].substr(r.at, r.len)));
  }
  for (const auto& [from, to] : *map) note(from[0], to);
  for (size_t k = dump.front().begin; k < dump.back().end; ++k) {
    for (const Ref& r : RefsOf(dump_lines[k])) {
      std::string key = r.kind + std::string(dump_lines[k].substr(r.at, r.len));
      if (map->count(key) || !used.count(key)) continue;
      std::string fresh = std::to_string(++top[r.kind == '#']);
      used.insert(r.kind + fresh);
      map->emplace(key, fresh);
    }
  }
}

}  // namespace

void LearnLoopNumbering(const LineIndex& function_lines, const std::vector<IrBlockLine>& function,
                        const LineIndex& dump_lines, const std::vector<IrBlockLine>& dump, LoopNumbering* numbering) {
  LearnRefMap(function_lines, function, LabelIndex(function), dump_lines, dump, numbering);
}

namespace {

// The splice's output, block by block: the function's lines, the dump's blocks put in place of theirs or
// among them (Placement), the dump's numbers renumbered by `refs`.
class Splicer {
 public:
  // `blank`: an empty line of the function's text (copied between blocks put in), -1 for none.
  Splicer(const LineIndex& dump_lines, const std::vector<IrBlockLine>& dump, const RefMap& refs, Placement* place,
          long blank)
      : dump_lines_(dump_lines), dump_(dump), refs_(refs), place_(*place), blank_(blank) {}

  // Dump block k, an empty line before it (`blank_first`) or after it.
  void Put(size_t k, bool blank_first) {
    if (blank_first) Blank();
    runs.CopyDump(dump_lines_, dump_[k].begin, dump_[k].end, refs_);
    if (!blank_first) Blank();
  }
  void Blank() {
    if (blank_ >= 0) runs.Copy(From::kFunction, blank_, blank_ + 1);
    else runs.Blank();
  }
  void PutAll(const std::vector<size_t>& blocks, bool blank_first) {
    for (size_t k : blocks) Put(k, blank_first);
  }
  // The numbered new blocks below `slot`, before the block that has it.
  void PutSlotsBelow(long slot) {
    while (!place_.by_slot.empty() && place_.by_slot.begin()->first < slot) {
      Put(place_.by_slot.begin()->second, false);
      place_.by_slot.erase(place_.by_slot.begin());
    }
  }
  // What is left to put in, before the closing brace.
  void PutRest() {
    for (const auto& [slot, d] : place_.by_slot) Put(d, true);
    place_.by_slot.clear();
    PutAll(place_.at_end, true);
    place_.at_end.clear();
  }
  // The renumbered dump block that stands in the place of removed function block k, if any.
  bool PutInPlace(size_t k) {
    auto it = place_.in_place.find(k);
    if (it == place_.in_place.end()) return false;
    runs.CopyDump(dump_lines_, dump_[it->second].begin, dump_[it->second].end, refs_);
    return true;
  }
  bool InPlace(size_t k) const { return place_.in_place.count(k) > 0; }
  // Function block k (`b`), or its dump's text `shown` in its place, with the new blocks placed around it.
  void Block(size_t k, const IrBlockLine& b, const IrBlockLine* shown) {
    if (auto it = place_.before.find(k); it != place_.before.end()) PutAll(it->second, false);
    if (shown) runs.CopyDump(dump_lines_, shown->begin, shown->end, refs_);
    else runs.Copy(From::kFunction, b.begin, b.end);
    if (auto it = place_.after.find(k); it != place_.after.end()) PutAll(it->second, true);
  }

  Runs runs;

 private:
  const LineIndex& dump_lines_;
  const std::vector<IrBlockLine>& dump_;
  const RefMap& refs_;
  Placement& place_;
  long blank_;
};

}  // namespace

LoopSplice SpliceLoop(const LineIndex& function_lines, const std::vector<IrBlockLine>& function,
                      const LineIndex& dump_lines, const std::vector<IrBlockLine>& dump,
                      const std::vector<IrBlockLine>* previous, LoopNumbering* numbering) {
  LoopSplice out;
  std::map<std::string, size_t> in_dump = LabelIndex(dump), in_function = LabelIndex(function);
  std::set<std::string> removed;
  if (previous) {
    for (const IrBlockLine& b : *previous) {
      if (b.block && !in_dump.count(b.label) && in_function.count(b.label) && b.label != "") removed.insert(b.label);
    }
  }
  std::map<size_t, std::string> renamed;
  if (previous) {
    std::set<std::string> labels;
    for (const auto& [label, k] : in_function) labels.insert(label);
    renamed = RenamedBlocks(dump, *previous, removed, labels);
  }
  Placement place = PlaceAdded(dump_lines, dump, in_function, removed, renamed, &out.added);
  RefMap own;
  RefMap& refs = numbering ? *numbering : own;
  LearnRefMap(function_lines, function, in_function, dump_lines, dump, &refs);
  Interpolate(dump_lines, dump, &refs);
  Extrapolate(function_lines, function, dump_lines, dump, &refs);
  Unclash(function_lines, function, dump_lines, dump, &refs);
  long blank = -1;
  for (const IrBlockLine& b : function) {
    if (!b.block && blank < 0 && function_lines[b.begin].empty()) blank = static_cast<long>(b.begin);
  }
  Splicer splicer(dump_lines, dump, refs, &place, blank);
  size_t closing = function.size();  // the "}" line's item: blocks put at the end go before it
  for (size_t k = function.size(); k-- > 0 && !function[k].block;) closing = k;
  bool entry = true;
  for (size_t k = 0; k < function.size(); ++k) {
    const IrBlockLine& b = function[k];
    if (k == closing) splicer.PutRest();
    if (!b.block) {
      // The empty line before a removed block goes with it (not when a renumbered block takes its place).
      bool before_removed = k + 1 < function.size() && function[k + 1].block && removed.count(function[k + 1].label) &&
                            !splicer.InPlace(k + 1);
      if (!before_removed) splicer.runs.Copy(From::kFunction, b.begin, b.end);
      continue;
    }
    if (removed.count(b.label)) {
      out.removed.push_back(b.label);
      splicer.PutInPlace(k);
      continue;
    }
    auto d = in_dump.find(b.label);
    const IrBlockLine* shown = d != in_dump.end() ? &dump[d->second] : nullptr;
    if (!entry) {
      long slot = shown ? FirstSlot(dump_lines, *shown) : FirstSlot(function_lines, b);
      if (slot >= 0) splicer.PutSlotsBelow(slot);  // never before the entry block
    }
    entry = false;
    if (shown) out.replaced.push_back(b.label);
    splicer.Block(k, b, shown);
  }
  if (closing == function.size()) splicer.PutRest();
  out.runs = splicer.runs.Take();
  return out;
}

}  // namespace irtrace
