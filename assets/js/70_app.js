// ir-trace viewer: the application. Page layout, the selected pass, the function selector, layouts, the
// pass head (its words from 69_pass_head.js), copy actions, compare and F7 alignment; Whole module through
// its toggle (64_module_views.js), blame and the normalised views through the analysis toggles
// (58_analysis.js, handed a view state: analysisState).
window.IrTrace.define('70_app', function() {
  'use strict';
  const T = window.IrTrace;
  const { el, clear, store, plural, grouped, copyText } = T.util;
  const { FN_STATUS } = T.payload;
  // Below this window width side by side leaves ~25 characters per side: stacked unless chosen otherwise.
  const NARROW_PX = 1000;

  class App {
    constructor(root, model) {
      this.root = root;
      this.model = model;
      this.entry = -1;
      this.typing = new T.typingSelect.TypingSelect(); // a keystroke's best match, shown after its list
      this.fnWanted = null; // sticky function key (null = whole file)
      this.fnWantedTo = null; // with it, the sticky added function read against it across names (or null)
      this.fnKey = null; // function shown now
      this.fnTo = null; // with it, the added function it is read against across names (or null)
      // 'side' or 'stacked' once chosen (stored, or from a deep link); null: automatic, stacked while the
      // window is narrow (below NARROW_PX), side by side otherwise.
      const stored = store.get('layout', null);
      this.layout = stored === 'side' || stored === 'stacked' ? stored : null;
      this.compare = null; // {from, to} snapshot indices when comparing
      this.anchors = [];
      this.job = null;
      this.narrow = window.matchMedia('(max-width: ' + (NARROW_PX - 1) + 'px)');
      this.links = new T.links.DeepLinks(model);
      this.build();
    }

    build() {
      const m = this.model;
      const title = m.data.title || this.root.getAttribute('data-title') || 'passes';
      this.sideToggle = el(
          'button', { type: 'button', class: 'icon side-toggle', 'aria-label': 'Pass list', 'aria-expanded': 'true' },
          '\u2630');
      this.themeBtn =
          el('button', { type: 'button', class: 'icon', 'aria-label': 'Theme', title: 'Switch light / dark theme' },
             '\u25d0');
      const acrossBtn = el('button', { type: 'button', title: 'Find across passes (Shift+F)' }, 'Find across passes');
      const compareBtn = el('button', { type: 'button', title: 'Compare any two snapshots (c)' }, 'Compare\u2026');
      const helpBtn = el(
          'button', { type: 'button', class: 'icon', 'aria-label': 'Keyboard help', title: 'Keyboard help (?)' }, '?');
      const top =
          el('header', { class: 'topbar' }, this.sideToggle, el('h1', { class: 'title' }, title), T.runs.banner(m),
             el('span', { class: 'tool' }, m.data.tool || ''), el('span', { class: 'spacer' }), acrossBtn, compareBtn,
             this.themeBtn, helpBtn);
      this.sideEl = el('nav', { class: 'sidebar', 'aria-label': 'Pass list' });
      this.resizer = el('div', {
        class: 'resizer',
        role: 'separator',
        'aria-orientation': 'vertical',
        'aria-label': 'Resize the pass list',
        tabindex: '0'
      });
      this.main = el('main', { class: 'main' });
      this.root.appendChild(top);
      this.root.appendChild(el('div', { class: 'body' }, this.sideEl, this.resizer, this.main));

      // Pass header and toolbar.
      this.passTitle = el('h2', { class: 'pass-title' });
      this.fnSelect = el('select', { id: 'fn-select', class: 'fn-select' });
      this.fnSelect.addEventListener('change', () => this.onFunction());
      const btn = (label, fn, attrs) => {
        const b = el('button', Object.assign({ type: 'button' }, attrs || {}), label);
        b.addEventListener('click', fn);
        return b;
      };
      this.sideBtn = btn('Side by side', () => this.setLayout('side'), { class: 'seg' });
      this.stackBtn = btn('Stacked', () => this.setLayout('stacked'), { class: 'seg' });
      this.expandBtn =
          btn('Expand all', () => this.diff.setAllFolds(true), { title: 'Expand all folds (Shift+E toggles)' });
      this.collapseBtn =
          btn('Collapse all', () => this.diff.setAllFolds(false), { title: 'Collapse all folds (Shift+E toggles)' });
      this.copyBefore =
          btn('Copy before', () => (this.whole.on() ? this.whole.copySide('L') : this.copySide('L')),
              { title: 'Copy the whole file on the left' });
      this.copyAfter =
          btn('Copy after', () => (this.whole.on() ? this.whole.copySide('R') : this.copySide('R')),
              { title: 'Copy the whole file on the right' });
      this.copyFn =
          btn('Copy function', () => this.copyFunction(), { title: 'Copy the selected function\u2019s text' });
      this.copyDiff = btn('Copy diff', () => this.copyUnified(), { title: 'Copy as unified diff' });
      this.resetAlign = btn('Reset alignment', () => this.setAnchors([]), { hidden: true });
      this.closeCompare = btn('Close compare', () => this.select(this.entry), { hidden: true });
      this.whole = new T.modules.WholeModule(this);
      this.analysis = new T.analysis.Analysis(this.analysisState());
      const toolbar =
          el('div', { class: 'toolbar' }, el('label', { class: 'fn-label', 'for': 'fn-select' }, 'Function'),
             this.fnSelect,
             el('span', { class: 'group', role: 'group', 'aria-label': 'Layout' }, this.sideBtn, this.stackBtn),
             el('span', { class: 'group' }, this.expandBtn, this.collapseBtn), this.whole.button, this.analysis.group,
             this.analysis.status, this.resetAlign, this.closeCompare);
      T.foldControls.attach(
          toolbar, [toolbar.children[3], this.whole.button, this.analysis.group]); // behind "More…" below 1,000 px
      const copyGroup =
          el('span', { class: 'group copy-group', role: 'group', 'aria-label': 'Copy' }, this.copyBefore,
             this.copyAfter, this.copyFn, this.copyDiff);
      this.files = el('div', { class: 'files' });
      this.notices = el('div', { class: 'notices' });
      this.head =
          el('div', { class: 'pass-head' }, el('div', { class: 'title-row' }, this.passTitle, copyGroup), toolbar);
      this.panels = el('div', { class: 'panels' });
      this.diffWrap = el('div', { class: 'diff-wrap' });
      this.noneMsg = el('p', { class: 'none-msg', hidden: true }, 'No passes match the filters');
      this.status = el('div', { class: 'toast', role: 'status', 'aria-live': 'polite' });
      this.main.appendChild(this.head);
      this.main.appendChild(this.notices);
      this.linkNote = new T.links.LinkNote(this.main); // what a deep link named that the report lacks
      this.main.appendChild(this.panels);
      this.main.appendChild(this.files);
      this.main.appendChild(this.diffWrap);
      this.main.appendChild(this.noneMsg);
      this.main.appendChild(this.status);
      this.progress = T.compare.progressLine(this.panels);

      this.diff = new T.render.DiffView(this.diffWrap, {
        onPick: (side, i) => this.align.pickItem(side, i),
        onFoldChange: () => this.updateFoldButtons(),
      });
      this.wrap = new T.wrap.WrapToggle(this.diff, toolbar.querySelector('[aria-label="Layout"]'));
      this.align = new T.align.LinePick(this.diff, {
        say: (msg, sticky) => {
          this.flash(msg);
          this.status.classList.toggle('sticky', sticky);
        },
        quiet: () => {
          clearTimeout(this.flashTimer);
          this.status.classList.remove('sticky', 'show');
        },
        // The realigned view keeps the aligned pair in sight (a new view would start at the top).
        done: (l, r) => {
          this.keepLine = this.viewData.rightNums ? this.viewData.rightNums[r] : r;
          this.setAnchors(T.compare.addAnchor(this.anchors, l, r));
        },
        label: (line) => (this.viewData.leftNums ? this.viewData.leftNums[line] : line) + 1,
      });
      this.analysis.attach(this.diff);
      this.sidebar = new T.sidebar.Sidebar(this.sideEl, m, {
        onSelect: (i) => {
          this.revealEntry(i);
          this.select(i);
        },
        onFilter: () => this.onFilter(),
        unitName: T.modules.unitName, // a row's words: its unit, executions and notes
        executions: T.executions.summary,
        logNotes: T.logNotes.logNotes,
      });
      this.fnSelect.after(this.sidebar.fnOnly); // "Only passes that change it" reads as part of the choice
      T.sidebar.setupResize(this.root, this.sidebar, this.resizer, this.sideToggle);
      this.findBar = new T.find.FindBar(this.panels, {
        getView: () => (this.viewData ? { view: this.viewData, rows: this.diff.rows, diffView: this.diff } : null),
        onClose: () => this.diff.scroller.focus({ preventScroll: true }),
      });
      this.across = new T.find.AcrossPanel(this.panels, {
        model: m,
        linkFor: (i) => this.linkFor(i),
        onOpen: (i, q, rx) => {
          this.revealEntry(i);
          this.select(i);
          this.findBar.open(q, rx);
        },
      });
      acrossBtn.addEventListener('click', () => this.across.toggle());
      this.notesPanel = T.logNotes.attach(this, acrossBtn); // the readers' notes (69_log_notes.js)
      this.compareDlg =
          new T.compare.CompareDialog(this.root, { model: m, onCompare: (a, b) => this.startCompare(a, b) });
      compareBtn.addEventListener('click', () => this.compareDlg.open(this.entry));
      this.helpBtn = helpBtn;
      this.narrow.addEventListener('change', () => this.applyLayout());
    }

    // The view state the analysis toggles see (58_analysis.js Analysis): what they read, what they ask.
    analysisState() {
      const app = this;
      return {
        model: this.model,
        whole: this.whole,
        twoRuns: !!T.runs.of(this.model),
        get entry() { return app.entry; },
        get fnKey() { return app.fnKey; },
        get compare() { return app.compare; },
        get shown() { return app.viewData; },
        get anchored() { return app.anchors.length > 0; },
        get noneShown() { return app.noneShown; },
        get picking() { return app.align.active(); },
        open: (i, opts) => app.openEntry(i, opts),
        flash: (msg) => app.flash(msg),
        linkChanged: () => app.updateFragment(),
        restatus: () => {
          app.sidebar.restatus();
          if (app.entry >= 0) app.onFilter();
        },
        fillFunctions: (fns, lang) => app.fillFunctions(fns, lang),
        showHead: (e) => {
          app.renderHeader(e);
          app.renderNotices(e);
        },
        showView: () => app.showView(),
      };
    }

    // Opens entry i (revealed) with function opts.fn as select takes it; opts.keepLine: the after line the
    // page keeps in sight once it has diffed the view (runCompare); opts.whole false: Whole module off.
    openEntry(i, opts) {
      this.revealEntry(i);
      if (opts.keepLine !== undefined) this.keepLine = opts.keepLine;
      if (opts.whole === false) this.whole.pressed = false;
      this.select(i, { fn: opts.fn });
    }

    // The entry a report opens on (59_two_runs.js opening).
    firstChanged() { return T.runs.opening(this.model); }

    // Makes entry i visible even if filters hide it (used by links that name it).
    revealEntry(i) {
      if (this.sidebar.reveal(i)) this.visible = this.sidebar.applyFilters();
    }

    // ---- deep links (62_links.js) ----
    // Link (href) to entry i in the current layout.
    linkFor(i) { return '#' + this.links.entry(i, null, this.layout, this.analysis.ignoreKey()); }

    // Puts what is shown (the compare pair, or the entry) with its function and layout in the address bar.
    updateFragment() {
      const fn = this.fnKey !== null ? this.fnKey : this.fnWanted;
      const to = this.fnKey !== null ? this.fnTo : this.fnWantedTo;
      const ignore = this.analysis.ignoreKey();
      if (this.compare)
        this.links.write(this.links.compare(this.compare.from, this.compare.to, this.fnKey, this.layout, ignore));
      else if (this.entry >= 0) this.links.write(this.links.entry(this.entry, fn, this.layout, to, ignore));
    }

    // Shows what fragment `hash` names (filters cleared if they hide it); returns true when it named
    // something that exists. Its layout applies either way.
    applyFragment(hash) {
      const link = this.links.parse(hash);
      if (link.layout) this.layout = link.layout;
      this.analysis.setNorm(link.ignore);
      if (link.compare) {
        const [from, to] = link.compare;
        if (link.fn !== undefined) this.fnWanted = link.fn;
        this.visible = this.sidebar.applyFilters();
        // The pass list keeps a selection (the entry showing "to"), where "Close compare" returns.
        const at = this.model.entries.findIndex((e) => e.after === to);
        this.select(at >= 0 ? at : this.firstChanged());
        this.startCompare(from, to);
        return true;
      }
      if (link.entry < 0) return this.linkNote.lacking(this, link);
      this.revealEntry(link.entry);
      this.select(link.entry, {
        fn: link.fn === undefined ? null : link.fn,
        to: link.fn === undefined || link.to === undefined ? null : link.to
      });
      this.linkNote.checkFunction(this, link);
      return true;
    }

    // The filters changed: the list redrawn, and the pass shown kept when the list holds it, else the best
    // match while searching (shown once the list is drawn: 61_typing_select.js), the nearest visible entry
    // otherwise (ties to the lower index).
    onFilter() {
      const pending = this.typing.target();
      this.typing.cancel();
      this.visible = this.sidebar.applyFilters();
      if (!this.visible.length) {
        this.showNone(true);
        return;
      }
      const wasNone = this.noneShown;
      this.showNone(false);
      const searching = !!this.sidebar.query.trim();
      const shown = pending >= 0 ? pending : this.entry;
      let best = this.visible.includes(shown) && !wasNone ? shown : this.visible[0];
      if (best !== shown && !searching)
        for (const v of this.visible)
          if (Math.abs(v - shown) < Math.abs(best - shown)) best = v;
      if (best === this.entry && !wasNone) return;
      if (searching && !wasNone) this.typing.schedule(best, (i) => this.select(i));
      else this.select(best);
    }

    showNone(none) {
      this.noneShown = none;
      this.noneMsg.hidden = !none;
      this.diffWrap.hidden = none;
      this.head.hidden = none;
      this.files.hidden = none;
      this.notices.hidden = none;
      if (none) {
        this.sidebar.select(-1);
        this.entry = -1;
      }
    }

    // j / k: next / previous visible entry, in the list's order (ranked while searching; passes inside a
    // collapsed run of no-ops included).
    move(dir) {
      const vis = this.visible || this.sidebar.applyFilters();
      if (!vis.length) return;
      const at = vis.indexOf(this.entry);
      let target;
      if (at >= 0) target = vis[at + dir];
      else if (dir > 0) target = vis.find((i) => i > this.entry);
      else
        for (const i of vis)
          if (i < this.entry) target = i;
      if (target !== undefined) this.select(target);
    }

    select(i, opts = {}) {
      const m = this.model;
      if (!m.entries[i]) return;
      this.typing.cancel();
      this.cancelJob();
      this.compare = null;
      this.anchors = [];
      this.linkNote.leave(i);
      this.entry = i;
      if (opts.fn !== undefined) {
        this.fnWanted = opts.fn;
        this.fnWantedTo = opts.fn === null ? null : opts.to || null;
      }
      // A link naming another function changes what "Only passes that change it" keeps: entry i stays shown.
      if (this.sidebar.setFunction(this.fnWanted)) {
        this.visible = this.sidebar.applyFilters();
        this.revealEntry(i);
      }
      this.sidebar.select(i);
      if (this.noneShown) this.showNone(false);
      const e = m.entries[i];
      this.analysis.selecting(i);
      const fns = this.analysis.functionsOf(i);
      this.pickFunction(fns);
      this.fillFunctions(fns, (m.snapshots[e.after] || {}).lang);
      this.renderHeader(this.analysis.entryShown(i));
      this.renderNotices(this.analysis.entryShown(i));
      this.showView();
      this.updateFragment();
    }

    // Sets fnKey / fnTo to the sticky choice (fnWanted, fnWantedTo) among choices fns (63_functions.js).
    pickFunction(fns) { [this.fnKey, this.fnTo] = T.functions.pickChoice(fns, this.fnWanted, this.fnWantedTo); }

    fillFunctions(fns, lang) {
      clear(this.fnSelect);
      this.fnSelect.appendChild(el('option', { value: '-1' }, 'Whole file'));
      const labels = T.functions.labels(fns, lang);
      fns.forEach(
          (f, k) =>
              this.fnSelect.appendChild(el('option', { value: String(k), title: T.functions.title(f) }, labels[k])));
      this.fnList = fns;
      const idx = this.fnKey === null ? -1 : fns.findIndex((f) => f.key === this.fnKey && (f.to || null) === this.fnTo);
      this.fnSelect.value = String(idx);
      this.fnSelect.disabled = !fns.length;
    }

    onFunction() {
      const k = Number(this.fnSelect.value);
      const f = k >= 0 ? this.fnList[k] : null;
      this.fnWanted = f ? f.key : null;
      this.fnWantedTo = f && f.to ? f.to : null;
      this.fnKey = this.fnWanted;
      this.fnTo = this.fnWantedTo;
      this.anchors = [];
      if (this.compare) this.runCompare();
      else this.showView();
      this.updateFragment();
      // The chart follows the function; with "Only passes that change it" on, so does the list.
      if (this.sidebar.setFunction(this.fnWanted)) this.onFilter();
    }

    renderHeader(e) {
      T.passHead.title(this.passTitle, this.model, e); // 69_pass_head.js
      this.whole.header(this.passTitle, e); // a unit entry: what its snapshots hold; the toggle's state
    }

    renderNotices(e) {
      clear(this.notices);
      T.executions.notice(this, this.notices); // a nested pipeline's pass: its executions (61_executions.js)
      T.passHead.notices(
          this.notices, this.model, this.entry, e,
          [...this.whole.notes(), ...T.runs.notes(this.model, this.entry), ...this.analysis.notes(e)]);
    }

    renderFiles(v) { T.passHead.files(this.files, v); }

    // prebuilt: a view made in the page (compare, F7); keepFolds: keep "everything expanded" when the
    // same view is re-aligned.
    showView(prebuilt, keepFolds) {
      // A function read against another across names, a unit entry's whole module: the page diffs them.
      if (!prebuilt && !this.compare && (this.fnTo !== null || this.whole.on())) {
        this.runCompare();
        return;
      }
      const expandAll = !!keepFolds && this.diff.folds && this.diff.folds.length > 0 && !this.diff.anyFolded();
      const e = this.model.entries[this.entry];
      const v = prebuilt || this.analysis.view(e, this.entry, this.fnKey);
      this.viewData = v;
      this.renderFiles(v);
      this.diff.show({
        view: v,
        context: this.model.context,
        stacked: this.effectiveStacked(),
        expandAll,
        decor: this.analysis.decor(v)
      });
      this.align.refresh();
      this.copyBefore.disabled = v.single;
      this.copyDiff.disabled = v.single;
      this.copyFn.disabled = this.fnKey === null;
      this.resetAlign.hidden = !this.anchors.length;
      this.closeCompare.hidden = !this.compare;
      this.applyLayoutButtons();
      this.updateFoldButtons();
      this.findBar.refresh();
    }

    // An explicit choice wins; without one the window's width decides.
    effectiveStacked() { return this.layout ? this.layout === 'stacked' : this.narrow.matches; }

    setLayout(l) {
      this.layout = l;
      store.set('layout', l);
      this.applyLayout();
      this.updateFragment();
    }

    applyLayout() {
      // Nothing shown yet (a diff across names still being made): diff.show will take the layout.
      if (this.viewData) this.diff.setStacked(this.effectiveStacked());
      this.applyLayoutButtons();
    }

    applyLayoutButtons() {
      const stacked = this.effectiveStacked(), single = !!(this.viewData && this.viewData.single);
      // A file shown whole has neither layout: neither button is pressed (both are disabled).
      this.sideBtn.setAttribute('aria-pressed', String(!stacked && !single));
      this.stackBtn.setAttribute('aria-pressed', String(stacked && !single));
      const auto = this.layout ? '' :
          this.narrow.matches  ? '; stacked while the window is under ' + grouped(NARROW_PX) + ' px, until you choose' :
                                 '; automatic: stacked while the window is under ' + grouped(NARROW_PX) + ' px';
      this.sideBtn.title = 'Side by side (s toggles' + auto + ')';
      this.stackBtn.title = 'Stacked / unified (s toggles' + auto + ')';
      this.files.classList.toggle('stacked', stacked);
      this.sideBtn.disabled = single;
      this.stackBtn.disabled = single;
    }

    updateFoldButtons() {
      const has = this.diff.folds && this.diff.folds.length > 0;
      this.expandBtn.disabled = !has || !this.diff.anyFolded();
      this.collapseBtn.disabled = !has || this.diff.folds.every((f) => f.top === 0 && f.bot === 0);
    }

    toggleFolds() {
      if (!this.diff.folds || !this.diff.folds.length) return;
      this.diff.setAllFolds(this.diff.anyFolded());
    }

    // ---- copy ----
    flash(msg) {
      this.status.textContent = msg;
      this.status.classList.add('show');
      clearTimeout(this.flashTimer);
      this.flashTimer = setTimeout(() => this.status.classList.remove('show'), 2200);
    }

    async copy(text, what) {
      const ok = await copyText(text);
      this.flash(ok ? 'Copied ' + what : 'Copy failed: the browser denied clipboard access');
    }

    copySide(side) {
      const e = this.model.entries[this.entry];
      const snap = this.compare ? (side === 'L' ? this.compare.from : this.compare.to) :
          side === 'L'          ? e.before :
                                  e.after;
      if (!Number.isInteger(snap)) return;
      const s = this.model.snapshots[snap];
      this.copy(this.model.fileText(snap), (s.file || 'file') + ' (' + plural(this.model.count(snap), 'line') + ')');
    }

    // The shown function's text: its after side, or its before side when it was removed; read across
    // names, the added function's.
    copyFunction() {
      const v = this.viewData;
      if (!v || this.fnKey === null) return;
      const lines = v.right.length ? v.right : v.left;
      const name = v.across ? v.across.to : this.fnKey;
      this.copy(
          lines.join('\n') + (lines.length ? '\n' : ''),
          'function ' + (name || '(outside functions)') + ' (' + plural(lines.length, 'line') + ')');
    }

    copyUnified() {
      const v = this.viewData;
      if (!v || v.single) return;
      const text = T.rows.unifiedDiff(v, this.diff.rows, this.model.context, v.leftFile, v.rightFile);
      this.copy(text, 'the diff as unified diff');
    }

    // ---- compare two snapshots ----
    cancelJob() {
      if (this.job) this.job.cancel();
      this.job = null;
      this.progress.done();
    }

    startCompare(from, to) {
      this.cancelJob();
      this.compare = { from, to };
      this.anchors = [];
      this.whole.update(); // a comparison shows two snapshots as they are
      const m = this.model;
      const keys = [];
      for (const s of [to, from])
        for (const sec of m.sections(s))
          if (!keys.includes(sec[0])) keys.push(sec[0]);
      this.fnKey = this.fnWanted !== null && keys.includes(this.fnWanted) ? this.fnWanted : null;
      this.fnTo = null;
      this.fillFunctions(keys.map((k) => ({ key: k, status: FN_STATUS.SAME })), m.snapshots[to].lang);
      clear(this.passTitle);
      this.passTitle.appendChild(
          el('span', { class: 'pass-name' }, 'Compare: ' + m.snapshots[from].file + ' \u2192 ' + m.snapshots[to].file));
      clear(this.notices);
      this.runCompare();
      this.updateFragment();
    }

    // Diffs the compare pair (or re-aligns the current view with anchors) in time slices.
    runCompare() {
      this.cancelJob();
      const m = this.model;
      let base;
      if (this.compare) {
        base = m.compareView(this.compare.from, this.compare.to, this.fnKey);
      } else if (this.whole.on()) {
        base = this.whole.views.view(this.entry, this.fnKey);
      } else if (this.fnTo !== null) {
        base = this.model.acrossView(this.model.entries[this.entry], this.fnKey, this.fnTo);
      } else base = Object.assign({}, this.model.view(this.model.entries[this.entry], this.fnKey));
      const realign = this.realign;
      this.realign = false;
      if (!this.compare && !this.anchors.length && !base.across && !base.module) {
        this.showView(null, realign);
        return;
      }
      this.progress.set(0, 'Diffing ' + grouped(base.left.length + base.right.length) + ' lines\u2026');
      const noEol = {
        left: T.model.viewNoEol(base.leftNoEol, base.leftNums, base.left.length),
        right: T.model.viewNoEol(base.rightNoEol, base.rightNums, base.right.length),
      };
      const job = T.compare.anchoredDiff(base.left, base.right, this.anchors, (f) => this.progress.set(f), noEol);
      this.job = job;
      job.promise.then((res) => {
        if (!res || this.job !== job) return;
        this.job = null;
        this.progress.done();
        base.ops = res.ops;
        base.pairs = res.pairs;
        this.showView(base, realign);
        if (this.keepLine !== undefined) this.analysis.showAfterLine(this.keepLine, true);
        this.keepLine = undefined;
        if (res.capped) this.flash('The diff was too large to align exactly: shown as one change block');
      });
    }

    // F7: a file shown whole has no two sides to align.
    startPick() {
      if (this.viewData && !this.viewData.single) this.align.start();
    }

    setAnchors(anchors) {
      this.anchors = anchors;
      this.realign = true;
      this.runCompare();
    }
  }

  T.app = { App };
});
