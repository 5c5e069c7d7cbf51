// ir-trace viewer: the sidebar. Pass list (listbox "Passes"), status filters with counts, "Warnings
// only", the "Filter passes" search (substring and fuzzy), phase tabs, the IR size chart, and the
// resizable / collapsible width.
(function () {
  'use strict';
  const T = window.IrTrace;
  const { el, clear, store, clamp } = T.util;
  const { KIND, STATUS, ROLE } = T.payload;
  const SVG = 'http://www.w3.org/2000/svg';
  // The status filters (keys are entry statuses; "st-<status>" is also the CSS class of the dot).
  const STATUSES = [
    [STATUS.CHANGED, 'Changed'],
    [STATUS.NOOP, 'No-op'],
    [STATUS.FAILED, 'Failed'],
    [STATUS.CODEGEN, 'Codegen'],
  ];

  // The filter a list entry belongs to (an entry status). The frontend is no pass: no status filter hides
  // it or counts it.
  function statusOf(e) {
    if (e.kind === KIND.FRONTEND) return STATUS.FRONTEND;
    if (e.status === STATUS.FAILED || e.status === STATUS.NOOP || e.status === STATUS.CODEGEN) return e.status;
    if (e.kind === KIND.CODEGEN) return STATUS.CODEGEN;
    return STATUS.CHANGED;
  }

  function hasWarnings(e) {
    return Array.isArray(e.warnings) && e.warnings.length > 0;
  }

  // Case-insensitive substring, else fuzzy (the query's characters in order).
  function matches(name, query) {
    if (!query) return true;
    const n = name.toLowerCase(), q = query.toLowerCase().trim();
    if (!q) return true;
    if (n.includes(q)) return true;
    let j = 0;
    for (let i = 0; i < n.length && j < q.length; i++) if (n[i] === q[j]) j++;
    return j === q.length && !/\s/.test(q);
  }

  class Sidebar {
    // model: Model; hooks: {onSelect(index), onFilter()}
    constructor(root, model, hooks) {
      this.model = model;
      this.hooks = hooks;
      this.root = root;
      this.checked = Object.fromEntries(STATUSES.map(([key]) => [key, true]));
      this.warnOnly = false;
      this.query = '';
      this.phase = null;
      this.selected = -1;
      this.build();
    }

    // Entries per status filter and with warnings, as shown (Model.shown: a normalisation may change statuses).
    counts() {
      const m = this.model;
      const counts = Object.fromEntries(STATUSES.map(([key]) => [key, 0]));
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
      this.search = el('input', {
        type: 'search', role: 'searchbox', 'aria-label': 'Filter passes', placeholder: 'Filter passes', class: 'pass-search',
        spellcheck: 'false', autocomplete: 'off',
      });
      this.search.addEventListener('input', () => { this.query = this.search.value; this.hooks.onFilter(); });
      const filters = el('div', { class: 'filters', role: 'group', 'aria-label': 'Show passes' });
      this.boxes = {};
      for (const [key, label] of STATUSES) {
        const box = el('input', { type: 'checkbox', 'aria-label': label, checked: true });
        box.addEventListener('change', () => { this.checked[key] = box.checked; this.hooks.onFilter(); });
        this.boxes[key] = box;
        filters.appendChild(el('label', { class: 'filter st-' + key, title: label + ' passes' }, box,
          el('span', { class: 'dot', 'aria-hidden': 'true' }), label, (this.cnt[key] = el('span', { class: 'cnt', 'aria-hidden': 'true' }, String(counts[key])))));
      }
      const warn = el('input', { type: 'checkbox', 'aria-label': 'Warnings only' });
      warn.addEventListener('change', () => { this.warnOnly = warn.checked; this.hooks.onFilter(); });
      this.boxes.warnings = warn;
      filters.appendChild(el('label', { class: 'filter st-warn', title: 'Only passes with a warning' }, warn,
        el('span', { class: 'badge', 'aria-hidden': 'true' }, '!'), 'Warnings only', el('span', { class: 'cnt', 'aria-hidden': 'true' }, String(counts.warnings))));
      this.top = el('div', { class: 'side-top' }, this.search, filters);
      if (m.hasPhases) this.top.appendChild(this.buildPhases());
      this.chart = el('div', { class: 'chart' });
      this.top.appendChild(this.chart);
      this.list = el('div', { role: 'listbox', 'aria-label': 'Passes', tabindex: '0', class: 'pass-list' });
      this.list.addEventListener('click', (ev) => {
        const opt = ev.target.closest('[role="option"]');
        if (opt) this.hooks.onSelect(Number(opt.getAttribute('data-entry')));
      });
      this.options = m.entries.map((e, i) => this.buildOption(m.shown(i), i));
      this.options.forEach((o) => this.list.appendChild(o));
      this.empty = el('p', { class: 'empty', hidden: true, role: 'status' }, 'No passes match the filters');
      clear(this.root);
      this.root.appendChild(this.top);
      this.root.appendChild(this.list);
      this.root.appendChild(this.empty);
    }

    // Shows every entry's status and counts again (a normalisation was switched on or off): the options,
    // the filter counts and the chart. The caller applies the filters.
    restatus() {
      const m = this.model;
      const fresh = m.entries.map((e, i) => this.buildOption(m.shown(i), i));
      this.options.forEach((o, i) => o.replaceWith(fresh[i]));
      this.options = fresh;
      const counts = this.counts();
      for (const [key] of STATUSES) this.cnt[key].textContent = String(counts[key]);
      const sel = this.selected;
      this.selected = -1;
      this.select(sel);
      this.drawChart();
    }

    buildPhases() {
      const phases = [];
      for (const e of this.model.entries) if (typeof e.phase === 'string' && e.phase && !phases.includes(e.phase)) phases.push(e.phase);
      const bar = el('div', { role: 'tablist', 'aria-label': 'Phases', class: 'phases' });
      this.tabs = [null, ...phases].map((p) => {
        const tab = el('button', { type: 'button', role: 'tab', 'aria-selected': p === null ? 'true' : 'false', class: 'phase-tab', tabindex: p === null ? '0' : '-1' }, p === null ? 'All' : p);
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
      const label = this.model.entryLabel(e);
      const titleParts = [label, st === STATUS.NOOP ? 'no-op' : st];
      if (hasWarnings(e)) titleParts.push(e.warnings.length + ' warning' + (e.warnings.length === 1 ? '' : 's'));
      // Under a normalisation (Model.shown) the real counts, when they differ from the ones shown.
      if (e.raw && (e.raw.ins !== e.ins || e.raw.del !== e.del)) titleParts.push('real diff: +' + (e.raw.ins || 0) + ' -' + (e.raw.del || 0));
      const opt = el('div', {
        role: 'option', 'aria-selected': 'false', 'data-entry': i, id: 'entry-' + i,
        class: 'pass st-' + st + (e.kind === KIND.FRONTEND ? ' frontend' : ''), title: titleParts.join(' \u00b7 '),
      });
      opt.appendChild(el('span', { class: 'dot', 'aria-hidden': 'true' }));
      const name = el('span', { class: 'name' });
      if (e.kind === KIND.CODEGEN) {
        name.appendChild(el('span', { class: 'role' }, e.role === ROLE.HOST ? 'host' : 'device'));
        name.appendChild(document.createTextNode(' ' + e.name));
      } else {
        name.appendChild(el('span', { class: 'num' }, (Number.isInteger(e.num) ? e.num : 0) + '.'));
        name.appendChild(document.createTextNode(' ' + e.name));
      }
      opt.appendChild(name);
      const meta = el('span', { class: 'meta' });
      if (e.kind === KIND.PASS && st !== STATUS.FAILED || (st === STATUS.FAILED && (e.ins || e.del))) {
        if (e.ins || e.del) {
          meta.appendChild(el('span', { class: 'n-ins' }, '+' + (e.ins || 0)));
          meta.appendChild(el('span', { class: 'n-del' }, '-' + (e.del || 0)));
        } else meta.appendChild(el('span', { class: 'noop-tag' }, 'no-op'));
      }
      if (st === STATUS.FAILED) meta.appendChild(el('span', { class: 'tag fail' }, 'failed'));
      if (hasWarnings(e)) meta.appendChild(el('span', { class: 'badge', title: e.warnings.length + ' warning(s)' }, '!'));
      opt.appendChild(meta);
      return opt;
    }

    isVisible(i) {
      const e = this.model.shown(i);
      const st = statusOf(e);
      if (st !== STATUS.FRONTEND && !this.checked[st]) return false;
      if (this.warnOnly && !hasWarnings(e)) return false;
      if (this.phase !== null && e.phase !== this.phase) return false;
      return matches(this.model.entryLabel(e), this.query);
    }

    // Makes entry i visible by clearing every filter that hides it: its status box is checked, "Warnings
    // only" and the pass search are cleared, the phase tab goes back to "All" (which tells hooks.onFilter).
    // Returns true when a filter changed (the caller applies the filters), false when i was visible.
    reveal(i) {
      if (this.isVisible(i)) return false;
      const st = statusOf(this.model.shown(i));
      this.checked[st] = true;
      if (this.boxes[st]) this.boxes[st].checked = true;
      this.warnOnly = false;
      this.boxes.warnings.checked = false;
      this.query = '';
      this.search.value = '';
      if (this.tabs) this.setPhase(null);
      return true;
    }

    // Applies the filters to the list; returns the visible entry indices. The frontend heads the list
    // while any pass or codegen entry is visible; alone it would not be a match.
    applyFilters() {
      const shown = this.options.map((o, i) => this.isVisible(i));
      const entries = this.model.entries;
      const anyOther = shown.some((v, i) => v && entries[i].kind !== KIND.FRONTEND);
      const visible = [];
      this.options.forEach((o, i) => {
        const v = shown[i] && (anyOther || entries[i].kind !== KIND.FRONTEND);
        o.hidden = !v;
        if (v) visible.push(i);
      });
      this.empty.hidden = visible.length > 0;
      return visible;
    }

    select(i) {
      const o = this.options[i];
      // Layout is read before anything is written, so the read costs no forced reflow.
      let outside = false;
      if (o) {
        const lr = this.list.getBoundingClientRect(), or = o.getBoundingClientRect();
        outside = or.top < lr.top || or.bottom > lr.bottom;
      }
      if (this.selected >= 0 && this.options[this.selected]) this.options[this.selected].setAttribute('aria-selected', 'false');
      this.selected = i;
      if (o) {
        o.setAttribute('aria-selected', 'true');
        this.list.setAttribute('aria-activedescendant', o.id);
        if (outside) o.scrollIntoView({ block: 'nearest' });
      } else this.list.removeAttribute('aria-activedescendant');
      this.moveChartMarker();
    }

    // Moves the chart's selection line (a selection step must not redraw the whole chart).
    moveChartMarker() {
      const sel = this.chartSel;
      if (!sel || !this.chartX || !sel.isConnected) { this.drawChart(); return; }
      if (this.selected < 0) { sel.setAttribute('visibility', 'hidden'); return; }
      const x = this.chartX(this.selected);
      sel.setAttribute('x1', x); sel.setAttribute('x2', x);
      sel.removeAttribute('visibility');
    }

    // IR size chart: lines of each entry's snapshot; changed passes marked; click selects.
    drawChart() {
      const m = this.model;
      const n = m.entries.length;
      clear(this.chart);
      if (n < 2) return;
      const W = Math.max(120, this.chart.clientWidth || 240), H = 52, P = 4;
      const counts = m.entries.map((e) => (Number.isInteger(e.after) ? m.count(e.after) : 0));
      const max = Math.max(1, ...counts);
      const x = (i) => P + (i * (W - 2 * P)) / (n - 1);
      const y = (c) => H - P - (c * (H - 2 * P - 8)) / max;
      const svg = document.createElementNS(SVG, 'svg');
      svg.setAttribute('width', W);
      svg.setAttribute('height', H);
      svg.setAttribute('class', 'size-chart');
      svg.setAttribute('role', 'img');
      svg.setAttribute('aria-label', 'IR size per pass: ' + Math.min(...counts) + ' to ' + max + ' lines');
      const title = document.createElementNS(SVG, 'title');
      title.textContent = 'Lines per snapshot (click a point to open that pass)';
      svg.appendChild(title);
      const line = document.createElementNS(SVG, 'polyline');
      line.setAttribute('points', counts.map((c, i) => x(i).toFixed(1) + ',' + y(c).toFixed(1)).join(' '));
      line.setAttribute('class', 'size-line');
      svg.appendChild(line);
      const sel = document.createElementNS(SVG, 'line');
      sel.setAttribute('x1', x(Math.max(0, this.selected))); sel.setAttribute('x2', x(Math.max(0, this.selected)));
      sel.setAttribute('y1', 0); sel.setAttribute('y2', H);
      sel.setAttribute('class', 'size-sel');
      if (this.selected < 0) sel.setAttribute('visibility', 'hidden');
      svg.appendChild(sel);
      this.chartSel = sel;
      this.chartX = x;
      m.entries.forEach((e, i) => {
        const st = statusOf(m.shown(i));
        if (st !== STATUS.CHANGED && st !== STATUS.FAILED) return;
        const c = document.createElementNS(SVG, 'circle');
        c.setAttribute('cx', x(i).toFixed(1));
        c.setAttribute('cy', y(counts[i]).toFixed(1));
        c.setAttribute('r', n > 120 ? 1.6 : 2.4);
        c.setAttribute('class', 'size-pt st-' + st);
        c.setAttribute('data-entry', i);
        const t = document.createElementNS(SVG, 'title');
        t.textContent = m.entryLabel(e) + ': ' + counts[i] + ' lines';
        c.appendChild(t);
        svg.appendChild(c);
      });
      svg.addEventListener('click', (ev) => {
        const r = svg.getBoundingClientRect();
        const fx = ((ev.clientX - r.left - P) / (W - 2 * P)) * (n - 1);
        this.hooks.onSelect(clamp(Math.round(fx), 0, n - 1), true);
      });
      this.chart.appendChild(svg);
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
      const move = (e2) => { width = clamp(startW + e2.clientX - startX, 160, 700); apply(width); };
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

  T.sidebar = { Sidebar, setupResize, statusOf, hasWarnings, matches };
})();
