// ir-trace viewer: the diff view. One scroll container holds all rows of the selected pass; each row
// carries both sides, so vertical scrolling is shared by construction and horizontal scrolling is one
// offset (--sx) applied to every code cell. Only the rows on screen plus a margin are in the DOM, however
// short the view: a few hundred rows laid out on each pass step cost more than the step itself. A new view
// (a pass step, the first diff) draws a narrow margin (FIRST_MARGIN); the first scroll draws the wide one.
window.IrTrace.define('50_render', function() {
  'use strict';
  const T = window.IrTrace;
  const { el, clear, grouped } = T.util;
  const R = T.rows;
  const MARGIN = 30;
  const FIRST_MARGIN = 8; // rows beyond the screen, each side, on a new view's first render (show)
  const { TRUNC_SHOW } = T.paint; // characters shown of a line over MAX_LINE until expanded

  const { paint, columns } = T.paint;
  const { RowHeights, estimator, measure, settle, keepTop } = T.rowHeights;

  class DiffView {
    // container: element to fill. hooks: {onPick(side, i): side 'L' / 'R' of display item i clicked while
    // picking (setPicking), onFoldChange()}
    constructor(container, hooks) {
      this.hooks = hooks || {};
      this.scroller = el('div', { class: 'code-scroll', tabindex: '0', role: 'region', 'aria-label': 'Diff' });
      this.space = el('div', { class: 'code-space' });
      // A table of rows for assistive technology: each row named by its line numbers and change (rowLabel).
      this.rowsEl = el('div', { class: 'code-rows', role: 'table', 'aria-label': 'Diff rows' });
      this.space.appendChild(this.rowsEl);
      this.scroller.appendChild(this.space);
      // No Tab stop (a scroller is keyboard-focusable by default): the code scroller takes the arrow keys.
      this.hbar = el('div', { class: 'hscroll', 'aria-hidden': 'true', tabindex: '-1' });
      this.hinner = el('div', { class: 'hscroll-inner' });
      this.hbar.appendChild(this.hinner);
      container.appendChild(this.scroller);
      container.appendChild(this.hbar);
      this.sx = 0;
      this.cursor = -1;
      this.expandedLong = new Set();
      this.find = null;
      this.pick = null;
      this.wrap = false; // long lines wrapped (setWrap): rows of varying height, measured into this.hx
      this.measured = new Map(); // wrapped: itemKey -> measured px, for the cell width this.fitAt
      this.anchor = null; // wrapped: {i, dy} the next render keeps item i's top dy px below the view's top
      this.scroller.addEventListener('scroll', () => this.onScroll());
      this.hbar.addEventListener('scroll', () => this.setSx(this.hbar.scrollLeft));
      this.scroller.addEventListener('wheel', (ev) => this.onWheel(ev), { passive: false });
      this.rowsEl.addEventListener('click', (ev) => this.onClick(ev));
      new ResizeObserver((entries) => {
        const w = Math.round(entries[entries.length - 1].contentRect.width);
        const h = Math.round(entries[entries.length - 1].contentRect.height);
        if (w === this.viewW && h === this.viewH) return;
        this.viewW = w;
        this.viewH = h;
        if (this.view) this.onResize(); // else nothing shown yet (a diff the page is still making)
      }).observe(this.scroller);
    }

    // The row height and character width (px), measured once; with them the view's size until the
    // ResizeObserver reports it: one layout read for all three, not one each.
    rowHeight() {
      if (!this.rh) {
        const span = el('span', { class: 'measure' }, '0'.repeat(100));
        const probe = el('div', { class: 'row' }, el('span', { class: 'c' }, 'X'), span);
        this.rowsEl.appendChild(probe);
        this.rh = probe.getBoundingClientRect().height || 18;
        this.cw = span.getBoundingClientRect().width / 100 || 7.8;
        this.seenW = this.scroller.clientWidth;
        this.seenH = this.scroller.clientHeight;
        probe.remove();
      }
      return this.rh;
    }

    // The view's width in px: the ResizeObserver's, else the one read with the row height, else a read.
    width() { return this.viewW || this.seenW || this.scroller.clientWidth; }

    // data: {view (from Model.view), rows? (prebuilt base rows), context, stacked, highlight: bool, decor:
    // {width: px of a gutter beside the after side's numbers (the blame), decorate(row element)} or null}
    show(data) {
      this.data = data;
      this.decor = data.decor || null; // changed in place: set it, decorGutter() and decorate the rows shown
      this.view = data.view;
      this.rows = data.rows ||
          (this.view.single ?
               R.singleRows(this.view.right.length) :
               R.buildRows(this.view.ops, this.view.pairs, this.view.left.length, this.view.right.length));
      this.folds = R.buildFolds(this.rows, data.context, this.view.single);
      // Nothing changed (a no-op or a failed pass): show the file rather than one fold.
      const unchanged = !this.rows.kind.subarray(0, this.rows.n).some((k) => k !== R.EQUAL);
      if (data.expandAll || unchanged)
        for (const f of this.folds) f.top = f.e - f.s;
      this.stacked = !!data.stacked || this.view.single;
      this.hlCache = new Map();
      this.measured = new Map();
      this.rowHeight(); // before anything reads the view's width
      this.colLimit = this.baseColLimit();
      this.expandedLong = new Set();
      this.cursor = -1;
      this.find = null;
      this.maxCols =
          Math.max(T.paint.widest(this.view.left, TRUNC_SHOW + 20), T.paint.widest(this.view.right, TRUNC_SHOW + 20));
      // Gutter width from the largest line number shown.
      const lastNum = (nums, n) => (n ? (nums ? nums[n - 1] : n - 1) + 1 : 0);
      const digits = String(Math.max(
                                lastNum(this.view.leftNums, this.view.left.length),
                                lastNum(this.view.rightNums, this.view.right.length)))
                         .length;
      this.lnw = Math.ceil(Math.max(3, digits) * (this.cw || 7.5) + 14);
      this.scroller.style.setProperty('--lnw', this.lnw + 'px');
      // A new view starts at the top; knowing that spares render() a layout read (a forced reflow).
      this.scroller.scrollTop = 0;
      this.topKnown = 0;
      this.fresh = true;
      this.relayout();
      this.topKnown = null;
      this.setSx(0);
      this.hbar.scrollLeft = 0;
    }

    setStacked(stacked) {
      if (!this.view) return;
      const top = this.items && this.items[this.firstVisible()];
      this.stacked = !!stacked || this.view.single;
      this.relayout();
      if (top && top.r !== undefined) this.scrollToRow(top.r, false);
    }

    // Characters of a line laid out: a screen's width and a margin, all of it when wrapped (see setSx).
    baseColLimit() { return this.wrap ? Infinity : Math.max(400, Math.ceil(this.width() / (this.cw || 7)) + 200); }

    relayout() {
      this.items = R.layout(this.rows, this.folds, this.stacked);
      this.starts = R.changeStarts(this.rows, this.items);
      const rh = this.rowHeight();
      // Wrapped heights hold for one cell width and layout: estimated afresh when either changed.
      if (this.fitKey() !== this.fitAt) {
        this.fitAt = this.fitKey();
        this.measured = new Map();
      }
      this.hx =
          new RowHeights(this.items.length, rh, this.wrap ? estimator(this, this.measured, TRUNC_SHOW + 40) : null);
      this.space.style.height = this.hx.total() + 'px';
      this.scroller.classList.toggle('wrap', this.wrap);
      this.scroller.classList.toggle('stacked', this.stacked);
      this.scroller.classList.toggle('single', this.view.single);
      this.decorGutter();
      this.win = null;
      this.render(true);
      this.updateHScroll();
    }

    // Makes room for the decorations' gutter (see show); also when data.decor changed in place.
    decorGutter() {
      this.scroller.classList.toggle('blame', !!(this.decor && this.decor.width));
      if (this.decor) this.scroller.style.setProperty('--blw', this.decor.width + 'px');
    }

    firstVisible() { return this.hx ? this.hx.indexAt(this.scroller.scrollTop) : 0; }

    fitKey() { return this.wrap ? this.cellWidth() + (this.stacked ? 's' : '') : ''; }

    // On (true): lines wrap at the code cell's width, rows take the height they need and nothing scrolls
    // sideways; off: one line per row. The row at the top of the view stays there.
    setWrap(on) {
      if (!!on === this.wrap) return;
      this.wrap = !!on;
      this.colLimit = this.baseColLimit();
      if (!this.view) return;
      this.setSx(0);
      this.hbar.scrollLeft = 0;
      this.relayoutKeep();
    }

    // Scrolls so item i is the first row of the view.
    scrollItemToTop(i) {
      this.anchor = { i, dy: 0 };
      this.scroller.scrollTop = this.hx.offset(i);
      this.render(false);
    }

    onScroll() {
      this.render(false);
      this.upgradeNear();
    }

    onResize() {
      this.render(false);
      this.updateHScroll();
    }

    onWheel(ev) {
      let dx = ev.deltaX;
      if (!dx && ev.shiftKey) dx = ev.deltaY;
      if (!dx || this.wrap) return;
      ev.preventDefault();
      this.hbar.scrollLeft += dx * (ev.deltaMode === 1 ? 16 : 1);
    }

    setSx(v) {
      if (v !== this.sx) this.scroller.style.setProperty('--sx', -v + 'px');
      if (v !== this.sx && this.view)
        T.rowLabel.markEdges(this.rowsEl, v, this.cw, this.wrap ? Infinity : this.cellWidth());
      this.sx = v;
      // Long lines are rendered only as far as can be seen; render more when scrolled further.
      const need = Math.ceil((v + this.width()) / (this.cw || 7)) + 100;
      if (need > this.colLimit) {
        this.colLimit = need + 400;
        this.rerender();
      }
    }

    // Width of one code cell in px, from the row grid (see .row in viewer.css): gutters are --lnw + 14 px.
    cellWidth() {
      const w = this.width() - (this.decor ? this.decor.width : 0), lnw = this.lnw || 48;
      return this.view.single ? w - lnw : this.stacked ? w - 2 * lnw - 14 : (w - 2 * (lnw + 14)) / 2;
    }

    // Horizontal range: the longest line against the width of one code cell.
    updateHScroll() {
      if (!this.viewW) this.viewW = this.width();
      if (this.wrap) {
        this.hbar.hidden = true;
        this.setSx(0);
        if (this.items && this.fitKey() !== this.fitAt) this.relayoutKeep(); // width changed
        return;
      }
      const w = this.viewW;
      const cellW = this.cellWidth();
      const need = Math.ceil(this.maxCols * (this.cw || 8) + 24);
      const extra = Math.max(0, Math.ceil(need - cellW));
      // Write only what changed: toggling the bar resizes the scroller and lays every row out again.
      const width = w + extra + 'px';
      if (this.hinner.style.width !== width) this.hinner.style.width = width;
      if (this.hbar.hidden !== (extra === 0)) this.hbar.hidden = extra === 0;
      if (extra === 0) this.setSx(0);
    }

    // Renders the items in the window around the viewport.
    render(force, depth) {
      if (!this.items) return;
      const n = this.items.length;
      // Layout is read before the rows are replaced: reading scrollTop after would force a reflow.
      const [hs, he] = this.nearRange();
      const [first, last] = this.visibleRange();
      if (!force && this.win && (first >= this.win[0] + 5 || this.win[0] === 0) &&
          (last <= this.win[1] - 5 || this.win[1] === n)) {
        this.anchor = null;
        return;
      }
      // Wrapped, this row keeps its place when the rows drawn above it turn out taller or shorter than estimated.
      const anchor = this.anchor || { i: first, dy: this.hx.offset(first) - this.viewTop() };
      this.anchor = null;
      const m = this.fresh ? FIRST_MARGIN : MARGIN, start = Math.max(0, first - m), end = Math.min(n, last + m);
      this.fresh = false;
      this.win = [start, end];
      const focused = this.focusedControl();
      clear(this.rowsEl);
      this.rowsEl.style.transform = 'translateY(' + this.hx.offset(start) + 'px)';
      // Rows far from the viewport start as plain text and are highlighted when they scroll near.
      this.plain = new Set();
      const frag = document.createDocumentFragment();
      for (let i = start; i < end; i++) {
        const plain = i < hs || i >= he;
        if (plain) this.plain.add(i);
        frag.appendChild(this.renderItem(i, plain));
      }
      this.rowsEl.appendChild(frag);
      if (focused) this.refocus(focused);
      if (this.wrap && measure(this, start, this.measured)) settle(this, anchor, [start, end], depth || 0);
      if (force) this.updateHScroll();
    }

    // The items [first, last) the view shows.
    visibleRange() {
      const top = this.viewTop();
      return [this.hx.indexAt(top), Math.min(this.items.length, this.hx.indexAt(top + this.viewHeight()) + 1)];
    }

    // The focused button in the rows (a fold's, a long line's) as {i, action}: re-rendering replaces the
    // rows, and the keyboard user's focus must not fall to the page body with them.
    focusedControl() {
      const a = document.activeElement;
      const row = a && a.tagName === 'BUTTON' && this.rowsEl.contains(a) ? a.closest('.row') : null;
      return row ? { i: row.getAttribute('data-i'), action: a.getAttribute('data-action') } : null;
    }

    // Focuses the same control in the new rows, or the diff itself when its row is gone.
    refocus(f) {
      const b = this.rowsEl.querySelector('.row[data-i="' + f.i + '"] button[data-action="' + f.action + '"]');
      (b || this.scroller).focus({ preventScroll: true });
    }

    // The scroll position and viewport height, without a layout read where they are already known.
    viewTop() {
      return this.topKnown !== null && this.topKnown !== undefined ? this.topKnown : this.scroller.scrollTop;
    }

    viewHeight() { return this.viewH || this.seenH || this.scroller.clientHeight || 800; }

    // Items on screen plus a margin: the ones that get syntax and intra-line highlighting.
    nearRange() {
      const [first, last] = this.visibleRange();
      return [Math.max(0, first - 15), last + 15];
    }

    // Highlights plain rows that scrolled near the viewport.
    upgradeNear() {
      if (!this.plain || !this.plain.size || !this.win) return;
      const [hs, he] = this.nearRange();
      for (let i = Math.max(hs, this.win[0]); i < Math.min(he, this.win[1]); i++) {
        if (!this.plain.has(i)) continue;
        this.plain.delete(i);
        const old = this.rowsEl.children[i - this.win[0]];
        if (!old) continue;
        const focused = old.contains(document.activeElement) ? this.focusedControl() : null;
        this.rowsEl.replaceChild(this.renderItem(i, false), old);
        if (focused) this.refocus(focused);
      }
    }

    rerender() {
      this.win = null;
      this.render(true);
    }

    // One display row; plain: text only (no syntax or intra-line highlight).
    renderItem(i, plain) {
      this.plainNow = !!plain;
      const it = this.items[i];
      if (it.fold !== undefined) return T.foldRow.make(this.folds[it.fold], it.fold, i, i === this.cursor, this.rows.n);
      const rows = this.rows, r = it.r, k = rows.kind[r];
      const v = this.view;
      const num = (nums, x) => (nums ? nums[x] : x) + 1;
      const attrs = { class: 'row k-' + R.KIND_NAMES[k], 'data-kind': R.KIND_NAMES[k], 'data-i': i };
      if (i === this.cursor) attrs.class += ' cursor';
      if (this.pick && i === this.pick.at) attrs.class += ' pick-at pick-' + this.pick.side;
      const before = rows.before[r], after = rows.after[r];
      if (v.single) {
        const row = el(
            'div', { class: 'row k-equal', 'data-kind': 'equal', 'data-after': num(v.rightNums, after), 'data-i': i });
        if (i === this.cursor) row.classList.add('cursor');
        row.appendChild(el('span', { class: 'ln' }, String(num(v.rightNums, after))));
        row.appendChild(this.cell('R', after, r, ''));
        return this.decorated(row);
      }
      if (this.stacked) {
        const right = it.part === 1;
        if (k === R.EQUAL) {
          attrs['data-before'] = num(v.leftNums, before);
          attrs['data-after'] = num(v.rightNums, after);
        } else if (right) attrs['data-after'] = num(v.rightNums, after);
        else attrs['data-before'] = num(v.leftNums, before);
        const row = el('div', attrs);
        row.appendChild(el('span', { class: 'ln' }, attrs['data-before'] ? String(attrs['data-before']) : ''));
        row.appendChild(el('span', { class: 'ln' }, attrs['data-after'] ? String(attrs['data-after']) : ''));
        row.appendChild(el('span', { class: 'sg' }, k === R.EQUAL ? ' ' : right ? '+' : '-'));
        const side = right ? 'R' : 'L';
        const line = side === 'R' ? after : before;
        row.appendChild(this.cell(side, line, r, k === R.EQUAL ? '' : right ? 'ins' : 'del'));
        return this.decorated(row);
      }
      if (before >= 0) attrs['data-before'] = num(v.leftNums, before);
      if (after >= 0) attrs['data-after'] = num(v.rightNums, after);
      const row = el('div', attrs);
      row.appendChild(el('span', { class: 'ln' }, before >= 0 ? String(attrs['data-before']) : ''));
      row.appendChild(el('span', { class: 'sg' }, k === R.DELETE || k === R.REPLACE ? '-' : ''));
      row.appendChild(
          before >= 0 ? this.cell('L', before, r, k === R.EQUAL ? '' : 'del') : el('span', { class: 'c empty' }));
      row.appendChild(el('span', { class: 'ln' }, after >= 0 ? String(attrs['data-after']) : ''));
      row.appendChild(el('span', { class: 'sg' }, k === R.INSERT || k === R.REPLACE ? '+' : ''));
      row.appendChild(
          after >= 0 ? this.cell('R', after, r, k === R.EQUAL ? '' : 'ins') : el('span', { class: 'c empty' }));
      return this.decorated(row);
    }

    decorated(row) {
      if (this.decor) this.decor.decorate(row);
      return T.rowLabel.labelRow(row);
    }

    // One code cell: side 'L' / 'R', line index on that side, base row r, change class.
    cell(side, line, r, change) {
      const v = this.view;
      const raw = (side === 'L' ? v.left : v.right)[line] || '';
      // The '\r' of a CRLF line end is the line end, not drawn; a CR anywhere else is (paint draws it ␍).
      const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      const lang = side === 'L' ? v.leftLang : v.rightLang;
      const c = el('span', { class: 'c' + (change ? ' ' + change : ''), 'data-side': side });
      const t = el('span', { class: 't' });
      const long = text.length > T.intraline.MAX_LINE;
      const key = side + line;
      // Characters past colLimit are off screen until scrolled to: not laid out (see setSx).
      const cut = T.paint.graphemeFloor(
          text, !long || this.expandedLong.has(key) ? this.colLimit : Math.min(this.colLimit, TRUNC_SHOW));
      if (long && !this.expandedLong.has(key)) {
        t.appendChild(paint(text.slice(0, cut), [this.findLayer(r, side, cut)]));
        t.appendChild(
            el('button',
               { class: 'more', type: 'button', 'data-action': 'long', 'data-key': key, title: 'Show the whole line' },
               '\u2026 ' + grouped(text.length - TRUNC_SHOW) + ' more characters'));
      } else if (this.plainNow && !this.find && !T.paint.hasControls(text)) {
        t.textContent = text.length > cut ? text.slice(0, cut) : text;
      } else {
        const layers = [];
        if (!long && !this.plainNow && this.data.highlight !== false)
          layers.push(T.syntax.spans(text, lang).map((s) => [s[0], s[1], 's-' + s[2]]));
        if (!long && !this.plainNow && this.rows.kind[r] === R.REPLACE && this.rows.hl[r]) {
          const h = this.intraline(r), hs = h && (side === 'L' ? h.left : h.right);
          if (hs) {
            layers.push(hs.map((x) => [x[0], x[1], 'hl']));
            T.rowLabel.hlSpan(c, text, hs, this);
          }
        }
        layers.push(this.findLayer(r, side, text.length));
        t.appendChild(paint(text.length > cut ? text.slice(0, cut) : text, layers));
      }
      if (R.eolMissing(v, side, line))
        t.appendChild(
            el('span', { class: 'noeol', title: 'The file does not end with a newline' },
               '\u2205 no newline at end of file'));
      c.appendChild(t);
      return c;
    }

    intraline(r) {
      if (this.hlCache.has(r)) return this.hlCache.get(r);
      const h = T.intraline.highlight(this.view.left[this.rows.before[r]], this.view.right[this.rows.after[r]]);
      this.hlCache.set(r, h);
      return h;
    }

    // The find matches of a line as paint's outer layer (one box per match).
    findLayer(r, side, limit) {
      const list = this.find && this.find.byRow.get(r + side);
      const out = list ?
          list.filter((m) => m[0] < limit).map((m) => [m[0], Math.min(m[1], limit), m[2] ? 'fm cur' : 'fm']) :
          [];
      out.outer = true;
      return out;
    }

    onClick(ev) {
      const b = ev.target.closest('button');
      if (b && this.rowsEl.contains(b)) {
        const action = b.getAttribute('data-action');
        if (action === 'long') {
          const key = b.getAttribute('data-key');
          this.expandedLong.add(key);
          const full = (key[0] === 'L' ? this.view.left : this.view.right)[Number(key.slice(1))] || '';
          this.maxCols = Math.max(this.maxCols, columns(full));
          this.rerender();
          this.updateHScroll();
          return;
        }
        const fi = Number(b.getAttribute('data-fold'));
        if (!Number.isInteger(fi) || !this.folds[fi]) return;
        this.foldAction(fi, action);
        return;
      }
      if (ev.target.closest('.fold-label')) {
        const fold = ev.target.closest('.fold');
        const fi = Number(fold.getAttribute('data-fold'));
        if (this.folds[fi]) this.foldAction(fi, 'all');
        return;
      }
      if (this.pick) {
        const c = ev.target.closest('.c[data-side]');
        const row = ev.target.closest('.row');
        if (!c || !row) return;
        if (this.hooks.onPick) this.hooks.onPick(c.getAttribute('data-side'), Number(row.getAttribute('data-i')));
      }
    }

    foldAction(fi, action) {
      const f = this.folds[fi];
      const hidden = R.hiddenCount(f);
      if (action === 'all') f.top = f.e - f.s - f.bot;
      else if (action === 'down') f.top += Math.min(20, hidden);
      else if (action === 'up') f.bot += Math.min(20, hidden);
      this.relayoutKeep();
      const focusFold =
          this.rowsEl.querySelector('.fold[data-fold="' + fi + '"] .fold-btn[data-action="' + action + '"]') ||
          this.rowsEl.querySelector('.fold[data-fold="' + fi + '"] .fold-btn');
      // Fully expanded, the fold and its buttons are gone: the keyboard stays in the diff, not on the page body.
      if (focusFold) focusFold.focus({ preventScroll: true });
      else this.scroller.focus({ preventScroll: true });
      if (this.hooks.onFoldChange) this.hooks.onFoldChange();
    }

    // Re-lays out the rows keeping the row at the top in place (fold expansion happens at or below it).
    relayoutKeep() { keepTop(this, () => this.relayout()); }

    anyFolded() { return this.folds.some((f) => R.hiddenCount(f) > 0); }

    setAllFolds(expand) {
      for (const f of this.folds) {
        if (expand) {
          f.top = f.e - f.s;
          f.bot = 0;
        } else {
          f.top = 0;
          f.bot = 0;
        }
      }
      this.cursor = -1;
      this.relayout();
      if (this.hooks.onFoldChange) this.hooks.onFoldChange();
    }

    // Item index of base row r, expanding its fold if it is hidden.
    revealRow(r) {
      const fi = this.folds.findIndex((f) => r >= f.s + f.top && r < f.e - f.bot);
      if (fi >= 0) {
        const f = this.folds[fi];
        f.top = f.e - f.s - f.bot;
        this.relayout();
      }
      return this.items.findIndex((it) => it.r === r);
    }

    scrollToRow(r, center) {
      const i = this.revealRow(r);
      if (i >= 0) this.scrollToItem(i, center);
      return i;
    }

    scrollToItem(i, center) {
      const h = this.scroller.clientHeight, y = this.hx.offset(i), top = this.scroller.scrollTop;
      let to = top;
      if (center) to = Math.max(0, y - h / 3);
      else if (y < top || y + this.hx.height(i) > top + h) to = Math.max(0, y - this.rowHeight() * 2);
      this.anchor = { i, dy: y - to };  // wrapped: the item stays there once the rows above it are measured
      this.scroller.scrollTop = to;
      this.render(false);
    }

    // n / p: moves the cursor to the next (dir 1) or previous (-1) change block. Returns false at the end.
    moveChange(dir) {
      if (!this.starts || !this.starts.length) return false;
      let target = -1;
      const from = this.cursor >= 0 ? this.cursor : dir > 0 ? this.firstVisible() - 1 : this.firstVisible() + 1;
      if (dir > 0) target = this.starts.find((s) => s > from);
      else
        for (const s of this.starts)
          if (s < from) target = s;
      if (target === undefined || target < 0) return false;
      this.cursor = target;
      this.scrollToItem(target, true);
      const it = this.items[target];
      if (it && it.r !== undefined) T.reveal.change(this, it.r);
      this.rerender();
      return true;
    }

    // Find highlight: matches [{r, side, s, e}], current index.
    setFind(matches, cur) {
      if (!matches) {
        this.find = null;
        this.rerender();
        return;
      }
      const byRow = new Map();
      const add = (key, hit) => {
        if (!byRow.has(key)) byRow.set(key, []);
        byRow.get(key).push(hit);
      };
      matches.forEach((m, idx) => {
        const hit = [m.s, m.e, idx === cur];
        add(m.r + m.side, hit);
        // An unchanged line is one match (found on its right side) but shows on both sides: mark both.
        if (m.side === 'R' && this.rows.kind[m.r] === R.EQUAL && this.rows.before[m.r] >= 0) add(m.r + 'L', hit);
      });
      this.find = { byRow };
      if (cur >= 0 && matches[cur]) {
        const m = matches[cur];
        const i = this.scrollToRow(m.r, true);
        this.cursor = i;
        T.reveal.column(this, m);
      }
      this.rerender();
    }

    // F7 (66_align.js): null, or {side: 'L' | 'R', at: item under the key cursor}; clicks go to hooks.onPick.
    setPicking(pick) {
      const was = this.pick;
      this.scroller.classList.toggle('picking', !!(this.pick = pick));
      if (pick || was) this.rerender();
    }
  }

  T.render = { DiffView };
});
