// ir-trace viewer: normalised views. "Ignore whitespace" compares lines with all whitespace removed (like
// `diff -w`, which also ignores a missing final newline); "Ignore SSA numbering" compares them with every
// numbered name that a line of the function defines renamed by its order of first appearance in the
// function (the keys: 56_norm_keys.js). Both may be on.
//
// Under a normalisation every pass is compared again: its diff, its +/- counts and its status (a pass that
// only renumbers becomes a no-op), and the diff of each function it changed. The comparison refines the
// pass's own diff: inside each change block the deleted and inserted lines are diffed again (Myers) on
// their normalised keys, and the lines the pass kept stay equal, unless keeping only those whose keys
// match gives a smaller diff (bestOps). So a normalised diff is never larger than the real one, and costs
// the functions the pass touched, not the file. All passes are computed on demand in a Worker (the
// current one first), made from a Blob of normalizerCore with the codec, the Myers core and the keys (it
// uses nothing else); without a Worker the same job runs on the page in time slices.
window.IrTrace.define('57_normalize', function() {
  'use strict';
  const T = window.IrTrace;
  const { runSliced } = T.util;

  // P: the payload codec; M: the Myers core (25_myers.js); K: the keys (56_norm_keys.js). Returns the
  // functions the worker and the page share.
  function normalizerCore(P, M, K) {
    const { KIND, STATUS, FN_STATUS } = P;

    // ---- the normalised diff ----

    // Diffs two sides again under keys, starting from raw ops (the real diff of nA before and nB after
    // lines): keyA(i) / keyB(j) are the keys of 0-based lines. Equal lines of the real diff stay equal when
    // span is null; else span(i, j, count) says how many of the `count` equal pairs from (i, j) on can be
    // judged alike, {len, clean}: clean ones stay equal, the others stay equal only when their keys match.
    // A pair that does not joins the change region around it. Each change region's deleted and inserted
    // lines are diffed again (Myers) on their keys. Returns {ops, ins, del}: ops in the payload's triple
    // format over the same two sides.
    function refineOps(rawOps, nA, nB, keyA, keyB, span) {
      const out = [];
      let eq = 0, ins = 0, del = 0;
      let rx = -1, ry = -1, rd = 0, rn = 0; // the open change region: its first lines and sizes
      const open = (x, y) => {
        if (rx < 0) {
          rx = x;
          ry = y;
          rd = 0;
          rn = 0;
        }
      };
      const flush = () => {
        if (rx < 0) return;
        const ids = new Map();
        const id = (k) => {
          let v = ids.get(k);
          if (v === undefined) ids.set(k, (v = ids.size));
          return v;
        };
        const A = new Int32Array(rd), B = new Int32Array(rn);
        for (let j = 0; j < rd; j++) A[j] = id(keyA(rx + j));
        for (let j = 0; j < rn; j++) B[j] = id(keyB(ry + j));
        const job = M.createDiff(A, B);
        while (!job.step()) {
// one region
        }
        const walk = P.forEachBlock(job.result().ops, (e2, d2, n2) => {
          eq += e2;
          if (d2 + n2 === 0) return;
          P.appendBlock(out, eq, d2, n2);
          eq = 0;
          del += d2;
          ins += n2;
        });
        eq += rd - walk.before; // the region's own trailing equal lines
        rx = -1;
      };
      const keep = (count) => {
        if (count) {
          flush();
          eq += count;
        }
      };
      const equalRun = (x, y, count) => {
        if (!span) {
          keep(count);
          return;
        }
        for (let j = 0; j < count;) {
          const s = span(x + j, y + j, count - j);
          const len = Math.max(1, Math.min(s.len, count - j));
          if (s.clean) keep(len);
          else {
            for (let k = j; k < j + len; k++) {
              if (keyA(x + k) === keyB(y + k)) keep(1);
              else {
                open(x + k, y + k);
                rd++;
                rn++;
              }
            }
          }
          j += len;
        }
      };
      const end = P.forEachBlock(rawOps, (e, d, n, x, y, blk) => {
        equalRun(x - e, y - e, e);
        if (blk < 0) return;
        open(x, y);
        rd += d;
        rn += n;
      });
      equalRun(end.before, end.after, Math.max(0, Math.min(nA - end.before, nB - end.after)));
      flush();
      return { ops: out, ins, del };
    }

    // The smaller of the two ways of diffing again (refineOps): keeping every equal line of the real diff
    // (a line the pass did not touch stays equal even when a definition inserted before it shifts its
    // numbers), or keeping only those whose keys match (a renumbered line the real diff matched by
    // coincidence, `%2 = c` both before and after, rejoins its region). Ties keep the first.
    function bestOps(rawOps, nA, nB, keyA, keyB, span) {
      const kept = refineOps(rawOps, nA, nB, keyA, keyB, null);
      if (!kept.ins && !kept.del) return kept;
      const strict = refineOps(rawOps, nA, nB, keyA, keyB, span);
      return strict.ins + strict.del < kept.ins + kept.del ? strict : kept;
    }

    // Whether entry e is compared again under a normalisation: a pass with two sides and a diff.
    function comparable(e) {
      return e && e.kind === KIND.PASS && !e.crashed && Number.isInteger(e.before) && Number.isInteger(e.after) &&
          e.before !== e.after && !!e.diff;
    }

    // Pass e under mode, its sides' keys from keysOf(snapshot index) (snapshotKeys). Returns {ins, del, ops,
    // fns: [[key, ins, del, ops], ...]} (fns: the functions with a diff of their own, status "changed").
    function passResult(e, keysOf) {
      const a = keysOf(e.before), b = keysOf(e.after);
      const ops = (e.diff && e.diff.ops) || [];
      // A line the real diff kept equal has equal keys when neither side's scope changed and both are the
      // same function of the same size (its keys depend on its own lines only): only lines of changed
      // scopes are compared, a run of lines in one scope at a time.
      const dirtyA = new Set(), dirtyB = new Set();
      P.forEachBlock(ops, (eq, d, n, x, y) => {
        for (let j = x; j < x + d; j++) dirtyA.add(a.scopeOf(j));
        for (let j = y; j < y + n; j++) dirtyB.add(b.scopeOf(j));
      });
      const span = (x, y, count) => {
        const sa = a.scopeOf(x), sb = b.scopeOf(y);
        const len = Math.min(count, a.runEnd(x) - x, b.runEnd(y) - y);
        const clean = !dirtyA.has(sa) && !dirtyB.has(sb) && a.scopeName(sa) === b.scopeName(sb) &&
            a.scopeSize(sa) === b.scopeSize(sb);
        return { len, clean };
      };
      const whole = bestOps(ops, a.count, b.count, a.key, b.key, span);
      const fns = [];
      for (const f of e.functions || []) {
        if (f.status !== FN_STATUS.CHANGED || !f.diff) continue;
        const ka = a.scope(f.key), kb = b.scope(f.key);
        const r = bestOps(
            f.diff.ops || [], ka.length, kb.length, (i) => ka[i], (j) => kb[j],
            (i, j, count) => ({ len: count, clean: false }));
        fns.push([f.key, r.ins, r.del, r.ops]);
      }
      return { ins: whole.ins, del: whole.del, ops: whole.ops, fns };
    }

    // A job computing every comparable entry of entries under mode, in `order` (entry indices; prefer(i)
    // moves one to the front). src: {lines(i), sections(i), snapshot(i)} over the payload's snapshots, and
    // optionally keys(i): snapshot i's snapshotKeys under mode from a cache of the caller's.
    // step() computes one entry and returns true when none is left; take() returns and forgets the results
    // so far, [[entry index, passResult], ...].
    function job(src, entries, mode, order) {
      const todo = order.filter((i) => comparable(entries[i]));
      const total = todo.length || 1;
      // Snapshot keys under mode m, the last few (a pass's after is the next one's before).
      const keysUnder = (m) => {
        const keys = new Map(); // snapshot index -> snapshotKeys
        return (s) => {
          let k = keys.get(s);
          if (!k) {
            const snap = src.snapshot(s) || {};
            k = K.snapshotKeys(src.lines(s), src.sections(s), snap.lang, m, P.noEol(snap));
            keys.set(s, k);
            if (keys.size > 4) keys.delete(keys.keys().next().value);
          }
          return k;
        };
      };
      // Ignoring more never shows more: with both toggles on, a pass gets the smallest of its diffs under
      // both, whitespace alone and SSA numbering alone (renumbering by first appearance can make lines that
      // differ only in indentation differ in their numbers).
      const both = mode.ws && mode.ssa;
      const keysOfs = [src.keys || keysUnder(mode)];
      if (both) keysOfs.push(keysUnder({ ws: true, ssa: false }), keysUnder({ ws: false, ssa: true }));
      const smallest = (e) => {
        let best = null;
        for (const keysOf of keysOfs) {
          const r = passResult(e, keysOf);
          if (!best || r.ins + r.del < best.ins + best.del) best = r;
        }
        return best;
      };
      let results = [];
      return {
        step() {
          if (!todo.length) return true;
          const i = todo.shift();
          results.push([i, smallest(entries[i])]);
          return !todo.length;
        },
        prefer(i) {
          const k = todo.indexOf(i);
          if (k > 0) todo.unshift(todo.splice(k, 1)[0]);
        },
        take() {
          const r = results;
          results = [];
          return r;
        },
        progress: () => 1 - todo.length / total,
      };
    }

    // The status entry e shows under a normalisation that found ins / del lines changed: a changed pass
    // with nothing left is a no-op; other statuses (failed) stay.
    function statusUnder(e, ins, del) {
      return e.status === STATUS.CHANGED && ins + del === 0 ? STATUS.NOOP : e.status;
    }

    return { refineOps, comparable, passResult, job, statusUnder };
  }

  const core = normalizerCore(T.payload, T.myers.source(T.payload), T.normKeys);

  // ---- the worker ----

  // The worker's program: {type: 'snaps', list} appends snapshots; {type: 'start', entries, mode, order}
  // runs the job, posting {type: 'results', list, progress, done} about every 40 ms; {type: 'prefer', entry}
  // moves an entry to the front. Lines and sections are rebuilt through the codec with a small cache.
  function workerMain() {
    const snaps = [];
    const lineCache = new Map(), secCache = new Map();
    const cached = (cache, limit, i, make) => {
      let v = cache.get(i);
      if (v === undefined) {
        v = make();
        cache.set(i, v);
        if (cache.size > limit) cache.delete(cache.keys().next().value);
      }
      return v;
    };
    const src = {
      lines: (i) => cached(lineCache, 24, i, () => codec.snapshotLines(snaps, i, src.lines)),
      sections: (i) => cached(secCache, 64, i, () => codec.snapshotSections(snaps, i, src.sections)),
      snapshot: (i) => snaps[i],
    };
    let running = null;
    self.onmessage = (ev) => {
      const m = ev.data;
      if (m.type === 'snaps')
        for (const s of m.list) snaps.push(s);
      else if (m.type === 'prefer') {
        if (running) running.prefer(m.entry);
      } else if (m.type === 'start') {
        running = core.job(src, m.entries, m.mode, m.order);
        loop();
      }
    };
    // Yields between slices so a 'prefer' message can get in.
    function loop() {
      const t0 = Date.now();
      let done = false;
      while (!(done = running.step()) && Date.now() - t0 < 40) {
// one slice
      }
      self.postMessage({ type: 'results', list: running.take(), progress: running.progress(), done });
      if (!done) setTimeout(loop, 0);
    }
  }

  function workerSource() {
    return 'const codec = (' + T.payload.source.toString() + ')();\n' +
        'const core = (' + normalizerCore.toString() + ')(codec, (' + T.myers.source.toString() + ')(codec), (' +
        T.normKeys.source.toString() + ')());\n' +
        '(' + workerMain.toString() + ')();\n';
  }

  function newWorker() { return T.util.blobWorker('normalize', workerSource); }


  // ---- on the page ----

  // Mode {ws, ssa} as the deep link's value: "ws", "ssa", "ws,ssa"; "" for none.
  function modeKey(mode) { return [mode.ws ? 'ws' : '', mode.ssa ? 'ssa' : ''].filter(Boolean).join(','); }

  // What each toggle compares, said once for the help dialog, the README and the notes.
  function modeText(mode) {
    return [mode.ws ? 'whitespace' : '', mode.ssa ? 'SSA numbering' : ''].filter(Boolean).join(' and ');
  }

  // The entries of a payload as the worker needs them (the pass fields and ops only: no texts, no pairs).
  function slimEntries(entries) {
    return entries.map(
        (e) =>
            (core.comparable(e) ? {
              kind: e.kind,
              before: e.before,
              after: e.after,
              status: e.status,
              diff: { ops: e.diff.ops || [] },
              functions: (e.functions || [])
                             .filter((f) => f.diff)
                             .map((f) => ({ key: f.key, status: f.status, diff: { ops: f.diff.ops || [] } })),
            } :
                                  { kind: e.kind }));
  }

  // Changed lines (deleted + inserted, whole file and functions) up to which a pass is compared on the page
  // at once rather than waited for from the worker.
  const PAGE_LINES = 20000;

  class Normalizer {
    // model: the Model. hooks: {onResult(entry index), onProgress(fraction), onDone(mode)}
    constructor(model, hooks) {
      this.model = model;
      this.hooks = hooks;
      this.byMode = new Map(); // modeKey -> {results: Map entry -> passResult, complete, overlay}
      this.run = null; // {key, worker | sliced, prefer(i)}
      this.views = new Map(); // modeKey + entry + function key -> normalised view (LRU)
      this.keyCache = new Map(); // modeKey + ':' + snapshot -> its snapshotKeys (see pageSource)
    }

    // Computes every pass under mode (entry `first` first) unless that is done or running. Results come in
    // through hooks.onResult; hooks.onDone when all are in.
    start(mode, first) {
      const key = modeKey(mode);
      if (!key) {
        this.cancel();
        return;
      }
      let st = this.byMode.get(key);
      if (!st) this.byMode.set(key, (st = { results: new Map(), complete: false, overlay: null }));
      if (st.complete) {
        this.cancel();
        return;
      }
      if (this.run && this.run.key === key) {
        this.prefer(first);
        return;
      }
      this.cancel();
      const m = this.model;
      const order = [];
      if (first >= 0) order.push(first);
      m.entries.forEach((e, i) => {
        if (i !== first && !st.results.has(i)) order.push(i);
      });
      // Until the job runs, prefer() reorders `order` itself.
      const run = {
        key,
        cancel: () => clearTimeout(timer),
        prefer: (i) => {
          const k = order.indexOf(i);
          if (k > 0) order.unshift(order.splice(k, 1)[0]);
        }
      };
      this.run = run;
      const take = (list, progress, done) => {
        if (this.run !== run) return;
        for (const [i, r] of list) {
          st.results.set(i, r);
          this.hooks.onResult(i);
        }
        this.hooks.onProgress(progress);
        if (done) {
          st.complete = true;
          this.run = null;
          this.hooks.onDone(mode);
        }
      };
      const onPage = () => {
        const j = core.job(this.pageSource(mode), m.entries, mode, order);
        const sliced = runSliced(() => {
          const fin = j.step();
          take(j.take(), j.progress(), fin);
          return fin;
        });
        run.cancel = sliced.cancel;
        run.prefer = (i) => j.prefer(i);
      };
      // Started after the caller's view is painted: handing the snapshots over costs the page time too, so
      // it goes in slices of about 20,000 stored lines, a task each (as find across passes sends them).
      const launch = async () => {
        const w = newWorker();
        if (!w) {
          onPage();
          return;
        }
        let started = false, over = false;
        run.cancel = () => {
          over = true;
          w.terminate();
        };
        w.onmessage = (ev) => {
          started = true;
          take(ev.data.list, ev.data.progress, ev.data.done);
        };
        // A worker the page may not start (a policy forbids it) leaves the job to the page.
        w.onerror = (ev) => {
          ev.preventDefault();
          w.terminate();
          if (this.run === run && !started) onPage();
        };
        const snaps = m.snapshots;
        for (let k = 0; k < snaps.length;) {
          const list = [];
          let size = 0;
          while (k < snaps.length && (size === 0 || size < 20000)) {
            size += 1 + T.payload.storedLines(snaps[k]);
            list.push(snaps[k++]);
          }
          w.postMessage({ type: 'snaps', list });
          await new Promise((r) => setTimeout(r, 0));
          if (over) return;
        }
        w.postMessage({ type: 'start', entries: slimEntries(m.entries), mode, order });
        run.prefer = (i) => w.postMessage({ type: 'prefer', entry: i });
      };
      const timer = setTimeout(launch, 0);
    }

    prefer(i) {
      if (this.run && i >= 0) this.run.prefer(i);
    }

    // The snapshots on the page for a job under mode (core.job's src), with the keys of the last few
    // snapshots kept: the pass shown computes them once for its result and its pairs.
    pageSource(mode) {
      const m = this.model, key = modeKey(mode);
      return {
        lines: (i) => m.lines(i),
        sections: (i) => m.sections(i),
        snapshot: (i) => m.snapshots[i],
        keys: (i) => {
          const id = key + ':' + i;
          let k = this.keyCache.get(id);
          if (!k) {
            const s = m.snapshots[i] || {};
            k = T.normKeys.snapshotKeys(m.lines(i), m.sections(i), s.lang, mode, T.payload.noEol(s));
            this.keyCache.set(id, k);
            if (this.keyCache.size > 8) this.keyCache.delete(this.keyCache.keys().next().value);
          }
          return k;
        },
      };
    }

    cancel() {
      if (this.run) this.run.cancel();
      this.run = null;
    }

    // The result for entry i under mode: passResult, or null while it is not computed (or i is not
    // compared again: frontend, codegen, a crashed pass).
    result(mode, i) {
      const st = this.byMode.get(modeKey(mode));
      return (st && st.results.get(i)) || null;
    }

    // The result for entry i under mode, computed on the page now when it is not in yet and the pass's
    // change blocks are small (the usual pass: milliseconds), so the pass shown does not wait for the
    // worker (which computes it too, the same way). null for a large pass until the worker's result is in.
    ensure(mode, i) {
      const have = this.result(mode, i);
      if (have) return have;
      const st = this.byMode.get(modeKey(mode));
      const e = this.model.entries[i];
      if (!st || !core.comparable(e)) return null;
      let size = 0;
      const add = (ops) => {
        const w = T.payload.forEachBlock(ops || [], null);
        size += w.del + w.ins;
      };
      add(e.diff.ops);
      for (const f of e.functions || [])
        if (f.diff) add(f.diff.ops);
      if (size > PAGE_LINES) return null;
      const m = this.model;
      const j = core.job(this.pageSource(mode), m.entries, mode, [i]);
      j.step();
      const [[, r]] = j.take();
      st.results.set(i, r);
      return r;
    }

    // The two sides of view v as replace rows are paired under mode: each line in a change block of ops
    // by its key (so `%7 = arith.addi` pairs with `%10 = arith.subi`, the same value renumbered), the
    // others as they are. A large view pairs its text as it is (its keys are not computed on the page).
    pairable(mode, e, v, ops) {
      const w = T.payload.forEachBlock(ops, null);
      if (w.del + w.ins > PAGE_LINES) return [v.left, v.right];
      const m = this.model;
      const src = this.pageSource(mode);
      const side = (snap, lines, nums, pick) => {
        const keys = src.keys(snap);
        const out = lines.slice();
        T.payload.forEachBlock(ops, (eq, d, n, x, y) => {
          const [from, count] = pick(x, d, y, n);
          for (let j = from; j < from + count; j++) out[j] = keys.key(nums ? nums[j] : j);
        });
        return out;
      };
      return [
        side(e.before, v.left, v.leftNums, (x, d) => [x, d]),
        side(e.after, v.right, v.rightNums, (x, d, y, n) => [y, n]),
      ];
    }

    // Whether every pass has its result under mode.
    complete(mode) {
      const st = this.byMode.get(modeKey(mode));
      return !!(st && st.complete);
    }

    // Entry i as shown under mode: a copy with its recomputed status, ins and del, and "raw" holding the
    // real ones; null while it is not computed (or never is: frontend, codegen, crashed).
    shownEntry(mode, i) {
      const r = this.result(mode, i);
      if (!r) return null;
      const e = this.model.entries[i];
      return Object.assign({}, e, {
        status: core.statusUnder(e, r.ins, r.del),
        ins: r.ins,
        del: r.del,
        raw: { status: e.status, ins: e.ins, del: e.del }
      });
    }

    // The entries as shown under mode (Model.setOverlay): shownEntry, or the entry itself where there is
    // none; null until every pass is computed.
    overlay(mode) {
      const st = this.byMode.get(modeKey(mode));
      if (!st || !st.complete) return null;
      if (!st.overlay) st.overlay = this.model.entries.map((e, i) => this.shownEntry(mode, i) || e);
      return st.overlay;
    }

    // The functions offered for entry e (index i) under mode: fns (Model.functions) with each changed
    // function's counts recomputed, "same" when nothing is left; fns itself while not computed.
    functions(mode, i, fns) {
      const r = this.result(mode, i);
      if (!r) return fns;
      const by = new Map(r.fns.map((f) => [f[0], f]));
      return fns.map((f) => {
        const x = f.status === T.payload.FN_STATUS.CHANGED ? by.get(f.key) : null;
        if (!x) return f;
        return Object.assign(
            {}, f, { ins: x[1], del: x[2], status: x[1] + x[2] ? f.status : T.payload.FN_STATUS.SAME });
      });
    }

    // View v (Model.view of entry i, function key fnKey) under mode: the normalised ops, pairs made on the
    // page for them, normalized: true. null while entry i is not computed; v itself for what is never
    // compared again (frontend, codegen, crashed).
    view(mode, i, fnKey, v) {
      if (v.single) return v;
      const e = this.model.entries[i];
      if (!core.comparable(e)) return v;
      const r = this.ensure(mode, i);
      if (!r) return null;
      const key = modeKey(mode) + '\u0000' + i + '\u0000' + (fnKey === null ? '\u0001' : fnKey);
      let hit = this.views.get(key);
      if (hit && hit.left === v.left && hit.right === v.right) return hit;
      let ops = null;
      if (fnKey === null) ops = r.ops;
      else {
        const f = r.fns.find((x) => x[0] === fnKey);
        if (f) ops = f[3];
      }
      hit = Object.assign({}, v, { normalized: true });
      if (ops) {
        hit.ops = ops;
        const [left, right] = this.pairable(mode, e, v, ops);
        hit.pairs = T.intraline.pairBlocks(ops, left, right);
      }
      this.views.set(key, hit);
      if (this.views.size > 32) this.views.delete(this.views.keys().next().value);
      return hit;
    }
  }

  T.normalize = { Normalizer, modeKey, modeText, core, workerSource };
});
