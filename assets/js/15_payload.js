// ir-trace viewer: the report payload codec (schemas 1 to 5, ARCHITECTURE.md "Report payload"). The one
// module that knows the payload's format: the schema versions and their check, the spellings of entry kinds,
// entry statuses, function statuses, codegen roles and IR units, the ops triples [E, D, I, ...] of deltas and
// diffs, the pairs of a diff, how snapshots are rebuilt (text / same / delta / lines), how a snapshot's
// sections are resolved (a list, or a delta from an earlier snapshot's), which functions an entry offers (a
// pass lists its touched ones; the unchanged ones are derived) and the module view after an entry (unit
// entries hold one function, SCC or loop: moduleView). Other modules use these names and functions instead of
// reading or writing the format by hand.
//
// payloadCodec uses nothing outside itself (no window, no DOM), so find across passes puts its source into
// the Blob its Worker runs (65_find.js). Reading the page's data block and inflating it is page-only and
// lives beside it (read).
window.IrTrace.define('15_payload', function() {
  'use strict';
  const T = window.IrTrace;

  function payloadCodec() {
    // The newest schema this viewer reads (what ir-trace writes now), and the oldest. 2: a pass lists only
    // its touched functions (and none when not compared by function), sections may be a delta. 3: compare
    // reports (statuses "added" and "removed", "base_num", "head_num", the payload's "compare"). 4: unit
    // entries ("unit", "unit_keys": a pass's snapshots hold only its function, SCC or loop) and "lines"
    // snapshots (made of line runs of earlier snapshots). 5: an entry's "log_notes" are indices into the
    // payload's "log_note_table" (each distinct note once), resolved by check (resolveLogNotes).
    const SCHEMA = 5;
    const OLDEST_SCHEMA = 1;
    const READS = OLDEST_SCHEMA + ' to ' + SCHEMA;
    const ENCODING = 'deflate-base64';

    // Entry "kind".
    const KIND = Object.freeze({ FRONTEND: 'frontend', PASS: 'pass', CODEGEN: 'codegen' });
    // Entry "status".
    const STATUS = Object.freeze({
      CHANGED: 'changed',
      NOOP: 'noop',
      FAILED: 'failed',
      CODEGEN: 'codegen',
      FRONTEND: 'frontend',
      ADDED: 'added',
      REMOVED: 'removed'
    });
    // Function "status".
    const FN_STATUS =
        Object.freeze({ CHANGED: 'changed', ADDED: 'added', REMOVED: 'removed', MOVED: 'moved', SAME: 'same' });
    // Codegen entry "role".
    const ROLE = Object.freeze({ DEVICE: 'device', HOST: 'host' });
    // Entry "unit" (schema 4): the IR unit a pass ran on, whose text alone its snapshots hold; an entry
    // without one holds the whole module (or file). FIELD: the entry fields that say so ("unit_keys": the
    // section keys of the function or SCC's functions; absent for a loop).
    const UNIT = Object.freeze({ FUNCTION: 'function', SCC: 'scc', LOOP: 'loop', MACHINE: 'machine' });
    const FIELD = Object.freeze({ UNIT: 'unit', UNIT_KEYS: 'unit_keys', FUNCTION_AFTER: 'function_after' });
    // The line LLVM prints above a define, outside its section (the module view keeps one of them).
    const ATTRS_PREFIX = '; Function Attrs:';
    // The flags of a diff's pairs entry: 0 = word highlight allowed, 1 = positional pairing (no highlight).
    const PAIR_FLAGS = Object.freeze({ WORDS: 0, POSITIONAL: 1 });

    // ---- the data block ----

    function newerSchema(v) {
      return Number.isInteger(v) && v > SCHEMA ? 'this report uses data schema ' + v +
              ', newer than this viewer reads (' + SCHEMA + '); open it with the ir-trace that wrote it' :
                                                 null;
    }

    // Takes the parsed JSON of the data block. Returns {payload} (a plain payload, not checked yet),
    // {compressed: base64 text} (the deflate-base64 envelope, to inflate and then check), or {error: message}
    // (an envelope of a newer schema, or of an unknown encoding).
    function unwrap(json) {
      if (!json || json.encoding === undefined) return { payload: json };
      const newer = newerSchema(json.schema);
      if (newer) return { error: newer };
      if (json.encoding === ENCODING && typeof json.data === 'string') return { compressed: json.data };
      return { error: 'unknown report data encoding ' + JSON.stringify(json.encoding) };
    }

    // Schema 5: an entry's "log_notes" hold indices into the payload's "log_note_table"; replaced here, in
    // place, by the rows themselves (one object shared by the entries that carry it), as schema 4 stored
    // them, so every reader sees [{kind, text, functions, from}]. An index without a row is dropped; a note
    // already an object is kept (so a second check changes nothing).
    function resolveLogNotes(data) {
      const table = Array.isArray(data.log_note_table) ? data.log_note_table : [];
      for (const e of data.entries) {
        const a = e && e.log_notes;
        if (!Array.isArray(a)) continue;
        let w = 0;  // in place: 142,000 entries' arrays are not made again
        for (let r = 0; r < a.length; r++) {
          const n = typeof a[r] === 'number' ? table[a[r]] : a[r];
          if (n !== null && typeof n === 'object') a[w++] = n;
        }
        a.length = w;
      }
    }

    // Takes a payload object (parsed, inflated). Returns {data} when this viewer reads it (schema 1 to 5;
    // schema 5's notes resolved in place: resolveLogNotes), else {error: message} (empty, another schema
    // version, no snapshots or entries).
    function check(data) {
      if (!data || typeof data !== 'object') return { error: 'the report data is empty' };
      if (!Number.isInteger(data.schema) || data.schema < OLDEST_SCHEMA || data.schema > SCHEMA) {
        return {
          error: newerSchema(data.schema) ||
              'unsupported report schema ' + JSON.stringify(data.schema) + ' (this viewer reads ' + READS + ')'
        };
      }
      if (!Array.isArray(data.snapshots) || !Array.isArray(data.entries))
        return { error: 'the report data has no snapshots or entries' };
      if (data.schema >= 5) resolveLogNotes(data);
      return { data };
    }

    // ---- ops: triples [E, D, I, ...] (copy E lines, delete D lines of the before side, insert I lines) ----

    // Walks ops block by block: calls fn(equal, del, ins, before, after, block) for each triple, where
    // equal / del / ins are its E / D / I; before / after are the 0-based positions, on the before and the
    // after side, of the first line after its equal run (its first deleted / inserted line); block is the
    // 0-based ordinal of the change block (counting triples with D + I > 0, as a diff's pairs do), -1 for a
    // triple that changes nothing. fn may be null. Returns {before, after, blocks, del, ins}: the positions
    // after the last triple (the trailing equal run is the rest of each side: nBefore - before lines, the same
    // count as nAfter - after), the number of change blocks, and the deleted / inserted line totals.
    function forEachBlock(ops, fn) {
      let x = 0, y = 0, blk = 0, del = 0, ins = 0;
      for (let t = 0; t + 2 < ops.length; t += 3) {
        const e = ops[t], d = ops[t + 1], n = ops[t + 2];
        x += e;
        y += e;
        const changes = d + n > 0;
        if (fn) fn(e, d, n, x, y, changes ? blk : -1);
        if (changes) blk++;
        x += d;
        y += n;
        del += d;
        ins += n;
      }
      return { before: x, after: y, blocks: blk, del, ins };
    }

    // Appends the triple (equal, del, ins) to ops (an array, modified) and returns it. An equal-only triple
    // before it is folded into its E, and an all-zero triple is dropped; change triples are never merged, so
    // each keeps its block ordinal (pairs made for it stay valid).
    function appendBlock(ops, equal, del, ins) {
      const n = ops.length;
      if (n >= 3 && ops[n - 2] === 0 && ops[n - 1] === 0) {
        ops[n - 3] += equal;
        ops[n - 2] = del;
        ops[n - 1] = ins;
        return ops;
      }
      if (equal !== 0 || del !== 0 || ins !== 0) ops.push(equal, del, ins);
      return ops;
    }

    // Applies ops to base (an array or typed array of lines, or of any per-line values): copies E items,
    // skips D, puts in the next I items of ins; after the last triple copies the rest of base.
    // mapIns(item, index) (optional) gives the value put in for an inserted line: item is its entry of ins,
    // index its 0-based position in the result; without it the item itself. Returns a new array.
    function applyOps(base, ops, ins, mapIns) {
      const out = [];
      let k = 0;
      const end = forEachBlock(ops, (e, d, n, x) => {
        for (let j = x - e; j < x; j++) out.push(base[j]);
        for (let j = 0; j < n; j++) out.push(mapIns ? mapIns(ins[k + j], out.length) : ins[k + j]);
        k += n;
      });
      for (let j = end.before; j < base.length; j++) out.push(base[j]);
      return out;
    }

    // ---- pairs: [[block, flags, d0, i0, d1, i1, ...], ...] ----

    // Takes a diff's pairs. Returns a Map block ordinal -> {flags, list: [d0, i0, d1, i1, ...]} (0-based within
    // the block's deleted / inserted lines); malformed entries are skipped.
    function pairsByBlock(pairs) {
      const map = new Map();
      for (const p of pairs || []) {
        if (!Array.isArray(p) || p.length < 2) continue;
        map.set(p[0], { flags: p[1], list: p.slice(2) });
      }
      return map;
    }

    // Takes a block's 0-based ordinal, its flags (PAIR_FLAGS) and its list [d0, i0, ...] (0-based within the
    // block's deleted / inserted lines). Returns the pairs entry [block, flags, d0, i0, ...].
    function makePairs(block, flags, list) { return [block, flags, ...list]; }

    // Takes pairs made for ops that are appended after `by` change blocks. Returns new pairs whose block
    // ordinals are moved by `by`.
    function offsetPairs(pairs, by) { return pairs.map((p) => [p[0] + by, ...p.slice(1)]); }

    // ---- snapshots: exactly one of text / same / delta / lines ----

    // Takes a snapshot. Returns the index of the snapshot it is rebuilt from (its "same", or its delta's
    // "from"), or -1 when it holds its full text, is made of line runs ("lines": a full checkpoint made of
    // several snapshots, see applyLines) or holds nothing usable.
    function baseOf(s) {
      if (!s || Array.isArray(s.text) || Array.isArray(s.lines)) return -1;
      if (Number.isInteger(s.same)) return s.same;
      if (s.delta && Number.isInteger(s.delta.from)) return s.delta.from;
      return -1;
    }

    // Takes a snapshot. Returns how many lines of text it stores itself (full text; a delta's inserted and
    // fixed lines; a "lines" list's literal lines and runs, one each; 0 for "same").
    function storedLines(s) {
      if (!s) return 0;
      if (Array.isArray(s.text)) return s.text.length;
      if (Array.isArray(s.lines)) return s.lines.length;
      if (s.delta) return (s.delta.ins || []).length + (s.delta.fix || []).length;
      return 0;
    }

    // Applies a snapshot's delta {ops, ins, fix} to base (the lines, or per-line values, of snapshot
    // delta.from): ops first (see applyOps, mapIns likewise), then each fix [index, text] replaces result item
    // index (0-based, in the result; out of range: ignored) with text, or mapFix(text, index) when given;
    // later fixes win. Returns a new array.
    function applyDelta(base, delta, mapIns, mapFix) {
      const out = applyOps(base, delta.ops || [], delta.ins || [], mapIns);
      for (const [idx, text] of delta.fix || [])
        if (idx >= 0 && idx < out.length) out[idx] = mapFix ? mapFix(text, idx) : text;
      return out;
    }

    // Applies a "lines" list (schema 4): the concatenation, in order, of its items: a run [index, begin, end]
    // copies items [begin, end) (0-based, end excluded; clipped to what there is) of get(index) (the lines, or
    // per-line values, of snapshot index); a string is one literal line, put in as it is or as
    // mapLit(text, its 0-based index in the result). Malformed items are skipped. Returns a new array.
    function applyLines(list, get, mapLit) {
      const out = [];
      for (const it of list) {
        if (typeof it === 'string') {
          out.push(mapLit ? mapLit(it, out.length) : it);
        } else if (Array.isArray(it) && it.length === 3 && Number.isInteger(it[0])) {
          const src = get(it[0]) || [];
          for (let j = Math.max(0, it[1]); j < it[2] && j < src.length; j++) out.push(src[j]);
        }
      }
      return out;
    }

    // Lines of snapshot i (0-based) of snaps, rebuilt: an array of strings without '\n' ('\r' kept), [] for
    // a missing snapshot. linesOf(j) (optional) gives the lines of the snapshot a same / delta / lines names
    // (a cache); without it they are rebuilt the same way, uncached. Only earlier snapshots are read (a later
    // one named is malformed: no lines). A full text is returned as stored (not copied); callers must not
    // modify the result.
    function snapshotLines(snaps, i, linesOf) {
      const s = snaps[i];
      if (!s) return [];
      const read = linesOf || ((j) => snapshotLines(snaps, j));
      const get = (j) => (j >= 0 && j < i ? read(j) : []);
      if (Array.isArray(s.text)) return s.text;
      if (Array.isArray(s.lines)) return applyLines(s.lines, get);
      if (Number.isInteger(s.same)) return get(s.same);
      if (s.delta && Number.isInteger(s.delta.from)) return applyDelta(get(s.delta.from), s.delta);
      return [];
    }

    // ---- sections: [[key, begin, end], ...] (0-based, end excluded), or (schema 2) {from, ops, ins} ----

    // Applies a sections delta {from, ops, ins} to base (the sections of snapshot "from"): ops triples over
    // section entries (copy E, skip D, put in the next I entries of ins as they are); after the last triple
    // copy the rest. A copied section keeps its line count and its distance from the section before it (in
    // base: from line 0 for the first), so a line inserted into one function moves the later ones without
    // listing them. Returns a new array (copied entries that did not move are base's own).
    function applySections(base, delta) {
      const out = [];
      const ins = delta.ins || [];
      let end = 0, k = 0;
      const copy = (from, to) => {
        for (let j = from; j < to && j < base.length; j++) {
          const sec = base[j];
          const begin = end + sec[1] - (j ? base[j - 1][2] : 0), stop = begin + sec[2] - sec[1];
          out.push(begin === sec[1] ? sec : [sec[0], begin, stop]);
          end = stop;
        }
      };
      const last = forEachBlock(delta.ops || [], (e, d, n, x) => {
        copy(x - e, x);
        for (let j = 0; j < n && k + j < ins.length; j++) {
          out.push(ins[k + j]);
          end = ins[k + j][2];
        }
        k += n;
      });
      copy(last.before, base.length);
      return out;
    }

    // Sections of snapshot i of snaps: its "sections" list, or its delta applied to the sections of the
    // snapshot it names ({from} alone: equal to them). sectionsOf(j) (optional) gives those (a cache); without
    // it they are resolved the same way, uncached. [] for a missing snapshot or a malformed value ("from" must
    // be an earlier snapshot). Callers must not modify the result.
    function snapshotSections(snaps, i, sectionsOf) {
      const s = snaps[i];
      const v = s && s.sections;
      if (Array.isArray(v)) return v;
      if (!v || !Number.isInteger(v.from) || v.from < 0 || v.from >= i) return [];
      const base = (sectionsOf || ((j) => snapshotSections(snaps, j)))(v.from);
      return v.ops || v.ins ? applySections(base, v) : base;
    }

    // ---- the functions an entry offers ----

    // Takes the payload's schema, an entry, its after snapshot and that snapshot's sections (snapshotSections).
    // Returns the functions the viewer offers, [{key, status, ins, del, diff}], touched first:
    // - a pass: its "functions" (the touched ones; in schema 1 every function, touched first), then every
    //   other key of the after side as "same", in its order: its sections' keys, then "" when some line lies
    //   outside every section ("n" lines in all). In schema 1 nothing is left to add. None when the pass has no
    //   "functions" (not compared by function: a side fell back, or no side has sections), or in schema 1 an
    //   empty list;
    // - frontend and codegen entries: their sections, and "" likewise, all "same"; none without sections.
    function entryFunctions(schema, e, after, secs) {
      // A crashed pass shows one side (the last snapshot written), like the frontend: its functions, all same.
      const pass = e.kind === KIND.PASS && !e.crashed;
      if (pass && (!Array.isArray(e.functions) || (schema < 2 && !e.functions.length))) return [];
      if (pass && schema < 2) return e.functions;
      if (!pass && !secs.length) return [];
      const out = pass ? e.functions.slice() : [];
      const listed = new Set(out.map((f) => f.key));
      const same = (key) => ({ key, status: FN_STATUS.SAME, ins: 0, del: 0 });
      let covered = 0;
      for (const x of secs) {
        covered += Math.max(0, x[2] - x[1]);
        if (!listed.has(x[0])) out.push(same(x[0]));
      }
      if (after && Number.isInteger(after.n) && covered < after.n && !listed.has('')) out.push(same(''));
      return out;
    }

    // ---- unit entries and the module view (schema 4) ----

    // Takes an entry. Returns its "unit" (a UNIT value) when it ran on one IR unit, else null (its snapshots
    // hold the whole module or file). An unknown spelling counts as a unit too (its snapshots are not the
    // module), read as a loop: it adds nothing to the module view.
    function unitOf(e) {
      const u = e && e[FIELD.UNIT];
      return typeof u === 'string' && u !== '' ? u : null;
    }

    // Takes an entry. Returns its "unit_keys" (the section keys of the functions its snapshots hold), [] when
    // it has none (a loop, an entry without a unit).
    function unitKeys(e) {
      const k = e && e[FIELD.UNIT_KEYS];
      return Array.isArray(k) ? k.filter((x) => typeof x === 'string') : [];
    }

    // Takes an entry. Returns the executions of a nested pipeline's pass (an MLIR log's `func.func(cse)` on
    // N functions is one pass: its "executions", optional, no schema change), [{key, dump, changed}] in log
    // order: the operation's section key, the dump that printed it ("x.log line 12"), whether its function
    // changed in the pass. [] for any other entry (and for a report written before the field existed).
    function executionsOf(e) {
      const x = e && e.executions;
      if (!Array.isArray(x)) return [];
      return x.filter((r) => r && typeof r.key === 'string')
          .map((r) => ({ key: r.key, dump: typeof r.dump === 'string' ? r.dump : '', changed: r.changed === true }));
    }

    // Takes an entry. Returns the loop a loop entry ran on, {header, fn} ("%for.body", "f"), from the note
    // the LLVM reader writes on it (lib/input/llvm_log.cpp: "a loop pass on loop %H in function F: ..."),
    // the banner's words; null for any other entry or when no note names it (the payload has no field).
    function loopOf(e) {
      if (unitOf(e) !== UNIT.LOOP) return null;
      // The reader names a loop entry's unit "loop %H in function F" in its first unit key (then F).
      const keys = Array.isArray(e.unit_keys) ? e.unit_keys : [];
      const k = typeof keys[0] === 'string' && /^loop (%<[^>]*>|\S+) in function (.+)$/.exec(keys[0]);
      if (k) return { header: k[1], fn: k[2] };
      if (!Array.isArray(e.notes)) return null;
      for (const n of e.notes) {
        const m = typeof n === 'string' && /^a loop pass on loop (%<[^>]*>|\S+) in function (.+?): /.exec(n);
        if (m) return { header: m[1], fn: m[2] };
      }
      return null;
    }

    // Whether two keys are in UTF-8 byte order (the C++ side's std::map order): code point order, so a
    // UTF-16 surrogate (a code point past U+FFFF) sorts after every other code unit.
    function byteOrder(a, b) {
      const n = Math.min(a.length, b.length);
      for (let i = 0; i < n; i++) {
        const x = a.charCodeAt(i), y = b.charCodeAt(i);
        if (x === y) continue;
        const sx = x >= 0xd800 && x <= 0xdfff, sy = y >= 0xd800 && y <= 0xdfff;
        if (sx !== sy) return sx ? 1 : -1;
        return x - y;
      }
      return a.length - b.length;
    }

    const isAttrs = (line) => typeof line === 'string' && line.startsWith(ATTRS_PREFIX);

    // The entry the module view after entry e starts from: the nearest entry b <= e with no "unit" (the
    // frontend or a module pass); -1 when there is none. A crashed pass (its "after" is the last snapshot
    // written, maybe a unit's) and codegen entries (other files) are skipped: they wrote no module.
    function moduleBase(entries, e) {
      for (let b = Math.min(e, entries.length - 1); b >= 0; b--) {
        const x = entries[b];
        if (!x || unitOf(x) !== null || x.crashed || x.kind === KIND.CODEGEN) continue;
        return Number.isInteger(x.after) ? b : -1;
      }
      return -1;
    }

    // The snapshot whose sections an entry gives the module view as pieces: a function or SCC entry's
    // "after", a loop entry's "function_after" (optional, no schema change: the loop's function after it,
    // its blocks spliced in, lib/input/llvm_loop_splice.h); -1 for any other entry.
    function pieceSnapshot(x) {
      const u = unitOf(x);
      const j = u === UNIT.FUNCTION || u === UNIT.SCC ? x.after : u === UNIT.LOOP ? x[FIELD.FUNCTION_AFTER] : -1;
      return Number.isInteger(j) ? j : -1;
    }

    // The module view after entry e (0-based) of payload data (ARCHITECTURE.md "The module view"):
    // 1. the base: the after snapshot of moduleBase (none: empty);
    // 2. the pieces: for each entry k in (base, e] with unit "function" or "scc", each section [key, s0, s1]
    //    of its after snapshot gives key's piece, its lines [s0', s1) (s0' = s0 - 1 when line s0 - 1 starts
    //    with "; Function Attrs:", else s0); a later piece of a key replaces an earlier one; a loop entry
    //    gives its "function_after" snapshot's sections likewise (its function with the loop's blocks
    //    spliced in), a loop entry without one nothing;
    // 3. without a base the pieces in key order (byte order), an empty line between two; else the base's
    //    lines with each section that has a piece replaced by it (and the base's "; Function Attrs:" line
    //    just before it dropped when the piece starts with its own), then the pieces of keys the base lacks
    //    after the end of its last section (its end when it has none), each after an empty line, in key order.
    // linesOf(j) / sectionsOf(j) (optional) give snapshot j's lines and resolved sections (caches); without
    // them they are rebuilt, uncached. Pure: reads data only. Returns {base (the base entry, -1 for none),
    // runs (the view as a "lines" list over the payload's snapshots: see applyLines), lines, sections
    // ([[key, begin, end], ...] of the view, in its order)}.
    function moduleView(data, e, linesOf, sectionsOf) {
      const snaps = data.snapshots, entries = data.entries;
      const lines = linesOf || ((j) => snapshotLines(snaps, j));
      const secsOf = sectionsOf || ((j) => snapshotSections(snaps, j));
      const b = moduleBase(entries, e);
      const pieces = new Map(); // key -> {snap, begin (s0'), start (s0), end (s1)}
      for (let k = b + 1; k <= e && k < entries.length; k++) {
        const j = pieceSnapshot(entries[k]);
        if (j < 0 || !snaps[j]) continue;
        const ls = lines(j);
        for (const [key, s0, s1] of secsOf(j))
          pieces.set(key, { snap: j, begin: s0 > 0 && isAttrs(ls[s0 - 1]) ? s0 - 1 : s0, start: s0, end: s1 });
      }
      const runs = [], sections = [];
      let n = 0;
      const copy = (snap, from, to) => {
        if (to <= from) return;
        const last = runs[runs.length - 1];
        if (Array.isArray(last) && last[0] === snap && last[2] === from) last[2] = to;
        else runs.push([snap, from, to]);
        n += to - from;
      };
      const literal = (text) => {
        runs.push(text);
        n++;
      };
      const put = (key, p) => {
        sections.push([key, n + p.start - p.begin, n + p.end - p.begin]);
        copy(p.snap, p.begin, p.end);
      };
      const keys = [...pieces.keys()].sort(byteOrder);
      if (b < 0) {
        keys.forEach((key, k) => {
          if (k) literal('');
          put(key, pieces.get(key));
        });
      } else {
        const base = entries[b].after, bl = lines(base), bs = secsOf(base);
        const inBase = new Set();
        let cursor = 0;
        for (const [key, s0, s1] of bs) {
          inBase.add(key);
          const p = pieces.get(key);
          if (!p) {
            copy(base, cursor, s0);
            sections.push([key, n, n + s1 - s0]);
            copy(base, s0, s1);
            cursor = Math.max(cursor, s1);
            continue;
          }
          let stop = s0;
          if (stop > cursor && isAttrs(bl[stop - 1]) && p.end > p.begin && isAttrs(lines(p.snap)[p.begin])) stop--;
          copy(base, cursor, stop);
          put(key, p);
          cursor = Math.max(cursor, s1);
        }
        const at = bs.length ? Math.max(cursor, bs[bs.length - 1][2]) : bl.length;
        copy(base, cursor, at);
        for (const key of keys)
          if (!inBase.has(key)) {
            literal('');
            put(key, pieces.get(key));
          }
        copy(base, at, bl.length);
      }
      return { base: b, runs, lines: applyLines(runs, lines), sections };
    }

    // Takes a snapshot and its lines. Returns the file's text: lines joined with the snapshot's line break
    // ('\r' when "newline" is "cr", a file without any '\n'; else '\n'), plus a final one unless "eol" is
    // false; "" for no lines.
    function fileText(s, lines) {
      if (!lines.length) return '';
      const brk = s && s.newline === 'cr' ? '\r' : '\n';
      return lines.join(brk) + (s && s.eol === false ? '' : brk);
    }

    // Takes a snapshot. Returns 1 + the 0-based index of its last line when that line has no '\n' ("eol"
    // false), else 0.
    function noEol(s) { return s && s.eol === false && s.n > 0 ? s.n : 0; }

    return {
      SCHEMA,
      OLDEST_SCHEMA,
      ENCODING,
      KIND,
      STATUS,
      FN_STATUS,
      ROLE,
      UNIT,
      FIELD,
      PAIR_FLAGS,
      unwrap,
      check,
      forEachBlock,
      appendBlock,
      applyOps,
      pairsByBlock,
      makePairs,
      offsetPairs,
      baseOf,
      storedLines,
      applyDelta,
      applyLines,
      snapshotLines,
      applySections,
      snapshotSections,
      entryFunctions,
      unitOf,
      unitKeys,
      executionsOf,
      loopOf,
      byteOrder,
      moduleBase,
      moduleView,
      fileText,
      noEol,
    };
  }

  const codec = payloadCodec();

  // base64 -> zlib inflate (13_inflate.js) -> the bytes, and -> UTF-8 text.
  const inflateBytes = (b64) => T.inflate.inflateBytes(b64);
  async function inflate(b64) { return new TextDecoder().decode(await inflateBytes(b64)); }

  // Reads the payload from doc's data block (element #ir-trace-data): the payload itself, the envelope
  // {"schema": 2, "encoding": "deflate-base64", "data": "<base64 of the zlib-deflated payload>"} inflated
  // here, or a live report's chunked envelope (16_live.js: each whole chunk inflated alone, the payload
  // assembled from them, with "live"). Resolves to {data} (checked: see check) or {error: message}.
  async function read(doc) {
    const node = doc.getElementById('ir-trace-data');
    if (!node) return { error: 'the report has no data block' };
    let data;
    try {
      const text = node.textContent;
      const live = T.live ? await T.live.read(text, inflate) : null;
      if (live && live.error) return { error: live.error };
      if (live) {
        data = live.data;
      } else {
        const u = codec.unwrap(JSON.parse(text));
        if (u.error) return { error: u.error };
        // Its snapshots parsed when first read (14_lazy_snapshots.js).
        const lazy = T.lazySnapshots;
        if (u.compressed === undefined) data = u.payload;
        else if (lazy) data = lazy.parse(await inflateBytes(u.compressed));
        else data = JSON.parse(await inflate(u.compressed));
      }
    } catch (e) { return { error: 'the report data cannot be read: ' + (e && e.message ? e.message : e) }; }
    return codec.check(data);
  }

  // source: the codec's factory, whose toString() a Worker's Blob embeds: `(source)()` gives the codec.
  T.payload = Object.freeze(Object.assign({ source: payloadCodec, read }, codec));
});
