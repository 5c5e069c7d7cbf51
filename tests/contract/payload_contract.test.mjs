// Contract between the C++ writer and the viewer's payload code, in node without a browser. The real
// ir-trace binary ($IRTRACE_BIN) writes reports with --no-compress; the viewer's own modules
// (assets/js, loaded here with a minimal `window`) read them back, and:
//   - every snapshot the viewer's codec rebuilds (text / same / delta chains, ops + ins + fix) equals the file
//     on disk byte for byte (lines joined with "\n", a final "\n" when "eol");
//   - every diff's ops are a valid edit script of the two sides (equal runs compare equal by the C++ rule,
//     the trailing equal run closes both sides, D / I totals match the counts);
//   - the viewer's pairing (40_intraline.js pairBlocks, "the same rule as lib/line_pairing.cpp") reproduces
//     the C++ pairs of every change block of every diff, whole file and per function, word pairing
//     (flags 0, lines defining the same name first) and positional pairing (flags 1) alike;
//   - the find worker's copy of the codec (the source put into its Blob) counts matches as the rebuilt text
//     does;
//   - every pass offers each function of its after side once (a pass lists only its touched functions, the
//     viewer derives the rest): the ones offered as "same" have equal lines on both sides, the changed ones
//     differ; every snapshot's sections (a list, or a delta from an earlier snapshot's) resolve to ordered,
//     non-overlapping ranges inside the text;
//   - the data block reads the same compressed and plain, and another schema version is refused;
//   - (schema 5) an entry's notes are rows of the payload's "log_note_table", each row distinct, resolved by
//     the codec's check into the notes themselves.
// Dumps: testdata/sample_dump (its codegen files are inside the dump), a dump written here (CRLF, fix
// entries, no final newline, pairing by similarity and by defined names, same, chain cuts, --codegen DIR), the real fixtures in
// ../shared/fixtures when present (IRTRACE_FIXTURES overrides; skipped with a message when absent).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = process.env.IRTRACE_BIN || path.join(ROOT, 'build', 'ir-trace');
const SHARED = process.env.IRTRACE_FIXTURES || path.resolve(ROOT, '..', 'shared', 'fixtures');
const skipBin = fs.existsSync(BIN) ? false : `ir-trace binary not found at ${BIN} (build it, or set IRTRACE_BIN)`;

// ---- the viewer's modules, without a DOM ----
// They are IIFEs registering into window.IrTrace and touch the DOM only when called; the ones below load
// with a plain object as `window`. Run in this realm (vm.runInThisContext) so their arrays compare with
// node's assert like any other.
const MODULES = ['00_define.js', '10_util.js', '13_inflate.js', '14_lazy_snapshots.js', '15_payload.js', '20_model.js', '25_myers.js', '30_diff_rows.js', '40_intraline.js', '65_find.js'];
globalThis.window = globalThis.window || {};
for (const f of MODULES) vm.runInThisContext(fs.readFileSync(path.join(ROOT, 'assets', 'js', f), 'utf8'), { filename: f });
const T = window.IrTrace;
const P = T.payload;

let tmp = null;
function tmpDir() {
  if (!tmp) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ir-trace-contract-'));
    process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
  }
  return tmp;
}

// ---- the report ----

const DATA_RE = /<script type="application\/json" id="ir-trace-data">([\s\S]*?)<\/script>/;

// Runs ir-trace on dump (extra: more arguments); returns the report's HTML.
function convert(dump, name, extra = []) {
  const out = path.join(tmpDir(), name + '.html');
  execFileSync(BIN, [dump, '-o', out, '-q', ...extra], { stdio: ['ignore', 'ignore', 'pipe'] });
  return fs.readFileSync(out, 'utf8');
}

// The data block's JSON (its <, >, &, U+2028, U+2029 are \u escapes, which JSON.parse reads back).
function dataBlock(html) {
  const m = DATA_RE.exec(html);
  assert.ok(m, 'the report has the data block');
  assert.doesNotMatch(m[1], /[<>&\u2028\u2029]/, 'the data block escapes <, >, &, U+2028, U+2029');
  return JSON.parse(m[1]);
}

// The same data block as the page sees it, for T.payload.read.
const fakeDocument = (html) => ({
  getElementById: (id) => (id === 'ir-trace-data' ? { textContent: DATA_RE.exec(html)[1] } : null),
});

// ---- checks ----

// Where snapshot file `file` of a codegen entry lives: --codegen DIR names files "kernels/..." (device) and
// "orchestration/..." (host) inside DIR; files in the dump are "codegen_<role>...". Checks the role too.
function codegenPath(entry, dump, codegenDir) {
  const m = /^(kernels|orchestration)\//.exec(entry.name);
  if (m) {
    assert.ok(codegenDir, `${entry.name}: a --codegen file, but no --codegen DIR was given`);
    assert.equal(entry.role, m[1] === 'kernels' ? P.ROLE.DEVICE : P.ROLE.HOST, entry.name + ' role');
    return path.join(codegenDir, entry.name);
  }
  const d = /^codegen_(device|host)/.exec(entry.name);
  assert.ok(d, entry.name + ': a codegen file in the dump is named codegen_<role>...');
  assert.equal(entry.role, d[1], entry.name + ' role');
  return path.join(dump, entry.name);
}

// Every snapshot rebuilt by the viewer's model (cached) and by the bare codec (uncached) equals its file.
function checkSnapshots(data, dump, codegenDir) {
  const model = new T.model.Model(data);
  const where = new Map(); // snapshot index -> path
  for (const e of data.entries) {
    const s = data.snapshots[e.after];
    assert.ok(s, `entry ${e.name}: snapshot ${e.after} exists`);
    if (e.kind === P.KIND.CODEGEN) {
      assert.equal(s.file, e.name, 'a codegen entry is named by its file');
      assert.ok(Array.isArray(s.text), e.name + ': codegen snapshots are stored in full');
      where.set(e.after, codegenPath(e, dump, codegenDir));
    } else where.set(e.after, path.join(dump, s.file));
  }
  const forms = { text: 0, same: 0, delta: 0, fix: 0 };
  data.snapshots.forEach((s, i) => {
    const file = where.get(i) || path.join(dump, s.file);
    const disk = fs.readFileSync(file);
    const lines = model.lines(i);
    assert.equal(lines.length, s.n, `${s.file}: "n"`);
    const text = model.fileText(i);
    assert.ok(Buffer.from(text, 'utf8').equals(disk), `${s.file}: rebuilt text equals the file byte for byte`);
    assert.equal(P.fileText(s, P.snapshotLines(data.snapshots, i)), text, `${s.file}: the uncached codec rebuilds the same`);
    const brk = s.newline === 'cr' ? 0x0d : 0x0a;
    assert.equal(s.newline === 'cr', disk.includes(0x0d) && !disk.includes(0x0a), `${s.file}: "newline" is "cr" exactly when the file has CR and no LF`);
    assert.equal(s.eol, disk.length === 0 || disk[disk.length - 1] === brk, `${s.file}: "eol"`);
    assert.equal(['text', 'same', 'delta', 'lines'].filter((k) => s[k] !== undefined).length, 1, `${s.file}: exactly one of text, same, delta, lines`);
    if (Array.isArray(s.text)) forms.text++;
    else if (Array.isArray(s.lines)) forms.lines = (forms.lines || 0) + 1;
    else if (Number.isInteger(s.same)) forms.same++;
    else forms.delta++;
    if (s.delta && s.delta.fix.length) forms.fix++;
  });
  return { model, forms };
}

// The comparison key of the C++ diff: a trailing '\r' removed, and a leading U+FEFF on the file's first line
// (fileStart: lines[0] is line 0 of its file); the line without its '\n' differs from the same text with one.
function keys(lines, noEolIndex, fileStart) {
  return lines.map((l, i) => {
    const k = i === 0 && fileStart && l.startsWith('\ufeff') ? l.slice(1) : l;
    return (k.endsWith('\r') ? k.slice(0, -1) : k) + (i === noEolIndex ? '\u0000no-eol' : '');
  });
}

