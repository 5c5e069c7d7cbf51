// ir-trace viewer: the sidebar. Pass list (listbox "Passes") with its keys and collapsed runs of no-op
// passes, status filters with counts, "Warnings only", "Only passes that change it" (shown by the App),
// the ranked "Filter passes" search (55_pass_names.js), phase tabs, the IR size chart (58_size_chart.js),
// and the resizable / collapsible width.
window.IrTrace.define('60_sidebar', function() {
  'use strict';
  const T = window.IrTrace;
  const { el, clear, store, clamp } = T.util;
  const { KIND, STATUS, ROLE } = T.payload;
  // The status filters are T.runs.statuses (keys are entry statuses; "st-<status>" is also the CSS class of
  // the dot): a compare report has its own.

  const { statusOf } = T.model; // the filter a list entry belongs to

  function hasWarnings(e) { return Array.isArray(e.warnings) && e.warnings.length > 0; }

  // A run of this many no-op passes or more, next to each other in the list, collapses into one row.
  const RUN_MIN = 3;
  // A pass row's height in px on one line (viewer.css .pass): the virtual list's estimate before it is
  // measured.
  const ROW_H = 21;

  // Takes the list order (entry indices) and shown(i), entry i as shown (Model.shown). Returns the runs of RUN_MIN or more no-op passes
  // in a row: [{ids: [entry index, ...]}], in list order.
  function noopRuns(order, shown) {
    const runs = [];
    let cur = [];
    const flush = () => {
      if (cur.length >= RUN_MIN) runs.push({ ids: cur });
      cur = [];
    };
    for (const i of order) {
      const e = shown(i);
      if (e.kind === KIND.PASS && statusOf(e) === STATUS.NOOP) cur.push(i);
      else flush();
    }
    flush();
    return runs;
  }

  class Sidebar {
    // model: Model; hooks: {onSelect(index), onFilter(), unitName(e, lang), executions(e), logNotes(e)}: the
    // last three the row's words that later modules own (64_module_views.js unitName, 61_executions.js
    // summary, 69_log_notes.js logNotes), handed in by the App.
    constructor(root, model, hooks) {
      this.model = model;
      this.hooks = hooks;
      this.root = root;
      this.statuses = T.runs.statuses(model);
      this.checked = Object.fromEntries(this.statuses.map(([key]) => [key, true]));
      this.warnOnly = false;
      this.query = '';
      this.phase = null;
      this.fnKey = null;  // the function selected in the App (null = whole file)
      this.selected = -1;
      this.order = [];  // the visible entries in list order (ranked while a query is typed)
      this.runs = [];
      this.runAt = new Int32Array(0);  // entry index -> its run of no-op passes in runs (runOf), or -1
      this.opened = new Set();  // entries of runs the user (or a selection) expanded
      this.names = [];  // entry index -> T.names.index of its label, made on the first search
      this.posOf = new Int32Array(0);  // entry index -> its position in this.order (aria-posinset - 1), or -1
      this.build();
    }

    // Entries per status filter and with warnings, as shown (Model.shown: a normalisation may change statuses).
    counts() {
      const m = this.model;
      const counts = Object.fromEntries(this.statuses.map(([key]) => [key, 0]));
      counts.warnings = 0;
      m.entries.forEach((_, i) => {
        const e = m.shown(i);
        if (statusOf(e) !== STATUS.FRONTEND) counts[statusOf(e)]++;
        if (hasWarnings(e)) counts.warnings++;
      });
      return counts;
    }

    build() {
      const m = this.model;
      const counts = this.counts();
      this.cnt = {};
      this.total = m.entries.filter((e) => e.kind !== KIND.FRONTEND).length;
      this.search = el('input', {
        type: 'search',
        role: 'searchbox',
        'aria-label': 'Filter passes',
        placeholder: 'Filter passes',
        class: 'pass-search',
        spellcheck: 'false',
        autocomplete: 'off',
      });
      // Typing may show another pass (the best match); Esc clears the query and shows again the pass shown
      // before the typing began.
      this.search.addEventListener('input', () => {
        if (!this.query && this.search.value) this.preQuery = this.selected;
        this.query = this.search.value;
        this.hooks.onFilter();
      });
      this.search.addEventListener('keydown', (ev) => {
        if (ev.key !== 'Escape' || !this.search.value) return;
        ev.preventDefault();
        ev.stopPropagation();
        this.search.value = '';
        this.query = '';
        this.hooks.onFilter();
        if (this.preQuery >= 0 && this.preQuery !== this.selected && this.isVisible(this.preQuery))
          this.hooks.onSelect(this.preQuery);
      });
      // "12 of 236" while a query is typed.
      this.matchCount = el('span', { class: 'match-count', role: 'status', 'aria-live': 'polite' });
      const filters = el('div', { class: 'filters', role: 'group', 'aria-label': 'Show passes' });
      this.boxes = {};
      for (const [key, label] of this.statuses) {
        const box = el('input', { type: 'checkbox', 'aria-label': label, checked: true });
        box.addEventListener('change', () => {
          this.checked[key] = box.checked;
          this.hooks.onFilter();
        });
        this.boxes[key] = box;
        filters.appendChild(
            el('label', { class: 'filter st-' + key, title: label + ' passes' }, box,
               el('span', { class: 'dot', 'aria-hidden': 'true' }), label,
               (this.cnt[key] = el('span', { class: 'cnt', 'aria-hidden': 'true' }, String(counts[key])))));
      }
      const warn = el('input', { type: 'checkbox', 'aria-label': 'Warnings only' });
      warn.addEventListener('change', () => {
        this.warnOnly = warn.checked;
        this.hooks.onFilter();
      });
      this.boxes.warnings = warn;
      filters.appendChild(
          el('label', { class: 'filter st-warn', title: 'Only passes with a warning' }, warn,
             el('span', { class: 'badge', 'aria-hidden': 'true' }, '!'), 'Warnings only',
             el('span', { class: 'cnt', 'aria-hidden': 'true' }, String(counts.warnings))));
      // "Only passes that change it": the App shows it beside its function selector; enabled while a
      // function is selected.
      this.fnBox = el('input', { type: 'checkbox', 'aria-label': 'Only passes that change it', disabled: true });
      this.fnBox.addEventListener('change', () => this.hooks.onFilter());
      this.fnOnly =
          el('label', { class: 'fn-only', title: 'Choose a function to list only the passes that change it' },
             this.fnBox, 'Only passes that change it');
      this.top =
          el('div', { class: 'side-top' }, el('div', { class: 'search-row' }, this.search, this.matchCount), filters);
      if (m.hasPhases) this.top.appendChild(this.buildPhases());
      const chartBox = el('div', { class: 'chart' });
      this.top.appendChild(chartBox);
      this.chart = new T.chart.SizeChart(chartBox, m, { onSelect: (i) => this.hooks.onSelect(i) });
      this.list = el('div', { role: 'listbox', 'aria-label': 'Passes', tabindex: '0', class: 'pass-list' });
      this.list.addEventListener('click', (ev) => {
        const opt = ev.target.closest('[role="option"]');
        if (opt) this.hooks.onSelect(Number(opt.getAttribute('data-entry')));
      });
      this.list.addEventListener('keydown', (ev) => this.onListKey(ev));
      // The virtual list (60_pass_rows.js): an option per entry of the order, a summary row per run.
      this.rows = new T.passRows.PassRows(this.list, {
        make: (it) => (typeof it === 'number' ? this.buildOption(this.model.shown(it), it) : this.runButton(it)),
        decorate: (it, node) => {
          if (typeof it !== 'number') return;
          node.setAttribute('aria-selected', it === this.selected ? 'true' : 'false');
          node.setAttribute('aria-setsize', String(this.order.length));
          node.setAttribute('aria-posinset', String(this.posOf[it] + 1));
        },
        estimate: (it) => this.estimate(it),
      });
      this.empty = el('p', { class: 'empty', hidden: true, role: 'status' }, 'No passes match the filters');
      clear(this.root);
      this.root.appendChild(this.top);
      this.root.appendChild(this.list);
      this.root.appendChild(this.empty);
    }

    // Shows every entry's status and counts again (a normalisation was switched on or off): the options,
    // the filter counts and the chart. The caller applies the filters.
    restatus() {
      this.filterCache = null;
      this.rows.forget((it) => typeof it === 'number');
      const counts = this.counts();
      for (const [key] of this.statuses) this.cnt[key].textContent = String(counts[key]);
      const sel = this.selected;
      this.selected = -1;
      this.select(sel);
      this.drawChart();
    }

    buildPhases() {
      const phases = [];
      for (const e of this.model.entries)
        if (typeof e.phase === 'string' && e.phase && !phases.includes(e.phase)) phases.push(e.phase);
      const bar = el('div', { role: 'tablist', 'aria-label': 'Phases', class: 'phases' });
      this.tabs = [null, ...phases].map((p) => {
        const tab =
            el('button', {
              type: 'button',
              role: 'tab',
              'aria-selected': p === null ? 'true' : 'false',
              class: 'phase-tab',
              tabindex: p === null ? '0' : '-1'
            },
               p === null ? 'All' : p);
        tab.addEventListener('click', () => this.setPhase(p));
        tab.addEventListener('keydown', (ev) => {
          if (ev.key !== 'ArrowRight' && ev.key !== 'ArrowLeft') return;
          ev.preventDefault();
          ev.stopPropagation();
          const idx = this.tabs.findIndex((t) => t.tab === tab);
          const next = this.tabs[(idx + (ev.key === 'ArrowRight' ? 1 : this.tabs.length - 1)) % this.tabs.length];
          next.tab.focus();
          this.setPhase(next.phase);
        });
        bar.appendChild(tab);
        return { phase: p, tab };
      });
      return bar;
    }

    setPhase(p) {
      this.phase = p;
      for (const t of this.tabs) {
        t.tab.setAttribute('aria-selected', t.phase === p ? 'true' : 'false');
        t.tab.tabIndex = t.phase === p ? 0 : -1;
      }
      this.hooks.onFilter();
    }

    buildOption(e, i) {
      const st = statusOf(e);
      const unit = this.unitName(i);
      const label = this.model.entryLabel(e) + (unit ? ' on ' + unit : '');
      const titleParts = [label, T.runs.word(this.model, st), T.runs.where(e)].filter(Boolean);
      if (hasWarnings(e)) titleParts.push(e.warnings.length + ' warning' + (e.warnings.length === 1 ? '' : 's'));
      // Under a normalisation (Model.shown) the real counts, when they differ from the ones shown.
      if (e.raw && (e.raw.ins !== e.ins || e.raw.del !== e.del))
        titleParts.push('real diff: +' + (e.raw.ins || 0) + ' -' + (e.raw.del || 0));
      const opt = el('div', {
        role: 'option',
        'aria-selected': 'false',
        'data-entry': i,
        id: 'entry-' + i,
        // A machine pass (the backend's MIR) is marked apart from the IR passes.
        class: 'pass st-' + st + (e.kind === KIND.FRONTEND ? ' frontend' : '') +
            (T.payload.unitOf(e) === T.payload.UNIT.MACHINE ? ' mir' : ''),
        title: titleParts.join(' \u00b7 '),
      });
      opt.appendChild(el('span', { class: 'dot', 'aria-hidden': 'true' }));
      const name = el('span', { class: 'name' });
      if (e.kind === KIND.CODEGEN) {
        name.appendChild(el('span', { class: 'role' }, e.role === ROLE.HOST ? 'host' : 'device'));
        name.appendChild(document.createTextNode(' '));
      } else {
        const num = this.model.passNumber(e);
        if (num !== null) name.append(el('span', { class: 'num' }, num + '.'), ' ');
      }
      name.appendChild(T.names.breakable(String(e.name)));
      if (unit) name.append('  ', el('span', { class: 'unit' }, unit));
      opt.appendChild(name);
      const meta = el('span', { class: 'meta' });
      if (e.kind === KIND.PASS && st !== STATUS.FAILED || (st === STATUS.FAILED && (e.ins || e.del))) {
        if (e.ins || e.del) {
          meta.appendChild(el('span', { class: 'n-ins' }, '+' + (e.ins || 0)));
          meta.appendChild(el('span', { class: 'n-del' }, '-' + (e.del || 0)));
        } else
          meta.appendChild(
              el('span', { class: 'noop-tag' }, st === STATUS.NOOP ? T.runs.word(this.model, st) : 'no-op'));
      }
      if (st === STATUS.FAILED || e.error)
        meta.appendChild(el('span', { class: 'tag fail' }, 'failed'));  // a compare row: in a run
      if (hasWarnings(e))
        meta.appendChild(el('span', { class: 'badge', title: e.warnings.length + ' warning(s)' }, '!'));
      const notes = this.hooks.logNotes(this.model.entries[i]).length;
      if (notes)
        meta.appendChild(el(
            'span',
            { class: 'note-badge', title: notes + (notes === 1 ? ' note' : ' notes') + ' on what the log cannot show' },
            'i'));
      opt.appendChild(meta);
      return opt;
    }

    // Whether entry i passes the status, "Warnings only", phase and function filters (the search aside).
    passesFilters(i) {
      const e = this.model.shown(i);
      const st = statusOf(e);
      if (st !== STATUS.FRONTEND && !this.checked[st]) return false;
      if (this.warnOnly && !hasWarnings(e)) return false;
      if (this.phase !== null && e.phase !== this.phase) return false;
      if (this.fnOnlyActive()) {
        // The frontend stays while it has the function: where its history starts.
        if (e.kind === KIND.FRONTEND) return this.model.functionSize(e.after, this.fnKey) !== null;
        return this.model.touches(e, this.fnKey);
      }
      return true;
    }

    fnOnlyActive() { return this.fnKey !== null && this.fnBox.checked; }

    // The unit entry i ran on, as its row names it (hooks.unitName; a nested pipeline's pass over several
    // functions: its executions, "8 functions, 3 changed", hooks.executions; over one, nothing the row's
    // status does not say), or null.
    // sigil false: without the IR's sigil ("clamp" for "@clamp"; the search's words are the same, and the
    // snapshot's language is not read).
    unitName(i, sigil = true) {
      const e = this.model.entries[i];
      const unit = this.hooks.unitName(e, sigil ? this.model.lang(e.after) : undefined);
      if (unit) return unit;
      const fns = new Set(T.payload.executionsOf(e).map((x) => x.key)).size;
      return fns > 1 ? this.hooks.executions(e) : null;
    }

    // The search's index of entry i's row: its label and the unit it ran on (a function name finds its passes).
    // Made from the label's parts (number, name, unit: T.names.joined), each part's words found once; the
    // unit without its sigil (a separator: the same words), the label itself worded only when a query of
    // punctuation alone needs it.
    nameIndex(i) {
      if (!this.names[i]) {
        const e = this.model.entries[i], unit = this.unitName(i, false);
        const num = e.kind === KIND.CODEGEN ? null : this.model.passNumber(e);
        const parts = [...(num === null ? [] : [String(num)]), String(e.name), ...(unit ? [unit] : [])];
        // One label function for every entry (a closure each would cost 10 MB over 142,000 passes).
        if (!this.labelOf)
          this.labelOf = (k) => {
            const u = this.unitName(k);
            return this.model.entryLabel(this.model.entries[k]) + (u ? ' ' + u : '');
          };
        this.names[i] = T.names.joined(this.labelOf, parts, this.partIndex || (this.partIndex = new Map()), i);
      }
      return this.names[i];
    }

    // Makes the search's index of every entry (nameIndex) in slices of a few ms (T.util.runSliced), so the
    // first keystroke in "Filter passes" only ranks: the boot calls it once the first diff is painted.
    // Returns runSliced's {promise, cancel}.
    prepareSearch() {
      const n = this.model.entries.length;
      let i = 0;
      return T.util.runSliced(() => {
        for (const end = Math.min(n, i + 256); i < end; i++) this.nameIndex(i);
        return i >= n;
      }, 8);
    }

    // The visible entries in list order: those the filters keep, ranked by the search while a query is
    // typed (T.names.rank), in pass order otherwise. The frontend is listed only with some other entry.
    visibleOrder() {
      const entries = this.model.entries;
      const ids = this.filtered();
      const order = T.names.rank(ids, (i) => this.nameIndex(i), this.query);
      return order.some((i) => entries[i].kind !== KIND.FRONTEND) ? order : [];
    }

    // The entries passesFilters keeps, in pass order: kept while the filters and the statuses shown stay
    // as they were (each keystroke of a query ranks the same entries). Do not modify the result.
    filtered() {
      const key = [
        this.statuses.map(([k]) => (this.checked[k] ? 1 : 0)).join(''), this.warnOnly, this.phase,
        this.fnOnlyActive() ? this.fnKey : null
      ].map(String).join('\u0000');
      const c = this.filterCache;
      if (c && c.key === key && c.overlay === this.model.overlay) return c.ids;
      const ids = [];
      for (let i = 0; i < this.model.entries.length; i++)
        if (this.passesFilters(i)) ids.push(i);
      this.filterCache = { key, overlay: this.model.overlay, ids };
      return ids;
    }

    isVisible(i) { return i >= 0 && i < this.posOf.length && this.posOf[i] >= 0; }

    // Makes entry i visible by clearing every filter that hides it: its status box is checked, "Warnings
    // only", "Only passes that change it" and the pass search are cleared, the phase tab goes back to "All"
    // (which tells hooks.onFilter). Returns true when a filter changed (the caller applies the filters),
    // false when i was visible.
    reveal(i) {
      if (this.isVisible(i)) return false;
      const st = statusOf(this.model.shown(i));
      this.checked[st] = true;
      if (this.boxes[st]) this.boxes[st].checked = true;
      this.warnOnly = false;
      this.boxes.warnings.checked = false;
      this.fnBox.checked = false;
      this.query = '';
      this.search.value = '';
      if (this.tabs) this.setPhase(null);
      return true;
    }

    // Applies the filters to the list: the visible options in list order, runs of no-op passes collapsed
    // behind their summary row (not while a query is typed: a search shows what it found), the hidden
    // options after them. Returns the visible entry indices in list order (collapsed ones included: j/k
    // and Home/End reach them).
    applyFilters() {
      const entries = this.model.entries;
      const order = this.visibleOrder();
      this.order = order;
      const searching = T.names.parseQuery(this.query).raw !== '';
      this.runs = searching ? [] : noopRuns(order, (i) => this.model.shown(i));
      this.runAt = new Int32Array(entries.length).fill(-1);
      this.runs.forEach((run, r) => {
        // A run holding the selected pass opens: the selection stays in sight.
        run.open = run.ids.some((i) => this.opened.has(i) || i === this.selected);
        if (run.open)
          for (const i of run.ids) this.opened.add(i);
        for (const i of run.ids) this.runAt[i] = r;
      });
      this.posOf = new Int32Array(entries.length).fill(-1);
      order.forEach((i, k) => { this.posOf[i] = k; });
      this.buildItems();
      this.empty.hidden = order.length > 0;
      this.matchCount.textContent =
          searching ? order.filter((i) => entries[i].kind !== KIND.FRONTEND).length + ' of ' + this.total : '';
      return order;
    }

    // The summary row of a run, made when it is first rendered (a report of 150,000 passes has thousands
    // of runs, a few dozen on screen).
    runButton(run) { return run.button || this.buildRunButton(run); }

    // The summary row of a run: a button (no option of the listbox) that shows or hides the run's passes.
    buildRunButton(run) {
      const b =
          el('button', { type: 'button', class: 'noop-run' }, el('span', { class: 'chev', 'aria-hidden': 'true' }),
             run.ids.length + (T.runs.of(this.model) ? ' passes with the same IR' : ' no-op passes'));
      b.addEventListener('click', () => this.setRunOpen(run, !run.open));
      run.button = b;
      this.paintRunButton(run);
      return b;
    }

    paintRunButton(run) {
      const e = this.model.entries;
      const span = 'passes ' + e[run.ids[0]].num + ' to ' + e[run.ids[run.ids.length - 1]].num;
      run.button.setAttribute('aria-expanded', run.open ? 'true' : 'false');
      run.button.title = (run.open ? 'Hide ' : 'Show ') + span + ' (no change)';
    }

    setRunOpen(run, open) {
      run.open = open;
      for (const i of run.ids) {
        if (open) this.opened.add(i);
        else this.opened.delete(i);
      }
      if (run.button) this.paintRunButton(run);
      this.buildItems();
    }

    // The rows from the order and the runs (a collapsed run's passes are no rows).
    buildItems() {
      const items = [];
      for (const i of this.order) {
        const run = this.runOf(i);
        if (run && run.ids[0] === i) items.push(run);
        if (!run || run.open) items.push(i);
      }
      this.rows.setItems(items);
    }

    // The run of no-op passes entry i is in (applyFilters' runs), or undefined.
    runOf(i) {
      const r = i >= 0 && i < this.runAt.length ? this.runAt[i] : -1;
      return r >= 0 ? this.runs[r] : undefined;
    }

    // A row's height before it is measured: one line, or two for a name too long for the list's width
    // (about 7 px a character at 12.5 px). The names' lengths are read once: every keystroke of a search
    // estimates the rows it lists.
    estimate(it) {
      if (typeof it !== 'number') return ROW_H;
      if (!this.nameChars) this.nameChars = Int32Array.from(this.model.entries, (e) => String(e.name).length);
      const chars = this.nameChars[it] + 12;
      return chars * 7 > (this.rows.viewW || 280) - 30 ? ROW_H * 2 - 4 : ROW_H;
    }

    // Home / End / PageUp / PageDown in the list select the first / last visible pass, or the pass a page
    // of visible passes away, in list order (the ranked order while searching).
    onListKey(ev) {
      if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
      const order = this.order;
      const step = { Home: -Infinity, End: Infinity, PageUp: -1, PageDown: 1 }[ev.key];
      if (!order.length || step === undefined) return;
      ev.preventDefault();
      ev.stopPropagation();
      const at = order.indexOf(this.selected);
      let to;
      if (Math.abs(step) === Infinity) to = step < 0 ? 0 : order.length - 1;
      else to = at < 0 ? 0 : this.pageFrom(at, step);
      if (order[to] !== this.selected) this.hooks.onSelect(order[to]);
    }

    // Takes a position in the list order and a direction (1 down, -1 up). Returns the position of the
    // farthest shown pass less than the list's height away (at least one pass away): a page, whatever the
    // rows' heights (a long name takes several lines). Passes inside a collapsed run are stepped over.
    pageFrom(at, dir) {
      const last = this.order.length - 1;
      const k0 = this.rows.posOf(this.order[at]);
      if (k0 < 0) return clamp(at + dir * 10, 0, last);
      const to = this.rows.pageFrom(k0, dir);
      return to < 0 ? clamp(at + dir, 0, last) : this.posOf[to];
    }

    // key: the function the App shows (null = whole file). The size chart shows its lines and "Only passes
    // that change it" filters by it; with no function that box is cleared and disabled. Returns true when
    // the filters changed (the caller applies them).
    setFunction(key) {
      if (key === this.fnKey) return false;
      const filtered = this.fnOnlyActive();
      this.fnKey = key;
      this.fnBox.disabled = key === null;
      if (key === null) this.fnBox.checked = false;
      this.fnOnly.title = key === null ? 'Choose a function to list only the passes that change it' :
                                         'List only the passes whose diff touches ' + (key || '(outside functions)');
      this.chart.setFunction(key);
      return filtered || this.fnOnlyActive();
    }

    select(i) {
      // A pass inside a collapsed run: the run opens to show it.
      const run = this.runOf(i);
      const prev = this.rows.node(this.selected);
      if (prev) prev.setAttribute('aria-selected', 'false');
      this.selected = i;
      this.rows.selected = i;
      if (run && !run.open) this.setRunOpen(run, true);
      this.rows.keepInView();
      const o = this.rows.node(i);
      if (o) this.list.setAttribute('aria-activedescendant', o.id);
      else this.list.removeAttribute('aria-activedescendant');
      this.chart.setSelected(i);
    }

    // Draws the size chart, then keeps the selected pass in view: the chart's height moves the list.
    drawChart() {
      this.chart.draw();
      this.rows.viewH = this.list.clientHeight;
      this.rows.keepInView();
    }
  }

  // Drag handle and collapse for the sidebar; the width is remembered in localStorage.
  function setupResize(app, sidebar, handle, toggle) {
    const apply = (w) => app.style.setProperty('--side-w', w + 'px');
    let width = clamp(Number(store.get('sidebarWidth', 300)) || 300, 160, 700);
    apply(width);
    const setCollapsed = (c) => {
      app.classList.toggle('side-collapsed', c);
      toggle.setAttribute('aria-expanded', c ? 'false' : 'true');
      toggle.title = c ? 'Show the pass list' : 'Hide the pass list';
      store.set('sidebarCollapsed', c ? '1' : '0');
    };
    setCollapsed(store.get('sidebarCollapsed', '0') === '1');
    toggle.addEventListener('click', () => setCollapsed(!app.classList.contains('side-collapsed')));
    handle.addEventListener('pointerdown', (ev) => {
      ev.preventDefault();
      handle.setPointerCapture(ev.pointerId);
      const startX = ev.clientX, startW = width;
      const move = (e2) => {
        width = clamp(startW + e2.clientX - startX, 160, 700);
        apply(width);
      };
      const up = () => {
        handle.removeEventListener('pointermove', move);
        handle.removeEventListener('pointerup', up);
        store.set('sidebarWidth', width);
        sidebar.drawChart();
      };
      handle.addEventListener('pointermove', move);
      handle.addEventListener('pointerup', up);
    });
    handle.addEventListener('keydown', (ev) => {
      if (ev.key !== 'ArrowLeft' && ev.key !== 'ArrowRight') return;
      ev.preventDefault();
      ev.stopPropagation();
      width = clamp(width + (ev.key === 'ArrowRight' ? 20 : -20), 160, 700);
      apply(width);
      store.set('sidebarWidth', width);
      sidebar.drawChart();
    });
  }

  T.sidebar = { Sidebar, setupResize, hasWarnings, noopRuns };
});
