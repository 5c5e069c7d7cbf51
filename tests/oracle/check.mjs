// The oracle's checker: every report run.sh wrote, compared pass by pass with the truth of its run.
//
// usage: node check.mjs MANIFEST [--baseline FILE] [--verbose] [--lang llvm|mlir]
//   MANIFEST: one JSON object a line (run.sh writes it): {lang, program, form, truth, input, log | dir,
//   report, exit, error, filter, pipeline, shows, phase}. Prints one row per form (its programs summed); with
//   --baseline, exits 1 when a "report is wrong" count (seq, sets, snaps) of a form rises above the file's, and says
//   which fell.
//
// What is compared, for every pass of every form (compare.mjs):
//   1. the pass sequence: the report's pass names against the truth's, in order (longest common
//      subsequence; "seq" counts the truth passes missing plus the report passes extra);
//   2. the set of functions the report says changed, against the functions whose text the truth shows
//      changed ("sets": passes with a wrong set);
//   3. the module the report shows after the pass (the viewer's module view of a unit entry), function by
//      function and its module-level lines, against the truth's ("snaps": passes with a wrong module).
// The truth: the same compile printed with module scope (LLVM: `-print-after-all -print-module-scope`; MLIR:
// `--mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading`, a nested pipeline pass
// over N functions being one pass, each function taken from its own execution's dump).
//
// The only normalisations, each one a printer forces:
//   - LLVM attribute groups `#N` and metadata `!N` are numbered by each printing on its own (a function dump
//     numbers them afresh): functions and module-level lines compare with both renumbered in order of first
//     appearance (canonical numbering); the truth's "changed" compares them by content (the group's
//     attributes, the node's contents, which its module dumps hold), and a change only content shows is
//     one a function dump cannot show;
//   - the definitions themselves (`attributes #N = {...}`, `!N = ...`) are compared through the references
//     to them, not as lines; blank lines are not compared;
//   - -filter-print-funcs prints only the listed functions and no module-level lines: only they are compared;
//   - LLVM's `; ModuleID = '...'` line is the printer's (the module's identifier: the file opt or llc read,
//     where clang wrote the C file's name): the input's is taken as the truth log's first dump prints it;
//   - MLIR: a function printed alone is indented by its depth in the module, not as the module prints it:
//     leading whitespace is not compared; `#alias = ...` definitions (`#map`, `#loc`) are expanded into their
//     references where the dump holds them (function dumps print affine maps inline), and the alias lines
//     themselves are compared that way;
//   - MLIR --mlir-print-skip-regions prints no region: only the pass sequence and which functions exist are
//     compared.
//
// A -print-changed=quiet log prints only the passes that changed their unit: its dump of P on u is placed at
// the next run of P on u the truth shows changing u (the next run of P on u when none does).
//
// Classification of a mismatch, from the LOG alone (what its dumps print up to that pass, never the
// report): "the log cannot show it" when the log's latest text of that function (or module-level lines) at
// that pass (and, for a changed set, the pass before) is not the truth's text (never printed yet, printed
// before an unprinted change, a loop dump that does not print every changed block); else "the report is
// wrong". A "cannot show" is covered when the pass carries a "log_notes" entry whose functions include the
// key (an empty list: the module-level lines).
import fs from 'node:fs';
import { compareForm } from './compare.mjs';
import { llvmKnowledge, llvmTruth, dirLines, machineKeys } from './llvm_forms.mjs';
import { moduleKeys, TOP } from './llvm.mjs';
import { mlirKnowledge, mlirTruth, moduleKeys as mlirKeys, ptoasUnitPasses } from './mlir.mjs';
import { readPayload, reportPasses } from './report.mjs';
import { fileLines } from './lines.mjs';

