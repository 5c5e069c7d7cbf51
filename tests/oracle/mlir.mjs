// MLIR for the oracle: a module's functions and module-level lines with their comparison keys, an IR
// printing log's dumps (banners as MLIR 19's IRPrinterInstrumentation writes them), the pipeline's passes,
// the truth (a module-scope log) and what a form's log shows.
import fs from 'node:fs';
import { ABSENT, TOP, hash } from './llvm.mjs';
import { Knowledge } from './compare.mjs';

const readLines = (file) => fs.readFileSync(file, 'utf8').split('\n');

// `// -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //` (the part in the second
// parentheses only with --mlir-print-ir-module-scope); `... After X Failed (x) ...` for
// --mlir-print-ir-after-failure. Returns null or {when, name, arg, failed, op, fn}.
const BANNER = /^\/\/ -----\/\/ IR Dump (After|Before) (.+?)( Failed)? \(([^()]*)\)(?: \('([^']+)' operation(?:: @(.+?))?\))? \/\/----- \/\/$/;
export function parseBanner(line) {
  const m = BANNER.exec(line);
  if (!m) return null;
  return { when: m[1].toLowerCase(), name: m[2], failed: !!m[3], arg: m[4], op: m[5] || null, fn: m[6] || null };
}

// Takes a log's lines (an iterable). Yields its dumps one at a time: {banner, line (1-based), body}.
export function* splitLog(lines) {
  let cur = null, i = 0;
  for (const l of lines) {
    i++;
    const b = l.startsWith('// -----//') ? parseBanner(l) : null;
    if (b) { if (cur) yield cur; cur = { banner: b, line: i, body: [] }; continue; }
    if (cur) cur.body.push(l);
  }
  if (cur) yield cur;
}

