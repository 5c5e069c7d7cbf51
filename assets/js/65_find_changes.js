// ir-trace viewer: find across passes' list of changes (65_find.js counts the matches of every snapshot):
// the entries where a pattern's match count changes, counted per function for a function-scope log's unit
// entries as the module view shows that function.
window.IrTrace.define('65_find_changes', function() {
  'use strict';
  const T = window.IrTrace;
  const codec = T.payload;
  const { eachMatch } = T.find;

  // The entries where the number of matches changes against the pass before:
  // [{entry, before, after, fn}] (frontend compared with 0; codegen listed when it matches; fn: the function a
  // function or loop entry ran on, else null). A loop entry counts its function as the module view shows it
  // after it ("function_after": the loop's blocks spliced in), against that function's count as the view
  // showed it before (its last function dump or loop entry), never its loop dump (a part of the function);
  // a loop entry without "function_after" is not listed (the function's next dump shows the change). The
  // function's next dump is compared with the count after those loop entries. re (the pattern) counts a
  // function in the module or SCC dump that last showed it, for the first loop entry after that dump.
  function changes(model, totals, re = null) {
    const out = [];
    const shown = new Map(); // function -> its count as the module view shows it now
    const dumpOf = new Map(); // function -> the module or SCC dump that shows it now (counted when needed)
    let moduleDump = -1;
    const spliced = new Set(); // functions whose count a loop entry set since their last dump
    const countOf = (fn) => {
      if (shown.has(fn)) return shown.get(fn);
      const s = dumpOf.has(fn) ? dumpOf.get(fn) : moduleDump;
      const sec = re && s >= 0 ? model.sections(s).find((q) => q[0] === fn) : null;
      if (!sec) return null;
      const lines = model.lines(s);
      let n = 0;
      for (let j = sec[1]; j < sec[2]; j++) n += eachMatch(re, String(lines[j] ?? ''));
      shown.set(fn, n);
      return n;
    };
    model.entries.forEach((e, idx) => {
      if (!Number.isInteger(e.after)) return;
      let after = totals[e.after];
      let before = 0, fn = null;
      if (e.kind === codec.KIND.PASS && Number.isInteger(e.before)) before = totals[e.before];
      if (e.kind === codec.KIND.CODEGEN) {
        if (after > 0) out.push({ entry: idx, before: null, after, fn });
        return;
      }
      const unit = codec.unitOf(e), keys = unit === null ? [] : codec.unitKeys(e);
      if (unit === codec.UNIT.LOOP) {
        const loop = codec.loopOf(e), fa = e[codec.FIELD.FUNCTION_AFTER];
        fn = loop ? loop.fn : null;
        const was = fn === null || !Number.isInteger(fa) ? null : countOf(fn);
        if (was === null) return;
        before = was;
        after = totals[fa];
        shown.set(fn, after);
        spliced.add(fn);
      } else if (unit === codec.UNIT.FUNCTION && keys.length === 1) {
        fn = keys[0];
        if (spliced.has(fn)) before = shown.get(fn);
        spliced.delete(fn);
        shown.set(fn, after);
      } else {
        // A module or SCC dump shows its functions as they are, counted when a loop entry needs them.
        if (unit === null) {
          shown.clear();
          dumpOf.clear();
          spliced.clear();
          moduleDump = e.after;
        }
        for (const k of keys) {
          shown.delete(k);
          spliced.delete(k);
          dumpOf.set(k, e.after);
        }
      }
      if (after !== before) out.push({ entry: idx, before, after, fn });
    });
    return out;
  }

  T.find.changes = changes;
});
