#include "diff/pass_diff.h"

#include <algorithm>
#include <string_view>
#include <type_traits>
#include <unordered_map>

#include "diff/line_intern.h"
#include "diff/longest_run.h"
#include "input/llvm_refs.h"
#include "input/mlir_aliases.h"
#include "input/snapshot.h"

namespace irtrace {
namespace {

// `Lines`: a LineIndex or a vector of views (PairLines).
template <typename Lines>
DiffData MakeDiff(const std::vector<uint32_t>& ids_a, const std::vector<uint32_t>& ids_b, const Lines& a,
                  const Lines& b, bool pair) {
  DiffData d;
  d.script = DiffLines(ids_a, ids_b);
  d.paired = pair;
  if (pair && !d.script.Empty()) d.pairs = PairLines(d.script, a, b);
  return d;
}

// Lines of `s` in no section.
size_t OutsideCount(const Snapshot& s) {
  size_t covered = 0;
  for (const Section& sec : s.scope.sections) covered += sec.end - sec.begin;
  return s.lines.size() - covered;
}

// Per element of `pos`: true when it is not part of the longest increasing run (LongestIncreasingRun) of
// `pos`, i.e. it moved relative to the others.
std::vector<bool> NotInLongestRun(const std::vector<size_t>& pos) {
  std::vector<bool> moved(pos.size(), true);
  for (size_t k : LongestIncreasingRun(pos)) moved[k] = false;
  return moved;
}

// The lines of "" in `s`: every line in no section, ascending.
std::vector<uint32_t> OutsideLines(const Snapshot& s) {
  std::vector<uint32_t> out;
  auto add_range = [&out](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) out.push_back(static_cast<uint32_t>(i));
  };
  size_t next = 0;
  for (const Section& sec : s.scope.sections) {
    add_range(next, sec.begin);
    next = sec.end;
  }
  add_range(next, s.lines.size());
  return out;
}

// The elements of `v` (a vector, or a LineIndex giving views) at indices `idx`, in order.
template <typename V>
auto Pick(const V& v, const std::vector<uint32_t>& idx) {
  std::vector<std::decay_t<decltype(v[0])>> out;
  out.reserve(idx.size());
  for (uint32_t i : idx) out.push_back(v[i]);
  return out;
}

std::vector<uint32_t> Range(size_t begin, size_t end) {
  std::vector<uint32_t> out(end - begin);
  for (size_t i = begin; i < end; ++i) out[i - begin] = static_cast<uint32_t>(i);
  return out;
}

// True when the function whose lines are [ba, ea) before and [bb, eb) after holds every change of the
// whole-file script `whole` in a way that makes its own diff the same script: the lines before it are the
// same count on both sides and all in the script's leading equal run, the lines after it likewise in the
// trailing one, and that leading run ends inside the function on both sides. DiffLines trims the common
// prefix and suffix before anything else, so on these conditions the whole file and the function reach the
// same remaining lines, and give the same script (shifted by ba) and the same pairs.
bool HoldsEveryChange(const EditScript& whole, size_t na, size_t nb, size_t ba, size_t ea, size_t bb, size_t eb) {
  if (whole.Empty() || ba != bb || na - ea != nb - eb) return false;
  size_t lead = whole.ops[0];
  if (lead < ba || lead >= ea || lead >= eb) return false;
  EditEnd end = ForEachBlock(whole, [](const EditBlock&) {});
  return na - end.before >= na - ea;
}

// A changed function with its diff.
FunctionDiff Changed(DiffData diff) {
  FunctionDiff f;
  f.status = FunctionStatus::kChanged;
  f.diff = std::move(diff);
  f.ins = f.diff.script.Inserted();
  f.del = f.diff.script.Deleted();
  return f;
}

// The whole-file diff as the diff of a function starting at line `begin` on both sides (HoldsEveryChange).
DiffData Shifted(const DiffData& whole, size_t begin) {
  DiffData d = whole;
  d.script.ops[0] -= static_cast<uint32_t>(begin);
  return d;
}

// Diffs lines `la` of a against lines `lb` of b (0-based, ascending) on their own.
DiffData DiffLinesOf(const Snapshot& a, const Snapshot& b, const std::vector<uint32_t>& ids_a,
                     const std::vector<uint32_t>& ids_b, const std::vector<uint32_t>& la,
                     const std::vector<uint32_t>& lb, bool pair) {
  return MakeDiff(Pick(ids_a, la), Pick(ids_b, lb), Pick(a.lines, la), Pick(b.lines, lb), pair);
}

// Diffs a function present on both sides, sections `na` before and `nb` after. `whole`: the pass's
// whole-file diff, reused when the function holds every change (HoldsEveryChange), so a function spanning
// the file is neither copied out nor diffed twice.
FunctionDiff DiffSection(const Snapshot& a, const Snapshot& b, const std::vector<uint32_t>& ids_a,
                         const std::vector<uint32_t>& ids_b, const DiffData& whole, const Section& na,
                         const Section& nb) {
  if (na.begin < na.end && nb.begin < nb.end &&
      HoldsEveryChange(whole.script, a.lines.size(), b.lines.size(), na.begin, na.end, nb.begin, nb.end)) {
    return Changed(Shifted(whole, na.begin));
  }
  return Changed(DiffLinesOf(a, b, ids_a, ids_b, Range(na.begin, na.end), Range(nb.begin, nb.end), whole.paired));
}

// Diffs the lines outside every section, `la` before and `lb` after, likewise.
FunctionDiff DiffOutside(const Snapshot& a, const Snapshot& b, const std::vector<uint32_t>& ids_a,
                         const std::vector<uint32_t>& ids_b, const DiffData& whole, const std::vector<uint32_t>& la,
                         const std::vector<uint32_t>& lb) {
  bool contiguous =
      !la.empty() && !lb.empty() && la.back() - la.front() + 1 == la.size() && lb.back() - lb.front() + 1 == lb.size();
  if (contiguous && HoldsEveryChange(whole.script, a.lines.size(), b.lines.size(), la.front(), la.back() + 1,
                                     lb.front(), lb.back() + 1)) {
    return Changed(Shifted(whole, la.front()));
  }
  return Changed(DiffLinesOf(a, b, ids_a, ids_b, la, lb, whole.paired));
}

// Whether lines `la` of a and `lb` of b compare equal, by their ids.
bool SameIds(const std::vector<uint32_t>& ids_a, const std::vector<uint32_t>& ids_b, size_t ba, size_t ea, size_t bb,
             size_t eb) {
  return ea - ba == eb - bb && std::equal(ids_a.begin() + ba, ids_a.begin() + ea, ids_b.begin() + bb);
}

// A listed function without a diff of its own (added, removed, moved): its key, status and line counts.
FunctionDiff Listed(std::string key, FunctionStatus status, uint64_t ins, uint64_t del) {
  FunctionDiff f;
  f.key = std::move(key);
  f.status = status;
  f.ins = ins;
  f.del = del;
  return f;
}

// The touched functions of a pass (PassDiff::functions). Cost: a lookup per section and a comparison of
// each function's ids; only changed functions copy lines out and run a diff.
std::vector<FunctionDiff> DiffFunctions(const Snapshot& a, const Snapshot& b, const std::vector<uint32_t>& ids_a,
                                        const std::vector<uint32_t>& ids_b, const DiffData& whole) {
  const std::vector<Section>& sa = a.scope.sections;
  const std::vector<Section>& sb = b.scope.sections;
  std::unordered_map<std::string_view, size_t> index_a;
  index_a.reserve(sa.size());
  for (size_t k = 0; k < sa.size(); ++k) index_a.emplace(sa[k].key, k);

  // Each after section's section before (npos: added), and the relative order of those present on both
  // sides: which ones moved.
  constexpr size_t kNone = static_cast<size_t>(-1);
  std::vector<size_t> match(sb.size(), kNone), common_pos;
  std::vector<bool> in_b(sa.size(), false);
  for (size_t k = 0; k < sb.size(); ++k) {
    auto it = index_a.find(sb[k].key);
    if (it == index_a.end()) continue;
    match[k] = it->second;
    in_b[it->second] = true;
    common_pos.push_back(it->second);
  }
  std::vector<bool> moved = NotInLongestRun(common_pos);

  std::vector<FunctionDiff> touched;
  size_t common = 0;
  for (size_t k = 0; k < sb.size(); ++k) {
    const Section& nb = sb[k];
    if (match[k] == kNone) {
      touched.push_back(Listed(nb.key, FunctionStatus::kAdded, nb.end - nb.begin, 0));
      continue;
    }
    const Section& na = sa[match[k]];
    bool was_moved = moved[common++];
    if (SameIds(ids_a, ids_b, na.begin, na.end, nb.begin, nb.end)) {
      if (was_moved) touched.push_back(Listed(nb.key, FunctionStatus::kMoved, 0, 0));
      continue;
    }
    FunctionDiff f = DiffSection(a, b, ids_a, ids_b, whole, na, nb);
    f.key = nb.key;
    touched.push_back(std::move(f));
  }
  // "" (lines outside every section) comes last on each side.
  size_t out_a = OutsideCount(a), out_b = OutsideCount(b);
  if (out_b > 0 && out_a == 0) {
    touched.push_back(Listed("", FunctionStatus::kAdded, out_b, 0));
  } else if (out_b > 0) {
    std::vector<uint32_t> la = OutsideLines(a), lb = OutsideLines(b);
    if (Pick(ids_a, la) != Pick(ids_b, lb)) touched.push_back(DiffOutside(a, b, ids_a, ids_b, whole, la, lb));
  }
  for (size_t k = 0; k < sa.size(); ++k) {
    if (!in_b[k]) touched.push_back(Listed(sa[k].key, FunctionStatus::kRemoved, 0, sa[k].end - sa[k].begin));
  }
  if (out_a > 0 && out_b == 0) touched.push_back(Listed("", FunctionStatus::kRemoved, 0, out_a));
  return touched;
}

// The script from a's section list to b's (PassDiff::sections). A section is compared as (key, lines since
// the end of the section before it, its line count); keys are unique on each side, so an after entry gets
// the id of the before entry with its key when the two compare equal, else an id of its own.
EditScript DiffSections(const std::vector<Section>& sa, const std::vector<Section>& sb) {
  auto same = [&](size_t i, size_t j) {
    size_t gap_a = sa[i].begin - (i ? sa[i - 1].end : 0), gap_b = sb[j].begin - (j ? sb[j - 1].end : 0);
    return gap_a == gap_b && sa[i].end - sa[i].begin == sb[j].end - sb[j].begin && sa[i].key == sb[j].key;
  };
  if (sa.size() == sb.size()) {
    bool all = true;
    for (size_t i = 0; i < sa.size() && all; ++i) all = same(i, i);
    if (all) return EditScript();
  }
  std::unordered_map<std::string_view, uint32_t> index_a;
  index_a.reserve(sa.size());
  std::vector<uint32_t> ids_a(sa.size()), ids_b(sb.size());
  for (size_t i = 0; i < sa.size(); ++i) {
    ids_a[i] = static_cast<uint32_t>(i);
    index_a.emplace(sa[i].key, static_cast<uint32_t>(i));
  }
  for (size_t j = 0; j < sb.size(); ++j) {
    auto it = index_a.find(sb[j].key);
    ids_b[j] = it != index_a.end() && same(it->second, j) ? it->second : static_cast<uint32_t>(sa.size() + j);
  }
  return DiffLines(ids_a, ids_b);
}

// With an empty script (every line compares equal): whether the line endings differ, rather than only a
// byte-order mark.
bool EndingsDiffer(const Snapshot& a, const Snapshot& b) {
  if (a.line_break != b.line_break) return true;
  for (size_t i = 0; i < a.lines.size() && i < b.lines.size(); ++i) {
    size_t na = a.lines[i].size() - (i == 0 && a.bom ? 3 : 0), nb = b.lines[i].size() - (i == 0 && b.bom ? 3 : 0);
    if (na != nb) return true;
  }
  return false;
}

// What a pass changed that its diff does not show: the file's own notes that are new on the after side,
// a byte-order mark added or removed, and, for a pass whose lines all compare equal, line endings.
std::vector<std::string> Notes(const Snapshot& a, const Snapshot& b, const EditScript& script) {
  std::vector<std::string> notes;
  for (const std::string& n : b.notes) {
    if (std::find(a.notes.begin(), a.notes.end(), n) == a.notes.end()) notes.push_back(n);
  }
  if (a.encoding != b.encoding && b.encoding == TextEncoding::kUtf8) {
    notes.push_back(std::string("read as UTF-8 again (the snapshot before was ") +
                    (a.encoding == TextEncoding::kUtf16Le ? "UTF-16LE)" : "UTF-16BE)"));
  }
  if (a.bom != b.bom && a.encoding == b.encoding) {
    notes.push_back(b.bom ? "a byte-order mark (U+FEFF) was added at the start of the file"
                          : "the byte-order mark (U+FEFF) at the start of the file was removed");
  }
  if (script.Empty() && EndingsDiffer(a, b)) {
    if (a.line_break == LineBreak::kLf && b.line_break == LineBreak::kLf) {
      notes.push_back("only line endings differ (CRLF vs LF)");
    } else {
      const Snapshot& other = a.line_break == LineBreak::kCr ? b : a;
      notes.push_back(std::string("only line endings differ (CR vs ") + other.LineEndingName() + ")");
    }
  }
  return notes;
}

bool AttrsComment(std::string_view l);

// True when a line the script deletes or inserts holds a `#N` / `!N` reference or is a "; Function Attrs:"
// line: otherwise the references run the same on both sides (the equal lines are equal, in order), and
// comparing by meaning changes nothing.
bool ChangesTouchRefs(const EditScript& script, const Snapshot& a, const Snapshot& b) {
  bool any = false;
  auto touches = [](std::string_view l) { return HasIrRef(l) || AttrsComment(l); };
  ForEachBlock(script, [&](const EditBlock& k) {
    for (size_t i = k.before; i < k.before + k.del && !any; ++i) any = touches(a.KeyOf(i));
    for (size_t j = k.after; j < k.after + k.ins && !any; ++j) any = touches(b.KeyOf(j));
  });
  return any;
}

// True when a line the script deletes or inserts holds '#' or '!' (an MLIR alias, its definition or a
// reference to one): otherwise comparing aliases by their values changes nothing.
bool ChangesTouchAliases(const EditScript& script, const Snapshot& a, const Snapshot& b) {
  bool any = false;
  auto touches = [](std::string_view l) { return l.find_first_of("#!") != std::string_view::npos; };
  ForEachBlock(script, [&](const EditBlock& k) {
    for (size_t i = k.before; i < k.before + k.del && !any; ++i) any = touches(a.KeyOf(i));
    for (size_t j = k.after; j < k.after + k.ins && !any; ++j) any = touches(b.KeyOf(j));
  });
  return any;
}

bool FunctionKeysHave(const Snapshot& s, const std::string& key) {
  for (const Section& sec : s.scope.sections)
    if (sec.key == key) return true;
  return false;
}

// Dense ids of the two sides' hashes (equal hashes, equal ids).
void InternHashes(const std::vector<uint64_t>& ha, const std::vector<uint64_t>& hb, std::vector<uint32_t>* ia,
                  std::vector<uint32_t>* ib) {
  std::unordered_map<uint64_t, uint32_t> ids;
  ids.reserve(ha.size() + hb.size());
  auto id = [&](uint64_t h) { return ids.emplace(h, static_cast<uint32_t>(ids.size())).first->second; };
  ia->resize(ha.size());
  ib->resize(hb.size());
  for (size_t i = 0; i < ha.size(); ++i) (*ia)[i] = id(ha[i]);
  for (size_t j = 0; j < hb.size(); ++j) (*ib)[j] = id(hb[j]);
}

bool AttrsComment(std::string_view l) { return l.rfind("; Function Attrs:", 0) == 0; }

// What a line's meaning is compared through: LLVM IR's `#N` / `!N` definitions, MLIR's alias definitions.
using IsDefinition = bool (*)(std::string_view line);

// The lines outside every function of `s` that are not blank, no definition (`is_def`) and no function's
// "; Function Attrs:" line (which belongs to the function below it), by their ids: a module pass that
// deletes a function leaves one blank line fewer, which is no change of the module-level lines, and a
// definition is compared through the references to it (an MLIR alias its printer renames or drops with
// its last use is none either).
std::vector<uint32_t> OutsideMeaning(const Snapshot& s, const std::vector<uint32_t>& ids, IsDefinition is_def) {
  std::vector<uint32_t> out;
  for (uint32_t i : OutsideLines(s))
    if (!s.KeyOf(i).empty() && !is_def(s.KeyOf(i)) && !AttrsComment(s.KeyOf(i))) out.push_back(ids[i]);
  return out;
}

// Each function's "; Function Attrs:" line (the line right above its define) in `s`: key -> its id.
std::unordered_map<std::string, uint32_t> AttrsLines(const Snapshot& s, const std::vector<uint32_t>& ids) {
  std::unordered_map<std::string, uint32_t> out;
  for (const Section& sec : s.scope.sections)
    if (sec.begin > 0 && AttrsComment(s.KeyOf(sec.begin - 1))) out.emplace(sec.key, ids[sec.begin - 1]);
  return out;
}

// The functions whose "; Function Attrs:" line changed while their own lines did not: changed (the line
// belongs to them, not to the lines outside every function).
void AddAttrsChanges(const Snapshot& a, const Snapshot& b, const std::vector<uint32_t>& ma,
                     const std::vector<uint32_t>& mb, std::vector<FunctionDiff>* out) {
  std::unordered_map<std::string, uint32_t> before = AttrsLines(a, ma), after = AttrsLines(b, mb);
  std::unordered_map<std::string, size_t> at;
  for (size_t k = 0; k < out->size(); ++k) at.emplace((*out)[k].key, k);
  for (const Section& sec : b.scope.sections) {
    auto x = before.find(sec.key), y = after.find(sec.key);
    if (x == before.end() && y == after.end()) continue;
    if (x != before.end() && y != after.end() && x->second == y->second) continue;
    auto f = at.find(sec.key);
    if (f == at.end()) {
      // Its own lines are as they were: changed, with no line of its own to count.
      if (FunctionKeysHave(a, sec.key)) out->push_back(Listed(sec.key, FunctionStatus::kChanged, 0, 0));
      continue;
    }
    FunctionDiff& d = (*out)[f->second];
    if (d.status != FunctionStatus::kSame) continue;
    d.status = FunctionStatus::kChanged;  // its raw diff shown and counted
    d.ins = d.diff.script.Inserted();
    d.del = d.diff.script.Deleted();
    d.diff.meaning.reset();
  }
}

// The touched functions by meaning (ids `ma`, `mb`; `meaning` the whole-file script by meaning), each with
// its raw diff from `raw` (and its meaning script where that differs), then the functions only renumbering
// changed (kSame). The lines outside every function are compared without the definition lines.
std::vector<FunctionDiff> MergeMeaning(const Snapshot& a, const Snapshot& b, const std::vector<uint32_t>& ma,
                                       const std::vector<uint32_t>& mb, const EditScript& meaning,
                                       std::vector<FunctionDiff> raw, IsDefinition is_def) {
  DiffData whole;
  whole.script = meaning;
  whole.paired = false;
  std::vector<FunctionDiff> by_meaning = DiffFunctions(a, b, ma, mb, whole);
  std::unordered_map<std::string, size_t> raw_at;
  for (size_t k = 0; k < raw.size(); ++k) raw_at.emplace(raw[k].key, k);
  std::vector<bool> taken(raw.size(), false);
  std::vector<FunctionDiff> out;
  for (FunctionDiff& f : by_meaning) {
    if (f.key.empty() && f.status == FunctionStatus::kChanged &&
        OutsideMeaning(a, ma, is_def) == OutsideMeaning(b, mb, is_def))
      continue;
    auto it = raw_at.find(f.key);
    FunctionDiff merged = std::move(f);
    EditScript m = std::move(merged.diff.script);
    merged.diff = DiffData();
    merged.diff.paired = false;
    if (it != raw_at.end()) {
      taken[it->second] = true;
      merged.diff = std::move(raw[it->second].diff);
    }
    if (merged.status == FunctionStatus::kChanged && m.ops != merged.diff.script.ops)
      merged.diff.meaning = std::move(m);
    out.push_back(std::move(merged));
  }
  for (size_t k = 0; k < raw.size(); ++k) {
    if (taken[k] || raw[k].status != FunctionStatus::kChanged) continue;
    FunctionDiff same = std::move(raw[k]);
    same.status = FunctionStatus::kSame;
    same.ins = same.del = 0;
    same.diff.meaning = EditScript();
    out.push_back(std::move(same));
  }
  AddAttrsChanges(a, b, ma, mb, &out);
  return out;
}

// Compares the pass again by meaning (DiffPass's header), each line by its hash (`ha`, `hb`), and records
// where that differs.
void CompareByMeaning(const Snapshot& a, const Snapshot& b, const std::vector<uint64_t>& ha,
                      const std::vector<uint64_t>& hb, IsDefinition is_def, PassDiff* out) {
  std::vector<uint32_t> ma, mb;
  InternHashes(ha, hb, &ma, &mb);
  EditScript meaning = DiffLines(ma, mb);
  if (out->by_function) out->functions = MergeMeaning(a, b, ma, mb, meaning, std::move(out->functions), is_def);
  if (meaning.ops != out->whole.script.ops) out->whole.meaning = std::move(meaning);
}

// LLVM IR: references by what they name where both sides define them, else by canonical numbering.
void CompareLlvmByMeaning(const Snapshot& a, const Snapshot& b, PassDiff* out) {
  bool content = !a.mixed_numbering && !b.mixed_numbering && HoldsIrRefDefinitions(a) && HoldsIrRefDefinitions(b);
  IrRefMode mode = content ? IrRefMode::kByContent : IrRefMode::kCanonical;
  CompareByMeaning(a, b, *CachedIrRefKeyHashes(a, mode), *CachedIrRefKeyHashes(b, mode), IsIrRefDefinition, out);
}

}  // namespace

