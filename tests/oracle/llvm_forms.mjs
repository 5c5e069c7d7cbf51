// LLVM: the truth (a module-scope log: every dump the whole module) and what a form's log shows (its
// dumps placed at the pass they follow), for compare.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { ABSENT, TOP, blocks, defineKey, hash, moduleKeys, parseUnit, splitLog, splitModule } from './llvm.mjs';
import { Knowledge } from './compare.mjs';

import { fileLines } from './lines.mjs';

const readLines = (file) => fs.readFileSync(file, 'utf8').split('\n');
const hasIr = (body) => body.some((l) => l.trim() !== '');

// Takes the module-scope log's path and the compiler's input (.ll) path. Returns {passes, universe, raw}:
// passes[0] the input, passes[j] after the j-th pass (name, unit, fn, keys); raw(j, key) the function's
// lines after pass j (for loop dumps); an `(invalidated)` dump without IR keeps the state before it.
export function llvmTruth(logFile, inputFile) {
  const store = new Map(); // hash of a function's text -> its lines
  const rawOf = (lines) => {
    const { fns } = splitModule(lines);
    const out = new Map();
    for (const [k, body] of fns) { const h = hash(body.join('\n')); if (!store.has(h)) store.set(h, body); out.set(k, h); }
    return out;
  };
  // `; ModuleID = '...'` names the file the compiler was given (opt prints the path it read): the input's
  // own line is the one the compiler prints, its log's first.
  const input = readLines(inputFile);
  const mid = input.findIndex((l) => l.startsWith('; ModuleID = '));
  if (mid >= 0) {
    for (const l of fileLines(logFile)) if (l.startsWith('; ModuleID = ')) { input[mid] = l; break; }
  }
  const passes = [{ name: null, unit: null, fn: null, keys: moduleKeys(input, true), raw: rawOf(input) }];
  // The legacy pass manager runs every codegen pass on one function before the next: a legacy loop pass's
  // banner (`(loop: %x)`) names no function, it is one of the function the last `(function: f)` named.
  let legacyFn = null;
  for (const d of splitLog(fileLines(logFile))) {
    const b = d.banner;
    if (b.when !== 'after') continue;
    const prev = passes[passes.length - 1];
    if (b.machine) {
      const m = machineKeys(d.body);
      if (!m) continue;
      const keys = new Map(prev.keys);
      keys.set(m.key, m.v);
      passes.push({ name: b.name, unit: null, fn: m.fn, machine: true, keys, raw: prev.raw });
      continue;
    }
    const u = parseUnit(b.unit);
    const ir = hasIr(d.body);
    if (b.legacy && b.fn) legacyFn = b.fn;
    passes.push({
      name: b.name, unit: b.legacy && b.loop ? 'loop' : b.unit, fn: u.fn || b.fn || (b.legacy && b.loop ? legacyFn : null),
      keys: ir ? moduleKeys(d.body, true) : prev.keys, raw: ir ? rawOf(d.body) : prev.raw,
    });
  }
  const universe = new Set([TOP]);
  for (const p of passes) for (const k of p.keys.keys()) universe.add(k);
  const raw = (j, k) => (passes[j].raw.has(k) ? store.get(passes[j].raw.get(k)) : null);
  return { passes, universe, raw };
}

// A machine dump's function: `# Machine code for function f: ...` .. `# End machine code for function f.`
// Returns {fn, key ("mir:f"), v: {c, e}} or null. MIR numbers nothing a printing renumbers: compared as is.
export function machineKeys(body) {
  const s = body.findIndex((l) => l.startsWith('# Machine code for function '));
  if (s < 0) return null;
  const fn = /^# Machine code for function (.*?):/.exec(body[s]);
  let e = body.findIndex((l, k) => k > s && l.startsWith('# End machine code for function '));
  if (e < 0) e = body.length - 1;
  const c = hash(body.slice(s, e + 1).join('\n'));
  return fn ? { fn: fn[1], key: 'mir:' + fn[1], v: { c, e: c } } : null;
}

// A directory of -ir-dump-directory files as one log's lines, in the order of their leading numbers.
export function* dirLines(dir) {
  const files = fs.readdirSync(dir).filter((f) => /^\d+-/.test(f)).sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  for (const f of files) yield* readLines(path.join(dir, f));
}

