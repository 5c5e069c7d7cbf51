// ir-trace viewer: a fold row of the diff view (50_render.js): the run of unchanged lines it hides, said
// in words, and its buttons (show 20 lines below / above, Expand), each named by what it shows. The diff
// view handles their clicks (data-action, data-fold).
window.IrTrace.define('49_fold_row', function() {
  'use strict';
  const T = window.IrTrace;
  const { el, grouped } = T.util;
  const R = T.rows;

  // The row of fold f (30_diff_rows.js buildFolds), fold index fi, display item i; cursor: the key cursor
  // is on it; n: the view's base row count (a fold ending there has no lines below it to show).
  function make(f, fi, i, cursor, n) {
    const hidden = R.hiddenCount(f);
    const row = el('div', {
      class: 'row fold' + (cursor ? ' cursor' : ''),
      'data-kind': 'fold',
      'data-fold': fi,
      'data-i': i,
      role: 'row',
      'aria-label': grouped(hidden) + ' unchanged line' + (hidden === 1 ? '' : 's') + ' hidden'
    });
    const label = el(
        'span', { class: 'fold-label' }, '\u22ef ' + grouped(hidden) + ' unchanged line' + (hidden === 1 ? '' : 's'));
    row.appendChild(label);
    // Named by what they show (a screen reader reads the name, not the arrow).
    const btn = (action, text, name) => el(
        'button',
        { type: 'button', class: 'fold-btn', 'data-action': action, 'data-fold': fi, title: name, 'aria-label': name },
        text);
    if (hidden > 20) {
      if (f.s > 0) row.appendChild(btn('down', '\u2193 20', 'Show 20 hidden lines below'));
      if (f.e < n) row.appendChild(btn('up', '\u2191 20', 'Show 20 hidden lines above'));
    }
    row.appendChild(btn('all', 'Expand', 'Expand: show all ' + grouped(hidden) + ' hidden lines'));
    return row;
  }

  T.foldRow = { make };
});
