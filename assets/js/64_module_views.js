// ir-trace viewer: the whole module around a unit entry (schema 4). A pass that ran on one IR unit (an LLVM
// function-scope log: "unit" is function, scc or loop) stores only that unit's text; the "Whole module"
// toggle shows, for such a pass, the module view after the entry before it against the module view after it
// (codec moduleView: the last module dump with every function dumped since put in its place), diffed in the
// page like a comparison. Views are built on demand, only for the pass shown, and cached: a report with
// 100,000 unit entries costs nothing here until one is opened. WholeModule is the App's toggle for it.
window.IrTrace.define('64_module_views', function() {
  'use strict';
  const T = window.IrTrace;
  const P = T.payload;
  const { KIND, FN_STATUS, UNIT } = P;

  // The words naming what unit entry e's snapshots hold: "function foo", "SCC (f, g)", "loop"; null for an
  // entry that holds the whole module.
  function unitLabel(e) {
    const u = P.unitOf(e);
    if (u === null) return null;
    const keys = P.unitKeys(e);
    if (u === UNIT.FUNCTION) return 'function ' + (keys[0] || '?');
    if (u === UNIT.SCC) return 'SCC (' + keys.join(', ') + ')';
    if (u === UNIT.LOOP) return 'loop';
    if (u === UNIT.MACHINE) return 'machine code of ' + (keys[0] || '?');
    return u;
  }

  // The unit a pass ran on as the pass list names it after the pass (null for no unit entry): "@clamp"
  // (lang "llvm" or "mlir": the IR's sigil), "(f, g)" for an SCC, "loop %for.body in @f" (P.loopOf; "loop"
  // when no note names it).
  function unitName(e, lang) {
    const u = P.unitOf(e);
    if (u === null) return null;
    const at = lang === 'llvm' || lang === 'mlir' ? '@' : '';
    const keys = P.unitKeys(e);
    if (u === UNIT.FUNCTION) return at + (keys[0] || '?');
    if (u === UNIT.SCC) return '(' + keys.join(', ') + ')';
    if (u === UNIT.MACHINE) return 'MIR @' + (keys[0] || '?'); // an LLVM function's machine code
    const loop = P.loopOf(e);
    return loop ? 'loop ' + loop.header + ' in ' + at + loop.fn : u;
  }

  // Lines of function `key` in module view v ({lines, sections}): {lines, nums} as Model.section gives them
  // (nums: 0-based lines of the view; "" = the lines in no section; null = the whole view).
  function viewSection(v, key) {
    if (key === null || key === undefined) return { lines: v.lines, nums: null };
    const lines = [], nums = [];
    if (key !== '') {
      const sec = v.sections.find((x) => x[0] === key);
      if (sec)
        for (let j = sec[1]; j < sec[2] && j < v.lines.length; j++) {
          lines.push(v.lines[j]);
          nums.push(j);
        }
      return { lines, nums };
    }
    const inside = new Uint8Array(v.lines.length);
    for (const x of v.sections) inside.fill(1, Math.max(0, x[1]), Math.min(v.lines.length, x[2]));
    for (let j = 0; j < v.lines.length; j++)
      if (!inside[j]) {
        lines.push(v.lines[j]);
        nums.push(j);
      }
    return { lines, nums };
  }

  const same = (a, b) => a.length === b.length && a.every((l, k) => l === b[k]);

  class ModuleViews {
    constructor(model) {
      this.model = model;
      this.cache = new T.util.Lru(2000000, (v) => v.lines.length + 1); // entry index -> its module view
      this.fnCache = new Map(); // entry index -> functions offered in its module view
    }

    // Whether entry i has a module view of its own to show: a pass that ran on one IR unit (not a machine
    // pass: machine code is no part of the IR module).
    has(i) {
      const e = this.model.entries[i];
      const u = e ? P.unitOf(e) : null;
      return !!e && e.kind === KIND.PASS && !e.crashed && u !== null && u !== UNIT.MACHINE;
    }

    // The module view after entry i (codec moduleView), cached; i < 0: empty.
    after(i) {
      if (i < 0) return { base: -1, runs: [], lines: [], sections: [] };
      let v = this.cache.get(i);
      if (!v) {
        const m = this.model;
        v = this.cache.set(i, P.moduleView(m.data, i, (j) => m.lines(j), (j) => m.sections(j)));
      }
      return v;
    }

    // The module view before entry i: the one after the entry before it.
    before(i) { return this.after(i - 1); }

    // The functions the selector offers in entry i's module view: the view's sections after the pass (and
    // "" when some line is in none), then those gone from it; a function compares its lines before and after
    // (only the unit's functions can differ). [{key, status, ins, del}], changed and added ones first; a
    // changed function's counts are the pass's own for it (its unit holds the same function text on both
    // sides), absent when the pass lists none ("" in the view).
    functions(i) {
      let fns = this.fnCache.get(i);
      if (fns) return fns;
      const l = this.before(i), r = this.after(i);
      const own = new Map(((this.model.entries[i] || {}).functions || []).map((f) => [f.key, f]));
      const keys = r.sections.map((x) => x[0]);
      const had = new Set(l.sections.map((x) => x[0]));
      const has = new Set(keys);
      if (viewSection(r, '').lines.length) keys.push('');
      const out = keys.map((key) => {
        const after = viewSection(r, key).lines;
        if (key !== '' && !had.has(key)) return { key, status: FN_STATUS.ADDED, ins: after.length, del: 0 };
        if (same(viewSection(l, key).lines, after)) return { key, status: FN_STATUS.SAME, ins: 0, del: 0 };
        const f = own.get(key);
        return f && f.status === FN_STATUS.CHANGED ? { key, status: FN_STATUS.CHANGED, ins: f.ins, del: f.del } :
                                                     { key, status: FN_STATUS.CHANGED };
      });
      for (const x of l.sections)
        if (!has.has(x[0]))
          out.push({ key: x[0], status: FN_STATUS.REMOVED, ins: 0, del: viewSection(l, x[0]).lines.length });
      const rank = (f) => (f.status === FN_STATUS.SAME ? 1 : 0);  // a stable sort keeps each group's order
      fns = out.map((f, k) => [f, k]).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map((x) => x[0]);
      this.fnCache.set(i, fns);
      return fns;
    }

    // The view of entry i's whole module, function key (null = all of it), without a diff yet (the page
    // diffs it: "module" says so, and holds the after view's runs, from which blame reads each line).
    view(i, key) {
      const m = this.model, e = m.entries[i];
      const lv = this.before(i), rv = this.after(i);
      const left = viewSection(lv, key), right = viewSection(rv, key);
      const lang = (m.snapshots[e.after] || {}).lang;
      const label = m.entryLabel(e);
      return {
        left: left.lines,
        right: right.lines,
        leftNums: left.nums,
        rightNums: right.nums,
        ops: [],
        pairs: [],
        leftFile: 'whole module before ' + label,
        rightFile: 'whole module after ' + label,
        leftLang: lang,
        rightLang: lang,
        single: false,
        leftNoEol: 0,
        rightNoEol: 0,
        module: { entry: i, runs: rv.runs },
      };
    }

    // The line of entry i's module view that holds line `line` (0-based) of snapshot `snap`, -1 when the
    // view does not copy it (its runs say where each line comes from).
    lineOf(i, snap, line) {
      let at = 0;
      for (const r of this.after(i).runs) {
        if (!Array.isArray(r)) {
          at++;
          continue;
        }
        if (r[0] === snap && line >= r[1] && line < r[2]) return at + line - r[1];
        at += r[2] - r[1];
      }
      return -1;
    }
  }

  // The header's chip for unit entry e (what its snapshots hold), null for an entry holding the whole module.
  function unitChip(e) {
    const unit = unitLabel(e);
    if (unit === null) return null;
    if (P.unitOf(e) === UNIT.MACHINE) {
      return T.util.el(
          'span', {
            class: 'chip unit-chip mir',
            title: 'A machine pass (the backend): its before and after hold ' + unit +
                ' as the log printed it (MIR), the after side its dump after this pass, the before side its previous machine dump'
          },
          'MIR: ' + unit);
    }
    return T.util.el(
        'span', {
          class: 'chip unit-chip',
          title: 'This pass ran on one IR unit: its before and after hold only ' + unit +
              ', as the log printed it, not the whole module (Whole module, m, shows the module around it)'
        },
        unit);
  }

  // The Whole module toggle of the App (app: its model, entry, compare, select, flash and copy are used):
  // its button, its state (sticky across passes; a pass that holds the whole file shows it as it is), and
  // what the App asks while it is on: the view to diff, the note, the copies.
  class WholeModule {
    constructor(app) {
      this.app = app;
      this.views = new ModuleViews(app.model);
      this.pressed = false;
      this.button = T.util.el('button', { type: 'button', class: 'seg', 'aria-pressed': 'false' }, 'Whole module');
      this.button.addEventListener('click', () => this.toggle());
    }

    // Whether the view shown is the module view of a unit entry (the toggle on, no comparison).
    on() {
      const app = this.app;
      return this.pressed && !app.compare && app.entry >= 0 && this.views.has(app.entry);
    }

    // The pass header of entry e (title: its element): the unit's chip, and the button's state.
    header(title, e) {
      const chip = unitChip(e);
      if (chip) title.appendChild(chip);
      this.update();
    }

    // The button's state for what is shown now.
    update() {
      const app = this.app, has = !app.compare && app.entry >= 0 && this.views.has(app.entry);
      this.button.setAttribute('aria-pressed', String(this.pressed));
      this.button.disabled = !has;
      this.button.title = has ?
          'Show the whole module before and after this pass: the last module dump with every function dumped since put in its place (m)' :
          'Whole module: for a pass that ran on one function, SCC or loop (its snapshots hold only that) (m)';
    }

    // m and the button: on or off, the pass shown again.
    toggle() {
      const app = this.app;
      if (app.entry < 0 || app.compare) return;
      if (!this.views.has(app.entry)) {
        app.flash('Whole module: only for a pass that ran on one function, SCC or loop');
        return;
      }
      this.pressed = !this.pressed;
      app.select(app.entry);
    }

    // The note heading the notices while on: [] or [text].
    notes() {
      return this.on() ?
          [
            'Whole module: the last module dump with every function dumped since put in its place, before and after this pass, diffed in the page. ' +
            'Module-level lines a function pass adds show only at the next module dump; loop passes change no module view.'
          ] :
          [];
    }

    // Copy before / after: the module view on side 'L' or 'R'.
    copySide(side) {
      const app = this.app, v = side === 'L' ? this.views.before(app.entry) : this.views.after(app.entry);
      app.copy(
          v.lines.join('\n') + (v.lines.length ? '\n' : ''),
          'the whole module ' + (side === 'L' ? 'before' : 'after') + ' this pass (' +
              T.util.plural(v.lines.length, 'line') + ')');
    }
  }

  T.modules = { ModuleViews, WholeModule, unitLabel, unitName, unitChip, viewSection };
});
