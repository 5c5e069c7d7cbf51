// ir-trace viewer: the heights of the diff view's display rows (50_render.js), for a virtual list whose rows
// may differ in height (wrapped lines). Unwrapped, every row is one line high and offsets are arithmetic.
// Wrapped, each row starts with an estimate (its text's length against the code cell's width) and takes its
// measured height once rendered; prefix sums in a Fenwick tree give a row's offset and the row at an offset
// in O(log n), so a view of 100,000 rows scrolls as cheaply as a short one.
window.IrTrace.define('47_row_heights', function() {
  'use strict';
  const T = window.IrTrace;
  const HANG = 3; // columns a wrapped line's continuations are indented by (viewer.css .code-scroll.wrap .t)

  class RowHeights {
    // n rows; unit: px of one line; est: null (every row one line) or a function (i) -> estimated px.
    constructor(n, unit, est) {
      this.n = n;
      this.unit = unit;
      this.fixed = !est;
      if (this.fixed) return;
      this.h = new Float64Array(n);
      this.tree = new Float64Array(n + 1); // Fenwick tree over h, 1-based
      for (let i = 0; i < n; i++) this.h[i] = est(i);
      for (let i = 1; i <= n; i++) {
        this.tree[i] += this.h[i - 1];
        const up = i + (i & -i);
        if (up <= n) this.tree[up] += this.tree[i];
      }
      this.step = 1;
      while (this.step * 2 <= n) this.step *= 2;
    }

    // px from the top of row 0 to the top of row i (0 <= i <= n).
    offset(i) {
      if (this.fixed) return i * this.unit;
      let s = 0;
      for (let k = Math.min(i, this.n); k > 0; k -= k & -k) s += this.tree[k];
      return s;
    }

    height(i) { return this.fixed ? this.unit : this.h[i] || 0; }

    total() { return this.offset(this.n); }

    // The row at y px from the top (clamped to 0 .. n-1; 0 when there are no rows).
    indexAt(y) {
      if (this.n === 0) return 0;
      if (this.fixed) return Math.min(this.n - 1, Math.max(0, Math.floor(y / this.unit)));
      if (y <= 0) return 0;
      let pos = 0, rest = y;
      for (let step = this.step; step > 0; step >>= 1) {
        const next = pos + step;
        if (next <= this.n && this.tree[next] <= rest) {
          pos = next;
          rest -= this.tree[next];
        }
      }
      return Math.min(this.n - 1, pos);
    }

    // Row i is h px high (measured). Returns whether that changed anything.
    set(i, h) {
      if (this.fixed || i < 0 || i >= this.n || Math.abs(this.h[i] - h) < 0.01) return false;
      const d = h - this.h[i];
      this.h[i] = h;
      for (let k = i + 1; k <= this.n; k += k & -k) this.tree[k] += d;
      return true;
    }
  }

  // A display item's identity across relayouts (folds opened or closed keep the other rows' heights).
  const itemKey = (it) => (it.fold !== undefined ? 'f' + it.fold : it.r + ':' + (it.part || 0));

  // The estimated height function of diff view `view`'s items while it wraps: measured heights (by key)
  // where known, else the lines its text takes at the code cell's width (a fold row is one line); a line
  // longer than cap characters shows cap of them until expanded.
  function estimator(view, measured, cap) {
    const unit = view.rowHeight(), v = view.view, rows = view.rows;
    const perLine = Math.max(8, Math.floor((view.cellWidth() - 8) / (view.cw || 7.5)));
    const lines = (text) => {
      const len = Math.min(text ? text.length : 0, cap);
      return len <= perLine ? 1 : 1 + Math.ceil((len - perLine) / (perLine - HANG));
    };
    return (i) => {
      const it = view.items[i];
      const known = measured.get(itemKey(it));
      if (known !== undefined) return known;
      if (it.fold !== undefined) return unit;
      const l = rows.before[it.r] >= 0 ? v.left[rows.before[it.r]] : '';
      const r = rows.after[it.r] >= 0 ? v.right[rows.after[it.r]] : '';
      if (v.single) return lines(r) * unit;
      if (view.stacked) return lines(it.part === 1 || !l ? r : l) * unit;
      return Math.max(lines(l), lines(r)) * unit;
    };
  }

  // Measures the rendered rows of `view` (items start.. in its rows element) into its index and `measured`.
  // Returns whether any height changed.
  function measure(view, start, measured) {
    let changed = false;
    const kids = view.rowsEl.children;
    const hs = [];
    for (let k = 0; k < kids.length; k++) hs.push(kids[k].getBoundingClientRect().height);
    hs.forEach((h, k) => {
      if (!h) return;
      measured.set(itemKey(view.items[start + k]), h);
      if (view.hx.set(start + k, h)) changed = true;
    });
    return changed;
  }

  // After view's wrapped rows were measured: the page's new height, the scroll position that keeps the
  // anchor row ({i, dy}: item i's top dy px below the view's top) in its place, and the rows drawn again
  // (at most 3 times) when those drawn, win [start, end), no longer cover the view.
  function settle(view, anchor, win, depth) {
    const hx = view.hx, sc = view.scroller;
    view.space.style.height = hx.total() + 'px';
    const want = Math.max(0, hx.offset(anchor.i) - anchor.dy);
    if (Math.abs(sc.scrollTop - want) >= 1) sc.scrollTop = want;
    const top = sc.scrollTop, bottom = top + view.viewHeight();
    if (depth < 3 && ((win[0] > 0 && hx.offset(win[0]) > top) || (win[1] < hx.n && hx.offset(win[1]) < bottom))) {
      view.anchor = anchor;
      view.render(true, depth + 1);
    }
  }

  // Runs change (a relayout of view) keeping the row at the top of the view where it is, found again by
  // its identity (itemKey); a fold at the top anchors on the row above it, so the rows it opens show below.
  function keepTop(view, change) {
    const top = view.scroller.scrollTop;
    let a = view.items && view.items.length ? view.hx.indexAt(top) : -1;
    if (a >= 0 && view.items[a].fold !== undefined) a--;
    const key = a >= 0 ? itemKey(view.items[a]) : null, dy = a >= 0 ? view.hx.offset(a) - top : 0;
    change();
    const i = key === null ? -1 : view.items.findIndex((it) => itemKey(it) === key);
    view.anchor = i >= 0 ? { i, dy } : null;
    view.scroller.scrollTop = i >= 0 ? Math.max(0, view.hx.offset(i) - dy) : top;
    view.rerender();
  }

  T.rowHeights = { RowHeights, estimator, measure, settle, keepTop, itemKey };
});