const args = process.argv.slice(2);
const opt = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : null; };
const verbose = args.includes('--verbose');
const manifest = args[0];
const cases = fs.readFileSync(manifest, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

const COLS = ['passes', 'unnamed', 'seq', 'sets', 'snaps', 'cannot', 'covered'];
const rows = new Map(); // lang/form -> counts
const add = (key, c) => {
  const r = rows.get(key) || Object.fromEntries(COLS.map((k) => [k, 0]));
  for (const k of COLS) r[k] += c[k];
  rows.set(key, r);
};

function runCase(c) {
  const presence = c.form === 'skip_regions';
  let truth;
  if (c.lang === 'llvm') truth = llvmTruth(c.truth, c.input);
  else if (c.lang === 'mlir') truth = mlirTruth(c.truth, c.input, c.pipeline, presence);
  else throw new Error('unknown lang ' + c.lang);
  const universe = c.filter ? new Set(c.filter) : truth.universe;
  if (c.exit !== 0) {
    const n = truth.passes.length - 1;
    return { counts: { passes: n, unnamed: 0, seq: n, sets: 0, snaps: 0, cannot: 0, covered: 0 }, details: [`refused (exit ${c.exit}): ${c.error}`] };
  }
  // A tree directory holds the dumps of the op-scope log of the same run (c.shows: that log).
  const lines = c.shows ? fileLines(c.shows) : c.dir ? dirLines(c.dir) : fileLines(c.log);
  const K = c.lang === 'llvm' ? llvmKnowledge(lines, truth, universe) : mlirKnowledge(lines, truth, c.pipeline, presence);
  // A PyPTO build directory: the passes of its ptoas unit's phase (the PyPTO passes before are not MLIR's).
  const report = ptoasUnitPasses(reportPasses(readPayload(c.report)), c.phase);
  const cache = new Map();
  const keysOf = (r) => {
    if (!cache.has(r)) {
      const keys = c.lang === 'llvm' ? moduleKeys(report[r].lines(), false) : mlirKeys(report[r].lines(), presence);
      // A machine pass's own snapshot: its function's machine code.
      const m = c.lang === 'llvm' ? machineKeys(report[r].ownLines()) : null;
      if (m) keys.set(m.key, m.v);
      cache.set(r, keys);
    }
    return cache.get(r);
  };
  const res = compareForm({ passes: truth.passes, universe }, (k, i) => K.know(k, i), report, keysOf, K.named);
  if (K.unmatched.length) res.details.unshift(`${K.unmatched.length} log banners matched no truth pass, first: ${K.unmatched[0]}`);
  return res;
}

for (const c of cases) {
  if (c.errfile && fs.existsSync(c.errfile)) c.error = fs.readFileSync(c.errfile, "utf8").split("\n")[0];
  const { counts, details } = runCase(c);
  add(`${c.lang} ${c.form}`, counts);
  if (verbose) {
    console.log(`== ${c.lang} ${c.program} ${c.form}: ${JSON.stringify(counts)}`);
    // The wrong ones first, then the unnoted, then the rest (a case's first 40 are printed).
    const rank = (d) => (d.includes('the report is wrong') ? 0 : d.includes('(no note)') ? 1 : 2);
    details.sort((a, b) => rank(a) - rank(b));
    for (const d of details.slice(0, 40)) console.log('   ' + d);
    if (details.length > 40) console.log(`   ... ${details.length - 40} more`);
  }
}

// The table: one row per form, in the manifest's order.
const HEAD = ['lang', 'form', 'passes', 'not_in_log', 'wrong_seq', 'wrong_sets', 'wrong_snapshots', 'cannot_show', 'noted', 'unnoted'];
const table = [...rows].map(([key, r]) => [...key.split(' '), r.passes, r.unnamed, r.seq, r.sets, r.snaps, r.cannot, r.covered, r.cannot - r.covered].map(String));
const widths = HEAD.map((h, k) => Math.max(h.length, ...table.map((t) => t[k].length)));
const fmt = (cells) => cells.map((x, k) => x.padEnd(widths[k])).join('  ').trimEnd();
console.log(fmt(HEAD));
for (const t of table) console.log(fmt(t));

const baseline = opt('--baseline');
if (baseline) {
  const want = new Map();
  for (const l of fs.readFileSync(baseline, 'utf8').split('\n')) {
    const f = l.trim().split(/\s+/);
    if (f.length < 7 || f[0] === 'lang' || f[0].startsWith('#')) continue;
    want.set(`${f[0]} ${f[1]}`, { seq: +f[4], sets: +f[5], snaps: +f[6] });
  }
  let fail = false;
  for (const [key, r] of rows) {
    const w = want.get(key);
    if (!w) { console.log(`oracle: ${key}: not in ${baseline} (add its row)`); fail = true; continue; }
    for (const k of ['seq', 'sets', 'snaps']) {
      if (r[k] > w[k]) { console.log(`oracle: REGRESSION ${key}: ${k} ${r[k]} > baseline ${w[k]}`); fail = true; }
      else if (r[k] < w[k]) console.log(`oracle: ${key}: ${k} fell to ${r[k]} (baseline ${w[k]}): lower ${baseline}`);
    }
  }
  if (fail) process.exit(1);
}
