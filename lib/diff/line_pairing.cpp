#include "diff/line_pairing.h"

#include <algorithm>
#include <functional>

namespace irtrace {
namespace {

using Tokens = std::vector<uint64_t>;

bool IsWordChar(unsigned char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c >= 0x80;
}

// The tokens similarity counts: word pieces (identifiers split at '_', numbers), so an SSA rename
// (`a` -> `a_0`) keeps most of a line's tokens. Punctuation counts only on lines without any word:
// in IR nearly every line is full of `=`, `(`, `,` and `%`, which would make unrelated lines look alike.
Tokens Tokenize(std::string_view s) {
  Tokens words, punct;
  std::hash<std::string_view> h;
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == ' ' || c == '\t' || c == '\r' || c == '_') {
      ++i;
      continue;
    }
    size_t j = i + 1;
    if (IsWordChar(c)) {
      while (j < s.size() && IsWordChar(static_cast<unsigned char>(s[j]))) ++j;
      words.push_back(h(s.substr(i, j - i)));
    } else {
      punct.push_back(h(s.substr(i, 1)));
    }
    i = j;
  }
  return words.empty() ? punct : words;
}

// A line's tokens, sorted (a multiset).
struct LineTokens {
  Tokens bag;
};

LineTokens MakeLineTokens(std::string_view s) {
  LineTokens t{Tokenize(s)};
  std::sort(t.bag.begin(), t.bag.end());
  return t;
}

size_t BagOverlap(const Tokens& a, const Tokens& b) {
  size_t i = 0, j = 0, n = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] == b[j]) ++n, ++i, ++j;
    else if (a[i] < b[j]) ++i;
    else ++j;
  }
  return n;
}

// Dice coefficient over the token multisets: 2 * |common tokens| / (n + m). Order-blind, so one merge of
// the sorted bags (linear) instead of an LCS table per cell: blocks of 500 x 500 lines stay fast.
double Similarity(const LineTokens& la, const LineTokens& lb) {
  size_t n = la.bag.size(), m = lb.bag.size();
  if (n == 0 && m == 0) return 1.0;
  double total = static_cast<double>(n + m);
  if (2.0 * std::min(n, m) / total < kPairThreshold) return 0.0;  // lengths alone rule it out
  return 2.0 * BagOverlap(la.bag, lb.bag) / total;
}

// ---- defined names (DefinedName) ----

