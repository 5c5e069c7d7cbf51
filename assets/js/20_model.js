// ir-trace viewer: the model over a checked payload: snapshots rebuilt on demand (through the codec,
// 15_payload.js) with an LRU cache, sections resolved likewise, function lines, the functions of an entry
// and the selector's choices (with split, merged and renamed functions read across names), and the view of
// one diff.
window.IrTrace.define('20_model', function() {
  'use strict';
  const T = window.IrTrace;
  const P = T.payload;
  const { KIND, STATUS, FN_STATUS } = P;

  // The status an entry's row and header show, the filter it belongs to in the pass list (an entry
  // status). The frontend is no pass: no status filter hides it or counts it.
  // The statuses an entry's row shows as they are (the rest of a pass's read as changed).
  const OWN_STATUS = new Set([STATUS.FAILED, STATUS.NOOP, STATUS.CODEGEN, STATUS.ADDED, STATUS.REMOVED]);

  function statusOf(e) {
    if (e.kind === KIND.FRONTEND) return STATUS.FRONTEND;
    if (OWN_STATUS.has(e.status)) return e.status;
    if (e.kind === KIND.CODEGEN) return STATUS.CODEGEN;
    return STATUS.CHANGED;
  }

  // noEol (a file line, 1-based as noEol returns it) mapped into a view's lines with file line numbers
  // nums (null: the whole file): 1 + index of that line in the view, 0 when the view does not show it.
  function viewNoEol(miss, nums, n) {
    if (!miss || !n) return 0;
    if (!nums) return miss <= n ? miss : 0;
    return nums[n - 1] === miss - 1 ? n : 0;
  }

  // A diff's pairs: as the payload gives them, or (schema 4: a pass on an IR unit, whose "pairs" ir-trace
  // leaves out) made here by the same rule (40_intraline.js pairBlocks) over the lines that were diffed.
  function pairsOf(diff, ops, left, right) {
    if (diff && Array.isArray(diff.pairs)) return diff.pairs;
    return ops.length ? T.intraline.pairBlocks(ops, left, right) : [];
  }

  // True when function key `longer` extends `shorter`: it starts with it and goes on at a separator, '_',
  // '.' or '$' (f -> f_aic, f.cold, f$1), or with a digit after a name that does not end in one (f -> f2;
  // not f1 -> f12, another number).
  function extendsName(longer, shorter) {
    if (shorter === '' || longer.length <= shorter.length || !longer.startsWith(shorter)) return false;
    const next = longer[shorter.length], last = shorter[shorter.length - 1];
    const digit = (c) => c >= '0' && c <= '9';
    return next === '_' || next === '.' || next === '$' || (digit(next) && !digit(last));
  }

  // How a removed function relates to an added one whose name extends it or that its name extends:
  // split (one removed, several added extending it), merge (several removed extending one added), or
  // rename (one for one).
  const ACROSS = Object.freeze({ SPLIT: 'split', MERGE: 'merge', RENAME: 'rename' });

  // The choices of the function selector for functions fns of one pass (Model.functions): fns in their
  // order, each removed function followed by one choice per added function related to it by name
  // (extendsName either way), in the added functions' order: {key: the removed key, to: the added key,
  // across: ACROSS.*}, to read the one against the other.
  function acrossChoices(fns) {
    const removed = fns.filter((f) => f.status === FN_STATUS.REMOVED).map((f) => f.key);
    const added = fns.filter((f) => f.status === FN_STATUS.ADDED).map((f) => f.key);
    if (!removed.length || !added.length) return fns;
    const splitOf = (r) => added.filter((a) => extendsName(a, r)); // added functions r was split into
    const mergeOf = (a) => removed.filter((r) => extendsName(r, a)); // removed functions merged into a
    const out = [];
    for (const f of fns) {
      out.push(f);
      if (f.status !== FN_STATUS.REMOVED) continue;
      const parts = splitOf(f.key);
      for (const a of added) {
        if (parts.includes(a)) out.push({ key: f.key, to: a, across: parts.length > 1 ? ACROSS.SPLIT : ACROSS.RENAME });
        else if (extendsName(f.key, a))
          out.push({ key: f.key, to: a, across: mergeOf(a).length > 1 ? ACROSS.MERGE : ACROSS.RENAME });
      }
    }
    return out;
  }

  // A machine pass's snapshots (unit "machine": MIR, which the writer calls "text") are highlighted as
  // MIR (45_syntax.js): their lang becomes "mir".
  function markMachineCode(data) {
    for (const e of data.entries) {
      if (T.payload.unitOf(e) !== T.payload.UNIT.MACHINE) continue;
      for (const i of [e.before, e.after]) {
        const s = Number.isInteger(i) ? data.snapshots[i] : null;
        if (s && (s.lang === 'text' || !s.lang)) s.lang = 'mir';
      }
    }
  }

  class Model {
    constructor(data) {
      this.data = data;
      this.snapshots = data.snapshots;
      this.entries = data.entries;
      this.schema = data.schema;
      this.context = Number.isInteger(data.context) && data.context >= 0 ? data.context : 3;
      this.cache = new T.util.Lru(3000000, (lines) => lines.length); // snapshot index -> lines (3 M lines at most)
      this.sectionCache = new T.util.Lru(64); // snapshot index -> resolved sections (64 snapshots at most)
      this.fnCache = new WeakMap(); // entry -> its functions
      this.choiceCache = new WeakMap(); // entry -> its function selector choices
      this.hasPhases = data.entries.some((e) => typeof e.phase === 'string' && e.phase !== '');
      markMachineCode(data);
      this.overlay = null; // entry index -> the entry as shown under a normalisation (see shown)
      // LLVM IR: a diff's "meaning" (its ops with #N / !N references compared by what they name) is shown
      // unless this is set ("Show renumbering", 58_analysis.js): the raw ops then.
      this.showRenumbering = false;
    }

    // Entry i as the pass list and the header show it: the entry itself, or under a normalisation
    // (setOverlay, 57_normalize.js) a copy whose status, ins and del were recomputed ("raw": the real ones).
    // Statuses and counts that are shown are read here; the diffs, snapshots and functions never change.
    shown(i) { return (this.overlay && this.overlay[i]) || this.entries[i]; }

    // list: an array of shown entries in entry order, or null for the real ones.
    setOverlay(list) { this.overlay = list; }

    // Full text of snapshot i as an array of lines (no '\n'); cached.
    lines(i) {
      const hit = this.cache.get(i);
      if (hit) return hit;
      if (!this.snapshots[i]) return [];
      return this.cache.set(i, P.snapshotLines(this.snapshots, i, (j) => this.lines(j)));
    }

    // Sections of snapshot i, [[key, begin, end], ...], resolved through the codec; cached.
    sections(i) {
      const hit = this.sectionCache.get(i);
      if (hit) return hit;
      return this.sectionCache.set(i, P.snapshotSections(this.snapshots, i, (j) => this.sections(j)));
    }

    // The "lang" of snapshot i, without parsing a snapshot the page has not read yet (14_lazy_snapshots.js).
    lang(i) { return T.lazySnapshots ? T.lazySnapshots.langOf(this.snapshots, i) : (this.snapshots[i] || {}).lang; }

    // Whole snapshot text as written in the file (final newline per "eol").
    fileText(i) { return P.fileText(this.snapshots[i], this.lines(i)); }

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
      for (const x of secs)
        for (let j = Math.max(0, x[1]); j < Math.min(all.length, x[2]); j++) inside[j] = 1;
      const lines = [], nums = [];
      for (let j = 0; j < all.length; j++)
        if (!inside[j]) {
          lines.push(all[j]);
          nums.push(j);
        }
      return { lines, nums };
    }

    // Number of lines of snapshot i without rebuilding it.
    count(i) {
      const s = this.snapshots[i];
      return s && Number.isInteger(s.n) ? s.n : this.lines(i).length;
    }

    // Lines of function `key` in snapshot i ("" = the lines in no section), null when the snapshot has no
    // such function; from the sections alone, without rebuilding the text.
    functionSize(i, key) {
      const secs = this.sections(i);
      if (key !== '') {
        const sec = secs.find((x) => x[0] === key);
        return sec ? Math.max(0, sec[2] - sec[1]) : null;
      }
      let inside = 0;
      for (const x of secs) inside += Math.max(0, x[2] - x[1]);
      const rest = this.count(i) - inside;
      return rest > 0 ? rest : null;
    }

    // Whether pass e's diff touches function `key`: the pass lists it as changed, added, removed or moved.
    // A pass not compared by function (no "functions": a side shown as a whole file, a crashed pass) may
    // touch it when it changed anything: it counts, so a filter by function never hides a change.
    touches(e, key) {
      if (e.kind !== KIND.PASS) return false;
      // A loop entry (no functions: its snapshots hold a loop's blocks) changes the function its banner names.
      const loop = T.payload.loopOf(e);
      if (loop) return loop.fn === key && (e.ins || 0) + (e.del || 0) > 0;
      if (!Array.isArray(e.functions) || (this.schema < 2 && !e.functions.length))
        return (e.ins || 0) + (e.del || 0) > 0;
      return e.functions.some((f) => f.key === key && f.status !== FN_STATUS.SAME);
    }

    // The pass number shown for entry e: its "num"; in a compare report HEAD's number, else BASE's (its "num"
    // is the row's ordinal, for links), null for a codegen row (neither run numbers it).
    passNumber(e) {
      if (!this.data.compare) return Number.isInteger(e.num) ? e.num : 0;
      return Number.isInteger(e.head_num) ? e.head_num : Number.isInteger(e.base_num) ? e.base_num : null;
    }

    entryLabel(e) {
      if (e.kind === KIND.CODEGEN) return e.name;
      const num = this.passNumber(e);
      return num === null ? e.name : num + '. ' + e.name;
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

    // The function selector's choices for entry e: its functions, each removed one followed by the added
    // ones related to it by name (acrossChoices); cached per entry.
    functionChoices(e) {
      let c = this.choiceCache.get(e);
      if (!c) {
        c = e.kind === KIND.PASS && !e.crashed ? acrossChoices(this.functions(e)) : this.functions(e);
        this.choiceCache.set(e, c);
      }
      return c;
    }

    // Snapshots `from` and `to` (function key, null = whole file) as the compare dialog shows them: the
    // view of view() without a diff yet (the page diffs it).
    compareView(from, to, key) {
      const l = this.section(from, key), r = this.section(to, key);
      return {
        left: l.lines,
        right: r.lines,
        leftNums: l.nums,
        rightNums: r.nums,
        ops: [],
        pairs: [],
        leftFile: this.snapshots[from].file,
        rightFile: this.snapshots[to].file,
        leftLang: this.snapshots[from].lang,
        rightLang: this.snapshots[to].lang,
        single: false,
        leftNoEol: P.noEol(this.snapshots[from]),
        rightNoEol: P.noEol(this.snapshots[to]),
      };
    }

    // Removed function `key` of pass e against its added function `to` (a choice of functionChoices):
    // the view of view() without a diff yet ("across": the page diffs it, as it does a comparison).
    acrossView(e, key, to) {
      const left = this.section(e.before, key), right = this.section(e.after, to);
      const snap = (i) => this.snapshots[i] || {};
      return {
        left: left.lines,
        right: right.lines,
        leftNums: left.nums,
        rightNums: right.nums,
        ops: [],
        pairs: [],
        leftFile: snap(e.before).file,
        rightFile: snap(e.after).file,
        leftLang: snap(e.before).lang,
        rightLang: snap(e.after).lang,
        single: false,
        leftNoEol: P.noEol(this.snapshots[e.before]),
        rightNoEol: P.noEol(this.snapshots[e.after]),
        across: { from: key, to },
      };
    }

    // The ops of diff d as shown: its "meaning" (LLVM renumbering hidden) unless showRenumbering, else
    // its "ops"; {ops, pairs, renumbered: true when the meaning's}.
    shownOps(d, left, right) {
      if (d && Array.isArray(d.meaning) && !this.showRenumbering) {
        return {
          ops: d.meaning,
          pairs: d.meaning.length ? T.intraline.pairBlocks(d.meaning, left, right) : [],
          renumbered: true
        };
      }
      const ops = (d && d.ops) || [];
      return { ops, pairs: pairsOf(d, ops, left, right), renumbered: false };
    }

    // Everything the diff view needs for entry e and function key (null = whole file):
    // {left, right, leftNums, rightNums, ops, pairs, leftFile, rightFile, single, renumbered (the ops
    // compare #N / !N by meaning: equal rows may differ in their text)}
    view(e, key) {
      // A crashed pass ("crashed": its before and after are the last snapshot written) shows that one side.
      const hasBefore = e.kind === KIND.PASS && Number.isInteger(e.before) && !e.crashed;
      const fn = key === null ? null : this.functions(e).find((f) => f.key === key) || null;
      const right = this.section(e.after, fn ? fn.key : null);
      const left = hasBefore ? this.section(e.before, fn ? fn.key : null) : { lines: [], nums: [] };
      let ops, pairs, renumbered = false;
      if (!hasBefore) {
        ops = P.appendBlock([], 0, 0, right.lines.length);
        pairs = [];
      } else if (!fn || fn.diff) {
        ({ ops, pairs, renumbered } = this.shownOps(fn ? fn.diff : e.diff, left.lines, right.lines));
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
        left: left.lines,
        right: right.lines,
        leftNums: left.nums,
        rightNums: right.nums,
        ops,
        pairs,
        leftFile: hasBefore ? (this.snapshots[e.before] || {}).file : null,
        rightFile: (this.snapshots[e.after] || {}).file,
        leftLang: hasBefore ? (this.snapshots[e.before] || {}).lang : null,
        rightLang: (this.snapshots[e.after] || {}).lang,
        single: !hasBefore,
        renumbered,
        leftNoEol: hasBefore ? P.noEol(this.snapshots[e.before]) : 0,
        rightNoEol: P.noEol(this.snapshots[e.after]),
      };
    }

    // Snapshot list for the compare dialog: [{snap, label}] in entry order, one per snapshot shown.
    snapshotChoices() {
      const out = [];
      this.entries.forEach((e, idx) => {
        if (Number.isInteger(e.after))
          out.push({
            snap: e.after,
            entry: idx,
            label: this.entryLabel(e) + '  (' + ((this.snapshots[e.after] || {}).file || '') + ')'
          });
      });
      return out;
    }
  }

  T.model = { viewNoEol, extendsName, acrossChoices, ACROSS, statusOf, Model };
});
