// ir-trace viewer: a diff row as a table row for assistive technology (the diff view, 50_render.js, is a
// role "table" of such rows): named by its line numbers and change, so a screen reader reads "before line
// 12, after line 13, changed" and the code, not one run of text. Also the mark at a code cell's edge when
// its intra-line highlight lies off screen sideways (markEdges).
window.IrTrace.define('49_row_label', function() {
  'use strict';
  const T = window.IrTrace;

  // Change kinds as words for a row's label.
  const KIND_WORDS = { equal: 'unchanged', insert: 'inserted', delete: 'deleted', replace: 'changed' };

  // Row `row` as a table row for assistive technology: role "row" named "before line B, after line A,
  // changed"; its code cells are its cells, the line numbers and signs (said by the name) hidden.
  function labelRow(row) {
    const b = row.getAttribute('data-before'), a = row.getAttribute('data-after');
    const parts = [];
    if (b !== null) parts.push('before line ' + b);
    if (a !== null) parts.push('after line ' + a);
    parts.push(KIND_WORDS[row.getAttribute('data-kind')] || '');
    row.setAttribute('role', 'row');
    row.setAttribute('aria-label', parts.join(', '));
    for (const c of row.children) {
      if (c.classList.contains('c')) c.setAttribute('role', 'cell');
      else c.setAttribute('aria-hidden', 'true');
    }
    return row;
  }

  // The column (tabs to multiples of 8, as viewer.css's tab-size) of offset i in text. Counted from its
  // first tab: a long line without tabs before i costs no walk over it (qwen3's first diff marks hundreds).
  function column(text, i) {
    const n = Math.max(0, Math.min(i, text.length)), tab = text.indexOf('\t');
    if (tab < 0 || tab >= n) return n;
    let col = tab;
    for (let k = tab; k < n; k++) col = text.charCodeAt(k) === 9 ? col + 8 - (col % 8) : col + 1;
    return col;
  }

  // Notes on code cell c the columns its intra-line highlight spans (hs: [start, end, ...] offsets in
  // text) and marks it (markOne) as diff view `view` (50_render.js DiffView) stands.
  function hlSpan(c, text, hs, view) {
    if (!hs.length) return;
    c.setAttribute('data-hl', column(text, hs[0][0]) + ',' + column(text, hs[hs.length - 1][1]));
    markOne(c, view.sx || 0, view.cw, view.wrap ? Infinity : view.cellWidth()); // wrapped: all of it shows
  }

  // Marks code cell c when its whole intra-line highlight lies outside its visible columns (the cells
  // scrolled sideways by sx px, cw px per column, width px wide): class hl-right / hl-left, a bar at that
  // edge (viewer.css) whose title says n scrolls to it. No layout is read.
  function markOne(c, sx, cw, width) {
    const [a, b] = c.getAttribute('data-hl').split(',').map(Number);
    const right = a * (cw || 7.8) - sx >= width, left = b * (cw || 7.8) - sx <= 0;
    c.classList.toggle('hl-right', right);
    c.classList.toggle('hl-left', left);
    if (right || left)
      c.title = 'Changed characters off screen to the ' + (right ? 'right' : 'left') + ' (n scrolls to them)';
    else c.removeAttribute('title');
  }

  // markOne on every rendered cell with a highlight (after a sideways scroll).
  function markEdges(rowsEl, sx, cw, width) {
    for (const c of rowsEl.querySelectorAll('.c[data-hl]')) markOne(c, sx, cw, width);
  }

  T.rowLabel = { labelRow, KIND_WORDS, hlSpan, markEdges, column };
});
