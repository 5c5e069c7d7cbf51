// ir-trace viewer: the pass list's virtual rows (PassRows). The list holds every row's place (a canvas as
// tall as all of them) but only the rows within MARGIN of the view, and the selected one wherever it is,
// are in the DOM: a report of 150,000 passes opens as fast as a small one. Rows are measured once rendered
// (a long name wraps onto more lines) and estimated before; the Sidebar (60_sidebar.js) says what the
// rows are and builds them.
window.IrTrace.define('60_pass_rows', function() {
  'use strict';
  const T = window.IrTrace;
  const { el } = T.util;

  // Rows rendered beyond the view on each side; the first render (the first diff waits for it) draws the
  // narrow FIRST_MARGIN, and the wide one follows when the page is first idle.
  const MARGIN = 30;
  const FIRST_MARGIN = 4;
  const idle = window.requestIdleCallback ? (f) => requestIdleCallback(f, { timeout: 500 }) : (f) => setTimeout(f, 0);

  class PassRows {
    // list: the listbox (the scroller); hooks: {make(item) -> element, decorate(item, element),
    // estimate(item) -> px}. An item is an entry index (an option) or an object (a summary row) with
    // .item set here to its position.
    constructor(list, hooks) {
      this.list = list;
      this.hooks = hooks;
      this.items = [];
      this.itemAt = new Int32Array(0); // entry index -> its item's position, or -1
      this.heights = []; // item -> height in px (measured once rendered, estimated before)
      this.tops = [0]; // item -> its top; tops[items.length] is the list's height
      this.nodes = new Map(); // item -> its rendered element
      this.selected = -1; // the entry index rendered wherever it is
      this.scrollY = 0; // the list's scrollTop, tracked so a selection step reads no layout
      this.viewH = 0; // the list's height and width (a ResizeObserver keeps them)
      this.viewW = 0;
      this.margin = FIRST_MARGIN;
      this.canvas = el('div', { class: 'pass-canvas', role: 'none' });
      list.appendChild(this.canvas);
      list.addEventListener('scroll', () => {
        this.scrollY = list.scrollTop;
        this.schedule();
      }, { passive: true });
      if (typeof ResizeObserver === 'function') {
        // A new height keeps the selected pass in view (the size chart, drawn after the first frame, takes
        // its height); a new width wraps names anew, so the rows are measured again.
        new ResizeObserver(() => {
          const h = list.clientHeight, w = list.clientWidth;
          if (h === this.viewH && w === this.viewW) return;
          this.viewH = h;
          if (w !== this.viewW) {
            this.viewW = w;
            this.estimateAll();
          }
          this.keepInView();
        }).observe(list);
      }
    }

    // The rows in list order; rendered at once. Summary rows no longer listed leave the DOM.
    setItems(items) {
      this.items = items;
      let top = 0;
      for (const it of items)
        if (typeof it === 'number' && it >= top) top = it + 1;
      this.itemAt = new Int32Array(top).fill(-1);
      items.forEach((it, k) => {
        if (typeof it === 'number') this.itemAt[it] = k;
        else it.item = k;
      });
      const live = new Set();  // the summary rows (a few thousand; not the 150,000 entry indices)
      for (const it of items)
        if (typeof it !== 'number') live.add(it);
      this.forget((it) => typeof it !== 'number' && !live.has(it));
      this.estimateAll();
      this.render();
    }

    // Drops the rendered rows `drop(item)` names (made again when next rendered).
    forget(drop) {
      for (const [it, node] of this.nodes)
        if (drop(it)) {
          node.remove();
          this.nodes.delete(it);
        }
    }

    estimateAll() {
      const n = this.items.length;
      this.heights = new Float64Array(n);
      for (let k = 0; k < n; k++) this.heights[k] = this.hooks.estimate(this.items[k]);
      this.layoutTops();
    }

    layoutTops() {
      const n = this.items.length;
      const tops = new Float64Array(n + 1);
      for (let k = 0; k < n; k++) tops[k + 1] = tops[k] + this.heights[k];
      this.tops = tops;
      this.canvas.style.height = tops[n] + 'px';
    }

    // The first item whose bottom lies below y.
    itemAtY(y) {
      let lo = 0, hi = this.items.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.tops[mid + 1] <= y) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    }

    posOf(it) { return typeof it === 'number' ? (it >= 0 && it < this.itemAt.length ? this.itemAt[it] : -1) : it.item; }

    schedule() {
      if (this.pending) return;
      this.pending = requestAnimationFrame(() => {
        this.pending = 0;
        this.render();
      });
    }

    // Renders the items within MARGIN rows of the view and the selected one; measures them, moving the
    // rows below when a height was not the estimate.
    render() {
      const n = this.items.length;
      const h = this.listHeight();
      const a = Math.max(0, this.itemAtY(this.scrollY) - this.margin);
      const b = Math.min(n, this.itemAtY(this.scrollY + h) + 1 + this.margin);
      if (this.margin !== MARGIN && n)
        idle(() => {
          if (this.margin === MARGIN) return;
          this.margin = MARGIN;
          this.render();
        });
      const want = [];
      for (let k = a; k < b; k++) want.push(this.items[k]);
      const sel = this.posOf(this.selected);
      if (sel >= 0 && (sel < a || sel >= b)) want.push(this.selected);
      const keep = new Set(want);
      this.forget((it) => !keep.has(it));
      // In list order, moving no row that stays (a focused summary row keeps the focus).
      let cursor = this.canvas.firstChild;
      for (const it of want) {
        let node = this.nodes.get(it);
        if (!node) this.nodes.set(it, (node = this.hooks.make(it)));
        this.hooks.decorate(it, node);
        if (node === cursor) cursor = cursor.nextSibling;
        else this.canvas.insertBefore(node, cursor);
      }
      this.place(want);
      let moved = false;
      for (const it of want) {
        const k = this.posOf(it), got = this.nodes.get(it).offsetHeight;
        this.measuredOnce = true;
        if (got && Math.abs(got - this.heights[k]) > 0.5) {
          this.heights[k] = got;
          moved = true;
        }
      }
      if (moved) {
        this.layoutTops();
        this.place(want);
      }
    }

    // The list's height in px: the ResizeObserver's; before it reports, a read once rows were measured (the
    // layout is fresh then), else the window's height (a bound: a few rows more, and no layout of the page
    // before its rows exist).
    listHeight() { return this.viewH || (this.measuredOnce ? this.list.clientHeight : window.innerHeight) || 800; }

    place(want) {
      for (const it of want) this.nodes.get(it).style.top = this.tops[this.posOf(it)] + 'px';
    }

    // The rendered element of item `it` (an entry index: its option), or null.
    node(it) { return this.nodes.get(it) || null; }

    // Scrolls the list so that item k is wholly in view (the nearest edge), without reading layout.
    // Returns whether it scrolled.
    scrollToItem(k) {
      const h = this.listHeight();
      const top = this.tops[k], bottom = this.tops[k + 1];
      let y = this.scrollY;
      if (top < y) y = top;
      else if (bottom > y + h) y = Math.max(0, bottom - h);
      if (y === this.scrollY) return false;
      this.scrollY = y;
      this.list.scrollTop = y;
      return true;
    }

    // Renders with the selected entry wholly in view: scrolled to by the estimated heights, then again
    // while measuring the rows moved it.
    keepInView() {
      for (let tries = 0; tries < 4; tries++) {
        const k = this.posOf(this.selected);
        const moved = k >= 0 && this.scrollToItem(k);
        if (!moved && tries > 0) return;
        this.render();
      }
    }

    // The option item farthest from item k0 in direction dir (1 down, -1 up) whose top is less than the
    // list's height away: a page, whatever the rows' heights. Returns its entry index, or -1 for none.
    pageFrom(k0, dir) {
      const span = this.listHeight() - this.heights[k0];
      let to = -1;
      for (let k = k0 + dir; k >= 0 && k < this.items.length; k += dir) {
        if (Math.abs(this.tops[k] - this.tops[k0]) > span) break;
        if (typeof this.items[k] === 'number') to = this.items[k];
      }
      return to;
    }
  }

  T.passRows = { PassRows };
});