bool IsSpace(char c) { return c == ' ' || c == '\t'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsAlpha(char c) { return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }
// A Python-like name's first character: a letter, '_' or any byte of a non-ASCII character.
bool IsNameStart(char c) { return IsAlpha(c) || c == '_' || static_cast<unsigned char>(c) >= 0x80; }
bool IsNameChar(char c) { return IsNameStart(c) || IsDigit(c); }
// A character of an unquoted LLVM / MLIR name after its sigil.
bool IsSigilChar(char c) { return IsAlpha(c) || IsDigit(c) || c == '_' || c == '.' || c == '$' || c == '-'; }

// An assignment '=' at s[i]: not '=='.
bool IsAssign(std::string_view s, size_t i) {
  return i < s.size() && s[i] == '=' && (i + 1 == s.size() || s[i + 1] != '=');
}

size_t SkipSpaces(std::string_view s, size_t i) {
  while (i < s.size() && IsSpace(s[i])) ++i;
  return i;
}

// The end of the sigil name starting at s[i] (its '%' or '@'); i when there is none.
size_t SigilNameEnd(std::string_view s, size_t i) {
  size_t j = i + 1;
  if (j < s.size() && s[j] == '"') {
    size_t q = s.find('"', j + 1);
    return q == std::string_view::npos ? i : q + 1;
  }
  while (j < s.size() && IsSigilChar(s[j])) ++j;
  return j == i + 1 ? i : j;
}

// A sigil name made of digits only (%0, @12): a position, not an identity.
bool IsNumbered(std::string_view name) {
  for (size_t k = 1; k < name.size(); ++k)
    if (!IsDigit(name[k])) return false;
  return true;
}

// `%x = ...`, `%x:2 = ...`, `@x = ...` at s[i].
std::string_view SigilDefinition(std::string_view s, size_t i) {
  size_t j = SigilNameEnd(s, i);
  if (j == i) return {};
  std::string_view name = s.substr(i, j - i);
  if (s[i] == '%' && j + 1 < s.size() && s[j] == ':' && IsDigit(s[j + 1])) {
    j += 2;
    while (j < s.size() && IsDigit(s[j])) ++j;
  }
  return IsAssign(s, SkipSpaces(s, j)) && !IsNumbered(name) ? name : std::string_view{};
}

// The first `@name` from s[i] on (a function header's symbol).
std::string_view FirstSymbol(std::string_view s, size_t i) {
  size_t at = s.find('@', i);
  if (at == std::string_view::npos) return {};
  size_t j = SigilNameEnd(s, at);
  std::string_view name = s.substr(at, j - at);
  return j == at || IsNumbered(name) ? std::string_view{} : name;
}

// Words that a ':' may follow in code without anything being defined.
bool IsColonKeyword(std::string_view w) {
  return w == "else" || w == "try" || w == "finally" || w == "lambda" || w == "default";
}

// After `name:` at s[i]: true when an annotation follows and then an assignment, the first '=' outside
// brackets that is not part of '==', '<=', '>=' or '!='.
bool AnnotatedAssignment(std::string_view s, size_t i) {
  if (i < s.size() && s[i] == ':') return false;  // a::b
  int depth = 0;
  for (size_t k = i; k < s.size(); ++k) {
    char c = s[k];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (c == '=' && depth == 0) {
      char prev = s[k - 1];
      return IsAssign(s, k) && prev != '<' && prev != '>' && prev != '!' && prev != '=';
    }
  }
  return false;
}

// A Python-like line at s[i] (a name's first character): `def x(`, `x = ...`, `x: T = ...`; or a function
// header whose first word is define, func or *.func.
std::string_view WordDefinition(std::string_view s, size_t i) {
  size_t op = i;  // the first word with dots: func.func, llvm.func
  while (op < s.size() && (IsNameChar(s[op]) || s[op] == '.')) ++op;
  std::string_view first = s.substr(i, op - i);
  if (first == "define" || first == "func" || (first.size() > 5 && first.substr(first.size() - 5) == ".func")) {
    std::string_view sym = FirstSymbol(s, op);
    if (!sym.empty()) return sym;
  }
  size_t j = i;
  while (j < s.size() && IsNameChar(s[j])) ++j;
  std::string_view word = s.substr(i, j - i);
  size_t k = SkipSpaces(s, j);
  if (word == "def" && k > j && k < s.size() && IsNameStart(s[k])) {
    size_t e = k;
    while (e < s.size() && IsNameChar(s[e])) ++e;
    size_t paren = SkipSpaces(s, e);
    return paren < s.size() && s[paren] == '(' ? s.substr(k, e - k) : std::string_view{};
  }
  if (IsAssign(s, k)) return word;
  if (k < s.size() && s[k] == ':' && !IsColonKeyword(word) && AnnotatedAssignment(s, k + 1)) return word;
  return {};
}

// ---- the pairing ----

// A pairing's score: same-name pairs first, then the total similarity of all its pairs.
struct Score {
  uint32_t names = 0;
  double sim = 0.0;
  bool operator==(const Score& o) const { return names == o.names && sim == o.sim; }
  bool operator>(const Score& o) const { return names != o.names ? names > o.names : sim > o.sim; }
};

// Best non-crossing pairing of a D x I block (weighted LCS by dynamic programming): a pair is allowed
// when its lines define the same name or score >= kPairThreshold. Backtracking prefers a pair, then up,
// then left (the viewer's pairBlock does the same, so both sides choose alike among equal scores).
std::vector<uint32_t> BestPairs(const std::vector<std::string_view>& del, const std::vector<std::string_view>& ins) {
  size_t d = del.size(), n = ins.size();
  std::vector<LineTokens> td(d), ti(n);
  std::vector<std::string_view> nd(d), ni(n);
  for (size_t k = 0; k < d; ++k) td[k] = MakeLineTokens(del[k]), nd[k] = DefinedName(del[k]);
  for (size_t k = 0; k < n; ++k) ti[k] = MakeLineTokens(ins[k]), ni[k] = DefinedName(ins[k]);
  std::vector<Score> score((d + 1) * (n + 1));
  std::vector<double> sim(d * n, 0.0);
  auto at = [&](size_t i, size_t j) -> Score& { return score[i * (n + 1) + j]; };
  auto same = [&](size_t i, size_t j) { return !nd[i].empty() && nd[i] == ni[j]; };
  auto with = [&](size_t i, size_t j) {  // at(i, j) reached by pairing del[i - 1] with ins[j - 1]
    Score s = at(i - 1, j - 1);
    s.names += same(i - 1, j - 1) ? 1 : 0;
    s.sim += sim[(i - 1) * n + (j - 1)];
    return s;
  };
  auto allowed = [&](size_t i, size_t j) { return sim[(i - 1) * n + (j - 1)] >= kPairThreshold || same(i - 1, j - 1); };
  for (size_t i = 1; i <= d; ++i) {
    for (size_t j = 1; j <= n; ++j) {
      sim[(i - 1) * n + (j - 1)] = Similarity(td[i - 1], ti[j - 1]);
      Score best = at(i, j - 1) > at(i - 1, j) ? at(i, j - 1) : at(i - 1, j);
      if (allowed(i, j)) {
        Score p = with(i, j);
        if (p > best) best = p;
      }
      at(i, j) = best;
    }
  }
  std::vector<uint32_t> pairs;
  size_t i = d, j = n;
  while (i > 0 && j > 0) {
    if (allowed(i, j) && at(i, j) == with(i, j)) {
      pairs.push_back(static_cast<uint32_t>(j - 1));
      pairs.push_back(static_cast<uint32_t>(i - 1));
      --i, --j;
    } else if (at(i, j) == at(i - 1, j)) {
      --i;
    } else {
      --j;
    }
  }
  std::reverse(pairs.begin(), pairs.end());  // now d0, i0, d1, i1, ... ascending
  return pairs;
}

}  // namespace

