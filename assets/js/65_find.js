// ir-trace viewer: find in this pass (searches every row, folded or not rendered) and find across
// passes (counts matches per snapshot from the stored deltas and lists the passes where the count
// changes). The user's regex runs in a Worker made from a Blob (stopped when a pattern is too slow),
// in bounded steps; the page only hands it the lines, in slices.
window.IrTrace.define('65_find', function() {
  'use strict';
  const T = window.IrTrace;
  const { el, clear, compileRegex, escapeRegex, runSliced } = T.util;
  const codec = T.payload; // the worker binds the same name to its own copy (workerSource)
  const MAX_MATCHES = 20000;

  // Pattern from user input: smart case (case-insensitive unless the query has an upper-case letter).
  // Returns {re} (global) or {error}.
  function pattern(query, isRegex) {
    if (!query) return { error: '' };
    const flags = 'g' + (/[A-Z]/.test(query) ? '' : 'i');
    const res = compileRegex(isRegex ? query : escapeRegex(query), flags + 'u');
    // The engine's message may already start "Invalid regular expression: " (V8's does): said once.
    if (res.error)
      return { error: 'Invalid regular expression: ' + res.error.replace(/^Invalid regular expression:\s*/i, '') };
    return res;
  }

  // ---- regex work. A user's regex may be slow (`(a+)+$` on a long line never ends), so matching runs in
  // a Worker made from a Blob of the functions below (they use nothing outside themselves), terminated
  // when it goes quiet for STALL_MS; the page only hands data over, in slices. Without a Worker the same
  // functions run on the page in bounded steps (runSliced).
  const limits = { stallMs: 3000, stepLines: 2000, stepChars: 200000 };

  // Matches of re (global) in one line: calls fn(start, end) for each; returns the count.
  function eachMatch(re, line, fn) {
    re.lastIndex = 0;
    let n = 0, m;
    while ((m = re.exec(line)) !== null) {
      if (m[0] === '') {
        re.lastIndex++;
        continue;
      }
      n++;
      if (fn) fn(m.index, m.index + m[0].length);
      if (n > 100000) break;
    }
    return n;
  }

  // A list of [position, text] work items matched in bounded steps: each step takes at most
  // lim.stepLines lines and, past the first, lim.stepChars characters. visit(position, text) per item.
  function stepper(items, visit, lim) {
    let k = 0;
    return {
      step() {
        let lines = 0, chars = 0;
        while (k < items.length && lines < lim.stepLines &&
               (lines === 0 || chars + items[k][1].length <= lim.stepChars)) {
          visit(items[k][0], items[k][1]);
          chars += items[k][1].length;
          lines++;
          k++;
        }
        return k >= items.length;
      },
      fraction: () => (items.length ? k / items.length : 1),
    };
  }

  // Per-line match counts of every snapshot, built incrementally: a delta is applied
  // to its base's counts (codec.applyDelta), and a "lines" snapshot is made of the counts of the runs it
  // copies (codec.applyLines), so copied lines keep their count and only inserted, fixed and literal lines
  // are matched. step() does a bounded amount of matching (see stepper) and returns true when all
  // are counted; linesOf(i) rebuilds snapshot i when its base is not counted yet.
  function countMatches(snaps, re, linesOf, lim) {
    const perLine = new Array(snaps.length);
    const totals = new Int32Array(snaps.length);
    let i = 0, cur = null, counts = null;
    function plan(s) {
      const todo = [];
      const base = codec.baseOf(s);
      // An inserted, fixed or literal line is put in as 0 and queued to be matched (a later item wins).
      const later = (text, j) => {
        todo.push([j, String(text ?? '')]);
        return 0;
      };
      if (Array.isArray(s.lines) && !Array.isArray(s.text)) {
        // Runs name earlier snapshots, all counted by now (snapshots are counted in order).
        counts = Int32Array.from(codec.applyLines(s.lines, (j) => (j < i && perLine[j]) || [], later));
      } else if (base < 0 || !perLine[base]) {
        const lines = linesOf(i);  // a full text as stored, else rebuilt through the codec
        counts = new Int32Array(lines.length);
        for (let j = 0; j < lines.length; j++) todo.push([j, String(lines[j] ?? '')]);
      } else if (Number.isInteger(s.same)) {
        counts = perLine[base];
      } else {
        counts = Int32Array.from(codec.applyDelta(perLine[base], s.delta, later, later));
      }
      return stepper(todo, (j, text) => { counts[j] = eachMatch(re, text); }, lim);
    }
    function step() {
      if (i >= snaps.length) return true;
      if (!cur) cur = plan(snaps[i] || {});
      if (!cur.step()) return false;
      perLine[i] = counts;
      let t = 0;
      for (let j = 0; j < counts.length; j++) t += counts[j];
      totals[i] = t;
      i++;
      cur = null;
      return false;
    }
    return { step, progress: () => (i + (cur ? cur.fraction() : 0)) / Math.max(1, snaps.length), totals };
  }

  // Find in pass over a view's rows (rows: n, kind, before, after as in T.rows; kind 0 = equal): an equal row is
  // searched once (its right side), other rows on each side they have. Matches as a flat list
  // [r, side (0 left, 1 right), start, end, ...] in row order, at most max of them; bounded steps.
  function findRows(left, right, rows, re, max, lim) {
    const out = [];
    const items = [];
    for (let r = 0; r < rows.n; r++) {
      if (rows.before[r] >= 0 && rows.kind[r] !== 0) items.push([2 * r, String(left[rows.before[r]] ?? '')]);
      if (rows.after[r] >= 0) items.push([2 * r + 1, String(right[rows.after[r]] ?? '')]);
    }
    const st = stepper(items, (key, text) => {
      if (out.length >= 4 * max) return;
      eachMatch(re, text, (s, e) => {
        if (out.length < 4 * max) out.push(key >> 1, key & 1, s, e);
      });
    }, lim);
    return { step: () => st.step() || out.length >= 4 * max, progress: st.fraction, out };
  }

  // The worker: {type: 'snaps', list} appends snapshots; {type: 'count', source, flags, lim} counts
  // matches per snapshot -> {type: 'done', totals}; {type: 'find', source, flags, left, right, rows, max,
  // lim} -> {type: 'done', out}. Posts {type: 'progress', value} at least every 50 ms while it runs.
  function workerMain() {
    const snaps = [];
    self.onmessage = (ev) => {
      const m = ev.data;
      if (m.type === 'snaps') {
        for (const s of m.list) snaps.push(s);
        return;
      }
      const re = new RegExp(m.source, m.flags);
      const job = m.type === 'count' ? countMatches(snaps, re, (i) => codec.snapshotLines(snaps, i), m.lim) :
                                       findRows(m.left, m.right, m.rows, re, m.max, m.lim);
      let last = Date.now();
      while (!job.step()) {
        const now = Date.now();
        if (now - last >= 50) {
          last = now;
          self.postMessage({ type: 'progress', value: job.progress() });
        }
      }
      self.postMessage(m.type === 'count' ? { type: 'done', totals: job.totals } : { type: 'done', out: job.out });
    };
    self.postMessage({ type: 'progress', value: 0 });
  }

  // The worker's whole program: the payload codec (its self-contained factory, see 15_payload.js) bound to
  // the name `codec` the functions above use, those functions, and the call of workerMain.
  function workerSource() {
    return 'const codec = (' + T.payload.source.toString() + ')();\n' +
        [eachMatch, stepper, countMatches, findRows, workerMain].map((f) => f.toString()).join('\n') +
        '\nworkerMain();\n';
  }

  function newWorker() { return T.util.blobWorker('find', workerSource); }


  // Runs one regex job in a fresh worker. feed(worker) posts the input (may be async, in slices) and
  // the final request. Resolves to {result} (the worker's 'done' message), {stalled: true} when it was
  // silent for limits.stallMs (terminated), {noWorker: true} when no worker could run, or null when
  // cancelled. onProgress(fraction).
  function workerJob(feed, onProgress) {
    const w = newWorker();
    if (!w) return { promise: Promise.resolve({ noWorker: true }), cancel() {} };
    let finish, timer = 0, last = performance.now(), over = false, started = false;
    const promise = new Promise((resolve) => { finish = resolve; });
    const end = (value) => {
      if (over) return;
      over = true;
      clearInterval(timer);
      w.terminate();
      finish(value);
    };
    w.onmessage = (ev) => {
      last = performance.now();
      started = true;
      if (ev.data.type === 'progress') {
        if (onProgress) onProgress(ev.data.value);
      } else if (ev.data.type === 'done') end({ result: ev.data });
    };
    // A worker that fails to start (a policy forbids it) falls back to the page; one that fails later
    // (an exception in the job) reports it.
    w.onerror = (ev) => {
      ev.preventDefault();
      end(started ? { error: ev.message || 'the search failed' } : { noWorker: true });
    };
    timer = setInterval(() => {
      if (performance.now() - last > limits.stallMs) end({ stalled: true });
    }, 100);
    Promise.resolve(feed(w, () => over, () => { last = performance.now(); })).catch((e) => end({ error: String(e) }));
    return { promise, cancel: () => end(null) };
  }

  // Find in pass: all matches over the view's rows: [{r, side, s, e}], in row order (see findRows).
  // On the page, in one go: for tests and small views; the find bar uses a worker.
  function findInView(view, rows, re) {
    const job = findRows(view.left, view.right, rows, re, MAX_MATCHES, limits);
    while (!job.step()) {
// all at once
    }
    return toMatches(job.out);
  }

  function toMatches(flat) {
    const out = [];
    for (let k = 0; k + 3 < flat.length; k += 4)
      out.push({ r: flat[k], side: flat[k + 1] ? 'R' : 'L', s: flat[k + 2], e: flat[k + 3] });
    return out;
  }

  class FindBar {
    // hooks: {getView() -> {view, rows, diffView} | null, onClose()}
    constructor(root, hooks) {
      this.hooks = hooks;
      this.input = el('input', {
        type: 'search',
        'aria-label': 'Find in pass',
        placeholder: 'Find in pass',
        spellcheck: 'false',
        autocomplete: 'off'
      });
      this.regex = el('input', { type: 'checkbox', 'aria-label': 'Regex' });
      this.count = el('span', { class: 'find-count', role: 'status', 'aria-live': 'polite' });
      const prev =
          el('button', { type: 'button', title: 'Previous match (Shift+Enter)', 'aria-label': 'Previous match' },
             '\u2191');
      const next = el('button', { type: 'button', title: 'Next match (Enter)', 'aria-label': 'Next match' }, '\u2193');
      const close = el('button', { type: 'button', title: 'Close (Esc)', 'aria-label': 'Close find' }, '\u00d7');
      this.root =
          el('div', { class: 'findbar', role: 'search', hidden: true }, this.input,
             el('label', { class: 'chk' }, this.regex, '.*'), this.count, prev, next, close);
      root.appendChild(this.root);
      let timer = 0;
      this.input.addEventListener('input', () => {
        clearTimeout(timer);
        timer = setTimeout(() => this.run(), 120);
      });
      this.regex.addEventListener('change', () => this.run());
      this.input.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter') {
          ev.preventDefault();
          this.run(true);
          if (this.job) this.pendingStep += ev.shiftKey ? -1 : 1; // applied when the search ends
          else this.step(ev.shiftKey ? -1 : 1);
        } else if (ev.key === 'Escape') {
          ev.preventDefault();
          this.close();
        }
      });
      prev.addEventListener('click', () => this.step(-1));
      next.addEventListener('click', () => this.step(1));
      close.addEventListener('click', () => this.close());
      this.matches = [];
      this.cur = -1;
      this.lastKey = null;
      this.job = null;
      this.pendingStep = 0;
    }

    open(query, isRegex) {
      this.root.hidden = false;
      if (query !== undefined) {
        this.input.value = query;
        this.regex.checked = !!isRegex;
      }
      this.input.focus();
      this.input.select();
      this.lastKey = null;
      this.run();
    }

    close() {
      this.cancel();
      this.root.hidden = true;
      this.matches = [];
      this.lastKey = null;
      const v = this.hooks.getView();
      if (v) v.diffView.setFind(null);
      this.hooks.onClose();
    }

    isOpen() { return !this.root.hidden; }

    cancel() {
      if (this.job) this.job.cancel();
      this.job = null;
      this.pendingStep = 0;
    }

    // (Re)computes the matches, in a worker (see workerJob); keeps the current one when only Enter was
    // pressed.
    run(keep) {
      const v = this.hooks.getView();
      const key = this.input.value + '\u0000' + this.regex.checked;
      if (keep && key === this.lastKey) return;
      this.lastKey = key;
      this.cancel();
      if (!v) return;
      const p = pattern(this.input.value, this.regex.checked);
      if (p.error !== undefined) {
        this.fail(v, p.error);
        return;
      }
      this.count.classList.remove('error');
      const { view, rows } = v;
      const send = {
        n: rows.n,
        kind: rows.kind.slice(0, rows.n),
        before: rows.before.slice(0, rows.n),
        after: rows.after.slice(0, rows.n)
      };
      const job = workerJob((w) => w.postMessage({
        type: 'find',
        source: p.re.source,
        flags: p.re.flags,
        left: view.left,
        right: view.right,
        rows: send,
        max: MAX_MATCHES,
        lim: limits
      }));
      this.job = job;
      this.count.textContent = 'Searching\u2026';
      job.promise.then((res) => {
        if (!res || this.job !== job) return;
        this.job = null;
        if (res.stalled) return this.fail(v, 'search stopped: pattern too slow');
        if (res.error) return this.fail(v, 'Search failed: ' + res.error);
        if (!res.noWorker) return this.found(v, res.result.out);
        // No worker (the browser refused one): the same search on the page in slices, lines over
        // 10,000 characters left out so one slow line cannot hold the page for long.
        const cap = (l) => (l.length > 10000 ? '' : l);
        const fj = findRows(view.left.map(cap), view.right.map(cap), rows, p.re, MAX_MATCHES, limits);
        const sliced = runSliced(() => fj.step());
        this.job = sliced;
        sliced.promise.then(
            (ok) => {
              if (ok && this.job === sliced) {
                this.job = null;
                this.found(v, fj.out);
              }
            },
            (err) => {
              if (this.job === sliced) {
                this.job = null;
                this.fail(v, 'Search failed: ' + err);
              }
            });
      });
    }

    found(v, flat) {
      this.matches = toMatches(flat);
      const n = this.matches.length;
      this.cur = n ? ((this.pendingStep % n) + n) % n : -1;
      this.pendingStep = 0;
      this.show(v);
    }

    fail(v, msg) {
      this.matches = [];
      this.cur = -1;
      this.count.textContent = msg;
      this.count.classList.toggle('error', !!msg);
      v.diffView.setFind(null);
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
      if (this.isOpen()) {
        this.lastKey = null;
        this.run();
      }
    }
  }

  // countMatches over a Model on the page (fallback without a worker, and tests).
  function countJob(model, re) { return countMatches(model.snapshots, re, (i) => model.lines(i), limits); }

  class AcrossPanel {
    // hooks: {model, linkFor(entryIndex) -> href, onOpen(entryIndex, query, isRegex)}
    constructor(root, hooks) {
      this.hooks = hooks;
      this.input = el('input', {
        type: 'search',
        'aria-label': 'Find across passes',
        placeholder: 'Text or regex, Enter to search all passes',
        spellcheck: 'false',
        autocomplete: 'off'
      });
      this.regex = el('input', { type: 'checkbox', 'aria-label': 'Regex across passes' });
      // Enter in the box searches: the button is for the mouse, no Tab stop, so the results are 2 Tabs
      // from the box (past Close); the regex box stands before it.
      const go = el('button', { type: 'button', tabindex: '-1' }, 'Search');
      const close =
          el('button', { type: 'button', 'aria-label': 'Close find across passes', title: 'Close (Esc)' }, '\u00d7');
      this.progress = el('progress', { max: '1', value: '0', hidden: true, 'aria-label': 'Search progress' });
      this.msg = el('p', { class: 'across-msg', role: 'status', 'aria-live': 'polite' });
      this.results = el('ul', { class: 'across-results', 'aria-label': 'Passes where the match count changes' });
      this.root =
          el('section', { class: 'across', hidden: true, 'aria-label': 'Find across passes' },
             el('div', { class: 'across-bar' }, el('strong', null, 'Find across passes'),
                el('label', { class: 'chk' }, this.regex, '.*'), this.input, go, this.progress, close),
             this.msg, this.results);
      root.appendChild(this.root);
      go.addEventListener('click', () => this.run());
      this.input.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter') {
          ev.preventDefault();
          this.run();
        } else if (ev.key === 'Escape') {
          ev.preventDefault();
          this.close();
        }
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
      if (this.root.hidden) {
        this.root.hidden = false;
        this.input.focus();
        this.input.select();
      } else this.close();
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
      if (p.error !== undefined) {
        this.msg.textContent = p.error || 'Type something to search for.';
        return;
      }
      this.lastQuery = q;
      this.lastRegex = this.regex.checked;
      const model = this.hooks.model;
      this.progress.hidden = false;
      this.progress.value = 0;
      this.msg.textContent = 'Searching\u2026';
      const t0 = performance.now();
      const progress = (f) => { this.progress.value = f; };
      const done = (totals) => {
        this.job = null;
        this.progress.hidden = true;
        this.show(q, T.find.changes(model, totals, p.re), performance.now() - t0);
      };
      const failed = (msg) => {
        this.job = null;
        this.progress.hidden = true;
        this.msg.textContent = msg;
      };
      // The snapshots go to the worker in slices of about 20,000 lines, so handing them over never
      // holds the page for long either.
      const job = workerJob(async (w, over, touch) => {
        const snaps = model.snapshots;
        let k = 0;
        while (k < snaps.length) {
          let size = 0;
          const list = [];
          while (k < snaps.length && (size === 0 || size < 20000)) {
            const sn = snaps[k++];
            size += 1 + codec.storedLines(sn);
            list.push(sn);
          }
          if (over()) return;
          w.postMessage({ type: 'snaps', list });
          touch();
          progress(0.1 * (k / snaps.length));
          await new Promise((r) => setTimeout(r, 0));
        }
        if (over()) return;
        w.postMessage({ type: 'count', source: p.re.source, flags: p.re.flags, lim: limits });
        touch();
      }, (f) => progress(0.1 + 0.9 * f));
      this.job = job;
      job.promise.then((res) => {
        if (!res || this.job !== job) return;
        if (res.stalled) return failed('search stopped: pattern too slow');
        if (res.error) return failed('Search failed: ' + res.error);
        if (!res.noWorker) return done(res.result.totals);
        // No worker (the browser refused one): the same count on the page, in bounded slices.
        const cj = countJob(model, p.re);
        let last = 0;
        const sliced = runSliced(() => {
          const fin = cj.step();
          const now = performance.now();
          if (now - last > 60) {
            last = now;
            progress(cj.progress());
          }
          return fin;
        });
        this.job = sliced;
        sliced.promise.then(
            (ok) => {
              if (ok && this.job === sliced) done(cj.totals);
            },
            (err) => {
              if (this.job === sliced) failed('Search failed: ' + err);
            });
      });
    }

    show(q, list, ms) {
      const model = this.hooks.model;
      clear(this.results);
      const plural = (n, w) => n + ' ' + w + (n === 1 ? '' : 'es');
      const where = list.length + (list.length === 1 ? ' place' : ' places');
      this.msg.textContent = list.length ?
          '\u201c' + q + '\u201d: the match count changes at ' + where + ' (' + Math.round(ms) + ' ms)' :
          'No pass changes how often \u201c' + q + '\u201d matches.';
      // "first appears" at the first pass the pattern appears in, "appears again" when it comes back later.
      // Per function for a function or loop entry (c.fn), else for the whole report.
      const seen = new Set();
      for (const c of list) {
        const e = model.entries[c.entry];
        const key = c.fn === null || c.fn === undefined ? '' : '@' + c.fn;
        let what;
        if (c.before === null) what = 'codegen: ' + plural(c.after, 'match');
        else if (c.before === 0)
          what = (seen.has(key) ? 'appears again: ' : 'first appears: ') + plural(c.after, 'match');
        else if (c.after === 0) what = 'disappears (was ' + plural(c.before, 'match') + ')';
        else what = plural(c.before, 'match') + ' \u2192 ' + c.after;
        if (c.before !== null) seen.add(key);
        // A unit entry's counts are of its unit: the link names it (the function, SCC or loop).
        const unit = T.modules.unitName(e, (model.snapshots[e.after] || {}).lang);
        const a =
            el('a', { href: this.hooks.linkFor(c.entry), 'data-entry': c.entry },
               model.entryLabel(e) + (unit ? '  ' + unit : ''));
        this.results.appendChild(
            el('li', { class: c.after === 0 ? 'gone' :
                           c.before === 0   ? 'new' :
                                              '' },
               a, el('span', { class: 'what' }, what)));
      }
    }
  }

  T.find = { pattern, eachMatch, findInView, FindBar, AcrossPanel, countJob, limits, workerSource };
});
