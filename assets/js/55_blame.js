// ir-trace viewer: blame (line provenance). For each line of a snapshot, the pass that introduced it: the
// last pass whose whole-file diff (its entry's "diff") inserted the line, followed back pass by pass to
// the frontend, whose lines come from pass 0. The storage deltas are never used for this: a snapshot may be
// stored in full, as "same" as an older one, or as a delta against an older one ({"from": k}), so they skip
// passes. Blame of a snapshot is built from the blame of its pass's "before" snapshot and that pass's edit
// script (one typed-array copy per equal run), and cached per snapshot; building the last of 100 passes of
// 5,000 lines costs a few milliseconds. Codegen snapshots are not written by a pass's diff: no blame.
//
// Unit entries (schema 4: a pass's snapshots hold only its function, SCC or loop): a unit entry's before is
// the unit's text as it stood (the converter's rule), whoever wrote it (a pass on the same unit, an SCC
// holding the function, a module pass), so it is followed back like any before. A "lines" snapshot (a
// function cut out of the module, the module view before a module pass) copies lines of earlier snapshots:
// each copied line is blamed as it is where it was copied from; the whole module shown around a unit entry
// is made of such runs too (ofRuns). A loop pass's first dump of its loop (a snapshot no pass wrote) is
// matched line by line against its function's latest text (and the loop dumps since), its header lines
// ("; Preheader:", "; Loop:", "; Exit blocks") are the printer's (HEADER). A loop pass prints only its
// loop's blocks, so the next dump of the function shows the loop passes' changes as its own diff: a line
// that diff inserts which a loop pass since the function's last text printed is blamed on that loop pass
// (loopLines), the pass the module-scope log gives.
window.IrTrace.define('55_blame', function() {
  'use strict';
  const T = window.IrTrace;
  const P = T.payload;
  const { el } = T.util;
  const { KIND } = P;

  // Hue of pass number num: the golden angle apart, so neighbouring passes get clearly different colours.
  function hue(num) { return Math.round((num * 137.508) % 360); }

  // Whether entries a and b ran on the same IR unit: both on the whole module (no "unit"; the frontend too),
  // or the same unit with the same keys (a loop has none: its pass's before is that loop's last dump).
  function sameUnit(a, b) {
    const ua = P.unitOf(a), ub = P.unitOf(b);
    if (ua !== ub) return false;
    if (ua === null) return true;
    const ka = P.unitKeys(a), kb = P.unitKeys(b);
    return ka.length === kb.length && ka.every((x, i) => x === kb[i]);
  }

  // Provenance entry of a line the printer writes around a loop's blocks (no pass's: not IR).
  const HEADER = -2;
  const LOOP_HEADER = /^; (Preheader:|Loop:|Exit blocks)/;
  // An LLVM basic block's label line: a number or name, a colon, maybe a comment ("; preds = %2").
  const BLOCK_LABEL = /^(?:[-\w.$]+|"[^"]*"):(?:\s*;.*)?$/;
  // How far back (entries) blame looks for a loop's function text or the loop passes since it.
  const LOOK_BACK = 4000;

  class Blame {
    constructor(model) {
      this.model = model;
      this.cache = new T.util.Lru(
          4000000, (prov) => prov.entry.length); // snapshot index -> {entry, line}; 4 M lines (8 bytes each)
      this.runsCache = new WeakMap(); // a module view's runs -> their provenance
      this.titles = new Map(); // entry index -> tooltip
      // producer[s]: the entry whose diff wrote snapshot s (the frontend's entry for its snapshot), -1 for a
      // snapshot no diff wrote (codegen). A crashed pass writes nothing: its "after" is the snapshot before.
      const n = model.snapshots.length;
      this.producer = new Int32Array(n).fill(-1);
      model.entries.forEach((e, i) => {
        const s = e.after;
        if (!Number.isInteger(s) || s < 0 || s >= n || this.producer[s] >= 0) return;
        const pass = e.kind === KIND.PASS && !e.crashed && Number.isInteger(e.before) && e.before >= 0 && e.before < s;
        if (pass || e.kind === KIND.FRONTEND) this.producer[s] = i;
      });
      // A pass's own before-dump (an LLVM loop pass's previous dump of its loop) is a snapshot some entry
      // reads but none writes: its lines are unaccounted for (-1), and the pass's own lines still blamed.
      // reader: such a snapshot -> the first entry reading it (a "lines" snapshot's too).
      this.readOnly = new Set();
      this.reader = new Map();
      model.entries.forEach((e, i) => {
        if (!Number.isInteger(e.before) || e.before < 0 || e.before >= n || this.producer[e.before] >= 0) return;
        if (!this.reader.has(e.before)) this.reader.set(e.before, i);
        this.readOnly.add(e.before);
      });
      // spliced: a loop entry's "function_after" (its function, the loop dump's blocks spliced in) -> that
      // entry: its literal lines are the dump's lines renumbered as the function numbers them, the loop pass's.
      this.spliced = new Map();
      model.entries.forEach((e, i) => {
        if (P.unitOf(e) === P.UNIT.LOOP && Number.isInteger(e.function_after)) this.spliced.set(e.function_after, i);
      });
      let digits = 1;
      for (const e of model.entries)
        if (Number.isInteger(e.num)) digits = Math.max(digits, String(e.num).length);
      this.digits = digits;
    }

    // Provenance of snapshot s: {entry, line}, Int32Arrays over its lines: the index of the entry that
    // introduced each line (-1 when the payload's diffs do not account for it) and the line's 0-based index
    // in that entry's after snapshot. null when no diff wrote s (codegen, an index out of range).
    of(s) {
      const hit = this.cache.get(s);
      if (hit) return hit;
      // Walk down the producers to a cached snapshot, the frontend, a "lines" snapshot or a unit's history's
      // start, then build back up.
      const chain = [];
      const entries = this.model.entries;
      let k = s, prov = null;
      for (;;) {
        const p = k >= 0 && k < this.producer.length ? this.producer[k] : -1;
        const c = this.cache.get(k);
        if (c) {
          prov = c;
          break;
        }
        const lines = p < 0 && this.model.snapshots[k] && this.model.snapshots[k].lines;
        if (Array.isArray(lines)) {
          const loop = this.spliced.has(k) ? this.spliced.get(k) : -1;
          prov = this.compose(lines, k, loop);
          if (loop >= 0) this.literalsOfDump(lines, prov, loop);
          prov = this.cache.set(k, this.matchLoop(k, prov));
          break;
        }
        if (p < 0 && this.readOnly.has(k)) {
          prov = this.cache.set(k, this.matchLoop(k, this.unknown(k)));
          break;
        }
        if (p < 0) return null;
        chain.push(k);
        const e = entries[p];
        if (e.kind === KIND.FRONTEND) break;
        k = e.before;
      }
      for (let j = chain.length - 1; j >= 0; j--) {
        const snap = chain[j], idx = this.producer[snap], e = entries[idx];
        prov = e.kind === KIND.FRONTEND ? this.origin(snap, idx) : this.step(prov, e, idx);
        this.cache.set(snap, prov);
      }
      return prov;
    }

    // Provenance of the lines a "lines" list makes (codec applyLines): a run's lines as they are in the
    // snapshot it copies (of that snapshot only when it is earlier than `before`), a literal line unknown
    // (or, `literal` >= 0, entry `literal`'s, at no line of its own: a loop entry's renumbered dump line).
    compose(list, before, literal = -1) {
      const src = new Map();
      const of = (j) => {
        if (!src.has(j)) {
          const p = j >= 0 && j < before ? this.of(j) : null;
          src.set(j, p || this.unknown(j));
        }
        return src.get(j);
      };
      const unknown = () => -1;
      return {
        entry: Int32Array.from(P.applyLines(list, (j) => of(j).entry, () => literal)),
        line: Int32Array.from(P.applyLines(list, (j) => of(j).line, unknown)),
      };
    }

    // A loop entry's "function_after" (list: its "lines", prov: composed, literal lines given to entry
    // `loop`): each literal line is a line of the loop's dump renumbered (!N, #N as the function numbers
    // them), blamed as that dump line is (the first of the same text but for those numbers, in order).
    literalsOfDump(list, prov, loop) {
      const dump = this.model.entries[loop].after, lines = this.model.lines(dump), of = this.of(dump);
      if (!of) return;
      const bare = (l) => l.replace(/([!#])\d+/g, '$1');
      const queue = new Map();
      lines.forEach((l, j) => {
        const key = bare(l);
        if (!queue.has(key)) queue.set(key, []);
        queue.get(key).push(j);
      });
      let at = 0;
      for (const r of list) {
        if (Array.isArray(r)) {
          at += Math.max(0, r[2] - r[1]);
          continue;
        }
        const q = typeof r === 'string' && r !== '' ? queue.get(bare(r)) : null;
        if (q && q.length) {
          const j = q.shift();
          prov.entry[at] = of.entry[j];
          prov.line[at] = of.line[j];
        }
        at++;
      }
    }

    // Provenance of a module view made of runs (64_module_views.js), cached per view.
    ofRuns(runs) {
      let prov = this.runsCache.get(runs);
      if (!prov) {
        prov = this.compose(runs, this.model.snapshots.length);
        this.runsCache.set(runs, prov);
      }
      return prov;
    }

    // prov of snapshot k (no pass wrote it) with the unknown lines filled when k is a loop pass's first dump
    // of its loop: a line equal to one of its function's latest text (matched in order, then by text but
    // for !N / #N: the exit blocks may stand before the loop) is blamed as there, else as a loop dump since then printed it
    // (loopLines); a header line, or an empty one left (between the dump's parts), is HEADER.
    matchLoop(k, prov) {
      const idx = this.reader.get(k), entries = this.model.entries;
      const loop = idx === undefined ? null : P.loopOf(entries[idx]);
      if (!loop || !prov.entry.includes(-1)) return prov;
      const lines = this.model.lines(k);
      let ref = -1, sec = null;  // the latest entry before idx whose after holds the loop's function
      for (let j = idx - 1; j >= 0 && j >= idx - LOOK_BACK && !sec; j--) {
        const x = entries[j];
        if (x.kind === KIND.CODEGEN || P.unitOf(x) === P.UNIT.LOOP || !Number.isInteger(x.after)) continue;
        sec = this.model.sections(x.after).find((q) => q[0] === loop.fn) || null;
        ref = j;
      }
      if (sec) {
        const base = this.of(entries[ref].after);
        const fnLines = this.model.lines(entries[ref].after).slice(sec[1], sec[2]);
        const want = [], at = [];
        for (let j = 0; j < lines.length; j++)
          if (prov.entry[j] === -1) {
            want.push(lines[j]);
            at.push(j);
          }
        const d = T.myers.diffSync(fnLines, want, 2000);
        if (base && !d.capped) {
          const end =
              P.forEachBlock(d.ops, (eq, del, ins, x, y) => this.copyRun(prov, base, at, sec[1] + x - eq, y - eq, eq));
          this.copyRun(
              prov, base, at, sec[1] + end.before, end.after,
              Math.min(fnLines.length - end.before, want.length - end.after));
          // The exit blocks, printed after the loop, may stand before it in the function: by text, with
          // metadata and attribute numbers aside (a loop's dump numbers them by itself: !5 for the
          // function's !11).
          const free = new Map(), meta = (t) => t.replace(/([!#])[0-9]+/g, '$1');
          fnLines.forEach((t, j) => {
            const k = meta(t);
            if (!free.has(k)) free.set(k, []);
            free.get(k).push(sec[1] + j);
          });
          for (let j = 0; j < lines.length; j++) {
            const q = prov.entry[j] === -1 && lines[j] !== '' && free.get(meta(lines[j]));
            if (q && q.length) {
              const b = q.shift();
              prov.entry[j] = base.entry[b];
              prov.line[j] = base.line[b];
            }
          }
        }
      }
      const since = this.loopLines(ref < 0 ? idx - 1 : ref, idx, [loop.fn]);
      for (let j = 0; j < lines.length; j++) {
        if (prov.entry[j] !== -1) continue;
        const hit = since && since.get(lines[j]);
        if (hit) {
          prov.entry[j] = hit[0];
          prov.line[j] = hit[1];
        } else if (lines[j] === '' || LOOP_HEADER.test(lines[j])) prov.entry[j] = HEADER;
      }
      return prov;
    }

    // Copies count lines of base's provenance from line `from` to the lines at[to...] of prov.
    copyRun(prov, base, at, from, to, count) {
      for (let c = 0; c < count; c++) {
        const b = from + c, j = at[to + c];
        if (j === undefined || b < 0 || b >= base.entry.length) continue;
        prov.entry[j] = base.entry[b];
        prov.line[j] = base.line[b];
      }
    }

    // The lines loop passes printed after entry `start` and before entry `end`, on a loop of one of the
    // functions `fns` (any function when null): text -> [entry, line] of the loop pass that introduced it
    // (the latest dump wins), null when no loop pass ran there.
    loopLines(start, end, fns) {
      const entries = this.model.entries;
      let map = null;
      for (let j = Math.max(start + 1, end - LOOK_BACK); j < end; j++) {
        const x = entries[j], loop = P.loopOf(x);
        if (!loop || (fns && !fns.includes(loop.fn)) || !Number.isInteger(x.after) || x.after === x.before) continue;
        const prov = this.of(x.after);
        if (!prov) continue;
        const lines = this.model.lines(x.after);
        for (let l = 0; l < lines.length; l++) {
          const p = prov.entry[l];
          if (p > start && p < end && P.loopOf(entries[p])) (map || (map = new Map())).set(lines[l], [p, prov.line[l]]);
        }
      }
      return map;
    }

    // Every line of snapshot s unaccounted for (entry -1).
    unknown(s) {
      const n = s >= 0 && s < this.model.snapshots.length ? this.model.count(s) : 0;
      return { entry: new Int32Array(n).fill(-1), line: new Int32Array(n).fill(-1) };
    }

    // Every line of snapshot s introduced by entry idx (the frontend).
    origin(s, idx) {
      const n = this.model.count(s);
      const line = new Int32Array(n);
      for (let j = 0; j < n; j++) line[j] = j;
      return { entry: new Int32Array(n).fill(idx), line };
    }

    // Blame of pass e's after snapshot from the blame of its before snapshot (base): an equal run copies
    // base, an inserted line is the pass's own (entry idx). Counts that disagree with the payload's line
    // counts are clipped; what no run reaches stays -1.
    step(base, e, idx) {
      const n = this.model.count(e.after), m = base.entry.length;
      // A function, SCC or module dump after loop passes shows their changes as its own (loopLines).
      const lines = P.unitOf(e) === P.UNIT.LOOP ? null : this.model.lines(e.after);
      const since = lines && this.loopLines(this.since(e, idx), idx, P.unitOf(e) === null ? null : P.unitKeys(e));
      const out = { entry: new Int32Array(n).fill(-1), line: new Int32Array(n).fill(-1) };
      const copy = (from, to, count) => {
        const c = Math.min(count, m - from, n - to);
        if (c <= 0 || from < 0 || to < 0) return;
        out.entry.set(base.entry.subarray(from, from + c), to);
        out.line.set(base.line.subarray(from, from + c), to);
      };
      const end = P.forEachBlock((e.diff && e.diff.ops) || [], (eq, d, ins, x, y) => {
        copy(x - eq, y - eq, eq);
        for (let j = y; j < y + ins && j < n; j++) {
          const hit = since && since.get(lines[j]);
          out.entry[j] = hit ? hit[0] : idx;
          out.line[j] = hit ? hit[1] : j;
        }
      });
      copy(end.before, end.after, m - end.before);
      if (lines) this.blanksOpenBlocks(lines, out);
      return out;
    }

    // An empty line of a function or module dump just before a basic block's label ("5:", "for.body:
    // ; preds = ...") opens that block: it is blamed as the label is. Empty lines all look alike, so a diff
    // may align an old one with a new block's, and how it does depends on what else the dump holds (a
    // function's dump, the whole module): by the label, both logs of one run blame them alike.
    blanksOpenBlocks(lines, prov) {
      let next = -1;
      for (let j = Math.min(lines.length, prov.entry.length) - 1; j >= 0; j--) {
        if (lines[j] !== '') next = BLOCK_LABEL.test(lines[j]) ? j : -1;
        else if (next >= 0 && prov.entry[next] >= 0) {
          prov.entry[j] = prov.entry[next];
          prov.line[j] = Math.max(0, prov.line[next] - 1);
        }
      }
    }

    // The entry after which entry e's before side stood: the one that wrote it, else the module's base.
    since(e, idx) {
      const p =
          Number.isInteger(e.before) && e.before >= 0 && e.before < this.producer.length ? this.producer[e.before] : -1;
      return p >= 0 ? p : P.moduleBase(this.model.entries, idx - 1);
    }

    title(idx) {
      let t = this.titles.get(idx);
      if (t === undefined) {
        const e = this.model.entries[idx];
        t = e.kind === KIND.FRONTEND ?
            'From the frontend (pass 0): no pass inserted this line. Click to open the frontend' :
            'Inserted by pass ' + this.model.entryLabel(e) + '. Click to open that pass at this line';
        this.titles.set(idx, t);
      }
      return t;
    }

    // The gutter for the after side of a view showing snapshot s, or null when s has no blame (gutterOf).
    gutter(s) { return this.gutterOf(this.of(s)); }

    // The gutter for the after side of a view whose lines have provenance prov (of, ofRuns), null for none:
    // {digits (widest pass number), cell(line) -> the gutter cell of 0-based file line `line` (-1: the row
    // has no after line; an empty cell keeps the column)}. A cell carries data-entry (the entry to open)
    // and data-line (the line's index in that entry's after snapshot).
    gutterOf(prov) {
      if (!prov) return null;
      const entries = this.model.entries;
      return {
        digits: this.digits,
        cell: (line) => {
          const idx = line >= 0 && line < prov.entry.length ? prov.entry[line] : -1;
          if (idx === HEADER)
            return el(
                'span', { class: 'bl hd', title: 'Not IR: the log prints this header around a loop\u2019s blocks' },
                '\u00b7');
          if (idx < 0) return el('span', { class: 'bl' });
          const e = entries[idx];
          const num = Number.isInteger(e.num) ? e.num : 0;
          const c =
              el('span', {
                class: 'bl' + (e.kind === KIND.FRONTEND ? ' fe' : ''),
                'data-entry': idx,
                'data-line': prov.line[line],
                title: this.title(idx)
              },
                 String(num));
          c.style.setProperty('--bh', String(hue(num)));
          return c;
        },
      };
    }
  }

  T.blame = { Blame, hue, sameUnit, HEADER };
});
