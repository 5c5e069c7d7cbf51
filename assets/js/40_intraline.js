// ir-trace viewer: intra-line highlight of replace rows (word level, character fallback), computed on
// render from the C++ side's pairing; and a small pairing of similar lines for diffs made in the page.
(function () {
  'use strict';
  const T = window.IrTrace;
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
    const res = T.myers.diffSync(ta.texts, tb.texts, 200);
    const left = [], right = [];
    if (res.capped) {
      const [l, r] = charRefine(a, 0, a.length, b, 0, b.length);
      pushRange(left, l[0], l[1]);
      pushRange(right, r[0], r[1]);
      return { left, right };
    }
    const ops = res.ops;
    let x = 0, y = 0;
    for (let t = 0; t + 2 < ops.length; t += 3) {
      x += ops[t];
      y += ops[t];
      const d = ops[t + 1], n = ops[t + 2];
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
      x += d;
      y += n;
    }
    return { left, right };
  }

  // Similarity of two lines on tokens: 2 * LCS / (|a| + |b|), whitespace ignored.
  function similarity(a, b) {
    const ta = tokenize(a.trim()).texts.filter((s) => !/^\s+$/.test(s));
    const tb = tokenize(b.trim()).texts.filter((s) => !/^\s+$/.test(s));
    if (!ta.length && !tb.length) return 1;
    if (ta.length > 400 || tb.length > 400) return a === b ? 1 : 0;
    const res = T.myers.diffSync(ta, tb, 100);
    if (res.capped) return 0;
    let del = 0;
    for (let t = 0; t + 2 < res.ops.length; t += 3) del += res.ops[t + 1];
    const lcs = ta.length - del;
    return (2 * lcs) / (ta.length + tb.length);
  }

  // Pairs similar lines inside the change blocks of ops (a diff made in the page), in order, never
  // crossing; returns the payload's "pairs" format. Blocks over 500 x 500 lines are not paired.
  function pairBlocks(ops, left, right) {
    const pairs = [];
    let x = 0, y = 0, blk = 0;
    for (let t = 0; t + 2 < ops.length; t += 3) {
      x += ops[t];
      y += ops[t];
      const d = ops[t + 1], n = ops[t + 2];
      if (d + n === 0) continue;
      if (d && n && d <= 500 && n <= 500) {
        const list = [];
        let next = 0;
        for (let i = 0; i < d && next < n; i++) {
          for (let j = next; j < Math.min(n, next + 12); j++) {
            if (similarity(left[x + i], right[y + j]) >= 0.5) {
              list.push(i, j);
              next = j + 1;
              break;
            }
          }
        }
        if (list.length) pairs.push([blk, 0, ...list]);
      }
      x += d;
      y += n;
      blk++;
    }
    return pairs;
  }

  T.intraline = { MAX_LINE, tokenize, highlight, similarity, pairBlocks };
})();