// Whether a loop dump at time t shows function fn exactly, given the log showed it exactly at time t0:
// every block of fn that differs between t0 and t (or is new) is printed in the dump as it is at t, every
// block removed since t0 was printed by a loop dump since t0, the lines outside blocks (define) are the
// same, and the blocks the dump does not print keep their order.
function loopShows(truth, fn, t0, t, body, printed) {
  const a = truth.raw(t0, fn), b = truth.raw(t, fn);
  if (!a || !b) return false;
  const A = blocks(a, false), B = blocks(b, false), D = blocks(body, true);
  if (A.head !== B.head) return false;
  for (const l of B.labels) if (A.map.get(l) !== B.map.get(l) && D.map.get(l) !== B.map.get(l)) return false;
  for (const l of A.labels) if (!B.map.has(l) && !printed.has(l)) return false;
  const rest = B.labels.filter((l) => !D.map.has(l));
  const restSet = new Set(rest);
  const before = A.labels.filter((l) => restSet.has(l));
  return rest.length === before.length && rest.every((l, k) => l === before[k]);
}

// -print-changed=diff / =cdiff (LLVM 19's InLineChangePrinter): a dump's lines marked ' ', '-', '+' (cdiff
// in ANSI colours), no define line or closing brace; a module or SCC pass every defined function, each
// under `*** IR for function UNIT ***`, in the module's order.
const SECTION = '*** IR for function ';
const unmark = (l) => l.replace(/^\x1b\[3[12]m/, '').replace(/\x1b\[0m$/, '');
export function isDiffBody(body) {
  let marked = false;
  for (const raw of body) {
    const l = unmark(raw);
    if (raw.startsWith('\x1b[') || l.startsWith('-') || l.startsWith('+')) marked = true;
    else if (!(l === '' || l.startsWith(' ') || l.startsWith(SECTION))) return false;
  }
  return marked;
}
// One side of a diff section ('-': before, '+': after), blank lines at its ends dropped.
function side(lines, mark) {
  const out = lines.map(unmark).filter((l) => l.startsWith(' ') || l.startsWith(mark)).map((l) => l.slice(1));
  while (out.length && out[0].trim() === '') out.shift();
  while (out.length && out[out.length - 1].trim() === '') out.pop();
  return out;
}
// What a diff log shows: the start's functions, each diff's after side put under the function's head (its
// `; Function Attrs:` and define lines as last shown: the form never prints them again).
class DiffShown {
  constructor(lines) {
    const { fns, order } = splitModule(lines);
    this.fns = new Map();
    for (const k of order) {
      const f = fns.get(k), d = f.findIndex((l) => l.startsWith('define '));
      this.fns.set(k, { head: f.slice(0, d + 1), body: f.slice(d + 1, f.length - 1) });
    }
  }
  text(k) { const f = this.fns.get(k); return [...f.head, ...f.body, '}']; }
  // Applies a dump's diff; returns [[key, lines | null (removed)]].
  apply(unitFn, body) {
    if (unitFn !== null) {
      if (!this.fns.has(unitFn)) return [];
      this.fns.get(unitFn).body = side(body, '+');
      return [[unitFn, this.text(unitFn)]];
    }
    const sections = [];
    for (const l of body) { if (l.startsWith(SECTION)) sections.push([]); else if (sections.length) sections[sections.length - 1].push(l); }
    const keys = [...this.fns.keys()], out = [];
    let next = 0;
    for (const sec of sections) {
      const before = side(sec, '-').filter((l) => l.trim() !== ''), after = side(sec, '+');
      if (!before.length) continue; // an added function: its name is not printed
      const k = keys[next++];
      if (k === undefined) break;
      if (!after.some((l) => l.trim() !== '')) { this.fns.delete(k); out.push([k, null]); continue; }
      this.fns.get(k).body = after;
      out.push([k, this.text(k)]);
    }
    return out;
  }
}

// Takes a form's log lines, the truth and the keys the form can print (universe). Returns a Knowledge:
// each dump placed at the truth pass its banner names (an after dump of pass j at j, a before dump at j - 1,
// each banner matched in order to the next truth pass of that name and unit); a module dump shows every
// function (present or absent) and, with `; ModuleID`, the module-level lines, by content where it holds
// the definitions; a function or SCC dump its functions; a loop dump its function when loopShows.
export function llvmKnowledge(lines, truth, universe) {
  const K = new Knowledge();
  const ptr = { after: 1, before: 1 };
  const printed = new Map(); // fn -> labels printed by loop dumps since its last function-level dump
  const unmatched = [];
  const named = new Set();
  // A loop is matched by its function: forms name a loop by its header at different times (LoopRotate
  // renames it), `%<unnamed loop>` in one, `%.lr.ph` in another.
  // An SCC by a member in common: a pass that splits or merges SCCs (the inliner) names the SCC before it
  // in one form, after it in another (`(pong, ping)`, `(pong)`).
  const members = (u) => u.slice(1, -1).split(', ');
  const same = (a, b) => a === b || (a && b && (
    a.replace(/^loop %.* in function /, 'loop in ') === b.replace(/^loop %.* in function /, 'loop in ') ||
    (a.startsWith('(') && b.startsWith('(') && members(a).some((m) => members(b).includes(m)))));
  // -print-changed=quiet prints only the passes that changed their unit, and no line for the others: its
  // dump of P on u is the next run of P on u that changed u (the first run, when the truth shows none did).
  const unitChanged = (j) => {
    const u = parseUnit(truth.passes[j].unit), A = truth.passes[j - 1].keys, B = truth.passes[j].keys;
    const ks = u.kind === 'function' || u.kind === 'loop' ? [u.fn] : u.kind === 'scc' ? u.members : [...new Set([...A.keys(), ...B.keys()])];
    return ks.some((k) => { const a = A.get(k), b = B.get(k); return !a || !b || a.c !== b.c || (a.e && b.e && a.e !== b.e); });
  };
  const find = (when, name, unit, changedOnly) => {
    let first = -1;
    for (let j = ptr[when]; j < truth.passes.length; j++) {
      if (truth.passes[j].name !== name || (unit !== null && !same(truth.passes[j].unit, unit))) continue;
      if (first < 0) first = j;
      if (!changedOnly || unitChanged(j)) { ptr[when] = j + 1; return j; }
    }
    if (first >= 0) ptr[when] = first + 1;
    return first;
  };
  let quiet = null; // a -print-changed=quiet log: its first banner is an after-dump of -print-changed's form
  const point = (k, t, v) => { if (universe.has(k)) { K.add(k, t, v); printed.delete(k); } };
  let legacyFn = null; // a legacy loop dump's function: the last one a legacy IR dump defined
  let diff = null; // a -print-changed=diff log: the start's module as its diffs rebuild it
  for (const d of splitLog(lines)) {
    const b = d.banner;
    let t;
    if (quiet === null && (b.when === 'after' || b.when === 'start')) quiet = b.when === 'after' && !!b.changedForm && !b.omitted;
    if (b.when === 'start') t = 0;
    else if (b.when === 'after' || b.when === 'before') {
      const j = find(b.when, b.name, b.unit, quiet && b.when === 'after');
      if (j < 0) { unmatched.push(`${d.line}: ${b.when} ${b.name} on ${b.unit}`); continue; }
      t = b.when === 'after' ? j : j - 1;
      named.add(j);
    } else if (b.when === 'pass' && / invalidated$/.test(b.text)) {
      const j = find('after', b.name, null); // print-changed's `*** IR Pass NAME invalidated ***`
      if (j >= 0) named.add(j);
      continue;
    } else continue;
    if (b.omitted || b.invalidated || !hasIr(d.body)) continue;
    if (b.when === 'start') diff = new DiffShown(d.body);
    else if (diff && b.when === 'after' && isDiffBody(d.body)) {
      const u = parseUnit(b.unit);
      for (const [k, fl] of diff.apply(u.kind === 'function' || u.kind === 'loop' ? u.fn : null, d.body)) {
        point(k, t, fl ? moduleKeys(fl, false).get(k) : { c: ABSENT, e: ABSENT });
      }
      continue;
    }
    if (b.machine) {
      const m = machineKeys(d.body);
      if (m && universe.has(m.key)) K.add(m.key, t, m.v);
      continue;
    }
    let u = b.when === 'start' ? { kind: 'module' } : parseUnit(b.unit);
    const isModule = u.kind === 'module' || d.body.some((l) => l.startsWith('; ModuleID'));
    if (b.legacy && !isModule) {
      const def = d.body.find((l) => l.startsWith('define '));
      if (def) legacyFn = defineKey(def);
      else u = { kind: 'loop', fn: legacyFn };
    }
    if (u.kind === 'loop' && !d.body.some((l) => l.startsWith('define '))) {
      const last = K.latest(u.fn, t);
      const seen = printed.get(u.fn) || new Set();
      const t0 = last ? last[0] : -1;
      const exact = last && last[1] && truth.passes[t0].keys.has(u.fn) && last[1].c === truth.passes[t0].keys.get(u.fn).c;
      const ok = exact && loopShows(truth, u.fn, t0, t, d.body, seen);
      const now = truth.passes[t].keys.get(u.fn);
      if (universe.has(u.fn)) K.add(u.fn, t, ok && now ? { c: now.c, e: null } : null);
      const D = blocks(d.body, true);
      for (const l of D.labels) seen.add(l);
      printed.set(u.fn, seen);
      continue;
    }
    const withDefs = d.body.some((l) => /^(attributes #\d+ = |!\d+ = )/.test(l));
    const keys = moduleKeys(d.body, withDefs);
    for (const [k, v] of keys) if (k !== TOP) point(k, t, v);
    if (isModule) {
      for (const k of universe) if (k !== TOP && !keys.has(k)) point(k, t, { c: ABSENT, e: ABSENT });
      if (d.body.some((l) => l.startsWith('; ModuleID'))) point(TOP, t, keys.get(TOP));
    }
  }
  K.unmatched = unmatched;
  K.named = [...named].sort((x, y) => x - y);
  return K;
}