// Checks one diff over left / right (the lines that were diffed, with their no-newline line index or -1)
// and returns {blocks, positional}: the change blocks compared and how many paired by position.
function checkDiff(what, diff, left, right, leftNoEol, rightNoEol, counts, leftStart = true, rightStart = true) {
  const kl = keys(left, leftNoEol, leftStart), kr = keys(right, rightNoEol, rightStart);
  let positional = 0;
  const walk = P.forEachBlock(diff.ops, (e, d, n, x, y) => {
    for (let j = 1; j <= e; j++) assert.equal(kl[x - j], kr[y - j], `${what}: equal run before line ${x} / ${y}`);
  });
  const tail = left.length - walk.before;
  assert.ok(tail >= 0, `${what}: ops stay inside the before side`);
  assert.equal(right.length - walk.after, tail, `${what}: the trailing equal run closes both sides`);
  for (let j = 0; j < tail; j++) assert.equal(kl[walk.before + j], kr[walk.after + j], `${what}: trailing equal run`);
  // LLVM IR: the counts are those of the "meaning" ops (references by what they name) when the diff has them.
  let counted = { ins: walk.ins, del: walk.del };
  if (Array.isArray(diff.meaning)) {
    counted = { ins: 0, del: 0 };
    for (let k = 0; k + 2 < diff.meaning.length; k += 3) { counted.del += diff.meaning[k + 1]; counted.ins += diff.meaning[k + 2]; }
  }
  if (counts) assert.deepEqual(counted, { ins: counts.ins, del: counts.del }, `${what}: ins / del`);
  const js = T.intraline.pairBlocks(diff.ops, left, right);
  // (schema 4) a pass on an IR unit has no "pairs": the viewer pairs its blocks itself, by this same rule.
  const pairs = diff.pairs === undefined ? js : diff.pairs;
  assert.deepEqual(js, pairs, `${what}: the viewer's pairing equals the C++ pairs`);
  for (const p of pairs) if (p[1] === P.PAIR_FLAGS.POSITIONAL) positional++;
  // The row model shows each pair as one replace row.
  const rows = T.rows.buildRows(diff.ops, pairs, left.length, right.length);
  const replace = rows.kind.subarray(0, rows.n).filter((k) => k === T.rows.REPLACE).length;
  assert.equal(replace, pairs.reduce((s, p) => s + (p.length - 2) / 2, 0), `${what}: one replace row per pair`);
  return { blocks: walk.blocks, pairs: pairs.length, positional };
}

// Every diff of every pass, whole file and per function.
function checkDiffs(data, model) {
  const total = { diffs: 0, blocks: 0, pairs: 0, positional: 0 };
  const add = (r) => { total.diffs++; total.blocks += r.blocks; total.pairs += r.pairs; total.positional += r.positional; };
  for (const e of data.entries) {
    if (e.kind !== P.KIND.PASS) continue;
    const sb = data.snapshots[e.before], sa = data.snapshots[e.after];
    const name = `pass ${e.num} ${e.name}`;
    add(checkDiff(name, e.diff, model.lines(e.before), model.lines(e.after), P.noEol(sb) - 1, P.noEol(sa) - 1, e));
    for (const f of e.functions || []) {
      if (!f.diff) {
        assert.notEqual(f.status, P.FN_STATUS.CHANGED, `${name} function ${f.key}: a changed function has a diff`);
        continue;
      }
      const l = model.section(e.before, f.key), r = model.section(e.after, f.key);
      const noEol = (s, v) => T.model.viewNoEol(P.noEol(s), v.nums, v.lines.length) - 1;
      add(checkDiff(`${name} function '${f.key}'`, f.diff, l.lines, r.lines, noEol(sb, l), noEol(sa, r), f,
        l.nums.length > 0 && l.nums[0] === 0, r.nums.length > 0 && r.nums[0] === 0));
    }
  }
  return total;
}

// Every snapshot's sections resolve (codec snapshotSections: list, or delta) to ordered, non-overlapping
// ranges inside the text with unique keys; every pass offers each key of its after side exactly once, the
// listed (touched) ones first, the rest "same" with equal lines before and after, the changed ones not.
// Returns {offered, listed}: functions offered and listed over all passes.
function checkFunctions(data, model) {
  data.snapshots.forEach((s, i) => {
    const secs = model.sections(i);
    assert.deepEqual(P.snapshotSections(data.snapshots, i), secs, `${s.file}: the uncached codec resolves the same sections`);
    let end = 0;
    for (const [key, b, e] of secs) {
      assert.ok(b >= end && e >= b && e <= s.n, `${s.file}: section ${key} [${b}, ${e}) ordered and inside ${s.n} lines`);
      end = e;
    }
    assert.equal(new Set(secs.map((x) => x[0])).size, secs.length, `${s.file}: unique section keys`);
  });
  const total = { offered: 0, listed: 0 };
  for (const e of data.entries) {
    if (e.kind !== P.KIND.PASS || !Array.isArray(e.functions)) continue;
    const name = `pass ${e.num} ${e.name}`;
    const fns = model.functions(e);
    total.offered += fns.length;
    total.listed += e.functions.length;
    assert.deepEqual(fns.slice(0, e.functions.length), e.functions, `${name}: the listed functions come first`);
    // A listed "same" function: LLVM IR whose every change is renumbering (its raw diff, an empty "meaning").
    const renumbered = (f) => f.diff && Array.isArray(f.diff.meaning) && f.diff.meaning.length === 0;
    if (data.schema >= 2) assert.ok(e.functions.every((f) => f.status !== P.FN_STATUS.SAME || renumbered(f)), `${name}: only touched functions are listed`);
    const keys = fns.map((f) => f.key);
    assert.equal(new Set(keys).size, keys.length, `${name}: each function offered once`);
    const secs = model.sections(e.after);
    const afterKeys = secs.map((x) => x[0]);
    if (model.section(e.after, '').lines.length) afterKeys.push('');
    const removed = fns.filter((f) => f.status === P.FN_STATUS.REMOVED).map((f) => f.key);
    assert.deepEqual(keys.filter((k) => !removed.includes(k)).sort(), afterKeys.slice().sort(), `${name}: every function of the after side is offered`);
    const sb = data.snapshots[e.before], sa = data.snapshots[e.after];
    for (const f of fns) {
      if (f.status !== P.FN_STATUS.SAME && f.status !== P.FN_STATUS.MOVED && f.status !== P.FN_STATUS.CHANGED) continue;
      // LLVM IR compared by meaning: a renumbered function's lines differ though it is the same, and a
      // function whose attribute line or referenced nodes changed is changed though its lines are equal.
      if (f.diff && Array.isArray(f.diff.meaning)) continue;
      if (sa.lang === 'llvm' && f.status === P.FN_STATUS.CHANGED && !(f.diff && f.diff.ops.length)) continue;
      const l = model.section(e.before, f.key), r = model.section(e.after, f.key);
      const noEol = (s, v) => T.model.viewNoEol(P.noEol(s), v.nums, v.lines.length) - 1;
      const kl = keys_(l, noEol(sb, l)), kr = keys_(r, noEol(sa, r));
      const equal = kl.length === kr.length && kl.every((k, i) => k === kr[i]);
      assert.equal(equal, f.status !== P.FN_STATUS.CHANGED, `${name} function '${f.key}' (${f.status}): lines ${f.status === P.FN_STATUS.CHANGED ? 'differ' : 'equal'}`);
    }
  }
  return total;
}
const keys_ = (v, noEolIndex) => keys(v.lines, noEolIndex, v.nums.length > 0 && v.nums[0] === 0);

// The find worker's program (its Blob source, with its own copy of the codec) run in an empty context:
// per-snapshot match counts equal those of the rebuilt text.
function checkWorkerCounts(data, model, source) {
  const re = new RegExp(source, 'g');
  const expected = data.snapshots.map((s, i) => model.lines(i).reduce((t, l) => t + (l.match(re) || []).length, 0));
  const posted = [];
  const self = { postMessage: (m) => posted.push(m) };
  vm.runInNewContext(T.find.workerSource(), { self, Date });
  self.onmessage({ data: { type: 'snaps', list: data.snapshots } });
  self.onmessage({ data: { type: 'count', source, flags: 'g', lim: T.find.limits } });
  const done = posted.find((m) => m.type === 'done');
  assert.ok(done, 'the worker answers');
  assert.deepEqual([...done.totals], expected, `worker match counts of /${source}/`);
  const page = T.find.countJob(model, re);
  while (!page.step()) { /* all */ }
  assert.deepEqual([...page.totals], expected, `page match counts of /${source}/`);
}

