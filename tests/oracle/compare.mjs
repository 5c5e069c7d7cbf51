// The comparison of one report with its truth, the same for every compiler and form (check.mjs's header
// states the rules). Inputs, all by key (a function's key as the report's sections key it; TOP for the
// module-level lines):
//   truth: {passes: [{name, fn, keys: Map key -> {c, e}}], universe: Set of keys}; passes[0] is the IR
//          before the first pass (the compiler's input), passes[1..N] the state after each pass;
//   know(key, i): what the form's LOG shows of key after pass i ({c, e}: the latest text its dumps print at
//          or before that pass; undefined: nothing yet), decided from the log alone;
//   report: report.mjs reportPasses, with keys(r) the comparison keys of the module it shows after pass r.
import { ABSENT, TOP } from './llvm.mjs';
import { noteCovers } from './report.mjs';

// Pass names of the truth and the report aligned by their longest common subsequence. Returns
// {pairs: [[truth index (1-based), report index (0-based)]], missing, extra} (missing: truth passes
// without a report pass; extra: report passes without a truth pass).
// A legacy pass manager's name carries its argument (`Pre-ISel Intrinsic Lowering (pre-isel-intrinsic-
// lowering)`): compared without it.
const bare = (n) => String(n).replace(/ \([\w.-]+\)$/, '');
export function alignNames(truthNames, reportNames) {
  const a = truthNames.map(bare), b = reportNames.map(bare);
  let s = 0;
  while (s < a.length && s < b.length && a[s] === b[s]) s++;
  let ea = a.length, eb = b.length;
  while (ea > s && eb > s && a[ea - 1] === b[eb - 1]) { ea--; eb--; }
  const pairs = [];
  for (let k = 0; k < s; k++) pairs.push([k, k]);
  const n = ea - s, m = eb - s;
  if (n > 0 && m > 0 && n * m <= 64e6) {
    const w = m + 1, L = new Uint32Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        L[i * w + j] = a[s + i] === b[s + j] ? L[(i + 1) * w + j + 1] + 1 : Math.max(L[(i + 1) * w + j], L[i * w + j + 1]);
    let i = 0, j = 0;
    while (i < n && j < m) {
      if (a[s + i] === b[s + j]) { pairs.push([s + i, s + j]); i++; j++; }
      else if (L[(i + 1) * w + j] >= L[i * w + j + 1]) i++;
      else j++;
    }
  }
  for (let k = 0; k < a.length - ea; k++) pairs.push([ea + k, eb + k]);
  return { pairs: pairs.map(([x, y]) => [x + 1, y]), missing: a.length - pairs.length, extra: b.length - pairs.length };
}

const CHANGED = new Set(['changed', 'added', 'removed']);
const keyOf = (map, k) => (map && map.has(k) ? map.get(k) : { c: ABSENT, e: ABSENT });
const differ = (x, y) => (x.e && y.e ? x.e !== y.e : x.c !== y.c);

// The functions report pass r says changed: its listed functions (changed, added, removed; moved is an
// order, not a change); a pass listing none: its unit's functions when it is changed (a loop: the truth
// pass's function), a module pass every key whose text differs from the report's previous pass; a machine
// pass its function's machine code when it is changed.
function reportChanged(report, r, keysOf, fn, machine) {
  const p = report[r];
  if (machine) return new Set(p.status === 'changed' || (p.listed && CHANGED.has(p.listed.get(fn))) ? ['mir:' + fn] : []);
  if (p.listed) return new Set([...p.listed].filter(([, s]) => CHANGED.has(s)).map(([k]) => k));
  if (p.status !== 'changed') return new Set();
  if (p.unit === 'loop') return new Set(fn ? [fn] : []);
  if (p.unit) return new Set(p.unitKeys);
  const now = keysOf(r), before = r > 0 ? keysOf(r - 1) : new Map();
  return new Set([...new Set([...now.keys(), ...before.keys()])].filter((k) => keyOf(now, k).c !== keyOf(before, k).c));
}