std::vector<std::string> FunctionKeys(const Snapshot& s) {
  std::vector<std::string> keys;
  for (const Section& sec : s.scope.sections) keys.push_back(sec.key);
  if (OutsideCount(s) > 0) keys.push_back("");
  return keys;
}

std::vector<uint32_t> FunctionLines(const Snapshot& s, const std::string& key) {
  if (key.empty()) return OutsideLines(s);
  for (const Section& sec : s.scope.sections) {
    if (sec.key == key) return Range(sec.begin, sec.end);
  }
  return {};
}

PassDiff DiffPass(const Snapshot& before, const Snapshot& after, bool pair_lines) {
  PassDiff out;
  // The same text in another language (a .txt pass written as .py) splits differently: not identical.
  out.identical = before.text == after.text && before.lang == after.lang;
  bool split_a = before.scope.fallback.empty(), split_b = after.scope.fallback.empty();
  bool has_sections = !before.scope.sections.empty() || !after.scope.sections.empty();
  // A format without functions or a side that fell back has no function list (the viewer explains a
  // fallback from the snapshot's own "fallback" field).
  out.by_function = split_a && split_b && has_sections;
  // Identical text: nothing changed, so nothing is listed (every function is the same). The file's own
  // notes still show where they first appear (a snapshot now read as UTF-16, say).
  if (out.identical) {
    out.notes = Notes(before, after, EditScript{});
    return out;
  }
  out.sections = DiffSections(before.scope.sections, after.scope.sections);
  std::vector<uint32_t> ids_a, ids_b;
  InternPair(before, after, &ids_a, &ids_b);
  out.whole = MakeDiff(ids_a, ids_b, before.lines, after.lines, pair_lines);

  out.notes = Notes(before, after, out.whole.script);

  if (out.by_function) out.functions = DiffFunctions(before, after, ids_a, ids_b, out.whole);
  if (before.lang == ScopeLanguage::kLlvm && after.lang == ScopeLanguage::kLlvm &&
      ChangesTouchRefs(out.whole.script, before, after)) {
    CompareLlvmByMeaning(before, after, &out);
  }
  // MLIR: aliases by their values (input/mlir_aliases.h), where either side defines one, and the lines
  // outside every function without blank lines (a file printed by mlir-opt ends in one its dumps lack).
  auto outside_changed = std::any_of(out.functions.begin(), out.functions.end(), [](const FunctionDiff& f) {
    return f.key.empty() && f.status == FunctionStatus::kChanged;
  });
  if (before.lang == ScopeLanguage::kMlir && after.lang == ScopeLanguage::kMlir &&
      (outside_changed || ((HoldsMlirAliases(before) || HoldsMlirAliases(after)) &&
                           ChangesTouchAliases(out.whole.script, before, after)))) {
    CompareByMeaning(before, after, MlirAliasKeyHashes(before), MlirAliasKeyHashes(after), IsMlirAliasDefinition, &out);
  }
  return out;
}

}  // namespace irtrace