// Schema 4: a module pass (no "unit") right after a unit entry has as its "before" a "lines" snapshot that the
// C++ side made as exactly the module view after the entry before it (lib/driver/unit_tracks.cpp, Whole);
// the viewer's module view (codec moduleView) must equal it line for line. Returns how many were compared
// (0 for a payload without unit entries).
function checkModuleViews(data, model) {
  let checked = 0;
  data.entries.forEach((e, i) => {
    if (i === 0 || P.unitOf(e) !== null || P.unitOf(data.entries[i - 1]) === null) return;
    const before = data.snapshots[e.before];
    if (!before || !Array.isArray(before.lines)) return;
    const view = P.moduleView(data, i - 1, (j) => model.lines(j), (j) => model.sections(j));
    const want = model.lines(e.before);
    assert.equal(view.lines.length, want.length, `entry ${i} ${e.name}: the module view after entry ${i - 1} has the lines of its "before"`);
    view.lines.forEach((l, k) => assert.equal(l, want[k], `entry ${i} ${e.name}: module view line ${k}`));
    checked++;
  });
  return checked;
}

// Schema 4: a function pass's "before" (lib/driver/unit_tracks.cpp Functions: its function as it stands, a
// loop pass's "function_after" once loop passes spliced their blocks in) must be its function in the viewer's
// module view after the entry before it, line for line ("; Function Attrs:" line included). Returns how many
// were compared, and of those how many are a loop entry's "function_after" (the loops' blocks spliced in).
function checkFunctionBefores(data, model) {
  let checked = 0, spliced = 0;
  data.entries.forEach((e, i) => {
    if (i === 0 || P.unitOf(e) !== P.UNIT.FUNCTION || P.unitKeys(e).length !== 1 || !Number.isInteger(e.before)) return;
    const key = P.unitKeys(e)[0];
    const view = P.moduleView(data, i - 1, (j) => model.lines(j), (j) => model.sections(j));
    const sec = view.sections.find((x) => x[0] === key);
    if (!sec) return;
    const begin = sec[1] > 0 && view.lines[sec[1] - 1].startsWith('; Function Attrs:') ? sec[1] - 1 : sec[1];
    assert.deepEqual(view.lines.slice(begin, sec[2]), model.lines(e.before), `entry ${i} ${e.name} on ${key}: its "before" is ${key} in the module view`);
    checked++;
    if (data.entries.some((x, j) => j < i && P.unitOf(x) === P.UNIT.LOOP && x.function_after === e.before)) spliced++;
  });
  return { checked, spliced };
}

function checkDump(t, dump, name, opts = {}) {
  const extra = opts.codegen ? ['--codegen', opts.codegen] : [];
  const data = dataBlock(convert(dump, name, ['--no-compress', ...extra]));
  assert.deepEqual(P.check(data), { data }, 'the viewer accepts the payload');
  const { model, forms } = checkSnapshots(data, dump, opts.codegen);
  const diffs = checkDiffs(data, model);
  const fns = checkFunctions(data, model);
  for (const source of opts.patterns || []) checkWorkerCounts(data, model, source);
  const views = checkModuleViews(data, model);
  t.diagnostic(`${name}: ${data.snapshots.length} snapshots (${forms.text} text, ${forms.same} same, ${forms.delta} delta, ` +
    `${forms.lines || 0} lines; ${views} module views compared; ` +
    `${forms.fix} with fix); ${diffs.diffs} diffs, ${diffs.blocks} change blocks, ${diffs.pairs} paired blocks ` +
    `(${diffs.positional} positional); ${fns.listed} functions listed, ${fns.offered} offered`);
  return { data, forms, diffs, model };
}

// ---- a dump written here ----

// Python-like functions under one class; each function `lines` long.
function program(names, body) {
  const out = ['# generated by payload_contract.test.mjs', '@pl.program', 'class Prog:'];
  for (const n of names) {
    out.push('    @pl.function', `    def ${n}(self, x: pl.Tensor[[64, 128], pl.FP32]):`);
    for (let k = 0; k < body; k++) out.push(`        t_${k}: pl.Tile[[16, 128], pl.FP32] = pl.tile.${k % 2 ? 'exp' : 'add'}(t_${k - 1}, x)`);
    out.push('        return x', '');
  }
  return out;
}

// Line starts and whether such a line defines a name (lib/diff/line_pairing.h DefinedName); names unique.
const NAME_LINES = [
  ['x = ', true], ['return ', false], ['x_chunk_0: pl.Tensor[[2, 64], pl.FP32] = ', true], ['q == ', false],
  ['t: pl.Tile[[16, 128], pl.FP32]=', true], ['z: pl.Tensor[[2, 64], pl.FP32] ', false], ['def kernel_0(self, x): ', true],
  ['o.y = ', false], ['def  f (a) ', true], ['o[0] = ', false], ['w := ', true], ['a::b = ', false],
  ['\u00e9t\u00e9 = ', true], ['else: y = ', false], ['%v = ', true], ['try: y = ', false], ['%res:2 = ', true],
  ['finally: y = ', false], ['%.0.in = ', true], ['lambda: y == ', false], ['%"a b" = ', true], ['default: y = ', false],
  ['@table = ', true], ['r: T <= ', false], ['define dso_local i32 @crc32(ptr %0, i64 %1) ', true],
  ['store i32 %x, ptr %p ', false], ['func.func private @softmax(%arg0: memref<16xf32>) ', true], ['@pl.function ', false],
  ['llvm.func @scale(%arg0: !llvm.ptr) ', true], ['"s" = ', false], ['gpu.func @k() kernel ', true], ['def (u) ', false],
  ['func @old_style() ', true], ['defx( ) ', false], ['\t%tabbed = ', true], ['%0 = ', false], ['%12:2 = ', false],
  ['@0 = ', false], ['define i32 @1() ', false], ['func.call @fc() ', false], ['cf.br ^bb1(%7 : index) ', false],
  ['%x == %y ', false],
];

