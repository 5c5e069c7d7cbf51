// ir-trace viewer: a diff row as a table row for assistive technology (the diff view, 50_render.js, is a
// role "table" of such rows): named by its line numbers and change, so a screen reader reads "before line
// 12, after line 13, changed" and the code, not one run of text.
(function () {
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

  T.rowLabel = { labelRow, KIND_WORDS };
})();
