// ir-trace viewer: the analysis toggles for the App: Blame (55_blame.js) and the normalised views
// (56_norm_keys.js, 57_normalize.js). Owns their buttons, their state and models, and the flows between
// them and the App: the App asks it for the view to show, the functions, status and notes of an entry, the
// decorations of the diff rows (the blame gutter, the marks of lines equal only under a normalisation) and
// the link's "ignore" value, and tells it when a pass is selected. It sees the page only through the view
// state the App hands it (App.analysisState): what is shown, read; what it changes, asked for.
//
// Blame is a way of looking: stored like the layout. The normalisations change what the page says changed,
// so they live in the deep link only: a report opened afresh shows the real diff.
window.IrTrace.define('58_analysis', function() {
  'use strict';
  const T = window.IrTrace;
  const { el, store } = T.util;
  const { KIND, STATUS } = T.payload;
  const R = T.rows;
  const N = T.normalize;

  class Analysis {
    // state: the page's view state (70_app.js analysisState). Read: model, whole (the Whole module
    // toggle), twoRuns (a compare report), entry (-1: none), fnKey (null: the whole file), compare ({from,
    // to} or null), shown (the view on screen), anchored (F7 anchors), noneShown (no pass matches the
    // filters), picking (F7 choosing lines). Asked: open(i, {fn, keepLine, whole}), flash(message),
    // linkChanged(), restatus(), fillFunctions(fns, lang), showHead(e), showView().
    constructor(state) {
      this.state = state;
      const m = state.model;
      // Blame follows one run's passes: a compare report (59_two_runs.js) has two runs, so none.
      this.blameOn = !state.twoRuns && store.get('blame', '0') === '1';
      this.norm = { ws: false, ssa: false };
      this.blameOf = null;  // the Blame of the model, made when first asked for (blame)
      this.normalizer = new N.Normalizer(m, {
        onResult: (i) => {
          if (i === state.entry && this.pending) this.reshow();
        },
        onProgress: (f) => {
          this.status.textContent =
              'Comparing passes ignoring ' + N.modeText(this.norm) + '\u2026 ' + Math.round(100 * f) + '%';
        },
        onDone: (mode) => this.normDone(mode),
      });
      const btn = (label, fn, title, pressed) => {
        const b = el('button', { type: 'button', class: 'seg', 'aria-pressed': String(pressed), title }, label);
        b.addEventListener('click', fn);
        return b;
      };
      this.blameBtn = btn(
          'Blame', () => this.toggleBlame(),
          'Show which pass introduced each line; click a pass number to open that pass (b; Shift+B opens the cursor line\u2019s pass)',
          this.blameOn);
      this.wsBtn =
          btn('Ignore whitespace', () => this.toggleNorm('ws'),
              'Compare lines with all whitespace removed, like diff -w (w)', false);
      this.ssaBtn = btn(
          'Ignore SSA numbering', () => this.toggleNorm('ssa'),
          'Compare with numbered SSA names (%0, %arg1, ^bb2, x_3, _t12) renumbered by first appearance in their function (i)',
          false);
      // LLVM IR / MLIR: diffs whose renumbering of #N / !N or aliases is hidden (their "meaning"): the raw text on request.
      this.hasRenumbering = m.entries.some((e) => e.diff && Array.isArray(e.diff.meaning));
      this.rawBtn = btn(
          'Show renumbering', () => this.toggleRenumbering(),
          'Show the raw text: LLVM attribute groups #N and metadata !N as each dump numbers them, MLIR aliases as each dump spells them (by default a change that only renumbers them is hidden, as the pass list counts it)',
          false);
      this.rawBtn.hidden = !this.hasRenumbering;
      if (state.twoRuns)
        Object.assign(
            this.blameBtn,
            { disabled: true, title: 'Blame follows the passes of one run: open either run\u2019s own report' });
      this.group =
          el('span', { class: 'group', role: 'group', 'aria-label': 'Analysis' }, this.blameBtn, this.wsBtn,
             this.ssaBtn, this.rawBtn);
      this.status = el('span', { class: 'norm-status', role: 'status', 'aria-live': 'polite' });
      this.pending = false;  // the view shown waits for its pass's normalised result
    }

    // Listens for clicks on blame numbers in the diff view (diff: the App's DiffView, which the toggles
    // decorate and scroll).
    attach(diff) {
      this.diff = diff;
      diff.rowsEl.addEventListener('click', (ev) => {
        const bl = ev.target.closest('.bl[data-entry]');
        if (bl && !this.state.picking)
          this.openBlame(Number(bl.getAttribute('data-entry')), Number(bl.getAttribute('data-line')));
      });
    }

    // ---- what the App shows ----

    normOn() { return this.norm.ws || this.norm.ssa; }

    // The link's "ignore" value: "ws", "ssa", "ws,ssa" or "".
    ignoreKey() { return N.modeKey(this.norm); }

    // Called as entry i is selected: under a normalisation its result first (at once when small).
    selecting(i) {
      if (!this.normOn()) return;
      this.normalizer.prefer(i);
      this.normalizer.ensure(this.norm, i);
    }

    // The functions offered for entry i: under a normalisation with the changed ones' counts recomputed; in
    // a unit entry's whole module, the module view's (compared in the page, never normalised).
    functionsOf(i) {
      const s = this.state;
      if (s.whole.on()) return s.whole.views.functions(i);
      const fns = s.model.functionChoices(s.model.entries[i]);
      return this.normOn() ? this.normalizer.functions(this.norm, i, fns) : fns;
    }

    // Entry i as shown: its status and counts under the normalisation as soon as that pass is computed
    // (the pass list waits for all of them), else as the pass list shows it.
    entryShown(i) { return (this.normOn() && this.normalizer.shownEntry(this.norm, i)) || this.state.model.shown(i); }

    // The note that heads entry e's notes (e as entryShown gives it): the no-op note, or under a
    // normalisation what it ignored and the real counts when they differ. [] or [text].
    notes(e) {
      // A compare report's "same" is no no-op: 59_two_runs.js says what it is.
      const noop = this.state.twoRuns ? [] : ['No-op: this pass did not change the IR.'];
      const renum = this.renumberingNote(e);
      if (!e.raw) return (e.status === STATUS.NOOP ? noop : []).concat(renum);
      const ignoring = N.modeText(this.norm);
      const real = ' (the real diff: +' + (e.raw.ins || 0) + ' -' + (e.raw.del || 0) + ')';
      if (e.raw.status === STATUS.NOOP) return noop;
      if (e.status === STATUS.NOOP) return ['No-op when ignoring ' + ignoring + real + '.'];
      if (e.raw.ins !== e.ins || e.raw.del !== e.del) return ['Compared ignoring ' + ignoring + real + '.'];
      return ['Compared ignoring ' + ignoring + ': the same lines change as in the real diff.'];
    }

    // The note on an entry whose diff hides renumbering (its "meaning"): [] or [text]. LLVM IR's attribute
    // groups #N and metadata !N; MLIR's aliases (#map, !t, #loc), renamed or dropped by its printer.
    renumberingNote(e) {
      if (!e.diff || !Array.isArray(e.diff.meaning)) return [];
      const { ins, del } = T.payload.forEachBlock(e.diff.ops || []);  // the raw text's counts
      const raw = 'the raw text: +' + ins + ' -' + del;
      if ((this.state.model.snapshots[e.after] || {}).lang === 'mlir') {
        if (this.state.model.showRenumbering)
          return [
            'Showing aliases as each dump spells them: #map, !t and #loc aliases (' + raw +
            '); the counts compare them by what they stand for.'
          ];
        return [
          'Aliases (#map, !t, #loc) the printer renamed, dropped with their last use or spelt inline are compared by what they stand for (' +
          raw + '; Show renumbering shows the text as printed).'
        ];
      }
      if (this.state.model.showRenumbering)
        return [
          'Showing renumbering: attribute groups #N and metadata !N as each dump numbers them (' + raw +
          '); the counts compare them by what they name.'
        ];
      return [
        'Renumbering of attribute groups #N and metadata !N by the printer is hidden (' + raw +
        '; Show renumbering shows it).'
      ];
    }

    // "Show renumbering": the raw ops of diffs that hide renumbering (Model.showRenumbering).
    toggleRenumbering() {
      const m = this.state.model;
      m.showRenumbering = !m.showRenumbering;
      this.rawBtn.setAttribute('aria-pressed', String(m.showRenumbering));
      this.reshow();
    }

    // The view of entry e (index i), function fnKey: Model.view, under a normalisation its result once in
    // (until then the real one, shown again when it comes: reshow).
    view(e, i, fnKey) {
      const v = this.state.model.view(e, fnKey);
      this.pending = false;
      if (!this.normOn()) return v;
      const nv = this.normalizer.view(this.norm, i, fnKey, v);
      this.pending = !nv;
      return nv || v;
    }

    // The diff rows' decorations for view v (DiffView data.decor), or null: the blame gutter while Blame is
    // on (its cell reads the row's data-after), and on a normalised view "≈" in the sign cells of an equal
    // row whose two lines differ in their text.
    decor(v) {
      const gutter = this.blameOn ? this.gutter(v) : null;
      const marks = v && (v.normalized || v.renumbered) ? this.marks() : null;
      if (!gutter && !marks) return null;
      const diff = this.diff;
      return {
        get width() { return gutter ? Math.ceil(Math.max(2, gutter.digits) * (diff.cw || 7.5) + 12) : 0; },
        decorate: (row) => {
          if (row.getAttribute('data-kind') === 'fold') return;
          if (marks) marks(row);
          if (gutter) {
            const a = row.getAttribute('data-after');
            row.appendChild(gutter.cell(a === null ? -1 : Number(a) - 1));
          }
        },
      };
    }

    // Marks the sign cells of an equal row whose lines (by their file line numbers) differ in their text.
    marks() {
      const m = this.state.model, e = m.entries[this.state.entry];
      const left = m.lines(e.before), right = m.lines(e.after);
      const strip = (s) => (s && s.endsWith('\r') ? s.slice(0, -1) : s || '');
      return (row) => {
        const b = row.getAttribute('data-before'), a = row.getAttribute('data-after');
        if (row.getAttribute('data-kind') !== 'equal' || b === null || a === null) return;
        const after = strip(right[a - 1]);
        if (strip(left[b - 1]) === after) return;
        // The stacked layout shows the before line only: the tooltip has the after one.
        const title = 'Equal but for what is ignored; after this pass: ' +
            (after.length > 300 ? after.slice(0, 300) + '\u2026' : after);
        for (const sg of row.querySelectorAll('.sg')) {
          sg.textContent = '\u2248';
          sg.classList.add('nq');
          sg.title = title;
        }
      };
    }

    // ---- blame ----

    // The model's Blame (55_blame.js), made on first use: it walks every entry, which a first diff without
    // the gutter does not need.
    get blame() { return this.blameOf || (this.blameOf = new T.blame.Blame(this.state.model)); }

    toggleBlame() {
      if (this.blameBtn.disabled) return;
      this.blameOn = !this.blameOn;
      store.set('blame', this.blameOn ? '1' : '0');
      this.blameBtn.setAttribute('aria-pressed', String(this.blameOn));
      const d = this.diff;
      if (!d.view) return;
      // The rows in the page get or lose their cells in place (drawing them again, with their syntax and
      // intra-line highlight, costs as much as stepping to the pass); the others are decorated when drawn.
      d.decor = this.decor(this.state.shown);
      d.decorGutter();
      for (const row of d.rowsEl.children) {
        for (const cell of row.querySelectorAll('.bl')) cell.remove();
        if (d.decor) d.decor.decorate(row);
      }
      d.updateHScroll();
    }

    // The snapshot on the after side now (the compare's "to", or the entry's own), -1 for none.
    afterSnapshot() {
      const s = this.state;
      if (s.compare) return s.compare.to;
      const e = s.model.entries[s.entry];
      return e && Number.isInteger(e.after) ? e.after : -1;
    }

    // Provenance of the after side of view v (the one shown when absent): a unit entry's whole module is
    // made of runs of snapshots (its lines blamed as they are there), else the after snapshot's. null: none.
    afterProv(v) {
      const view = v || this.state.shown;
      if (view && view.module) return this.blame.ofRuns(view.module.runs);
      const s = this.afterSnapshot();
      return s >= 0 ? this.blame.of(s) : null;
    }

    // The after side's blame gutter (Blame.gutterOf), null for none (codegen: no pass wrote it).
    gutter(v) { return this.blame.gutterOf(this.afterProv(v)); }

    // Opens entry idx with its after snapshot's 0-based line `line` in view and the cursor on it: in the
    // function holding it when a function is shown now, else the whole file.
    openBlame(idx, line) {
      const s = this.state, m = s.model, e = m.entries[idx];
      if (!e || !Number.isInteger(e.after) || line < 0) return;
      let fn, whole;
      if (s.fnKey !== null) {
        const sec = m.sections(e.after).find((x) => line >= x[1] && line < x[2]);
        fn = sec ? sec[0] : '';
      }
      // A unit entry shown as its whole module: the line where its module view holds it, once the page has
      // diffed the view (runCompare shows keepLine); a line the view does not hold: the pass's own snapshots.
      if (s.whole.pressed && s.whole.views.has(idx)) {
        const at = s.whole.views.lineOf(idx, e.after, line);
        if (at >= 0) {
          s.open(idx, { fn, keepLine: at });
          this.diff.scroller.focus({ preventScroll: true });
          return;
        }
        whole = false;
      }
      s.open(idx, { fn, whole });
      if (!this.showAfterLine(line, true)) {
        s.open(idx, { fn: null });
        this.showAfterLine(line, true);
      }
      this.diff.scroller.focus({ preventScroll: true });
    }

    // Shift+B: opens the pass that introduced the cursor line (else the first line on screen).
    openBlameAtCursor() {
      if (this.blameBtn.disabled) return;
      const prov = this.afterProv();
      const line = this.currentAfterLine();
      if (!prov || line < 0 || prov.entry[line] < 0) {
        this.state.flash('No pass introduced a line here (codegen, or no line on the after side)');
        return;
      }
      this.openBlame(prov.entry[line], prov.line[line]);
    }

    // Scrolls the diff view to its row of after-side file line `line` (its after half when stacked),
    // expanding its fold: centred with the cursor on it when `mark`, else at the top (a view shown again
    // keeps its place). Returns false when no row shows that line.
    showAfterLine(line, mark) {
      const d = this.diff;
      const r = R.afterRow(d.rows, d.view.rightNums, line);
      if (r < 0) return false;
      d.revealRow(r);
      const i = R.afterItem(d.rows, d.items, r, d.stacked);
      if (i < 0) return false;
      if (mark) {
        d.cursor = i;
        d.scrollToItem(i, true);
      } else d.scrollItemToTop(i);
      d.rerender();
      return true;
    }

    // The 0-based after-side file line of the cursor row, else of the first row on screen that has one;
    // -1 when none.
    currentAfterLine() {
      const d = this.diff;
      if (!d.items) return -1;
      const at = (i) => R.afterLineAt(d.rows, d.items, d.view.rightNums, i, d.stacked);
      if (d.cursor >= 0 && at(d.cursor) >= 0) return at(d.cursor);
      const first = d.firstVisible(),
            last = Math.min(d.items.length, first + Math.ceil(d.viewHeight() / d.rowHeight()));
      for (let i = first; i < last; i++)
        if (at(i) >= 0) return at(i);
      return -1;
    }

    // ---- normalised views ----

    toggleNorm(which) {
      this.setNorm(Object.assign({}, this.norm, { [which]: !this.norm[which] }));
      this.state.linkChanged();
    }

    // Switches the normalisations to mode {ws, ssa} (from a toggle or a link): every pass is compared again
    // in the background (the one shown first); the pass list changes when all are in.
    setNorm(mode) {
      const next = { ws: !!(mode && mode.ws), ssa: !!(mode && mode.ssa) };
      if (next.ws === this.norm.ws && next.ssa === this.norm.ssa) return;
      this.norm = next;
      this.wsBtn.setAttribute('aria-pressed', String(next.ws));
      this.ssaBtn.setAttribute('aria-pressed', String(next.ssa));
      this.status.textContent = '';
      if (!this.normOn()) {
        this.normalizer.cancel();
        this.applyOverlay(null);
      } else {
        this.applyOverlay(this.normalizer.overlay(next));
        this.normalizer.start(next, this.state.entry);
        if (this.normalizer.complete(next)) this.normDone(next);
      }
      this.reshow();
    }

    normDone(mode) {
      if (N.modeKey(mode) !== N.modeKey(this.norm)) return;
      this.applyOverlay(this.normalizer.overlay(mode));
      const s = this.state, m = s.model, statusOf = T.model.statusOf;
      let changed = 0, real = 0;
      m.entries.forEach((e, i) => {
        if (e.kind !== KIND.PASS) return;
        if (statusOf(m.shown(i)) === STATUS.CHANGED) changed++;
        if (statusOf(e) === STATUS.CHANGED) real++;
      });
      this.status.textContent = 'Ignoring ' + N.modeText(mode) + ': ' + changed +
          (changed === 1 ? ' pass changes' : ' passes change') + ' the IR (' + real + ' without)';
      if (s.entry >= 0 && !s.compare && !s.noneShown) s.showHead(this.entryShown(s.entry));
    }

    // Puts the shown statuses (null: the real ones) into the model and has the page show them (restatus:
    // a filter may now hide the selected pass; the App moves to the nearest one shown).
    applyOverlay(list) {
      const m = this.state.model;
      if (m.overlay === list) return;
      m.setOverlay(list);
      this.state.restatus();
    }

    // Shows the selected entry again because what it compares changed, keeping the after line in view.
    // Compare and F7 views diff the real text: left as they are.
    reshow() {
      const s = this.state;
      if (s.entry < 0 || s.compare || s.anchored || s.noneShown || s.whole.on()) return;
      const m = s.model, e = m.entries[s.entry];
      const line = this.diff.view ? this.currentAfterLine() : -1;
      this.selecting(s.entry);
      s.fillFunctions(this.functionsOf(s.entry), (m.snapshots[e.after] || {}).lang);
      s.showHead(this.entryShown(s.entry));
      s.showView();
      if (line >= 0) this.showAfterLine(line, false);
    }
  }

  T.analysis = { Analysis };
});