// Writes the dump and a --codegen DIR; returns {dump, codegen}.
function writeContractDump(root) {
  const dump = path.join(root, 'passes_dump');
  const codegen = path.join(root, 'build');
  fs.mkdirSync(dump, { recursive: true });
  let lines = program(['alpha', 'beta', 'gamma', 'delta'], 12);
  let num = 0;
  const put = (name, text) => fs.writeFileSync(path.join(dump, name), text);
  const lf = (ls) => ls.join('\n') + '\n';
  const pass = (name, text) => put(`${String(++num).padStart(2, '0')}_after_${name}.py`, text);
  const at = (needle) => { const i = lines.findIndex((l) => l.includes(needle)); assert.ok(i >= 0, needle); return i; };
  put('00_frontend.py', lf(lines));

  // Several change blocks; similar lines pair as replace rows (the best pair, not the first), a block with
  // more deleted than inserted lines, one with an unrelated line left unpaired.
  lines = lines.slice();
  lines[at('def alpha')] = '    def alpha(self, x: pl.Tensor[[64, 256], pl.FP32]):';
  lines.splice(at('t_3: pl.Tile'), 2, '        t_3: pl.Tile[[16, 128], pl.FP16] = pl.tile.exp(t_2, x)',
    '        v = pl.system.sync_src(pipe=pl.Pipe.V, event=0)', '        t_4: pl.Tile[[16, 128], pl.FP16] = pl.tile.add(t_3, x)');
  const b = at('def beta');
  lines.splice(b + 3, 3, '        t_1: pl.Tile[[16, 128], pl.FP32] = pl.tile.exp(t_0, x, y)', '        w = 1');
  pass('Retype', lf(lines));
  // At the pairing threshold (Dice 0.5): two words of four in common pair; three of thirteen
  // (6/13 = 0.46) do not.
  lines.splice(at('def gamma') + 3, 0, '        aa bb');
  lines.splice(at('def gamma') + 8, 0, '        p1 p2 p3 q1 q2 q3');
  pass('Seed', lf(lines));
  lines[at('aa bb')] = '        aa cc';
  lines[at('p1 p2 p3')] = '        p1 p2 p3 r1 r2 r3 r4';
  pass('Threshold', lf(lines));
  // Lines that differ only by CR: two lines gain one inside an equal run (the delta needs "fix"), with a
  // real change elsewhere.
  const crlf = lines.slice();
  crlf[at('def gamma')] += '\r';
  crlf[at('def delta')] += '\r';
  crlf[at('return x')] = '        return pl.tile.store(x)';
  lines = crlf;
  pass('GainCR', lf(lines));
  // The same text: stored as "same".
  pass('Verify', lf(lines));
  // Every line ends in CRLF: only line endings differ.
  pass('ToCRLF', lines.map((l) => (l.endsWith('\r') ? l : l + '\r')).join('\n') + '\n');
  // Back to LF, and no final newline.
  lines = lines.map((l) => l.replace(/\r$/, ''));
  lines.push('# the end');
  pass('NoNewline', lines.join('\n'));
  // The final newline back, the last line changed: it pairs with the line that lacked one.
  lines[lines.length - 1] = '# the very end';
  pass('Newline', lf(lines));
  // Long lines: a block with a line of 10,001 bytes, and one of 10,002 bytes in UTF-8 (5,008 characters),
  // pair by position; one of exactly 10,000 bytes by words.
  const inGamma = (needle) => lines.findIndex((l, i) => i > at('def gamma') && l.includes(needle));
  lines[inGamma('t_1: pl.Tile')] = '        s = "' + 'a'.repeat(10001 - 14) + '"';
  lines[inGamma('t_3: pl.Tile')] = '        t = "' + '\u00e9'.repeat((10002 - 14) / 2) + '"';
  lines[inGamma('t_5: pl.Tile')] = '        u = "' + '\u00e9'.repeat((10000 - 14) / 2) + '"';
  pass('LongLines', lf(lines));
  // A block of 501 x 500 lines (over 500 x 500 cells) pairs by position; one of 500 x 500 by words.
  const big = (k, n) => Array.from({ length: n }, (_, i) => `        big_${i} = pl.tile.${k}(big_${i - 1}, ${i})`);
  lines.splice(at('def delta') + 1, 0, ...big('add', 501));
  pass('Grow', lf(lines));
  lines.splice(at('big_0 ='), 501, ...big('mul', 500));
  pass('Rewrite', lf(lines));
  lines.splice(at('big_0 ='), 500, ...big('sub', 500));
  pass('RewriteAgain', lf(lines));
  // A function moves, one is removed, one added.
  const fnRange = (name) => { const s = at(`def ${name}(`) - 1; let e = s + 2; while (e < lines.length && !/^    @pl/.test(lines[e])) e++; return [s, e]; };
  const [as, ae] = fnRange('alpha');
  const alpha = lines.splice(as, ae - as);
  lines.splice(at('def delta(') - 1, 0, ...alpha);
  pass('Reorder', lf(lines));
  const [bs, be] = fnRange('beta');
  lines.splice(bs, be - bs, '    @pl.function', '    def epsilon(self, x):', '        return x', '');
  pass('Replace', lf(lines));
  // Many small passes: the delta chain is cut (a full "text" every 17th snapshot at most).
  for (let k = 0; k < 20; k++) {
    lines[at('def epsilon') + 1] = `        return x  # step ${k}`;
    pass('Step' + k, lf(lines));
  }
  // An empty snapshot, then the text again.
  pass('Empty', '');
  pass('Restore', lf(lines));
  // Classic Mac OS line ends (no LF at all): CR breaks lines, and the text rebuilds with them.
  pass('ToCR', lines.join('\r') + '\r');
  // A byte-order mark added (a no-op with a note), then a real change after it, then back to LF.
  pass('AddBOM', '\ufeff' + lines.join('\r') + '\r');
  lines[0] = lines[0] + '  # first';
  pass('AfterBOM', '\ufeff' + lf(lines));
  pass('DropBOM', lf(lines));
  // Lines that define the same name pair first (issue 9, item 4). The qwen3 FlattenCallExpr shape: a nested
  // call moves out into new _t lines; x_chunk_0 pairs with x_chunk_0 (by similarity alone: with _t0).
  const endOf = (name) => fnRange(name)[1] - 1; // the blank line that ends a function
  const xChunk = '        x_chunk_0: pl.Tensor[[2, 64], pl.FP32] = pl.tensor.cast(pl.tensor.view(hidden_states_0, [2, 64], [b_0, p0_0, k0_0]), target_type=pl.FP32, mode=2)';
  const sqSum = '        sq_sum_4: pl.Tensor[[2, 1], pl.FP32] = pl.tensor.add(sq_sum_iter_2, pl.tensor.row_sum(pl.tensor.mul(x_chunk_0, x_chunk_0)))';
  lines.splice(endOf('gamma'), 0, xChunk, sqSum);
  pass('SeedNames', lf(lines));
  lines.splice(at('x_chunk_0: pl.Tensor'), 2,
    '        _t0: pl.Tensor[[2, 64], pl.BFLOAT16] = pl.tensor.view(hidden_states_0, [2, 64], [b_0, p0_0, k0_0])',
    '        x_chunk_0: pl.Tensor[[2, 64], pl.FP32] = pl.tensor.cast(_t0, target_type=pl.FP32, mode=2)',
    '        _t1: pl.Tensor[[2, 64], pl.FP32] = pl.tensor.mul(x_chunk_0, x_chunk_0)',
    '        _t2: pl.Tensor[[2, 1], pl.FP32] = pl.tensor.row_sum(_t1)',
    '        sq_sum_4: pl.Tensor[[2, 1], pl.FP32] = pl.tensor.add(sq_sum_iter_2, _t2)');
  pass('FlattenNames', lf(lines));
  // Same names in crossing order: only one same-name pair is kept (the more similar, b_2), never both.
  lines.splice(endOf('gamma'), 0, '        a_2 = pl.tensor.add(p_0, q_0, r_0)', '        b_2 = pl.tensor.mul(u_0, v_0, w_0)');
  pass('SeedCross', lf(lines));
  lines.splice(at('a_2 = pl.tensor'), 2, '        b_2 = pl.tensor.mul(u_0, v_0, w_0, s_0)', '        a_2 = pl.tensor.add(p_0, q_0, r_0, s_0, t_0, z_0)');
  pass('CrossNames', lf(lines));
  // Lines that look alike but define nothing (a comparison, else:, numbered SSA values): they pair by
  // similarity only (y_3 == and else: not at all, %5 with the load that became %6).
  lines.splice(endOf('gamma'), 0, '        y_3 == pl.tensor.exp(k_0, m_0)', '        %5 = load i32, ptr %p',
    '        %6 = add i32 %5, 1', '        else: y_3 = pl.tensor.sub(g_0, h_0)');
  pass('SeedNoNames', lf(lines));
  lines.splice(at('y_3 == pl.tensor'), 4, '        y_3 == a.b(c)', '        %5 = call i32 @g()',
    '        %6 = load i32, ptr %p', '        %7 = add i32 %6, 1', '        else: y_3 = d(e)');
  pass('NoNames', lf(lines));
  // Every kind of line that defines a name, and lines that look like one but do not, each with a long
  // tail that differs before and after: a line pairs exactly when it defines a name, so the pairs show
  // the viewer reads each line's name as the C++ side does.
  const tail = (p) => Array.from({ length: 16 }, (_, k) => p + String.fromCharCode(97 + k)).join(' ');
  lines.splice(endOf('gamma'), 0, ...NAME_LINES.map(([lhs]) => '        ' + lhs + tail('before')));
  pass('SeedNameKinds', lf(lines));
  lines.splice(at(NAME_LINES[0][0] + tail('before')), NAME_LINES.length, ...NAME_LINES.map(([lhs]) => '        ' + lhs + tail('after')));
  pass('NameKinds', lf(lines));
  // The last pass crashed: its log, one past the last snapshot, and no snapshot.
  put(`${String(num + 1).padStart(2, '0')}_after_Crash.log`, 'error: out of UB memory\n');

  // --codegen DIR: kernels/ (device) and orchestration/ (host); CRLF and no final newline.
  fs.mkdirSync(path.join(codegen, 'kernels', 'aiv'), { recursive: true });
  fs.mkdirSync(path.join(codegen, 'orchestration'), { recursive: true });
  fs.writeFileSync(path.join(codegen, 'kernels', 'aiv', 'alpha.cpp'), '#include "k.h"\r\nvoid alpha(float* x) {\r\n  x[0] = 1;\r\n}\r\n');
  fs.writeFileSync(path.join(codegen, 'orchestration', 'main.cpp'), 'int main() {\n  return 0;\n}');
  return { dump, codegen };
}

// ---- tests ----

test('sample_dump (codegen inside the dump): snapshots rebuild byte for byte, pairs match', { skip: skipBin }, (t) => {
  const dump = path.join(ROOT, 'testdata', 'sample_dump');
  const { data, forms } = checkDump(t, dump, 'sample', { patterns: ['pl\\.tile', 'sync'] });
  assert.equal(data.entries.filter((e) => e.kind === P.KIND.CODEGEN).length, 2);
  assert.ok(forms.same > 0 && forms.delta > 0 && forms.text > 0, JSON.stringify(forms));
});