// Compares every aligned pass. Returns the form's counts {passes (the truth's), seq (passes missing or
// extra), sets (passes whose changed set is wrong), snaps (passes whose module is wrong), cannot (passes
// with a mismatch the log cannot show), covered (of those, the ones whose every such mismatch carries a
// log note)} and details (one line per mismatch, for --verbose).
// named: the truth passes (1-based, ascending) the form's log names at all (every pass, but for forms that
// print only some: -filter-print-funcs, -print-changed=quiet); a pass's changed set is then what changed
// since the named pass before it.
export function compareForm(truth, know, report, keysOf, named) {
  const idx = named || truth.passes.slice(1).map((p, k) => k + 1);
  const names = idx.map((i) => truth.passes[i].name);
  const aligned = alignNames(names, report.map((p) => p.name));
  const { missing, extra } = aligned;
  const pairs = aligned.pairs.map(([x, r]) => [idx[x - 1], r, x > 1 ? idx[x - 2] : 0]);
  const counts = { passes: truth.passes.length - 1, unnamed: truth.passes.length - 1 - idx.length, seq: missing + extra, sets: 0, snaps: 0, cannot: 0, covered: 0 };
  const details = [];
  if (missing + extra) details.push(`pass sequence: ${missing} truth passes missing, ${extra} report passes extra`);
  const inUniverse = (k) => truth.universe.has(k);
  for (const [i, r, ip] of pairs) {
    const Tp = truth.passes[ip].keys, Ti = truth.passes[i].keys, R = keysOf(r);
    const fn = truth.passes[i].fn;
    const machine = !!truth.passes[i].machine;
    const said = reportChanged(report, r, keysOf, fn, machine);
    const keys = new Set([...Tp.keys(), ...Ti.keys(), ...R.keys(), ...said]);
    let wrongSet = false, wrongSnap = false, cannot = false, uncovered = false;
    const where = `pass ${i} ${truth.passes[i].name}${fn ? ' on ' + fn : ''} (report #${report[r].num})`;
    const cannotShow = (k, what) => {
      cannot = true;
      const ok = noteCovers(report[r], k);
      if (!ok) uncovered = true;
      details.push(`${where}: ${what} '${k}': the log cannot show it${ok ? ' (noted)' : ' (no note)'}`);
    };
    for (const k of keys) {
      // A machine pass is compared by its function's machine code; an IR pass by IR.
      if (!inUniverse(k) || k.startsWith('mir:') !== machine) continue;
      const tp = keyOf(Tp, k), ti = keyOf(Ti, k);
      const truthChanged = differ(tp, ti);
      const Lp = know(k, ip), Li = know(k, i);
      const knownNow = Li !== undefined && Li.c === ti.c;
      if (truthChanged !== said.has(k)) {
        const exact = Lp !== undefined && knownNow && Lp.c === tp.c;
        if (!exact || differ(Lp, Li) !== truthChanged) cannotShow(k, `changed set (truth: ${truthChanged ? 'changed' : 'same'})`);
        else { wrongSet = true; details.push(`${where}: changed set '${k}': truth ${truthChanged ? 'changed' : 'same'}, report ${said.has(k) ? 'changed' : 'same'}: the report is wrong`); }
      }
      if (keyOf(R, k).c !== ti.c) {
        if (knownNow) { wrongSnap = true; details.push(`${where}: module after the pass, '${k}' ${ti.c === ABSENT ? 'should be absent' : keyOf(R, k).c === ABSENT ? 'missing' : 'differs'}: the report is wrong`); }
        else cannotShow(k, 'module after the pass');
      }
    }
    if (wrongSet) counts.sets++;
    if (wrongSnap) counts.snaps++;
    if (cannot) { counts.cannot++; if (!uncovered) counts.covered++; }
  }
  return { counts, details };
}

// The knowledge of a log as points in time: add(key, t, {c, e} | null) (null: the log no longer shows the
// key's text exactly) in non-decreasing t; know(key, i) the latest point at or before pass i.
export class Knowledge {
  constructor() { this.points = new Map(); }
  add(key, t, v) {
    if (!this.points.has(key)) this.points.set(key, []);
    this.points.get(key).push([t, v]);
  }
  latest(key, i) {
    const ps = this.points.get(key);
    if (!ps) return undefined;
    let lo = 0, hi = ps.length - 1, best = -1;
    while (lo <= hi) { const mid = (lo + hi) >> 1; if (ps[mid][0] <= i) { best = mid; lo = mid + 1; } else hi = mid - 1; }
    return best < 0 ? undefined : ps[best];
  }
  know(key, i) {
    const p = this.latest(key, i);
    return p && p[1] ? p[1] : undefined;
  }
}

export { TOP };
