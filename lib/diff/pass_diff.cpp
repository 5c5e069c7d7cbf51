#include "diff/pass_diff.h"

#include <algorithm>
#include <map>

#include "diff/line_intern.h"
#include "diff/longest_run.h"
#include "input/snapshot.h"

namespace irtrace {
namespace {

DiffData MakeDiff(const std::vector<uint32_t>& ids_a, const std::vector<uint32_t>& ids_b,
                  const std::vector<std::string_view>& a, const std::vector<std::string_view>& b) {
  DiffData d;
  d.script = DiffLines(ids_a, ids_b);
  if (!d.script.Empty()) d.pairs = PairLines(d.script, a, b);
  return d;
}

// Keys of `s` in file order, with "" (outside) last when any line is outside every function.
std::vector<std::string> KeysOf(const Snapshot& s) {
  std::vector<std::string> keys;
  size_t covered = 0;
  for (const Section& sec : s.scope.sections) {
    keys.push_back(sec.key);
    covered += sec.end - sec.begin;
  }
  if (covered < s.lines.size()) keys.push_back("");
  return keys;
}

// Per element of `pos`: true when it is not part of the longest increasing run (LongestIncreasingRun) of
// `pos`, i.e. it moved relative to the others.
std::vector<bool> NotInLongestRun(const std::vector<size_t>& pos) {
  std::vector<bool> moved(pos.size(), true);
  for (size_t k : LongestIncreasingRun(pos)) moved[k] = false;
  return moved;
}

template <typename T>
std::vector<T> Pick(const std::vector<T>& v, const std::vector<uint32_t>& idx) {
  std::vector<T> out;
  out.reserve(idx.size());
  for (uint32_t i : idx) out.push_back(v[i]);
  return out;
}

// The lines of `key` in `s` (the contract of FunctionLines). `index` (key -> section number, SectionIndex)
// finds a section in O(log F), so a pass with F functions costs O(lines + F log F), not F scans of every
// section; nullptr scans the sections.
std::vector<uint32_t> LinesOf(const Snapshot& s, const std::string& key, const std::map<std::string, size_t>* index) {
  std::vector<uint32_t> out;
  auto add_range = [&out](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) out.push_back(static_cast<uint32_t>(i));
  };
  if (key.empty()) {
    size_t next = 0;
    for (const Section& sec : s.scope.sections) {
      add_range(next, sec.begin);
      next = sec.end;
    }
    add_range(next, s.lines.size());
    return out;
  }
  const Section* found = nullptr;
  if (index) {
    auto it = index->find(key);
    if (it != index->end()) found = &s.scope.sections[it->second];
  } else {
    for (const Section& sec : s.scope.sections) {
      if (sec.key == key) {
        found = &sec;
        break;
      }
    }
  }
  if (found) add_range(found->begin, found->end);
  return out;
}

std::map<std::string, size_t> SectionIndex(const Snapshot& s) {
  std::map<std::string, size_t> index;
  for (size_t k = 0; k < s.scope.sections.size(); ++k) index.emplace(s.scope.sections[k].key, k);
  return index;
}

std::vector<FunctionDiff> DiffFunctions(const Snapshot& a, const Snapshot& b, const std::vector<uint32_t>& ids_a,
                                        const std::vector<uint32_t>& ids_b) {
  std::vector<std::string> keys_a = KeysOf(a), keys_b = KeysOf(b);
  std::map<std::string, size_t> index_a = SectionIndex(a), index_b = SectionIndex(b);
  std::map<std::string, size_t> pos_a;
  for (size_t k = 0; k < keys_a.size(); ++k) pos_a[keys_a[k]] = k;

  // Relative order of functions present on both sides (outside excluded): which ones moved.
  std::vector<size_t> common_pos;
  std::vector<std::string> common_keys;
  for (const std::string& k : keys_b) {
    if (!k.empty() && pos_a.count(k)) {
      common_pos.push_back(pos_a[k]);
      common_keys.push_back(k);
    }
  }
  std::vector<bool> moved_flags = NotInLongestRun(common_pos);
  std::map<std::string, bool> moved;
  for (size_t k = 0; k < common_keys.size(); ++k) moved[common_keys[k]] = moved_flags[k];

  std::vector<FunctionDiff> touched, rest;
  auto add = [&](FunctionDiff f) {
    (f.status == FunctionStatus::kSame ? rest : touched).push_back(std::move(f));
  };
  for (const std::string& key : keys_b) {
    FunctionDiff f;
    f.key = key;
    std::vector<uint32_t> lb = LinesOf(b, key, &index_b);
    if (!pos_a.count(key)) {
      f.status = FunctionStatus::kAdded;
      f.ins = lb.size();
      add(std::move(f));
      continue;
    }
    std::vector<uint32_t> la = LinesOf(a, key, &index_a);
    std::vector<uint32_t> fa = Pick(ids_a, la), fb = Pick(ids_b, lb);
    if (fa == fb) {
      f.status = !key.empty() && moved[key] ? FunctionStatus::kMoved : FunctionStatus::kSame;
    } else {
      f.status = FunctionStatus::kChanged;
      f.diff = MakeDiff(fa, fb, Pick(a.lines, la), Pick(b.lines, lb));
      f.ins = f.diff.script.Inserted();
      f.del = f.diff.script.Deleted();
    }
    add(std::move(f));
  }
  std::map<std::string, bool> in_b;
  for (const std::string& k : keys_b) in_b[k] = true;
  for (const std::string& key : keys_a) {
    if (in_b.count(key)) continue;
    FunctionDiff f;
    f.key = key;
    f.status = FunctionStatus::kRemoved;
    f.del = LinesOf(a, key, &index_a).size();
    add(std::move(f));
  }
  touched.insert(touched.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
  return touched;
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
  if (a.bom != b.bom) {
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

}  // namespace

std::vector<uint32_t> FunctionLines(const Snapshot& s, const std::string& key) { return LinesOf(s, key, nullptr); }

PassDiff DiffPass(const Snapshot& before, const Snapshot& after) {
  PassDiff out;
  out.identical = before.text == after.text;
  bool split_a = before.scope.fallback.empty(), split_b = after.scope.fallback.empty();
  bool has_sections = !before.scope.sections.empty() || !after.scope.sections.empty();
  if (out.identical) {
    // Nothing to compute, but the function list still names every function (all "same"), under the
    // same rules as a changed pass: none for a format without functions or a side that fell back (the
    // viewer explains a fallback from the snapshot's own "fallback" field).
    if (!split_b || !has_sections) return out;
    for (const std::string& key : KeysOf(after)) {
      FunctionDiff f;
      f.key = key;
      f.status = FunctionStatus::kSame;
      out.functions.push_back(std::move(f));
    }
    return out;
  }
  std::vector<uint32_t> ids_a, ids_b;
  InternPair(before, after, &ids_a, &ids_b);
  out.whole = MakeDiff(ids_a, ids_b, before.lines, after.lines);

  out.notes = Notes(before, after, out.whole.script);

  if (split_a && split_b && has_sections) out.functions = DiffFunctions(before, after, ids_a, ids_b);
  return out;
}

}  // namespace irtrace