test('sample_dump: the compressed data block reads to the same payload', { skip: skipBin }, async () => {
  const dump = path.join(ROOT, 'testdata', 'sample_dump');
  const plain = dataBlock(convert(dump, 'sample-plain', ['--no-compress']));
  const html = convert(dump, 'sample-deflate');
  const envelope = dataBlock(html);
  assert.equal(envelope.schema, plain.schema, 'the envelope names the payload\'s schema');
  assert.deepEqual(P.check(plain), { data: plain });
  assert.equal(envelope.encoding, P.ENCODING);
  const res = await P.read(fakeDocument(html));
  assert.equal(res.error, undefined);
  assert.deepEqual(res.data, plain);
});

test('a dump with CRLF, fix entries, no final newline, pairing (defined names too), same, chain cuts and --codegen', { skip: skipBin }, (t) => {
  const { dump, codegen } = writeContractDump(path.join(tmpDir(), 'contract'));
  const { data, forms, diffs, model } = checkDump(t, dump, 'contract', { codegen, patterns: ['t_1\\b', '\\r', 'big_\\d+ = pl\\.tile\\.mul', 'return'] });
  // The report really used each storage form and pairing kind.
  assert.ok(forms.same >= 1, 'a "same" snapshot');
  assert.ok(forms.fix >= 1, 'a delta with "fix"');
  const passSnaps = data.entries.filter((e) => e.kind === P.KIND.PASS).map((e) => data.snapshots[e.after]);
  assert.ok(passSnaps.some((s, k) => k > 16 && Array.isArray(s.text) && passSnaps[k - 1].delta), 'a delta chain cut by a full text');
  assert.ok(passSnaps.some((s) => s.eol === false), 'a snapshot without a final newline');
  assert.ok(data.entries.some((e) => (e.notes || []).includes('only line endings differ (CRLF vs LF)')), 'a CRLF-only pass');
  assert.ok(diffs.positional >= 2, 'positional blocks (a long line, over 500 x 500)');
  const bigPass = data.entries.find((e) => e.name === 'RewriteAgain');
  assert.deepEqual(bigPass.diff.pairs.map((p) => [p[1], p.length]), [[P.PAIR_FLAGS.WORDS, 2 + 2 * 500]], '500 x 500 pairs by words');
  const long = data.entries.find((e) => e.name === 'LongLines');
  assert.deepEqual(long.diff.pairs.map((p) => p[1]), [P.PAIR_FLAGS.POSITIONAL, P.PAIR_FLAGS.POSITIONAL], 'lines over 10,000 bytes');
  const threshold = data.entries.find((e) => e.name === 'Threshold');
  assert.deepEqual(threshold.diff.pairs, [[0, P.PAIR_FLAGS.WORDS, 0, 0]], 'Dice 0.5 pairs, 0.46 does not');
  assert.ok(diffs.pairs - diffs.positional >= 3, 'word-paired blocks');
  const statuses = new Set(data.entries.flatMap((e) => (e.kind === P.KIND.PASS ? model.functions(e) : []).map((f) => f.status)));
  for (const s of Object.values(P.FN_STATUS)) assert.ok(statuses.has(s), 'a function ' + s);
  const roles = data.entries.filter((e) => e.kind === P.KIND.CODEGEN).map((e) => [e.name, e.role]);
  assert.deepEqual(roles, [['kernels/aiv/alpha.cpp', 'device'], ['orchestration/main.cpp', 'host']]);
  // Line ends and byte-order marks (issue 8): stored so that the text rebuilds byte for byte (checked above).
  const named = (n) => data.entries.find((e) => e.name === n);
  assert.equal(data.snapshots[named('ToCR').after].newline, 'cr');
  assert.ok(named('ToCR').notes.includes('only line endings differ (CR vs LF)'));
  assert.equal(named('AddBOM').status, P.STATUS.NOOP);
  assert.ok(named('AddBOM').notes.includes('a byte-order mark (U+FEFF) was added at the start of the file'));
  assert.ok(named('AfterBOM').diff.ops.length > 0);
  // Same-name pairs first (issue 9, item 4); C++ and JS agree on them (checkDump), and they are these.
  const onlyPairs = (n) => named(n).diff.pairs.map((p) => p.slice(1));
  assert.deepEqual(onlyPairs('FlattenNames'), [[P.PAIR_FLAGS.WORDS, 0, 1, 1, 4]], 'x_chunk_0 with x_chunk_0, sq_sum_4 with sq_sum_4');
  assert.deepEqual(onlyPairs('CrossNames'), [[P.PAIR_FLAGS.WORDS, 1, 0]], 'crossing names: one pair');
  assert.deepEqual(onlyPairs('NoNames'), [[P.PAIR_FLAGS.WORDS, 1, 2, 2, 3]], 'no names defined: by similarity');
  const kinds = NAME_LINES.flatMap(([, defines], k) => (defines ? [k, k] : []));
  assert.deepEqual(onlyPairs('NameKinds'), [[P.PAIR_FLAGS.WORDS, ...kinds]], 'exactly the lines that define a name pair');
  const crash = data.entries.filter((e) => e.kind === P.KIND.PASS).pop();
  assert.deepEqual([crash.name, crash.status, crash.crashed, crash.before === crash.after], ['Crash', P.STATUS.FAILED, true, true]);
});

const realDumps = fs.existsSync(SHARED)
  ? fs.readdirSync(SHARED, { withFileTypes: true }).filter((d) => d.isDirectory()).flatMap((d) =>
    fs.readdirSync(path.join(SHARED, d.name)).map((n) => d.name + '/' + n)).filter((rel) => fs.existsSync(path.join(SHARED, rel, 'passes_dump'))).sort()
  : [];
