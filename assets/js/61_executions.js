// ir-trace viewer: a nested pipeline's pass and its executions. An MLIR log's `func.func(cse)` over N
// functions is one pass (lib/input/mlir_pipeline.h) whose entry lists its runs in "executions"
// (15_payload.js executionsOf): its row says "8 functions, 3 changed" (60_sidebar.js), and the pass's
// notices hold the list of its executions, each a button that shows that execution (its function's diff
// in this pass; 70_app.js). Every field is untrusted text (textContent only).
window.IrTrace.define('61_executions', function() {
  'use strict';
  const T = window.IrTrace;
  const P = T.payload;
  const { el } = T.util;

  // The distinct operations of an entry's executions, in log order, each {key, runs, changed, dumps}.
  function byKey(e) {
    const out = new Map();
    for (const x of P.executionsOf(e)) {
      const r = out.get(x.key) || { key: x.key, runs: 0, changed: false, dumps: [] };
      r.runs++;
      r.changed = r.changed || x.changed;
      if (x.dump) r.dumps.push(x.dump);
      out.set(x.key, r);
    }
    return [...out.values()];
  }

  // Takes an entry. Returns its row's words, "8 functions, 3 changed" (one function: "1 function,
  // changed" / "1 function, unchanged"), or null when it has no executions.
  function summary(e) {
    const ops = byKey(e);
    if (!ops.length) return null;
    const changed = ops.filter((r) => r.changed).length;
    if (ops.length === 1) return '1 function, ' + (changed ? 'changed' : 'unchanged');
    return ops.length + ' functions, ' + changed + ' changed';
  }

  // Takes an entry and show(key), which shows that function's diff in the pass. Returns the executions'
  // list (a <details>, closed: its summary opens it), or null when the entry has none.
  function panel(e, lang, show) {
    const ops = byKey(e);
    if (!ops.length) return null;
    const at = lang === 'mlir' || lang === 'llvm' ? '@' : '';
    const runs = ops.reduce((n, r) => n + r.runs, 0);
    const list = el('ul', { class: 'exec-list' });
    for (const r of ops) {
      const what = (r.changed ? 'changed' : 'unchanged') + (r.runs > 1 ? ', ' + r.runs + ' runs' : '');
      const b = el(
          'button', { type: 'button', class: 'exec', 'data-key': r.key, title: 'Show ' + at + r.key + ' in this pass' },
          el('span', { class: 'exec-fn' }, at + r.key), ' ',
          el('span', { class: r.changed ? 'exec-st changed' : 'exec-st' }, what));
      b.addEventListener('click', () => show(r.key));
      list.appendChild(
          el('li', null, b, r.dumps.length ? el('span', { class: 'exec-dump' }, ' ' + r.dumps.join(', ')) : null));
    }
    return el(
        'details', { class: 'executions' },
        el('summary', null, 'Executions: ' + runs + ' run' + (runs === 1 ? '' : 's') + ' on ' + summary(e)), list);
  }

  // Appends to `box` (the pass's notices) the executions of the entry `app` shows, if it has any; an
  // execution's button shows its function in the pass, as choosing it in the function selector does.
  function notice(app, box) {
    const m = app.model, e = m.entries[app.entry];
    const show = (key) => {
      const k = (app.fnList || []).findIndex((f) => f.key === key && !f.to);
      if (k < 0) return;
      app.fnSelect.value = String(k);
      app.onFunction();
    };
    const p = e ? panel(e, (m.snapshots[e.after] || {}).lang, show) : null;
    if (p) box.appendChild(p);
  }

  T.executions = { summary, panel, notice };
});
