// ir-trace viewer: intra-line highlight of replace rows (word level, character fallback), computed on
// render from the C++ side's pairing; and the C++ side's pairing rule itself, for diffs made in the page.
window.IrTrace.define('40_intraline', function() {
  'use strict';
  const T = window.IrTrace;
  const P = T.payload;
  const MAX_LINE = 10000;
  const TOKEN_RE = /[\p{L}_$][\p{L}\p{N}_$]*|\p{N}+(?:\.\p{N}+)?|\s+|[^]/gu;

  // Tokens of a line: {texts: [string], starts: [offset]} (UTF-16 offsets).
  function tokenize(line) {
    const texts = [], starts = [];
    TOKEN_RE.lastIndex = 0;
    let m;
    while ((m = TOKEN_RE.exec(line)) !== null) {
      texts.push(m[0]);
      starts.push(m.index);
    }
    starts.push(line.length);
    return { texts, starts };
  }

  // Changed character ranges of a and b after trimming the common prefix and suffix of [as, ae) / [bs, be).
  function charRefine(a, as, ae, b, bs, be) {
    while (as < ae && bs < be && a.charCodeAt(as) === b.charCodeAt(bs)) {
      as++;
      bs++;
    }
    while (ae > as && be > bs && a.charCodeAt(ae - 1) === b.charCodeAt(be - 1)) {
      ae--;
      be--;
    }
    return [[as, ae], [bs, be]];
  }

  function pushRange(list, s, e) {
    if (e <= s) return;
    const last = list[list.length - 1];
    if (last && last[1] >= s) last[1] = Math.max(last[1], e);
    else list.push([s, e]);
  }

  // Highlight ranges for a replace row: {left: [[s, e], ...], right: [...]} or null when skipped
  // (a line over 10,000 characters).
  function highlight(a, b) {
    if (a.length > MAX_LINE || b.length > MAX_LINE) return null;
    const ta = tokenize(a), tb = tokenize(b);
    const res = T.myers.diffSync(ta.texts, tb.texts, 200, { exact: true });
    const left = [], right = [];
    if (res.capped) {
      const [l, r] = charRefine(a, 0, a.length, b, 0, b.length);
      pushRange(left, l[0], l[1]);
      pushRange(right, r[0], r[1]);
      return { left, right };
    }
    P.forEachBlock(res.ops, (e, d, n, x, y) => {
      const as = ta.starts[x], ae = ta.starts[x + d], bs = tb.starts[y], be = tb.starts[y + n];
      if (d > 0 && n > 0 && d <= 2 && n <= 2) {
        // Character fallback: one word changed into another, mark only the characters that differ.
        const [l, r] = charRefine(a, as, ae, b, bs, be);
        pushRange(left, l[0], l[1]);
        pushRange(right, r[0], r[1]);
      } else {
        pushRange(left, as, ae);
        pushRange(right, bs, be);
      }
    });
    return { left, right };
  }

  // ---- pairing: the same rule as the C++ side (lib/diff/line_pairing.cpp), so a diff made in the page
  // pairs lines exactly as the report's own diffs do.
  const PAIR_THRESHOLD = 0.5;
  const MAX_PAIRED_CELLS = 500 * 500; // blocks with more deleted x inserted lines pair by position
  const MAX_PAIRED_LINE_BYTES = 10000; // a line longer than this (UTF-8 bytes): its block pairs by position

  // [0-9A-Za-z] or a non-ASCII character (the C++ side: bytes >= 0x80).
  function isWordChar(c) { return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122) || c >= 0x80; }

  // The token multiset of a line: Map token -> count, and the number of tokens. Word pieces (runs of
  // word characters; '_' separates and is dropped); punctuation characters count, one token each, only
  // when the line has no word; ' ', '\t', '\r' are dropped.
  function pairTokens(line) {
    const words = new Map(), punct = new Map();
    let nw = 0, np = 0;
    const add = (map, t) => map.set(t, (map.get(t) || 0) + 1);
    let i = 0;
    while (i < line.length) {
      const c = line.charCodeAt(i);
      if (c === 32 || c === 9 || c === 13 || c === 95) {
        i++;
        continue;
      }
      let j = i + 1;
      if (isWordChar(c)) {
        while (j < line.length && isWordChar(line.charCodeAt(j))) j++;
        add(words, line.slice(i, j));
        nw++;
      } else {
        add(punct, line[i]);
        np++;
      }
      i = j;
    }
    return nw ? { bag: words, n: nw } : { bag: punct, n: np };
  }

  // Dice coefficient of two token multisets: 2 * |common| / (n + m); two empty lines score 1.
  function bagSimilarity(ta, tb) {
    const n = ta.n, m = tb.n;
    if (n === 0 && m === 0) return 1;
    const total = n + m;
    if ((2 * Math.min(n, m)) / total < PAIR_THRESHOLD) return 0; // lengths alone rule it out
    let common = 0;
    for (const [t, c] of ta.bag) {
      const o = tb.bag.get(t);
      if (o) common += Math.min(c, o);
    }
    return (2 * common) / total;
  }

  function similarity(a, b) { return bagSimilarity(pairTokens(a), pairTokens(b)); }

  // True when line is longer than MAX_PAIRED_LINE_BYTES in UTF-8.
  function tooLongToPair(line) {
    if (line.length > MAX_PAIRED_LINE_BYTES) return true;
    if (line.length * 3 <= MAX_PAIRED_LINE_BYTES) return false;
    let bytes = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < line.length) {
        bytes += 4;
        i++;
      } // a surrogate pair
      else
        bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    }
    return bytes > MAX_PAIRED_LINE_BYTES;
  }

  // ---- defined names: DefinedName in lib/diff/line_pairing.cpp, character for character (a non-ASCII
  // character here is a run of bytes >= 0x80 there, so names extend alike) ----
  const isDigit = (c) => c >= 48 && c <= 57;
  const isAlpha = (c) => (c | 0x20) >= 97 && (c | 0x20) <= 122;
  const isSpace = (c) => c === 32 || c === 9;
  const isNameStart = (c) => isAlpha(c) || c === 95 || c >= 0x80;
  const isNameChar = (c) => isNameStart(c) || isDigit(c);
  const isSigilChar = (c) => isAlpha(c) || isDigit(c) || c === 95 || c === 46 || c === 36 || c === 45; // _ . $ -
  const COLON_KEYWORDS = new Set(['else', 'try', 'finally', 'lambda', 'default']);
  const EQ = 61;

  // An assignment '=' at s[i]: not '=='.
  const isAssign = (s, i) => i < s.length && s.charCodeAt(i) === EQ && s.charCodeAt(i + 1) !== EQ;

  function skipSpaces(s, i) {
    while (i < s.length && isSpace(s.charCodeAt(i))) i++;
    return i;
  }

  // The end of the sigil name starting at s[i] (its '%' or '@'); i when there is none.
  function sigilNameEnd(s, i) {
    let j = i + 1;
    if (s.charCodeAt(j) === 34) { // a quoted name
      const q = s.indexOf('"', j + 1);
      return q < 0 ? i : q + 1;
    }
    while (j < s.length && isSigilChar(s.charCodeAt(j))) j++;
    return j === i + 1 ? i : j;
  }

  // A sigil name made of digits only (%0, @12): a position, not an identity.
  const isNumbered = (name) => /^.\d+$/.test(name);

  // `%x = ...`, `%x:2 = ...`, `@x = ...` at s[i].
  function sigilDefinition(s, i) {
    let j = sigilNameEnd(s, i);
    if (j === i) return '';
    const name = s.slice(i, j);
    if (s[i] === '%' && s[j] === ':' && isDigit(s.charCodeAt(j + 1))) {
      j += 2;
      while (j < s.length && isDigit(s.charCodeAt(j))) j++;
    }
    return isAssign(s, skipSpaces(s, j)) && !isNumbered(name) ? name : '';
  }

  // The first `@name` from s[i] on (a function header's symbol).
  function firstSymbol(s, i) {
    const at = s.indexOf('@', i);
    if (at < 0) return '';
    const j = sigilNameEnd(s, at);
    const name = s.slice(at, j);
    return j === at || isNumbered(name) ? '' : name;
  }

  // After `name:` at s[i]: an annotation, then the first '=' outside brackets, not part of '==', '<=',
  // '>=' or '!='.
  function annotatedAssignment(s, i) {
    if (s[i] === ':') return false; // a::b
    let depth = 0;
    for (let k = i; k < s.length; k++) {
      const c = s[k];
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth--;
      else if (c === '=' && depth === 0) {
        const prev = s[k - 1];
        return isAssign(s, k) && prev !== '<' && prev !== '>' && prev !== '!' && prev !== '=';
      }
    }
    return false;
  }

  // A Python-like line at s[i]: `def x(`, `x = ...`, `x: T = ...`; or a function header whose first word
  // is define, func or *.func.
  function wordDefinition(s, i) {
    let op = i; // the first word with dots: func.func, llvm.func
    while (op < s.length && (isNameChar(s.charCodeAt(op)) || s[op] === '.')) op++;
    const first = s.slice(i, op);
    if (first === 'define' || first === 'func' || (first.length > 5 && first.endsWith('.func'))) {
      const sym = firstSymbol(s, op);
      if (sym) return sym;
    }
    let j = i;
    while (j < s.length && isNameChar(s.charCodeAt(j))) j++;
    const word = s.slice(i, j);
    const k = skipSpaces(s, j);
    if (word === 'def' && k > j && k < s.length && isNameStart(s.charCodeAt(k))) {
      let e = k;
      while (e < s.length && isNameChar(s.charCodeAt(e))) e++;
      return s[skipSpaces(s, e)] === '(' ? s.slice(k, e) : '';
    }
    if (isAssign(s, k)) return word;
    if (s[k] === ':' && !COLON_KEYWORDS.has(word) && annotatedAssignment(s, k + 1)) return word;
    return '';
  }

  // The name a line of IR defines (its identity across a pass), '' for none: `x` for `x = ...`,
  // `x: T = ...` and `def x(`; `%x` for `%x = ...` and `%x:2 = ...`; `@x` for `@x = ...` and for the
  // first @name of a line starting with define, func or *.func. Names of digits only (%0, @1) are
  // positions, not identities: ''. The full rule is DefinedName's comment in lib/diff/line_pairing.h.
  function definedName(line) {
    const i = skipSpaces(line, 0);
    if (i === line.length) return '';
    const c = line.charCodeAt(i);
    if (c === 37 || c === 64) return sigilDefinition(line, i); // % @
    if (isNameStart(c)) return wordDefinition(line, i);
    return '';
  }

  // Best non-crossing pairing of one block (weighted LCS by dynamic programming). A pair is allowed when
  // its lines define the same name or score >= PAIR_THRESHOLD; a pairing scores first by its same-name
  // pairs, then by the total similarity of its pairs. Backtracking prefers a pair, then up, then left.
  // Returns [d0, i0, d1, i1, ...].
  function pairBlock(del, ins) {
    const d = del.length, n = ins.length, w = n + 1;
    const td = del.map(pairTokens), ti = ins.map(pairTokens);
    const nd = del.map(definedName), ni = ins.map(definedName);
    const names = new Uint32Array((d + 1) * w), score = new Float64Array((d + 1) * w), sim = new Float64Array(d * n);
    const same = (i, j) => nd[i] !== '' && nd[i] === ni[j];
    const allowed = (i, j) => sim[(i - 1) * n + (j - 1)] >= PAIR_THRESHOLD || same(i - 1, j - 1);
    // Is cell a's score better than cell b's / equal to it?
    const better = (an, as, bn, bs) => (an !== bn ? an > bn : as > bs);
    for (let i = 1; i <= d; i++) {
      for (let j = 1; j <= n; j++) {
        const s = bagSimilarity(td[i - 1], ti[j - 1]);
        sim[(i - 1) * n + (j - 1)] = s;
        const up = (i - 1) * w + j, left = i * w + j - 1, diag = (i - 1) * w + j - 1;
        let bn, bs;
        if (better(names[left], score[left], names[up], score[up])) {
          bn = names[left];
          bs = score[left];
        } else {
          bn = names[up];
          bs = score[up];
        }
        if (allowed(i, j)) {
          const pn = names[diag] + (same(i - 1, j - 1) ? 1 : 0), ps = score[diag] + s;
          if (better(pn, ps, bn, bs)) {
            bn = pn;
            bs = ps;
          }
        }
        names[i * w + j] = bn;
        score[i * w + j] = bs;
      }
    }
    const rev = [];
    let i = d, j = n;
    while (i > 0 && j > 0) {
      const at = i * w + j, up = (i - 1) * w + j, diag = (i - 1) * w + j - 1;
      const pn = names[diag] + (same(i - 1, j - 1) ? 1 : 0), ps = score[diag] + sim[(i - 1) * n + (j - 1)];
      if (allowed(i, j) && names[at] === pn && score[at] === ps) {
        rev.push(j - 1, i - 1);
        i--;
        j--;
      } else if (names[at] === names[up] && score[at] === score[up]) i--;
      else j--;
    }
    return rev.reverse();
  }

  // Pairs lines inside the change blocks of ops over left / right (the sequences that were diffed):
  // the payload's "pairs" format, computed exactly as lib/diff/line_pairing.cpp PairLines does.
  function pairBlocks(ops, left, right) {
    const pairs = [];
    P.forEachBlock(ops, (e, d, n, x, y, blk) => {
      if (d === 0 || n === 0) return;
      const del = left.slice(x, x + d), ins = right.slice(y, y + n);
      let list;
      if (d * n > MAX_PAIRED_CELLS || del.some(tooLongToPair) || ins.some(tooLongToPair)) {
        list = [];
        for (let p = 0; p < Math.min(d, n); p++) list.push(p, p);
        if (list.length) pairs.push(P.makePairs(blk, P.PAIR_FLAGS.POSITIONAL, list));
      } else {
        list = pairBlock(del, ins);
        if (list.length) pairs.push(P.makePairs(blk, P.PAIR_FLAGS.WORDS, list));
      }
    });
    return pairs;
  }

  T.intraline = { MAX_LINE, tokenize, highlight, similarity, definedName, pairBlocks };
});