if (!realDumps.length) test('real dumps', { skip: `no fixtures in ${SHARED}` }, () => {});
for (const rel of realDumps) {
  test(`real dump ${rel}: snapshots rebuild byte for byte, pairs match`, { skip: skipBin }, (t) => {
    checkDump(t, path.join(SHARED, rel, 'passes_dump'), rel.replace(/\//g, '_'), { patterns: ['\\bload\\b'] });
  });
}

// A compare report (`ir-trace compare BASE HEAD`): its snapshots are both runs' files, named "base: <file>"
// and "head: <file>", stored as deltas across the runs; each rebuilds byte for byte from its run's dump.
test('compare reports: both runs\' snapshots rebuild byte for byte, diffs and pairs match', { skip: skipBin }, (t) => {
  const { dump } = writeContractDump(path.join(tmpDir(), 'cmp-base'));
  const head = path.join(tmpDir(), 'cmp-head');
  fs.cpSync(dump, head, { recursive: true });
  const files = fs.readdirSync(head).filter((f) => /^\d+_after_.*\.py$/.test(f)).sort();
  fs.appendFileSync(path.join(head, files[3]), 'extra_line = 1\n');  // HEAD diverges after pass 4
  fs.rmSync(path.join(head, files[1]));  // and has no pass 2: renumber the rest down by one
  for (const f of files.slice(2)) {
    const n = Number(f.slice(0, f.indexOf('_')));
    fs.renameSync(path.join(head, f), path.join(head, String(n - 1).padStart(2, '0') + f.slice(f.indexOf('_'))));
  }
  for (const f of fs.readdirSync(head).filter((x) => x.endsWith('.log'))) fs.rmSync(path.join(head, f));
  const out = path.join(tmpDir(), 'cmp.html');
  execFileSync(BIN, ['compare', dump, head, '-o', out, '-q', '--no-compress'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const data = dataBlock(fs.readFileSync(out, 'utf8'));
  assert.deepEqual(P.check(data), { data }, 'the viewer accepts the payload');
  assert.ok(data.schema >= 3 && data.schema <= P.SCHEMA, 'compare reports are schema 3 or newer, read by this viewer');
  const model = new T.model.Model(data);
  const forms = { text: 0, same: 0, delta: 0 };
  data.snapshots.forEach((s, i) => {
    const m = /^(base|head): (.*)$/.exec(s.file);
    assert.ok(m, s.file + ': named by its run');
    const disk = fs.readFileSync(path.join(m[1] === 'base' ? dump : head, m[2]));
    assert.ok(Buffer.from(model.fileText(i), 'utf8').equals(disk), `${s.file}: rebuilt text equals the file byte for byte`);
    forms[Array.isArray(s.text) ? 'text' : Number.isInteger(s.same) ? 'same' : 'delta']++;
  });
  assert.ok(forms.same > 0 && forms.delta > 0, JSON.stringify(forms));
  const diffs = checkDiffs(data, model);
  checkFunctions(data, model);
  const statuses = data.entries.map((e) => e.status);
  const removed = data.entries.filter((e) => e.status === 'removed').map((e) => e.name);
  assert.deepEqual(removed, [files[1].replace(/^\d+_after_|\.py$/g, ''), 'Crash'], 'pass 2 and the crashed pass are removed');
  assert.ok(statuses.includes('changed'), 'the runs diverge');
  assert.equal(data.entries[data.compare.first].base_num, 4, 'first divergence: pass 4');
  t.diagnostic(`compare: ${data.snapshots.length} snapshots ${JSON.stringify(forms)}; ${diffs.diffs} diffs, ${diffs.pairs} paired blocks`);
});

test('the codec reads schemas 1 to 5, refuses others and keeps the envelope errors', async () => {
  assert.equal(P.SCHEMA, 5);
  for (const schema of [1, 2, 3, 4, 5]) {
    const data = { schema, snapshots: [], entries: [] };
    assert.deepEqual(P.check(data), { data });
  }
  const newer = 'this report uses data schema 6, newer than this viewer reads (5); open it with the ir-trace that wrote it';
  assert.deepEqual(P.check({ schema: 6, snapshots: [], entries: [] }), { error: newer });
  assert.deepEqual(P.check({ schema: 0, snapshots: [], entries: [] }), { error: 'unsupported report schema 0 (this viewer reads 1 to 5)' });
  assert.deepEqual(P.check({ schema: 1.5, snapshots: [], entries: [] }), { error: 'unsupported report schema 1.5 (this viewer reads 1 to 5)' });
  assert.deepEqual(P.check({ snapshots: [], entries: [] }), { error: 'unsupported report schema undefined (this viewer reads 1 to 5)' });
  assert.deepEqual(P.check(null), { error: 'the report data is empty' });
  assert.deepEqual(P.check({ schema: 1 }), { error: 'the report data has no snapshots or entries' });
  assert.deepEqual(P.unwrap({ schema: 6, encoding: 'zstd-base64', data: '' }), { error: newer });
  assert.deepEqual(P.unwrap({ schema: 2, encoding: 'zstd-base64', data: '' }), { error: 'unknown report data encoding "zstd-base64"' });
  assert.deepEqual(P.unwrap({ schema: 2, encoding: 'deflate-base64', data: 'eJw=' }), { compressed: 'eJw=' });
  const page = (json) => ({ getElementById: () => ({ textContent: json }) });
  assert.deepEqual(await P.read(page('{"schema":6,"snapshots":[],"entries":[]}')), { error: newer });
  assert.match((await P.read(page('{"schema":2,'))).error, /^the report data cannot be read: /);
  assert.deepEqual(await P.read({ getElementById: () => null }), { error: 'the report has no data block' });
});

test('the codec: schema 5 notes are rows of "log_note_table", resolved in place; schema 4 notes kept', () => {
  const row = { kind: 'not_in_log', text: 't', functions: ['f'], from: [1] }, other = { kind: 'x', text: 'u', functions: [], from: [] };
  const data = {
    schema: 5, snapshots: [], log_note_table: [row, other],
    entries: [{ log_notes: [0, 1] }, { log_notes: [0, 7, -1, 'a'] }, {}, { log_notes: [1] }],
  };
  assert.deepEqual(P.check(data), { data });
  assert.deepEqual(data.entries.map((e) => e.log_notes), [[row, other], [row], undefined, [other]]);
  assert.equal(data.entries[0].log_notes[0], data.entries[1].log_notes[0], 'one object shared');
  P.check(data);
  assert.deepEqual(data.entries[0].log_notes, [row, other], 'a second check changes nothing');
  const noTable = { schema: 5, snapshots: [], entries: [{ log_notes: [0] }] };
  assert.deepEqual(P.check(noTable).data.entries[0].log_notes, []);
  const four = { schema: 4, snapshots: [], entries: [{ log_notes: [row] }] };
  assert.deepEqual(P.check(four).data.entries[0].log_notes, [row]);
});

test('the codec: one ops walk, delta apply (with mapping), snapshot rebuild', () => {
  const seen = [];
  const end = P.forEachBlock([2, 1, 0, 0, 0, 0, 1, 2, 3], (...a) => seen.push(a));
  assert.deepEqual(seen, [[2, 1, 0, 2, 2, 0], [0, 0, 0, 3, 2, -1], [1, 2, 3, 4, 3, 1]]);
  assert.deepEqual(end, { before: 6, after: 6, blocks: 2, del: 3, ins: 3 });
  const base = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  assert.deepEqual(P.applyOps(base, [1, 1, 2, 2, 1, 0], ['X', 'Y']), ['a', 'X', 'Y', 'c', 'd', 'f', 'g']);
  const delta = { from: 0, ops: [1, 1, 2], ins: ['X', 'Y'], fix: [[0, 'a\r'], [9, 'ignored']] };
  assert.deepEqual(P.applyDelta(base, delta), ['a\r', 'X', 'Y', 'c', 'd', 'e', 'f', 'g']);
  // Per-line values: copied lines keep theirs, inserted and fixed ones are mapped (0-based result index).
  const mapped = P.applyDelta([10, 11, 12, 13, 14, 15, 16], delta, (text, i) => 'ins' + i + text, (text, i) => 'fix' + i);
  assert.deepEqual(mapped, ['fix0', 'ins1X', 'ins2Y', 12, 13, 14, 15, 16]);
  const snaps = [{ text: ['a', 'b'] }, { delta: { from: 0, ops: [1, 0, 1], ins: ['c'], fix: [] } }, { same: 1 }];
  assert.deepEqual(P.snapshotLines(snaps, 2), ['a', 'c', 'b']);
  assert.deepEqual(P.appendBlock(P.appendBlock([3, 0, 0], 2, 1, 0), 0, 0, 0), [5, 1, 0]);
  // Sections: a delta copies entries keeping their length and distance from the one before, inserts its own.
  const secSnaps = [
    { n: 12, sections: [['a', 1, 3], ['b', 4, 6], ['c', 8, 9]] },
    { n: 13, sections: { from: 0, ops: [1, 1, 1], ins: [['b', 4, 7]] } },  // b grew by a line: c moves down
    { n: 13, sections: { from: 1 } },                                       // equal to snapshot 1's
    { n: 11, sections: { from: 2, ops: [0, 1, 0, 1, 1, 1], ins: [['d', 9, 11]] } },  // a and c gone, d added
  ];
  assert.deepEqual(P.snapshotSections(secSnaps, 1), [['a', 1, 3], ['b', 4, 7], ['c', 9, 10]]);
  assert.deepEqual(P.snapshotSections(secSnaps, 2), [['a', 1, 3], ['b', 4, 7], ['c', 9, 10]]);
  assert.deepEqual(P.snapshotSections(secSnaps, 3), [['b', 1, 4], ['d', 9, 11]], 'b keeps its distance from the start');
  assert.deepEqual(P.snapshotSections([{ sections: { from: 0 } }], 0), [], 'a delta from itself is malformed');
  // The functions a pass offers: listed (touched) first, then the after side's other keys, "" when some line
  // is outside every section; schema 1 lists them all already; no "functions": none.
  const pass = { kind: P.KIND.PASS, before: 0, after: 1, functions: [{ key: 'b', status: P.FN_STATUS.CHANGED, ins: 1, del: 0 }] };
  const offered = (schema, e) => P.entryFunctions(schema, e, secSnaps[1], P.snapshotSections(secSnaps, 1)).map((f) => f.key + ':' + f.status);
  assert.deepEqual(offered(2, pass), ['b:changed', 'a:same', 'c:same', ':same']);
  assert.deepEqual(offered(2, { ...pass, functions: [] }), ['a:same', 'b:same', 'c:same', ':same']);
  assert.deepEqual(offered(2, { ...pass, functions: undefined }), []);
  assert.deepEqual(offered(1, pass), ['b:changed']);
  assert.deepEqual(offered(1, { ...pass, functions: [] }), []);
  assert.deepEqual(offered(2, { kind: P.KIND.FRONTEND, after: 1 }), ['a:same', 'b:same', 'c:same', ':same']);
  // The codec's source runs alone (the find worker embeds it): nothing outside itself.
  const alone = vm.runInNewContext('(' + P.source.toString() + ')()', {});
  assert.equal(JSON.stringify(alone.snapshotLines(snaps, 2)), JSON.stringify(['a', 'c', 'b']));
});

// ---- schema 4: unit entries, "lines" snapshots, the module view (hand-made payloads) ----

// An LLVM module (the frontend) and its passes: function passes on f, on g, an SCC pass on (f, h) (h is
// new), a loop pass, a module pass, and a function pass on g again. Snapshot by snapshot:
const M = ["; ModuleID = 'm'", '', '; Function Attrs: nounwind', 'define i32 @f() {', '  ret i32 0', '}', '',
  'define i32 @g() {', '  ret i32 1', '}', '', '!0 = !{}'];
const F1 = ['define i32 @f() {', '  ret i32 7', '}'];                                  // f's attrs line gone
const G1 = ['; Function Attrs: cold', 'define i32 @g() {', '  ret i32 2', '}'];          // g gains one
const FH = ['; Function Attrs: nounwind', 'define i32 @f() {', '  ret i32 8', '}', '', 'define i32 @h() {', '  ret i32 3', '}'];
const LOOP0 = ['; Preheader:', 'entry:', '; Loop:', 'loop:', '  br label %loop'];
// The module view after the loop pass (what the module pass's "before" must hold).
const VIEW4 = ["; ModuleID = 'm'", '', '; Function Attrs: nounwind', 'define i32 @f() {', '  ret i32 8', '}', '',
  '; Function Attrs: cold', 'define i32 @g() {', '  ret i32 2', '}', '', 'define i32 @h() {', '  ret i32 3', '}', '', '!0 = !{}'];
const M5 = VIEW4.map((l) => (l === '!0 = !{}' ? '!0 = !{i32 1}' : l));
function unitPayload() {
  const sn = (file, body, sections) => Object.assign({ file, lang: 'llvm', eol: true, sections }, body);
  const snapshots = [
    sn('frontend', { text: M, n: 12 }, [['f', 3, 6], ['g', 7, 10]]),                    // 0
    sn('f before', { lines: [[0, 2, 6]], n: 4 }, [['f', 1, 4]]),                        // 1: f cut from 0
    sn('f after', { delta: { from: 1, ops: [0, 1, 0, 1, 1, 1], ins: ['  ret i32 7'], fix: [] }, n: 3 }, [['f', 0, 3]]), // 2: from a "lines"
    sn('g before', { lines: [[0, 7, 10]], n: 3 }, [['g', 0, 3]]),                       // 3
    sn('g after', { text: G1, n: 4 }, [['g', 1, 4]]),                                   // 4
    sn('scc before', { lines: [[2, 0, 3]], n: 3 }, [['f', 0, 3]]),                      // 5
    sn('scc after', { text: FH, n: 8 }, [['f', 1, 4], ['h', 5, 8]]),                    // 6
    sn('loop before', { text: LOOP0, n: 5 }, []),                                       // 7
    sn('loop after', { delta: { from: 7, ops: [4, 1, 1], ins: ['  br i1 %c, label %loop, label %exit'], fix: [] }, n: 5 }, []), // 8
    sn('module before', { lines: [[0, 0, 2], [6, 0, 4], [0, 6, 7], [4, 0, 4], '', [6, 5, 8], '', '!0 = !{}'], n: 17 }, [['f', 3, 6], ['g', 8, 11], ['h', 12, 15]]), // 9
    sn('module after', { delta: { from: 9, ops: [16, 1, 1], ins: ['!0 = !{i32 1}'], fix: [] }, n: 17 }, [['f', 3, 6], ['g', 8, 11], ['h', 12, 15]]), // 10
    sn('g after 2', { delta: { from: 4, ops: [2, 1, 1], ins: ['  ret i32 9'], fix: [] }, n: 4 }, [['g', 1, 4]]), // 11: from 4, not 10
  ];
  const pass = (num, name, before, after, unit, keys) => Object.assign({ kind: 'pass', num, name, before, after, status: 'changed', ins: 1, del: 1, notes: [], warnings: [] },
    unit ? { unit } : {}, keys ? { unit_keys: keys } : {});
  const entries = [
    { kind: 'frontend', num: 0, name: 'frontend', after: 0, status: 'frontend', ins: 0, del: 0, notes: [], warnings: [] },
    pass(1, 'InstCombinePass', 1, 2, 'function', ['f']),
    pass(2, 'SROAPass', 3, 4, 'function', ['g']),
    pass(3, 'InlinerPass', 5, 6, 'scc', ['f', 'h']),
    pass(4, 'LICMPass', 7, 8, 'loop'),
    pass(5, 'GlobalOptPass', 9, 10),
    pass(6, 'InstCombinePass', 4, 11, 'function', ['g']),
  ];
  return { schema: 4, tool: 'ir-trace 0.1.0', title: 'm', context: 3, snapshots, entries };
}

test('the codec: "lines" snapshots, a delta from a "lines" snapshot and from an older one, unit fields', () => {
  const data = unitPayload();
  const snaps = data.snapshots;
  assert.deepEqual(P.snapshotLines(snaps, 1), M.slice(2, 6), 'a run of an earlier snapshot');
  assert.deepEqual(P.snapshotLines(snaps, 2), F1, 'a delta from a "lines" snapshot');
  assert.deepEqual(P.snapshotLines(snaps, 9), VIEW4, 'runs and literal lines, in order');
  assert.deepEqual(P.snapshotLines(snaps, 11), ['; Function Attrs: cold', 'define i32 @g() {', '  ret i32 9', '}'], 'a delta from an older snapshot than the one before');
  assert.deepEqual(P.snapshotLines([{ lines: [[1, 0, 1], 'x'] }, { text: ['a'] }], 0), ['x'], 'a run of a later snapshot is malformed: nothing');
  assert.deepEqual(P.snapshotLines([{ text: ['a', 'b'] }, { lines: [[0, 1, 9], [0, -2, 1], [0, 1], 7, 'c'] }], 1), ['b', 'a', 'c'], 'runs clipped, malformed items skipped');
  assert.equal(P.baseOf(snaps[9]), -1, 'a "lines" snapshot is a full checkpoint');
  assert.equal(P.storedLines(snaps[9]), 8, 'a run or a literal line each');
  // Per-line values through the runs (the find worker's counts): literal lines mapped with their index.
  assert.deepEqual(P.applyLines([[0, 1, 3], 'x', [1, 0, 1]], (j) => [[10, 11, 12], [20]][j], (t, i) => t + i), [11, 12, 'x2', 20]);
  const model = new T.model.Model(data);
  snaps.forEach((s, i) => assert.deepEqual(model.lines(i), P.snapshotLines(snaps, i), `snapshot ${i}: cached as uncached`));
  assert.deepEqual(Object.values(P.UNIT), ['function', 'scc', 'loop', 'machine']);
  assert.deepEqual(P.FIELD, { UNIT: 'unit', UNIT_KEYS: 'unit_keys', FUNCTION_AFTER: 'function_after' });
  assert.deepEqual(data.entries.map((e) => P.unitOf(e)), [null, 'function', 'function', 'scc', 'loop', null, 'function']);
  assert.deepEqual(P.unitKeys(data.entries[3]), ['f', 'h']);
  assert.deepEqual(P.unitKeys(data.entries[4]), []);
  // The find worker's copy of the codec counts through the runs as the rebuilt text does.
  checkWorkerCounts(data, model, 'ret i32');
  checkWorkerCounts(data, model, '!0 = ');
});

test('the codec: the module view after an entry (base, pieces, attrs lines, new functions, no base, loops)', () => {
  const data = unitPayload();
  const model = new T.model.Model(data);
  const view = (e) => P.moduleView(data, e, (j) => model.lines(j), (j) => model.sections(j));
  // The frontend and a module pass: their own snapshot.
  assert.deepEqual(view(0).lines, M);
  assert.deepEqual(view(0).sections, [['f', 3, 6], ['g', 7, 10]]);
  assert.equal(view(0).base, 0);
  // f replaced; its piece has no attrs line: the base's is kept.
  assert.deepEqual(view(1).lines, [...M.slice(0, 3), ...F1, ...M.slice(6)]);
  assert.deepEqual(view(1).sections, [['f', 3, 6], ['g', 7, 10]]);
  // g's piece starts with an attrs line the base lacks there: put in. f's later piece (the SCC's) replaces
  // the earlier one, and its attrs line replaces the base's; h is new: after the last section, after an empty
  // line. The loop pass adds nothing.
  assert.deepEqual(view(3).lines, VIEW4);
  assert.deepEqual(view(3).sections, [['f', 3, 6], ['g', 8, 11], ['h', 12, 15]]);
  assert.deepEqual(view(4), view(3), 'a loop entry adds nothing');
  // A machine entry (a backend pass's MIR of one function) adds nothing either, and is no base.
  const machine = unitPayload();
  machine.entries[4].unit = 'machine';
  machine.entries[4].unit_keys = ['f'];
  const mm = new T.model.Model(machine);
  const mview = (e) => P.moduleView(machine, e, (j) => mm.lines(j), (j) => mm.sections(j));
  assert.deepEqual(mview(4), view(3), 'a machine entry adds nothing to the module view');
  assert.equal(view(4).base, 0);
  // The runs say where each line comes from (the "lines" format): blame and the page read them.
  assert.deepEqual(P.applyLines(view(4).runs, (j) => model.lines(j)), VIEW4);
  assert.deepEqual(view(4).runs, [[0, 0, 2], [6, 0, 4], [0, 6, 7], [4, 0, 4], '', [6, 5, 8], [0, 10, 12]]);
  // The module pass's "before" is that view (the C++ side's twin): the contract check finds it.
  assert.equal(checkModuleViews(data, model), 1);
  assert.deepEqual(view(5).lines, M5, 'a module pass is the new base');
  assert.deepEqual(view(6).lines, M5.map((l) => (l === '  ret i32 2' ? '  ret i32 9' : l)), 'a piece after the new base');
  assert.equal(view(6).base, 5);
  // A wrong "before" is caught.
  const wrong = unitPayload();
  wrong.snapshots[9].lines = [[0, 0, 12]];
  wrong.snapshots[9].n = 12;
  assert.throws(() => checkModuleViews(wrong, new T.model.Model(wrong)), /module view/);
  // No base: the pieces in key order (byte order: a code point past U+FFFF after U+FFFD), an empty line
  // between two; a crashed pass is no base.
  const z = ['define @z() {', '}'], a = ['; Function Attrs: x', 'define @a() {', '}'];
  const astral = ['define @"\u{1F600}"() {', '}'], bmp = ['define @"\ufffd"() {', '}'];
  const noBase = {
    schema: 4, snapshots: [
      { text: z, n: 2, sections: [['z', 0, 2]] }, { text: a, n: 3, sections: [['a', 1, 3]] },
      { text: [...astral, '', ...bmp], n: 5, sections: [['\u{1F600}', 0, 2], ['\ufffd', 3, 5]] },
    ],
    entries: [
      { kind: 'pass', num: 1, name: 'P', before: 0, after: 0, unit: 'function', unit_keys: ['z'] },
      { kind: 'pass', num: 2, name: 'Q', before: 1, after: 1, unit: 'function', unit_keys: ['a'] },
      { kind: 'pass', num: 3, name: 'Crash', before: 1, after: 1, crashed: true, status: 'failed' },
      { kind: 'pass', num: 4, name: 'R', before: 2, after: 2, unit: 'scc', unit_keys: ['\u{1F600}', '\ufffd'] },
    ],
  };
  assert.equal(P.moduleBase(noBase.entries, 3), -1);
  assert.deepEqual(P.moduleView(noBase, 1).lines, [...a, '', ...z]);
  assert.deepEqual(P.moduleView(noBase, 1).sections, [['a', 1, 3], ['z', 4, 6]]);
  assert.deepEqual(P.moduleView(noBase, 3).lines, [...a, '', ...z, '', ...bmp, '', ...astral]);
  assert.ok(P.byteOrder('\ufffd', '\u{1F600}') < 0 && P.byteOrder('a', 'ab') < 0 && P.byteOrder('b', 'a') > 0);
  // A base with no section: new functions go at its end.
  const bare = { schema: 4, snapshots: [{ text: ['; x'], n: 1, sections: [] }, { text: z, n: 2, sections: [['z', 0, 2]] }],
    entries: [{ kind: 'frontend', after: 0 }, { kind: 'pass', before: 1, after: 1, unit: 'function', unit_keys: ['z'] }] };
  assert.deepEqual(P.moduleView(bare, 1).lines, ['; x', '', ...z]);
  // A loop entry with a "function_after" (its function, the loop's blocks spliced in): that snapshot's
  // sections are its pieces, as a function entry's "after".
  const looped = unitPayload();
  looped.entries[4].function_after = 11;
  const lm = new T.model.Model(looped);
  const lview = P.moduleView(looped, 4, (j) => lm.lines(j), (j) => lm.sections(j));
  const g = lview.sections.find((x) => x[0] === 'g');
  assert.deepEqual(lview.lines.slice(g[1] - 1, g[2]), lm.lines(11), 'the loop entry\'s function_after is g\'s piece');
  assert.deepEqual(lview.sections, view(3).sections);
  assert.deepEqual(lview.lines.filter((l, k) => k < g[1] - 1 || k >= g[2]), view(3).lines.filter((l, k) => k < g[1] - 1 || k >= g[2]));
  // The codec's source runs alone (the find worker embeds it): the module view too.
  const alone = vm.runInNewContext('(' + P.source.toString() + ')()', {});
  assert.equal(JSON.stringify(alone.moduleView(data, 4).lines), JSON.stringify(VIEW4));
});

// A real function-scope LLVM log (opt -O2 -print-after-all of a small C file): the viewer reads its report,
// and once ir-trace writes schema 4, every module pass after unit entries has the module view as its "before".
const opt19 = fs.existsSync('/usr/bin/opt-19') && fs.existsSync('/usr/bin/clang-19');
test('a function-scope LLVM log: the module view equals each module pass\'s "before"', { skip: skipBin || (!opt19 && 'clang-19 / opt-19 not installed') }, (t) => {
  const dir = path.join(tmpDir(), 'llvm-fs');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'p.c'), 'static int sq(int x) { return x * x; }\n' +
    'int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += sq(a[i]); return s; }\n' +
    'int twice(int *a, int n) { return sum(a, n) + sum(a, n); }\n');
  execFileSync('clang-19', ['-O0', '-Xclang', '-disable-O0-optnone', '-emit-llvm', '-S', 'p.c', '-o', 'p.ll'], { cwd: dir, stdio: 'ignore' });
  execFileSync('sh', ['-c', 'opt-19 -O2 -print-after-all p.ll -o /dev/null 2>fs.log'], { cwd: dir, stdio: 'ignore' });
  const data = dataBlock(convert(path.join(dir, 'fs.log'), 'llvm-fs', ['--no-compress']));
  // Schema 5: the notes are indices into one table of distinct rows, resolved by the codec's check.
  // (copied: the check resolves each entry's array in place)
  const table = data.log_note_table, refs = data.entries.map((e) => e.log_notes && [...e.log_notes]);
  assert.ok(Array.isArray(table) && table.length > 0, 'the log\'s passes carry notes, stored in the table');
  assert.equal(new Set(table.map((n) => JSON.stringify(n))).size, table.length, 'each note is one row');
  assert.ok(refs.flat().filter((i) => i !== undefined).length > table.length, 'entries share rows');
  assert.deepEqual(P.check(data), { data }, 'the viewer accepts the payload');
  data.entries.forEach((e, i) => {
    if (refs[i] === undefined) return assert.equal(e.log_notes, undefined);
    assert.ok(refs[i].every((r) => Number.isInteger(r) && r >= 0 && r < table.length), `entry ${i}: rows of the table`);
    assert.deepEqual(e.log_notes, refs[i].map((r) => table[r]), `entry ${i}: its notes are the rows it names`);
    for (const n of e.log_notes) assert.deepEqual(Object.keys(n), ['kind', 'text', 'functions', 'from']);
  });
  const model = new T.model.Model(data);
  const units = data.entries.filter((e) => P.unitOf(e) !== null).length;
  const views = checkModuleViews(data, model);
  if (units) assert.ok(views > 0, 'a module pass follows unit entries');
  // A loop pass's function after it (its blocks spliced in) is the module view's and the next function
  // pass's before side alike.
  const fns = checkFunctionBefores(data, model);
  assert.ok(fns.checked > 10 && fns.spliced > 0, `function passes' befores compared: ${JSON.stringify(fns)}`);
  checkDiffs(data, model);
  t.diagnostic(`schema ${data.schema}: ${data.entries.length} entries, ${units} unit entries, ${views} module views compared, function befores ${JSON.stringify(fns)}`);
});