const FUNC = /^\s*func\.func\s+(?:(?:private|public|nested)\s+)?@("((?:[^"\\]|\\.)*)"|[\w$.-]+)/;
const ALIAS = /^([#!][\w$.-]+) = (.*)$/;

// Takes an MLIR text's lines (a module, or one function printed alone). Returns {fns: Map key -> lines,
// top: the module-level lines (alias definitions and blank lines left out), aliases: Map name -> value}.
export function splitModule(lines) {
  const fns = new Map(), top = [], aliases = new Map();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const a = ALIAS.exec(l);
    if (a) { aliases.set(a[1], a[2]); continue; }
    const m = FUNC.exec(l);
    if (!m) { if (l.trim() !== '') top.push(l); continue; }
    const key = m[2] !== undefined ? m[2] : m[1];
    let depth = 0, j = i, opened = false;
    for (; j < lines.length; j++) {
      for (const ch of lines[j]) { if (ch === '{') { depth++; opened = true; } else if (ch === '}') depth--; }
      if (!opened || depth <= 0) break;
    }
    fns.set(key, lines.slice(i, j + 1));
    i = j;
  }
  return { fns, top, aliases };
}

// Leading whitespace dropped (a function printed alone is not indented as in its module) and aliases
// expanded (function dumps print `affine_map<...>` where the module prints `#map`).
function norm(lines, aliases) {
  const exp = (s, depth) => s.replace(/[#!][\w$.-]+/g, (t) => (aliases.has(t) && depth < 8 ? exp(aliases.get(t), depth + 1) : t));
  return lines.map((l) => exp(l.trim(), 0)).join('\n');
}

// The keys of one text: Map key -> {c, e} (e equal to c: MLIR has no numbering to compare through);
// presence: only whether each function exists (--mlir-print-skip-regions). The TOP key only for a module.
export function moduleKeys(lines, presence) {
  const { fns, top, aliases } = splitModule(lines);
  const out = new Map();
  const put = (k, s) => { const c = presence ? 'present' : hash(s); out.set(k, { c, e: c }); };
  if (top.some((l) => /^\s*module\b/.test(l))) put(TOP, norm(top, aliases));
  for (const [k, body] of fns) put(k, norm(body, aliases));
  return out;
}

// The pipeline text's passes: `builtin.module(func.func(cse,canonicalize),inline,...)` ->
// [{nest: 'func.func' | null, args: [...]}] top-level items (a nest, or one module pass: args [arg]).
export function parsePipeline(text) {
  const inner = text.replace(/^builtin\.module\((.*)\)$/, '$1');
  const split = (s) => {
    const out = [];
    let depth = 0, cur = '';
    for (const ch of s) {
      if (ch === '(' || ch === '{') depth++;
      if (ch === ')' || ch === '}') depth--;
      if (ch === ',' && depth === 0) { out.push(cur); cur = ''; } else cur += ch;
    }
    if (cur) out.push(cur);
    return out;
  };
  return split(inner).map((item) => {
    const m = /^([\w.]+)\((.*)\)$/.exec(item);
    if (m) return { nest: m[1], args: split(m[2]).map((a) => a.replace(/\{.*\}$/, '')) };
    // The inliner runs its default pipeline (canonicalize) unless `default-pipeline=` names none.
    const dynamic = /^inline\b/.test(item) && !/default-pipeline=(\s|\}|$)/.test(item);
    return { nest: null, args: [item.replace(/\{.*\}$/, '')], dynamic };
  });
}

// Places each dump of a log at its pipeline pass, by the pass manager's structure: a nest's k-th pass is
// the k-th pass of each function (its dump named by the pass's argument); function dumps after a function
// finished the nest and are named canonicalize are the inliner's dynamic pipeline (its default
// canonicalize, when `inline` comes next), one pass; a module dump is the next module pass of its argument.
// Returns a placer: place(dump) -> index into passes ({name, arg, module, dynamic}), or -1.
export function makePlacer(items) {
  const passes = [], nestOf = []; // nestOf[item] = index of its first pass
  items.forEach((it, n) => {
    if (it.nest) { nestOf[n] = passes.length; it.args.forEach((a) => passes.push({ arg: a, item: n, module: false })); }
    else { passes.push({ arg: it.args[0], item: n, module: false, dynamic: true, names: new Set() }); nestOf[n] = passes.length; passes.push({ arg: it.args[0], item: n, module: true }); }
  });
  return () => {
    let cur = 0; // the item in progress
    let dynAfter = -1; // before dumps: the dynamic inliner whose own before dump came last
    const count = new Map(); // function -> passes of the current nest it ran
    const place = (b, fnName) => {
      if (b.op === 'builtin.module' || (b.op === null && fnName === null)) {
        for (let n = cur; n < items.length; n++) {
          if (!items[n].nest && items[n].args[0] === b.arg) {
            cur = n + 1; count.clear();
            dynAfter = b.when === 'before' && items[n].dynamic ? n : -1;
            return nestOf[n];
          }
        }
        return -1;
      }
      // Before dumps of the inliner's canonicalize follow the inliner's own before dump.
      if (dynAfter >= 0 && b.arg === 'canonicalize') return nestOf[dynAfter] - 1;
      dynAfter = -1;
      // A function: the nest in progress, else the inliner's dynamic pipeline ahead (its canonicalize),
      // else a later nest (module passes between printed nothing: --mlir-print-ir-after-change).
      for (let n = cur; n < items.length; n++) {
        const it = items[n];
        if (!it.nest) {
          if (it.dynamic && b.arg === 'canonicalize') { if (n > cur) { cur = n; count.clear(); } return nestOf[n] - 1; }
          continue;
        }
        const done = n === cur ? count.get(fnName) || 0 : 0;
        const k = it.args.indexOf(b.arg, done);
        if (k >= 0) {
          if (n !== cur) { cur = n; count.clear(); }
          count.set(fnName, k + 1);
          return nestOf[n] + k;
        }
      }
      return -1;
    };
    return { passes, place };
  };
}

const fnOf = (b, body) => {
  if (b.fn) return b.fn;
  if (b.op === 'builtin.module') return null;
  const first = body.find((l) => l.trim() !== '');
  const m = first ? FUNC.exec(first) : null;
  return m ? (m[2] !== undefined ? m[2] : m[1]) : null;
};

// Takes the module-scope log, the compiler's input (printed by mlir-opt with no pass) and the pipeline.
// Returns {passes: [{name, fn: null, keys}], universe}: a nest pass's state is each function as its own
// execution's dump prints it (the rest of the module as before); a dynamic pass without dumps is left out.
export function mlirTruth(logFile, inputFile, pipeline, presence) {
  const { passes: slots, place } = makePlacer(parsePipeline(pipeline))();
  const states = slots.map(() => null); // per slot: Map fn -> keys entry (functions) or full keys (module)
  const names = slots.map(() => null);
  for (const d of splitLog(readLines(logFile))) {
    const b = d.banner;
    if (b.when !== 'after') continue;
    const fn = fnOf(b, d.body);
    const j = place(b, fn);
    if (j < 0) continue;
    names[j] = names[j] || b.name;
    const keys = moduleKeys(d.body, presence);
    if (slots[j].module) states[j] = { whole: keys };
    else { states[j] = states[j] || { fns: new Map() }; states[j].fns.set(fn, keys.has(fn) ? keys.get(fn) : { c: ABSENT, e: ABSENT }); }
    if (b.failed) { slots[j].failed = true; break; }
  }
  const passes = [{ name: null, fn: null, keys: moduleKeys(readLines(inputFile), presence) }];
  const slotOf = [0];
  slots.forEach((s, j) => {
    if (!states[j]) return;
    const prev = passes[passes.length - 1].keys;
    const keys = states[j].whole ? states[j].whole : new Map(prev);
    if (states[j].fns) for (const [f, v] of states[j].fns) keys.set(f, v);
    passes.push({ name: names[j], fn: null, keys, failed: !!s.failed });
    slotOf.push(j);
  });
  const universe = new Set([TOP]);
  for (const p of passes) for (const k of p.keys.keys()) universe.add(k);
  return { passes, universe, slotOf };
}

// What a form's log shows: each dump placed at its pipeline pass (makePlacer; before dumps with their own
// placer, at the pass before), a function dump shows its function, a module dump every function (present
// or absent) and the module-level lines.
export function mlirKnowledge(lines, truth, pipeline, presence) {
  const K = new Knowledge();
  const make = makePlacer(parsePipeline(pipeline));
  const placers = { after: make(), before: make() };
  const index = new Map(truth.slotOf.map((j, i) => [j, i])); // slot -> truth pass index
  const named = new Set();
  K.unmatched = [];
  for (const d of splitLog(lines)) {
    const b = d.banner;
    const fn = fnOf(b, d.body);
    const j = placers[b.when].place(b, fn);
    const i = index.get(j);
    if (i === undefined) { K.unmatched.push(`${d.line}: ${b.when} ${b.name}${fn ? ' on @' + fn : ''}`); continue; }
    named.add(i);
    const t = b.when === 'after' ? i : i - 1;
    const keys = moduleKeys(d.body, presence);
    for (const [k, v] of keys) K.add(k, t, v);
    // A module dump shows which functions exist; one whose regions are skipped (`module {...}`) shows
    // none of them, after a pass that may have changed any.
    const skipped = d.body.some((l) => /^\s*module\b.*\{\.\.\.\}\s*$/.test(l));
    if (keys.has(TOP)) for (const k of truth.universe) if (!keys.has(k)) K.add(k, t, skipped ? null : { c: ABSENT, e: ABSENT });
  }
  K.named = [...named].sort((x, y) => x - y);
  return K;
}

// The form `pypto_build`: a PyPTO build directory (lib/input/pypto_build.h) whose ptoas unit is the run,
// `ptoas/<unit>.pto` its input and `ptoas_passes/<unit>/` its module-scope tree. Takes a report's passes
// (report.mjs reportPasses) and the unit's phase ("ptoas: <unit>"; empty: every pass). Returns the passes of
// that phase: the PyPTO passes before it are no MLIR pass of the run.
export function ptoasUnitPasses(passes, phase) {
  return phase ? passes.filter((p) => p.phase === phase) : passes;
}
