// ir-trace viewer: compare reports (`ir-trace compare BASE HEAD`, the payload's "compare"). The banner naming
// the two runs, the statuses such a report adds (added, removed) and the names it gives the others (a pass
// after which the runs' IR differs or is the same), its notes, and the entry it opens on: the first
// divergence. Plain reports get their usual names from the same functions.
window.IrTrace.define('59_two_runs', function() {
  'use strict';
  const T = window.IrTrace;
  const { el } = T.util;
  const { KIND, STATUS } = T.payload;

  // The payload's "compare" object, or null for a plain report.
  function of (model) {
    const c = model.data.compare;
    return c && typeof c === 'object' ? c : null;
  }

  // The status filters, [status, label], in the order shown.
  function statuses(model) {
    if (of(model))
      return [[STATUS.CHANGED, 'Differ'], [STATUS.NOOP, 'Same'], [STATUS.ADDED, 'Added'], [STATUS.REMOVED, 'Removed']];
    return [
      [STATUS.CHANGED, 'Changed'], [STATUS.NOOP, 'No-op'], [STATUS.FAILED, 'Failed'], [STATUS.CODEGEN, 'Codegen']
    ];
  }

  // The word for status st in the pass list, the header's chip and tooltips.
  function word(model, st) {
    const cmp = !!of(model);
    return {
      [STATUS.CHANGED]: cmp ? 'differs' : 'changed',
      [STATUS.NOOP]: cmp ? 'same' : 'no-op',
      [STATUS.FAILED]: 'failed',
      [STATUS.CODEGEN]: 'codegen',
      [STATUS.ADDED]: 'added in HEAD',
      [STATUS.REMOVED]: 'removed in HEAD',
    }[st] ||
        st;
  }

  // The entry a compare report opens on: its first divergence, else the first pass that failed in a run,
  // else -1.
  function first(model) {
    const c = of(model);
    if (!c) return -1;
    if (Number.isInteger(c.first) && model.entries[c.first]) return c.first;
    return model.entries.findIndex((e) => !!e.error);
  }

  // The entry a report opens on: a compare report's first divergence; else its first failed pass (what
  // the engineer opens it for), else its first changed pass (one diffed against an empty first entry last), else its first pass.
  function opening(model) {
    const es = model.entries;
    let i = first(model);
    if (i < 0) i = es.findIndex((e) => e.kind === KIND.PASS && e.status === STATUS.FAILED);
    // A pass diffed against an empty first entry (a log that holds no IR before its first pass) shows its
    // whole output as added: the first pass that really changed something comes before it.
    const changed = (e) => e.kind === KIND.PASS && e.status === STATUS.CHANGED;
    const fromNothing = (e) => Number.isInteger(e.before) && model.count(e.before) === 0;
    if (i < 0) i = es.findIndex((e) => changed(e) && !fromNothing(e));
    if (i < 0) i = es.findIndex(changed);
    if (i < 0) i = es.findIndex((e) => e.kind === KIND.PASS);
    return i < 0 ? 0 : i;
  }

  // Where entry e is in each run: "BASE pass 7 · HEAD pass 8" (a run that lacks it left out), or "".
  function where(e) {
    const parts = [];
    if (Number.isInteger(e.base_num)) parts.push('BASE pass ' + e.base_num);
    if (Number.isInteger(e.head_num)) parts.push('HEAD pass ' + e.head_num);
    return parts.join(' \u00b7 ');
  }

  // The top bar's line naming both runs (title and path, as text), or null for a plain report.
  function banner(model) {
    const c = of(model);
    if (!c) return null;
    // The path is cut at its start (its end names the dump); the marks keep its slashes in place there.
    const run = (label, r) =>
        el('span', { class: 'run', title: label + ': ' + String((r && r.path) || '') }, el('strong', null, label), ' ',
           String((r && r.title) || ''), ' ',
           el('span', { class: 'run-path' }, '\u200e' + String((r && r.path) || '') + '\u200e'));
    return el('span', { class: 'runs' }, run('BASE', c.base), ' \u2192 ', run('HEAD', c.head));
  }

  // What the page says about entry index i of a compare report (none for a plain report).
  function notes(model, i) {
    const c = of(model), e = model.entries[i];
    if (!c || !e) return [];
    const out = [];
    const at = where(e) ? ' (' + where(e) + ')' : '';
    const file = model.passNumber(e) === null;  // a codegen row
    if (i === c.first) {
      out.push(
          'First divergence: the two runs\u2019 ' + (file ? 'generated files first differ' : 'IR first differs') +
          ' here' + at +
          (e.status === STATUS.ADDED || e.status === STATUS.REMOVED ? ', by a pass only one run has.' : '.'));
      const prev = model.entries[i - 1];
      if (prev && (prev.status === STATUS.ADDED || prev.status === STATUS.REMOVED) && (prev.ins || prev.del)) {
        out.push('The row above (' + prev.name + ') runs in one run only and changes the IR: it may be the cause.');
      }
    }
    if (e.status === STATUS.ADDED)
      out.push(
          file ? 'Only HEAD has this file: shown against nothing.' :
                 'Only HEAD runs this: shown is its own change in HEAD.');
    else if (e.status === STATUS.REMOVED)
      out.push(
          file ? 'Only BASE has this file: shown against nothing.' :
                 'Only BASE runs this: shown is its own change in BASE.');
    else if (e.status === STATUS.NOOP) out.push('Same ' + (file ? 'text' : 'IR') + ' in both runs here' + at + '.');
    else out.push('BASE (\u2212) against HEAD (+)' + at + '.');
    if (c.first === null && i === 0)
      out.push('The two runs never diverge: their IR is the same after every pass both run.');
    return out;
  }

  T.runs = { of, statuses, word, first, opening, where, banner, notes };
});
