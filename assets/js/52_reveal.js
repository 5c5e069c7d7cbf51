// ir-trace viewer: bringing a place in a line into view sideways. n/p reveal the first changed characters
// of a change; find reveals its match. Both scroll the diff view (50_render.js) horizontally only when the
// place is off screen.
window.IrTrace.define('52_reveal', function() {
  'use strict';
  const T = window.IrTrace;
  const R = T.rows;
  const { columns, TRUNC_SHOW } = T.paint;

  // Scrolls view sideways so characters [m.s, m.e) (UTF-16 offsets) of base row m.r's line on side m.side
  // ('L' / 'R') are on screen. A place in the hidden part of a truncated long line expands that line.
  function column(view, m) {
    const idx = m.side === 'L' ? view.rows.before[m.r] : view.rows.after[m.r];
    const line = (m.side === 'L' ? view.view.left : view.view.right)[idx];
    if (!line || view.wrap) return; // wrapped lines show whole: nothing to scroll sideways
    if (line.length > T.intraline.MAX_LINE && m.e > TRUNC_SHOW && !view.expandedLong.has(m.side + idx)) {
      view.expandedLong.add(m.side + idx);
      view.maxCols = Math.max(view.maxCols, columns(line));
      view.updateHScroll();
    }
    const cw = view.cw || 7.5;
    const x0 = columns(line.slice(0, m.s)) * cw, x1 = x0 + columns(line.slice(m.s, m.e)) * cw;
    const cellW = view.cellWidth();
    if (x0 >= view.sx && x1 + 8 <= view.sx + cellW) return;
    // Near the line start: scroll fully back, so the indentation that places it shows too.
    view.hbar.scrollLeft = x0 < cellW / 2 ? 0 : Math.max(0, x0 - cellW / 3);
    view.setSx(view.hbar.scrollLeft);
  }

  // Scrolls view sideways to the first changed characters of base row r: the first intra-line highlight
  // of a replaced line, else the first non-blank character of the line.
  function change(view, r) {
    const rows = view.rows;
    const h = rows.kind[r] === R.REPLACE && rows.hl[r] ? view.intraline(r) : null;
    let side = rows.after[r] >= 0 ? 'R' : 'L';
    let range = h && h.right && h.right.length ? h.right[0] : null;
    if (!range && h && h.left && h.left.length) {
      side = 'L';
      range = h.left[0];
    }
    if (!range) {
      const line = (side === 'L' ? view.view.left[rows.before[r]] : view.view.right[rows.after[r]]) || '';
      const s = Math.max(0, line.search(/\S/));
      range = [s, Math.min(line.length, s + 1)];
    }
    column(view, { r, side, s: range[0], e: range[1] });
  }

  T.reveal = { column, change };
});
