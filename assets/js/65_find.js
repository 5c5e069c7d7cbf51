// ir-trace viewer: find in this pass (searches every row, folded or not rendered) and find across
// passes (counts matches per snapshot from the stored deltas, in time slices, and lists the passes
// where the count changes).
(function () {
  'use strict';
  const T = window.IrTrace;
  const { el, clear, compileRegex, escapeRegex, runSliced } = T.util;
  const R = T.rows;
  const MAX_MATCHES = 20000;

  // Pattern from user input: smart case (case-insensitive unless the query has an upper-case letter).
  // Returns {re} (global) or {error}.
  function pattern(query, isRegex) {
    if (!query) return { error: '' };
    const flags = 'g' + (/[A-Z]/.test(query) ? '' : 'i');
    const res = compileRegex(isRegex ? query : escapeRegex(query), flags + 'u');
    if (res.error) return { error: 'Invalid regular expression: ' + res.error };
    return res;
  }

  // Matches of re in one line: calls fn(start, end) for each; returns the count.
  function eachMatch(re, line, fn) {
    re.lastIndex = 0;
    let n = 0, m;
    while ((m = re.exec(line)) !== null) {
      if (m[0] === '') { re.lastIndex++; continue; }
      n++;
      if (fn) fn(m.index, m.index + m[0].length);
      if (n > 100000) break;
    }
    return n;
  }

  // Find in pass: all matches over the view's rows: [{r, side, s, e}], in row order. An equal row is
  // searched once (its right side), a replace row on both sides.
  function findInView(view, rows, re) {
    const out = [];
    for (let r = 0; r < rows.n && out.length < MAX_MATCHES; r++) {
      const k = rows.kind[r];
      if (rows.b[r] >= 0 && k !== R.EQUAL) eachMatch(re, view.left[rows.b[r]], (s, e) => out.push({ r, side: 'L', s, e }));
      if (rows.a[r] >= 0) eachMatch(re, view.right[rows.a[r]], (s, e) => out.push({ r, side: 'R', s, e }));
    }
    return out;
  }

  class FindBar {
    // hooks: {getView() -> {view, rows, diffView} | null, onClose()}
    constructor(root, hooks) {
      this.hooks = hooks;
      this.input = el('input', { type: 'search', 'aria-label': 'Find in pass', placeholder: 'Find in pass', spellcheck: 'false', autocomplete: 'off' });
      this.regex = el('input', { type: 'checkbox', 'aria-label': 'Regex' });
      this.count = el('span', { class: 'find-count', role: 'status', 'aria-live': 'polite' });
      const prev = el('button', { type: 'button', title: 'Previous match (Shift+Enter)', 'aria-label': 'Previous match' }, '\u2191');
      const next = el('button', { type: 'button', title: 'Next match (Enter)', 'aria-label': 'Next match' }, '\u2193');
      const close = el('button', { type: 'button', title: 'Close (Esc)', 'aria-label': 'Close find' }, '\u00d7');
      this.root = el('div', { class: 'findbar', role: 'search', hidden: true }, this.input,
        el('label', { class: 'chk' }, this.regex, '.*'), this.count, prev, next, close);
      root.appendChild(this.root);
      let timer = 0;
      this.input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => this.run(), 120); });
      this.regex.addEventListener('change', () => this.run());
      this.input.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter') { ev.preventDefault(); this.run(true); this.step(ev.shiftKey ? -1 : 1); }
        else if (ev.key === 'Escape') { ev.preventDefault(); this.close(); }
      });
      prev.addEventListener('click', () => this.step(-1));
      next.addEventListener('click', () => this.step(1));
      close.addEventListener('click', () => this.close());
      this.matches = [];
      this.cur = -1;
      this.lastKey = null;
    }

    open(query, isRegex) {
      this.root.hidden = false;
      if (query !== undefined) { this.input.value = query; this.regex.checked = !!isRegex; }
      this.input.focus();
      this.input.select();
      this.lastKey = null;
      this.run();
    }

    close() {
      this.root.hidden = true;
      this.matches = [];
      this.lastKey = null;
      const v = this.hooks.getView();
      if (v) v.diffView.setFind(null);
      this.hooks.onClose();
    }

    isOpen() {
      return !this.root.hidden;
    }

    // (Re)computes the matches; keeps the current one when only Enter was pressed.
    run(keep) {
      const v = this.hooks.getView();
      const key = this.input.value + '\u0000' + this.regex.checked;
      if (keep && key === this.lastKey) return;
      this.lastKey = key;
      if (!v) return;
      const p = pattern(this.input.value, this.regex.checked);
      if (p.error !== undefined) {
        this.matches = [];
        this.cur = -1;
        this.count.textContent = p.error;
        this.count.classList.toggle('error', !!p.error);
        v.diffView.setFind(null);
        return;
      }
      this.count.classList.remove('error');
      this.matches = findInView(v.view, v.rows, p.re);
      this.cur = this.matches.length ? 0 : -1;
      this.show(v);
    }

    step(dir) {
      const v = this.hooks.getView();
      if (!v || !this.matches.length) return;
      this.cur = (this.cur + dir + this.matches.length) % this.matches.length;
      this.show(v);
    }

    show(v) {
      const n = this.matches.length;
      this.count.textContent = n ? (this.cur + 1) + ' / ' + n + (n >= MAX_MATCHES ? '+' : '') : 'No matches';
      v.diffView.setFind(this.matches, this.cur);
    }

    // After the pass or function changed: search again in the new view.
    refresh() {
      if (this.isOpen()) { this.lastKey = null; this.run(); }
    }
  }

  // Per-line match counts of every snapshot, built incrementally: a delta reuses the counts of the
  // lines it copies from its base and counts only its inserted and fixed lines.
  function countJob(model, re) {
    const snaps = model.snapshots;
    const perLine = new Array(snaps.length);
    const totals = new Int32Array(snaps.length);
    let i = 0;
    const countLines = (lines) => {
      const c = new Int32Array(lines.length);
      for (let j = 0; j < lines.length; j++) c[j] = eachMatch(re, lines[j]);
      return c;
    };
    const sum = (c) => { let t = 0; for (let j = 0; j < c.length; j++) t += c[j]; return t; };
    function step() {
      if (i >= snaps.length) return true;
      const s = snaps[i];
      let c;
      if (Array.isArray(s.text)) c = countLines(s.text);
      else if (Number.isInteger(s.same) && perLine[s.same]) c = perLine[s.same];
      else if (s.delta && perLine[s.delta.from]) {
        const d = s.delta, base = perLine[d.from], ops = d.ops || [], ins = d.ins || [];
        const out = [];
        let pos = 0, k = 0;
        for (let t = 0; t + 2 < ops.length; t += 3) {
          for (let j = 0; j < ops[t]; j++) out.push(base[pos + j]);
          pos += ops[t] + ops[t + 1];
          for (let j = 0; j < ops[t + 2]; j++) out.push(eachMatch(re, ins[k + j]));
          k += ops[t + 2];
        }
        for (; pos < base.length; pos++) out.push(base[pos]);
        for (const [idx, text] of d.fix || []) if (idx >= 0 && idx < out.length) out[idx] = eachMatch(re, text);
        c = Int32Array.from(out);
      } else c = countLines(model.lines(i)); // a base later in the list: rebuild the text
      perLine[i] = c;
      totals[i] = sum(c);
      i++;
      return false;
    }
    return { step, progress: () => i / Math.max(1, snaps.length), totals };
  }

  // The entries where the number of matches changes against the pass before:
  // [{entry, before, after}] (frontend compared with 0; codegen listed when it matches).
  function changes(model, totals) {
    const out = [];
    model.entries.forEach((e, idx) => {
      if (!Number.isInteger(e.after)) return;
      const after = totals[e.after];
      let before = 0;
      if (e.kind === 'pass' && Number.isInteger(e.before)) before = totals[e.before];
      if (e.kind === 'codegen') { if (after > 0) out.push({ entry: idx, before: null, after }); return; }
      if (after !== before) out.push({ entry: idx, before, after });
    });
    return out;
  }

  class AcrossPanel {
    // hooks: {model, linkFor(entryIndex) -> href, onOpen(entryIndex, query, isRegex)}
    constructor(root, hooks) {
      this.hooks = hooks;
      this.input = el('input', { type: 'search', 'aria-label': 'Find across passes', placeholder: 'Text or regex, Enter to search all passes', spellcheck: 'false', autocomplete: 'off' });
      this.regex = el('input', { type: 'checkbox', 'aria-label': 'Regex across passes' });
      const go = el('button', { type: 'button' }, 'Search');
      const close = el('button', { type: 'button', 'aria-label': 'Close find across passes', title: 'Close (Esc)' }, '\u00d7');
      this.progress = el('progress', { max: '1', value: '0', hidden: true, 'aria-label': 'Search progress' });
      this.msg = el('p', { class: 'across-msg', role: 'status', 'aria-live': 'polite' });
      this.results = el('ul', { class: 'across-results', 'aria-label': 'Passes where the match count changes' });
      this.root = el('section', { class: 'across', hidden: true, 'aria-label': 'Find across passes' },
        el('div', { class: 'across-bar' }, el('strong', null, 'Find across passes'), this.input, el('label', { class: 'chk' }, this.regex, '.*'), go, this.progress, close),
        this.msg, this.results);
      root.appendChild(this.root);
      go.addEventListener('click', () => this.run());
      this.input.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter') { ev.preventDefault(); this.run(); }
        else if (ev.key === 'Escape') { ev.preventDefault(); this.close(); }
      });
      close.addEventListener('click', () => this.close());
      this.results.addEventListener('click', (ev) => {
        const a = ev.target.closest('a[data-entry]');
        if (!a) return;
        ev.preventDefault();
        this.hooks.onOpen(Number(a.getAttribute('data-entry')), this.lastQuery, this.lastRegex);
      });
      this.job = null;
    }

    toggle() {
      if (this.root.hidden) { this.root.hidden = false; this.input.focus(); this.input.select(); }
      else this.close();
    }

    close() {
      if (this.job) this.job.cancel();
      this.root.hidden = true;
    }

    run() {
      if (this.job) this.job.cancel();
      clear(this.results);
      const q = this.input.value;
      const p = pattern(q, this.regex.checked);
      if (p.error !== undefined) { this.msg.textContent = p.error || 'Type something to search for.'; return; }
      this.lastQuery = q;
      this.lastRegex = this.regex.checked;
      const model = this.hooks.model;
      const job = countJob(model, p.re);
      this.progress.hidden = false;
      this.progress.value = 0;
      this.msg.textContent = 'Searching\u2026';
      let last = 0;
      const t0 = performance.now();
      this.job = runSliced(() => {
        const fin = job.step();
        const now = performance.now();
        if (now - last > 60) { last = now; this.progress.value = job.progress(); }
        return fin;
      });
      this.job.promise.then((done) => {
        if (!done) return;
        this.progress.hidden = true;
        this.show(q, changes(model, job.totals), performance.now() - t0);
      }, (err) => {
        this.progress.hidden = true;
        this.msg.textContent = 'Search failed: ' + err;
      });
    }

    show(q, list, ms) {
      const model = this.hooks.model;
      clear(this.results);
      this.msg.textContent = list.length
        ? 'The number of matches of \u201c' + q + '\u201d changes in ' + list.length + ' entr' + (list.length === 1 ? 'y' : 'ies') + ' (' + Math.round(ms) + ' ms).'
        : 'No pass changes the number of matches of \u201c' + q + '\u201d.';
      for (const c of list) {
        const e = model.entries[c.entry];
        let what;
        if (c.before === null) what = c.after + ' in codegen';
        else if (c.before === 0) what = 'appears: ' + c.after;
        else if (c.after === 0) what = 'disappears: ' + c.before + ' \u2192 0';
        else what = c.before + ' \u2192 ' + c.after;
        const a = el('a', { href: this.hooks.linkFor(c.entry), 'data-entry': c.entry }, model.entryLabel(e));
        this.results.appendChild(el('li', { class: c.after === 0 ? 'gone' : c.before === 0 ? 'new' : '' }, a, el('span', { class: 'what' }, what)));
      }
    }
  }

  T.find = { pattern, eachMatch, findInView, FindBar, AcrossPanel, countJob, changes };
})();
