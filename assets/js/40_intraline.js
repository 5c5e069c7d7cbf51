// ir-trace viewer: intra-line highlight of replace rows (word level, character fallback), computed on
// render from the C++ side's pairing; and the C++ side's pairing rule itself, for diffs made in the page.
(function () {
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
    while (as < ae && bs < be && a.charCodeAt(as) === b.charCodeAt(bs)) { as++; bs++; }
    while (ae > as && be > bs && a.charCodeAt(ae - 1) === b.charCodeAt(be - 1)) { ae--; be--; }
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

  // ---- pairing: the same rule as the C++ side (lib/line_pairing.cpp), so a diff made in the page
  // pairs lines exactly as the report's own diffs do.
  const PAIR_THRESHOLD = 0.5;
  const MAX_PAIRED_CELLS = 500 * 500; // blocks with more deleted x inserted lines pair by position
  const MAX_PAIRED_LINE_BYTES = 10000; // a line longer than this (UTF-8 bytes): its block pairs by position

  // [0-9A-Za-z] or a non-ASCII character (the C++ side: bytes >= 0x80).
  function isWordChar(c) {
    return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122) || c >= 0x80;
  }

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
      if (c === 32 || c === 9 || c === 13 || c === 95) { i++; continue; }
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

  function similarity(a, b) {
    return bagSimilarity(pairTokens(a), pairTokens(b));
  }

  // True when line is longer than MAX_PAIRED_LINE_BYTES in UTF-8.
  function tooLongToPair(line) {
    if (line.length > MAX_PAIRED_LINE_BYTES) return true;
    if (line.length * 3 <= MAX_PAIRED_LINE_BYTES) return false;
    let bytes = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < line.length) { bytes += 4; i++; } // a surrogate pair
      else bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    }
    return bytes > MAX_PAIRED_LINE_BYTES;
  }

  // Best non-crossing pairing of one block (weighted LCS by dynamic programming over the pairs scoring
  // >= PAIR_THRESHOLD); backtracking prefers a pair, then up, then left. Returns [d0, i0, d1, i1, ...].
  function pairBlock(del, ins) {
    const d = del.length, n = ins.length, w = n + 1;
    const td = del.map(pairTokens), ti = ins.map(pairTokens);
    const score = new Float64Array((d + 1) * w), sim = new Float64Array(d * n);
    for (let i = 1; i <= d; i++) {
      for (let j = 1; j <= n; j++) {
        const s = bagSimilarity(td[i - 1], ti[j - 1]);
        sim[(i - 1) * n + (j - 1)] = s;
        let best = Math.max(score[(i - 1) * w + j], score[i * w + j - 1]);
        if (s >= PAIR_THRESHOLD) best = Math.max(best, score[(i - 1) * w + j - 1] + s);
        score[i * w + j] = best;
      }
    }
    const rev = [];
    let i = d, j = n;
    while (i > 0 && j > 0) {
      const s = sim[(i - 1) * n + (j - 1)];
      if (s >= PAIR_THRESHOLD && score[i * w + j] === score[(i - 1) * w + j - 1] + s) {
        rev.push(j - 1, i - 1);
        i--; j--;
      } else if (score[i * w + j] === score[(i - 1) * w + j]) i--;
      else j--;
    }
    return rev.reverse();
  }

  // Pairs lines inside the change blocks of ops over left / right (the sequences that were diffed):
  // the payload's "pairs" format, computed exactly as lib/line_pairing.cpp PairLines does.
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

  T.intraline = { MAX_LINE, tokenize, highlight, similarity, pairBlocks };
})();