std::string_view DefinedName(std::string_view line) {
  size_t i = SkipSpaces(line, 0);
  if (i == line.size()) return {};
  if (line[i] == '%' || line[i] == '@') return SigilDefinition(line, i);
  if (IsNameStart(line[i])) return WordDefinition(line, i);
  return {};
}

double LineSimilarity(std::string_view a, std::string_view b) {
  return Similarity(MakeLineTokens(a), MakeLineTokens(b));
}

BlockPairs PairBlock(uint32_t block, const std::vector<std::string_view>& del,
                     const std::vector<std::string_view>& ins) {
  const uint32_t d = static_cast<uint32_t>(del.size()), n = static_cast<uint32_t>(ins.size());
  bool long_line = false;
  for (auto l : del) long_line |= l.size() > kMaxPairedLineBytes;
  for (auto l : ins) long_line |= l.size() > kMaxPairedLineBytes;
  BlockPairs bp;
  bp.block = block;
  if (long_line || static_cast<uint64_t>(d) * n > kMaxPairedBlockCells) {
    bp.flags = 1;
    for (uint32_t p = 0; p < std::min(d, n); ++p) bp.pairs.insert(bp.pairs.end(), {p, p});
  } else {
    bp.pairs = BestPairs(del, ins);
  }
  return bp;
}

}  // namespace irtrace
