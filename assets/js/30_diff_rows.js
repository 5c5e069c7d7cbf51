// ir-trace viewer: turns a diff (ops triples + the C++ side's pairs) into rows, folds unchanged runs,
// and lays rows out side by side or stacked; finds the row and item of an after-side line. Also writes the
// unified-diff text for "Copy diff".
window.IrTrace.define('30_diff_rows', function() {
  'use strict';
  const T = window.IrTrace;
  const P = T.payload;
  const EQUAL = 0, DELETE = 1, INSERT = 2, REPLACE = 3;
  const KIND_NAMES = ['equal', 'delete', 'insert', 'replace'];

  // Base rows of a diff: parallel typed arrays. before / after are 0-based indices into the left (before)
  // and right (after) lines (-1 when the row has no line on that side); block is the change block (-1 for
  // equal rows); hl is 1 when intra-line highlight is allowed (replace rows of pairs with flags 0).
  function buildRows(ops, pairs, nLeft, nRight) {
    const pairMap = P.pairsByBlock(pairs);
    const cap = nLeft + nRight + 1;
    const kind = new Uint8Array(cap), before = new Int32Array(cap), after = new Int32Array(cap);
    const block = new Int32Array(cap), hl = new Uint8Array(cap);
    // x / y: the next left / right line; they stop short of the codec's positions only when the payload's
    // lengths disagree with its ops (equal rows past either end are dropped).
    let n = 0, x = 0, y = 0;
    const push = (k, bi, ai, bl, h) => {
      kind[n] = k;
      before[n] = bi;
      after[n] = ai;
      block[n] = bl;
      hl[n] = h;
      n++;
    };
    const walk = P.forEachBlock(ops, (e, d, ins, _x, _y, blk) => {
      for (let j = 0; j < e && x < nLeft && y < nRight; j++) push(EQUAL, x++, y++, -1, 0);
      if (blk < 0) return;
      const pm = pairMap.get(blk);
      const list = pm ? pm.list : [];
      const flag = pm && pm.flags === P.PAIR_FLAGS.WORDS ? 1 : 0;
      let di = 0, ii = 0;
      for (let p = 0; p + 1 < list.length; p += 2) {
        const pd = list[p], pi = list[p + 1];
        if (pd < di || pi < ii || pd >= d || pi >= ins) continue; // malformed: ignore the pair
        while (di < pd) push(DELETE, x + di++, -1, blk, 0);
        while (ii < pi) push(INSERT, -1, y + ii++, blk, 0);
        push(REPLACE, x + di++, y + ii++, blk, flag);
      }
      while (di < d) push(DELETE, x + di++, -1, blk, 0);
      while (ii < ins) push(INSERT, -1, y + ii++, blk, 0);
      x += d;
      y += ins;
    });
    const blk = walk.blocks;
    while (x < nLeft && y < nRight) push(EQUAL, x++, y++, -1, 0);
    // Inconsistent payload (lengths disagree): show what is left instead of dropping it.
    while (x < nLeft) push(DELETE, x++, -1, blk, 0);
    while (y < nRight) push(INSERT, -1, y++, blk, 0);
    return { n, kind, before, after, block, hl, blocks: blk + 1 };
  }

  // Rows of a file shown whole (frontend, codegen): every line on the right side only.
  function singleRows(n) {
    const after = new Int32Array(n), before = new Int32Array(n).fill(-1), block = new Int32Array(n).fill(-1);
    for (let i = 0; i < n; i++) after[i] = i;
    return { n, kind: new Uint8Array(n), before, after, block, hl: new Uint8Array(n), blocks: 0 };
  }

  // Folds: runs of equal rows longer than what context keeps, whenever at least one row would be hidden
  // (the rule of --terminal's hunks, diff -U: man page, --context). Returns [{s, e, top, bot}]
  // where [s, e) are hidden base rows and top/bot count rows revealed at either end.
  function buildFolds(rows, context, single) {
    const folds = [];
    if (single) return folds;
    let i = 0;
    while (i < rows.n) {
      if (rows.kind[i] !== EQUAL) {
        i++;
        continue;
      }
      let j = i;
      while (j < rows.n && rows.kind[j] === EQUAL) j++;
      const s = i === 0 ? 0 : i + context;
      const e = j === rows.n ? j : j - context;
      if (e - s >= 1) folds.push({ s, e, top: 0, bot: 0 });
      i = j;
    }
    return folds;
  }

  function hiddenCount(f) { return Math.max(0, f.e - f.s - f.top - f.bot); }

  // Display items for the current folds and layout. Item: {r, part} for a code line
  // (part 0 = both sides / left line, 1 = right line of a stacked replace or insert) or {fold: index}.
  function layout(rows, folds, stacked) {
    const items = [];
    let fi = 0;
    let i = 0;
    const emit = (r) => {
      if (!stacked) {
        items.push({ r, part: 0 });
        return;
      }
      items.push({ r, part: rows.kind[r] === INSERT ? 1 : 0 });
    };
    while (i < rows.n) {
      const f = folds[fi];
      if (f && i === f.s) {
        const hidden = hiddenCount(f);
        for (let r = f.s; r < f.s + f.top && r < f.e; r++) emit(r);
        if (hidden > 0) items.push({ fold: fi });
        for (let r = Math.max(f.s + f.top, f.e - f.bot); r < f.e; r++) emit(r);
        i = f.e;
        fi++;
        continue;
      }
      if (stacked && rows.kind[i] !== EQUAL) {
        // A change block as unified diff: all its left lines, then all its right lines.
        let j = i;
        const blk = rows.block[i];
        while (j < rows.n && rows.kind[j] !== EQUAL && rows.block[j] === blk) j++;
        for (let r = i; r < j; r++)
          if (rows.kind[r] !== INSERT) items.push({ r, part: 0 });
        for (let r = i; r < j; r++)
          if (rows.kind[r] === INSERT || rows.kind[r] === REPLACE) items.push({ r, part: 1 });
        i = j;
        continue;
      }
      emit(i);
      i++;
    }
    return items;
  }

  // Indices into items where a change block starts (targets of n / p).
  function changeStarts(rows, items) {
    const out = [];
    let prev = -2;
    items.forEach((it, idx) => {
      if (it.fold !== undefined) {
        prev = -2;
        return;
      }
      const blk = rows.block[it.r];
      if (blk >= 0 && blk !== prev) out.push(idx);
      prev = blk;
    });
    return out;
  }

  // ---- the after side's file lines (opening a blamed line: 58_analysis.js) ----

  // Base row of rows showing 0-based file line `line` on the after side (nums: the view's rightNums, null
  // for the whole file), or -1.
  function afterRow(rows, nums, line) {
    for (let r = 0; r < rows.n; r++)
      if (rows.after[r] >= 0 && (nums ? nums[rows.after[r]] : rows.after[r]) === line) return r;
    return -1;
  }

  // Whether display item `it` shows its row's after line: stacked, a change row's after half does (and an
  // equal row); side by side, any row with one.
  function showsAfter(rows, it, stacked) {
    return it && it.r !== undefined && rows.after[it.r] >= 0 &&
        (!stacked || it.part === 1 || rows.kind[it.r] === EQUAL);
  }

  // Index into items of the item showing base row r's after line, or -1.
  function afterItem(rows, items, r, stacked) {
    return items.findIndex((it) => it.r === r && showsAfter(rows, it, stacked));
  }

  // The 0-based after-side file line shown by items[i], or -1.
  function afterLineAt(rows, items, nums, i, stacked) {
    const it = items[i];
    if (!showsAfter(rows, it, stacked)) return -1;
    const a = rows.after[it.r];
    return nums ? nums[a] : a;
  }

  // Unified diff text (like `diff -u`) of a view, with `context` lines around changes; a line that
  // lacks its newline is followed by "\ No newline at end of file", as GNU diff writes it.
  function unifiedDiff(view, rows, context, leftName, rightName) {
    const out = ['--- a/' + (leftName || '/dev/null'), '+++ b/' + (rightName || '/dev/null')];
    const num = (nums, i) => (nums ? nums[i] : i) + 1;
    const NO_EOL = '\\ No newline at end of file';
    const lastL = T.model.viewNoEol(view.leftNoEol, view.leftNums, view.left.length) - 1;
    const lastR = T.model.viewNoEol(view.rightNoEol, view.rightNums, view.right.length) - 1;
    // Change rows and the equal rows within `context` of one: two sweeps give each row its distance
    // to the nearest change before and after it.
    const keep = new Uint8Array(rows.n);
    let dist = Infinity;
    for (let i = 0; i < rows.n; i++) {
      dist = rows.kind[i] === EQUAL ? dist + 1 : 0;
      if (dist <= context) keep[i] = 1;
    }
    dist = Infinity;
    for (let i = rows.n - 1; i >= 0; i--) {
      dist = rows.kind[i] === EQUAL ? dist + 1 : 0;
      if (dist <= context) keep[i] = 1;
    }
    let i = 0;
    while (i < rows.n) {
      if (!keep[i]) {
        i++;
        continue;
      }
      let j = i;
      while (j < rows.n && keep[j]) j++;
      const body = [];
      let bStart = -1, aStart = -1, bCount = 0, aCount = 0;
      let k = i;
      while (k < j) {
        if (rows.kind[k] === EQUAL) {
          if (bStart < 0) bStart = num(view.leftNums, rows.before[k]);
          if (aStart < 0) aStart = num(view.rightNums, rows.after[k]);
          body.push(' ' + view.left[rows.before[k]]);
          if (rows.before[k] === lastL || rows.after[k] === lastR) body.push(NO_EOL);
          bCount++;
          aCount++;
          k++;
          continue;
        }
        let m = k;
        while (m < j && rows.kind[m] !== EQUAL) m++;
        for (let r = k; r < m; r++)
          if (rows.before[r] >= 0) {
            if (bStart < 0) bStart = num(view.leftNums, rows.before[r]);
            body.push('-' + view.left[rows.before[r]]);
            bCount++;
            if (rows.before[r] === lastL) body.push(NO_EOL);
          }
        for (let r = k; r < m; r++)
          if (rows.after[r] >= 0) {
            if (aStart < 0) aStart = num(view.rightNums, rows.after[r]);
            body.push('+' + view.right[rows.after[r]]);
            aCount++;
            if (rows.after[r] === lastR) body.push(NO_EOL);
          }
        k = m;
      }
      // A side without lines in this hunk: every counted line sets its start, so the count is 0 here.
      if (bStart < 0) bStart = lineBefore(rows, i, view.leftNums, 'before');
      if (aStart < 0) aStart = lineBefore(rows, i, view.rightNums, 'after');
      out.push(
          '@@ -' + bStart + (bCount === 1 ? '' : ',' + bCount) + ' +' + aStart + (aCount === 1 ? '' : ',' + aCount) +
          ' @@');
      for (const line of body) out.push(line);
      i = j;
    }
    return out.join('\n') + '\n';
  }

  // Whether a view's line `line` (0-based on side 'L' / 'R') is its file's last line and lacks the newline.
  function eolMissing(v, side, line) {
    const miss = side === 'L' ? v.leftNoEol : v.rightNoEol;
    const nums = side === 'L' ? v.leftNums : v.rightNums;
    const lines = side === 'L' ? v.left : v.right;
    if (!miss) return false;
    const fileLine = nums ? nums[line] : line;
    return fileLine === miss - 1 && line < lines.length;
  }

  // For an empty side of a hunk, diff -u names the line before it (0 at the start).
  function lineBefore(rows, i, nums, side) {
    for (let r = i - 1; r >= 0; r--)
      if (rows[side][r] >= 0) return (nums ? nums[rows[side][r]] : rows[side][r]) + 1;
    return 0;
  }

  T.rows = {
    EQUAL,
    DELETE,
    INSERT,
    REPLACE,
    KIND_NAMES,
    buildRows,
    singleRows,
    buildFolds,
    hiddenCount,
    layout,
    changeStarts,
    afterRow,
    afterItem,
    afterLineAt,
    eolMissing,
    unifiedDiff,
  };
});
