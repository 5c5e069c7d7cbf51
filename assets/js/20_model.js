// ir-trace viewer: the model over a checked payload: snapshots rebuilt on demand (through the codec,
// 15_payload.js) with an LRU cache, sections resolved likewise, function lines, the functions of an entry,
// and the view of one diff.
(function () {
  'use strict';
  const T = window.IrTrace;
  const P = T.payload;
  const { KIND, FN_STATUS } = P;

  // noEol (a file line, 1-based as noEol returns it) mapped into a view's lines with file line numbers
  // nums (null: the whole file): 1 + index of that line in the view, 0 when the view does not show it.
  function viewNoEol(miss, nums, n) {
    if (!miss || !n) return 0;
    if (!nums) return miss <= n ? miss : 0;
    return nums[n - 1] === miss - 1 ? n : 0;
  }

  class Model {
    constructor(data) {
      this.data = data;
      this.snapshots = data.snapshots;
      this.entries = data.entries;
      this.schema = data.schema;
      this.context = Number.isInteger(data.context) && data.context >= 0 ? data.context : 3;
      this.cache = new Map(); // snapshot index -> lines (LRU by insertion order)
      this.cachedLines = 0;
      this.cacheLimit = 3000000; // lines kept rebuilt at most
      this.sectionCache = new Map(); // snapshot index -> resolved sections (LRU by insertion order)
      this.sectionCacheLimit = 64; // snapshots
      this.fnCache = new WeakMap(); // entry -> its functions
      this.hasPhases = data.entries.some((e) => typeof e.phase === 'string' && e.phase !== '');
      this.overlay = null; // entry index -> the entry as shown under a normalisation (see shown)
    }

    // Entry i as the pass list and the header show it: the entry itself, or under a normalisation
    // (setOverlay, 57_normalize.js) a copy whose status, ins and del were recomputed ("raw": the real ones).
    // Statuses and counts that are shown are read here; the diffs, snapshots and functions never change.
    shown(i) {
      return (this.overlay && this.overlay[i]) || this.entries[i];
    }

    // list: an array of shown entries in entry order, or null for the real ones.
    setOverlay(list) {
      this.overlay = list;
    }

    // Full text of snapshot i as an array of lines (no '\n'); cached.
    lines(i) {
      const hit = this.cache.get(i);
      if (hit) {
        this.cache.delete(i);
        this.cache.set(i, hit);
        return hit;
      }
      if (!this.snapshots[i]) return [];
      const lines = P.snapshotLines(this.snapshots, i, (j) => this.lines(j));
      this.remember(i, lines);
      return lines;
    }

    remember(i, lines) {
      this.cache.set(i, lines);
      this.cachedLines += lines.length;
      for (const [k, v] of this.cache) {
        if (this.cachedLines <= this.cacheLimit || k === i) break;
        this.cache.delete(k);
        this.cachedLines -= v.length;
      }
    }

    // Sections of snapshot i, [[key, begin, end], ...], resolved through the codec; cached.
    sections(i) {
      const hit = this.sectionCache.get(i);
      if (hit) {
        this.sectionCache.delete(i);
        this.sectionCache.set(i, hit);
        return hit;
      }
      const secs = P.snapshotSections(this.snapshots, i, (j) => this.sections(j));
      this.sectionCache.set(i, secs);
      if (this.sectionCache.size > this.sectionCacheLimit) this.sectionCache.delete(this.sectionCache.keys().next().value);
      return secs;
    }

    // Whole snapshot text as written in the file (final newline per "eol").
    fileText(i) {
      return P.fileText(this.snapshots[i], this.lines(i));
    }

    // Lines of function `key` in snapshot i: {lines, nums} where nums[k] is the 0-based file line.
    // key null = whole file. "" = the lines in no section.
    section(i, key) {
      const all = this.lines(i);
      if (key === null || key === undefined) return { lines: all, nums: null };
      const secs = this.sections(i);
      if (key !== '') {
        const sec = secs.find((x) => x[0] === key);
        if (!sec) return { lines: [], nums: [] };
        const b = Math.max(0, sec[1]), e = Math.min(all.length, sec[2]);
        const nums = [];
        for (let j = b; j < e; j++) nums.push(j);
        return { lines: all.slice(b, e), nums };
      }
      const inside = new Uint8Array(all.length);
      for (const x of secs) for (let j = Math.max(0, x[1]); j < Math.min(all.length, x[2]); j++) inside[j] = 1;
      const lines = [], nums = [];
      for (let j = 0; j < all.length; j++) if (!inside[j]) { lines.push(all[j]); nums.push(j); }
      return { lines, nums };
    }

    // Number of lines of snapshot i without rebuilding it.
    count(i) {
      const s = this.snapshots[i];
      return s && Number.isInteger(s.n) ? s.n : this.lines(i).length;
    }

    entryLabel(e) {
      if (e.kind === KIND.CODEGEN) return e.name;
      return (Number.isInteger(e.num) ? e.num : 0) + '. ' + e.name;
    }

    // The functions offered for entry e: [{key, status, ins, del, diff}], touched first, then the unchanged
    // ones (codec entryFunctions); cached per entry.
    functions(e) {
      let fns = this.fnCache.get(e);
      if (!fns) {
        fns = P.entryFunctions(this.schema, e, this.snapshots[e.after], this.sections(e.after));
        this.fnCache.set(e, fns);
      }
      return fns;
    }

    // Everything the diff view needs for entry e and function key (null = whole file):
    // {left, right, leftNums, rightNums, ops, pairs, leftFile, rightFile, single}
    view(e, key) {
      // A crashed pass ("crashed": its before and after are the last snapshot written) shows that one side.
      const hasBefore = e.kind === KIND.PASS && Number.isInteger(e.before) && !e.crashed;
      const fn = key === null ? null : this.functions(e).find((f) => f.key === key) || null;
      const right = this.section(e.after, fn ? fn.key : null);
      const left = hasBefore ? this.section(e.before, fn ? fn.key : null) : { lines: [], nums: [] };
      let ops, pairs;
      if (!hasBefore) {
        ops = P.appendBlock([], 0, 0, right.lines.length);
        pairs = [];
      } else if (!fn) {
        ops = (e.diff && e.diff.ops) || [];
        pairs = (e.diff && e.diff.pairs) || [];
      } else if (fn.diff) {
        ops = fn.diff.ops || [];
        pairs = fn.diff.pairs || [];
      } else if (fn.status === FN_STATUS.ADDED) {
        ops = P.appendBlock([], 0, 0, right.lines.length);
        pairs = [];
        left.lines = [];
        left.nums = [];
      } else if (fn.status === FN_STATUS.REMOVED) {
        ops = P.appendBlock([], 0, left.lines.length, 0);
        pairs = [];
      } else {
        ops = [];
        pairs = [];
      }
      return {
        left: left.lines, right: right.lines, leftNums: left.nums, rightNums: right.nums, ops, pairs,
        leftFile: hasBefore ? (this.snapshots[e.before] || {}).file : null,
        rightFile: (this.snapshots[e.after] || {}).file,
        leftLang: hasBefore ? (this.snapshots[e.before] || {}).lang : null,
        rightLang: (this.snapshots[e.after] || {}).lang,
        single: !hasBefore,
        leftNoEol: hasBefore ? P.noEol(this.snapshots[e.before]) : 0,
        rightNoEol: P.noEol(this.snapshots[e.after]),
      };
    }

    // Snapshot list for the compare dialog: [{snap, label}] in entry order, one per snapshot shown.
    snapshotChoices() {
      const out = [];
      this.entries.forEach((e, idx) => {
        if (Number.isInteger(e.after)) out.push({ snap: e.after, entry: idx, label: this.entryLabel(e) + '  (' + ((this.snapshots[e.after] || {}).file || '') + ')' });
      });
      return out;
    }
  }

  T.model = { viewNoEol, Model };
})();
