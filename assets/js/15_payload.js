// ir-trace viewer: the report payload codec (schemas 1 to 3, ARCHITECTURE.md "Report payload"). The one
// module that knows the payload's format: the schema versions and their check, the spellings of entry kinds,
// entry statuses, function statuses and codegen roles, the ops triples [E, D, I, ...] of deltas and diffs,
// the pairs of a diff, how snapshots are rebuilt (text / same / delta), how a snapshot's sections are
// resolved (a list, or a delta from an earlier snapshot's) and which functions an entry offers (a pass lists
// its touched ones; the unchanged ones are derived). Other modules use these names and functions instead of
// reading or writing the format by hand.
//
// payloadCodec uses nothing outside itself (no window, no DOM), so find across passes puts its source into
// the Blob its Worker runs (65_find.js). Reading the page's data block and inflating it is page-only and
// lives beside it (read).
(function () {
  'use strict';
  const T = window.IrTrace;

  function payloadCodec() {
    // The newest schema this viewer reads (what ir-trace writes now), and the oldest. 2: a pass lists only
    // its touched functions (and none when not compared by function), sections may be a delta. 3: compare
    // reports (statuses "added" and "removed", "base_num", "head_num", the payload's "compare").
    const SCHEMA = 3;
    const OLDEST_SCHEMA = 1;
    const READS = OLDEST_SCHEMA + ' to ' + SCHEMA;
    const ENCODING = 'deflate-base64';

    // Entry "kind".
    const KIND = Object.freeze({ FRONTEND: 'frontend', PASS: 'pass', CODEGEN: 'codegen' });
    // Entry "status".
    const STATUS = Object.freeze({ CHANGED: 'changed', NOOP: 'noop', FAILED: 'failed', CODEGEN: 'codegen', FRONTEND: 'frontend', ADDED: 'added', REMOVED: 'removed' });
    // Function "status".
    const FN_STATUS = Object.freeze({ CHANGED: 'changed', ADDED: 'added', REMOVED: 'removed', MOVED: 'moved', SAME: 'same' });
    // Codegen entry "role".
    const ROLE = Object.freeze({ DEVICE: 'device', HOST: 'host' });
    // The flags of a diff's pairs entry: 0 = word highlight allowed, 1 = positional pairing (no highlight).
    const PAIR_FLAGS = Object.freeze({ WORDS: 0, POSITIONAL: 1 });

    // ---- the data block ----

    function newerSchema(v) {
      return Number.isInteger(v) && v > SCHEMA
        ? 'this report uses data schema ' + v + ', newer than this viewer reads (' + SCHEMA + '); open it with the ir-trace that wrote it'
        : null;
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

    // Takes a payload object (parsed, inflated). Returns {data} when this viewer reads it (schema 1 to 3),
    // else {error: message} (empty, another schema version, no snapshots or entries).
    function check(data) {
      if (!data || typeof data !== 'object') return { error: 'the report data is empty' };
      if (!Number.isInteger(data.schema) || data.schema < OLDEST_SCHEMA || data.schema > SCHEMA) {
        return { error: newerSchema(data.schema) || 'unsupported report schema ' + JSON.stringify(data.schema) + ' (this viewer reads ' + READS + ')' };
      }
      if (!Array.isArray(data.snapshots) || !Array.isArray(data.entries)) return { error: 'the report data has no snapshots or entries' };
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
    function makePairs(block, flags, list) {
      return [block, flags, ...list];
    }

    // Takes pairs made for ops that are appended after `by` change blocks. Returns new pairs whose block
    // ordinals are moved by `by`.
    function offsetPairs(pairs, by) {
      return pairs.map((p) => [p[0] + by, ...p.slice(1)]);
    }

    // ---- snapshots: exactly one of text / same / delta ----

    // Takes a snapshot. Returns the index of the snapshot it is rebuilt from (its "same", or its delta's
    // "from"), or -1 when it holds its full text (or nothing usable).
    function baseOf(s) {
      if (!s || Array.isArray(s.text)) return -1;
      if (Number.isInteger(s.same)) return s.same;
      if (s.delta && Number.isInteger(s.delta.from)) return s.delta.from;
      return -1;
    }

    // Takes a snapshot. Returns how many lines of text it stores itself (full text; a delta's inserted and
    // fixed lines; 0 for "same").
    function storedLines(s) {
      if (!s) return 0;
      if (Array.isArray(s.text)) return s.text.length;
      if (s.delta) return (s.delta.ins || []).length + (s.delta.fix || []).length;
      return 0;
    }

    // Applies a snapshot's delta {ops, ins, fix} to base (the lines, or per-line values, of snapshot
    // delta.from): ops first (see applyOps, mapIns likewise), then each fix [index, text] replaces result item
    // index (0-based, in the result; out of range: ignored) with text, or mapFix(text, index) when given;
    // later fixes win. Returns a new array.
    function applyDelta(base, delta, mapIns, mapFix) {
      const out = applyOps(base, delta.ops || [], delta.ins || [], mapIns);
      for (const [idx, text] of delta.fix || []) if (idx >= 0 && idx < out.length) out[idx] = mapFix ? mapFix(text, idx) : text;
      return out;
    }

    // Lines of snapshot i (0-based) of snaps, rebuilt: an array of strings without '\n' ('\r' kept), [] for
    // a missing snapshot. linesOf(j) (optional) gives the lines of the snapshot a same / delta names (a
    // cache); without it they are rebuilt the same way, uncached. A full text is returned as stored (not
    // copied); callers must not modify the result.
    function snapshotLines(snaps, i, linesOf) {
      const s = snaps[i];
      if (!s) return [];
      const get = linesOf || ((j) => snapshotLines(snaps, j));
      if (Array.isArray(s.text)) return s.text;
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
    function noEol(s) {
      return s && s.eol === false && s.n > 0 ? s.n : 0;
    }

    return {
      SCHEMA, OLDEST_SCHEMA, ENCODING, KIND, STATUS, FN_STATUS, ROLE, PAIR_FLAGS,
      unwrap, check, forEachBlock, appendBlock, applyOps, pairsByBlock, makePairs, offsetPairs,
      baseOf, storedLines, applyDelta, snapshotLines, applySections, snapshotSections, entryFunctions, fileText, noEol,
    };
  }

  const codec = payloadCodec();

  // base64 -> zlib inflate (the browser's DecompressionStream) -> UTF-8 text.
  async function inflate(b64) {
    if (typeof DecompressionStream !== 'function') throw new Error('this browser cannot inflate the compressed report data (no DecompressionStream)');
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
    return await new Response(stream).text();
  }

  // Reads the payload from doc's data block (script element #ir-trace-data): the payload itself, or the
  // envelope {"schema": 2, "encoding": "deflate-base64", "data": "<base64 of the zlib-deflated payload>"}
  // inflated here. Resolves to {data} (checked: see check) or {error: message}.
  async function read(doc) {
    const node = doc.getElementById('ir-trace-data');
    if (!node) return { error: 'the report has no data block' };
    let data;
    try {
      const u = codec.unwrap(JSON.parse(node.textContent));
      if (u.error) return { error: u.error };
      data = u.compressed !== undefined ? JSON.parse(await inflate(u.compressed)) : u.payload;
    } catch (e) {
      return { error: 'the report data cannot be read: ' + (e && e.message ? e.message : e) };
    }
    return codec.check(data);
  }

  // source: the codec's factory, whose toString() a Worker's Blob embeds: `(source)()` gives the codec.
  T.payload = Object.freeze(Object.assign({ source: payloadCodec, read }, codec));
})();
