// ir-trace viewer: the function selector's words and choice. Option labels (short names, statuses, and the
// choices across names: a split, merged or renamed function read against another) and titles, and which
// choice a sticky wish picks on a pass. The App owns the <select> (70_app.js); the choices come from the
// model (20_model.js functionChoices).
window.IrTrace.define('63_functions', function() {
  'use strict';
  const T = window.IrTrace;
  const { FN_STATUS } = T.payload;

  // Option labels of the function selector: short name (after the last '.') for Python-like keys
  // unless two collide, then the full key. A choice across names (Model.functionChoices: a removed
  // function against an added one) reads "f \u2192 \u2026_aic  (split)", "f_a \u2192 f  (merged)" or
  // "(renamed)".
  function labels(fns, lang) {
    const dotted = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/;
    const at = lang === 'mlir' || lang === 'llvm' ? '@' : '';
    const shortOf = (k) =>
        (k === ''                                ? '(outside functions)' :
             lang === 'python' && dotted.test(k) ? k.slice(k.lastIndexOf('.') + 1) :
                                                   at + k);
    const seen = new Map();
    for (const f of fns)
      if (!f.across) seen.set(shortOf(f.key), (seen.get(shortOf(f.key)) || 0) + 1);
    const nameOf = (k) => (seen.get(shortOf(k)) > 1 ? k : shortOf(k));
    const acrossTail = {
      [T.model.ACROSS.SPLIT]: 'split',
      [T.model.ACROSS.MERGE]: 'merged',
      [T.model.ACROSS.RENAME]: 'renamed'
    };
    return fns.map((f) => {
      if (f.across) {
        // The added name that extends the removed one shows only what it adds: "f \u2192 \u2026_aic".
        const from = nameOf(f.key), to = nameOf(f.to);
        const shown = to.length > from.length && to.startsWith(from) ? '\u2026' + to.slice(from.length) : to;
        return from + ' \u2192 ' + shown + '  (' + acrossTail[f.across] + ')';
      }
      const s = shortOf(f.key);
      const name = seen.get(s) > 1 ? f.key : s;
      let tail = '';
      // A function changed in a view the page diffs (a unit entry's whole module) may have no counts yet.
      if (f.status === FN_STATUS.CHANGED)
        tail = f.ins === undefined && f.del === undefined ? '  (changed)' : '  +' + (f.ins || 0) + ' -' + (f.del || 0);
      else if (f.status === FN_STATUS.ADDED) tail = '  (added, +' + (f.ins || 0) + ')';
      else if (f.status === FN_STATUS.REMOVED) tail = '  (removed, -' + (f.del || 0) + ')';
      else if (f.status === FN_STATUS.MOVED) tail = '  (moved)';
      return name + tail;
    });
  }

  // The tooltip of choice f: its full key, both keys across names.
  function title(f) {
    if (f.across) return f.key + ' \u2192 ' + f.to;
    return f.key === '' ? 'Lines outside every function' : f.key;
  }

  // The choice among fns for the wish (want: a function key or null for the whole file; wantTo: with it,
  // the added function wanted across names, or null). Returns [key, to] of an offered choice, [null, null]
  // for the whole file. A pair this pass does not offer falls back to its added function, then to its
  // removed one (so stepping on from a split keeps reading the new function), then to the whole file.
  function pickChoice(fns, want, wantTo) {
    const offers = (key, to) => key !== null && fns.some((f) => f.key === key && (f.to || null) === to);
    const tries = wantTo !== null ? [[want, wantTo], [wantTo, null], [want, null]] : [[want, null]];
    return tries.find(([k, t]) => offers(k, t)) || [null, null];
  }

  T.functions = { labels, title, pickChoice };
});
