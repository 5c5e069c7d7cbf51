// Issue 20: blame in a function-scope LLVM report (opt -print-after-all: each pass prints only its function,
// SCC or loop). Every line has its pass, and it is the pass the module-scope log (the oracle's truth, the
// same run printed with -print-module-scope) gives, never a default such as the frontend; the size chart
// follows a function through unit entries. Checked on the LLVM oracle's testdata/oracle/c/loops.c and on a
// small interpreter written here (a switch in a loop: EarlyCSE splits blocks of a function whose dump holds
// many empty lines), compiled here (skipped with a message when clang-19, opt-19 or the binary is missing).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';

const has = (tool) => { try { execFileSync(tool, ['--version'], { stdio: 'ignore' }); return true; } catch { return false; } };
const skip = !fs.existsSync(IRTRACE_BIN) ? 'no ir-trace binary' : !has('clang-19') || !has('opt-19') ? 'no clang-19 / opt-19' : false;

// A small interpreter: a switch in a loop over a static program, globals.
const INTERP_C = `enum { PUSH, ADD, SUB, MUL, JZ, JMP, DUP, HALT };
static int stack[64];
static int sp;
int steps;
static const int prog_default[] = { PUSH, 5, DUP, JZ, 12, PUSH, -1, ADD, DUP, JMP, 3, HALT, HALT };
static int pop(void) { return stack[--sp]; }
static void push(int v) { stack[sp++] = v; }
int run(const int *code, int n) {
  int pc = 0;
  sp = 0;
  while (pc < n) {
    steps++;
    switch (code[pc++]) {
    case PUSH: push(code[pc++]); break;
    case ADD: { int b = pop(), a = pop(); push(a + b); break; }
    case SUB: { int b = pop(), a = pop(); push(a - b); break; }
    case MUL: { int b = pop(), a = pop(); push(a * b); break; }
    case JZ: { int t = code[pc++]; if (pop() == 0) pc = t; break; }
    case JMP: pc = code[pc]; break;
    case DUP: { int a = pop(); push(a); push(a); break; }
    case HALT: return sp ? stack[sp - 1] : 0;
    default: return -1;
    }
  }
  return -2;
}
int run_default(void) { return run(prog_default, sizeof prog_default / sizeof prog_default[0]); }
`;

let browser, fnReport, truthReport;
// program name -> [function-scope report, module-scope report] of one opt -O2 run.
const reports = {};
before(async () => {
  if (skip) return;
  const dir = path.join(tmpDir(), 'blame_units');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'interp.c'), INTERP_C);
  const convert = (logFile) => {
    const html = logFile.replace(/\.log$/, '.html');
    execFileSync(IRTRACE_BIN, [logFile, '-o', html, '-q']);
    return html;
  };
  for (const [name, src] of [['loops', path.join(ROOT, 'testdata/oracle/c/loops.c')], ['interp', path.join(dir, 'interp.c')]]) {
    const ll = path.join(dir, name + '.ll');
    execFileSync('clang-19', ['-O2', '-Xclang', '-disable-llvm-passes', '-S', '-emit-llvm', src, '-o', ll]);
    // opt writes its dumps to standard error.
    const run = (kind, extra) => {
      const out = path.join(dir, name + '_' + kind + '.log');
      try { execFileSync('sh', ['-c', 'opt-19 -O2 -disable-output "$0" -print-after-all ' + extra.join(' ') + ' 2> "$1"', ll, out]); } catch (e) { throw new Error('opt-19 failed: ' + e.message); }
      return out;
    };
    reports[name] = [convert(run('function', [])), convert(run('truth', ['-print-module-scope']))];
  }
  [fnReport, truthReport] = reports.loops;
  browser = await launch();
});
after(async () => { if (browser) await browser.close(); });

// Per pass number: {unit, name, fns: {key: [[text, blamed pass number or -1 unknown, -2 a loop header]]},
// noted: the functions its not_in_log notes name, loop: the loop dump's lines with their blame and the loop's
// function}.
async function blameTable(page) {
  return page.evaluate(() => {
    const T = window.IrTrace, m = T.instance.model, bl = new T.blame.Blame(m), P = T.payload;
    const num = (x) => (x < 0 ? x : m.entries[x].num);
    const res = {};
    m.entries.forEach((e) => {
      if (e.kind !== P.KIND.PASS || !Number.isInteger(e.after)) return;
      const prov = bl.of(e.after), lines = m.lines(e.after), fns = {};
      for (const [key, s0, s1] of m.sections(e.after)) {
        fns[key] = [];
        for (let j = s0; j < s1; j++) fns[key].push([lines[j], num(prov.entry[j])]);
      }
      const loop = P.loopOf(e);
      const noted = (e.log_notes || []).flatMap((n) => (n.kind === 'not_in_log' ? n.functions : []));
      res[e.num] = { unit: P.unitOf(e) || 'module', name: e.name, fns, noted, loop: loop && { fn: loop.fn, lines: lines.map((t, j) => [t, num(prov.entry[j])]) } };
    });
    return res;
  });
}

for (const program of ['loops', 'interp'])
test(`every line of a function-scope report has its pass, the one the module-scope log gives (${program})`, { skip }, async () => {
  const f = await open(browser, reports[program][0]);
  const t = await open(browser, reports[program][1]);
  const F = await blameTable(f.page), Tr = await blameTable(t.page);
  const norm = (x) => x.replace(/([!#])[0-9]+/g, '$1');
  // The truth's pass only renumbered the line's metadata or attribute groups (the module printer numbers
  // them module-wide, a function's dump by itself, so a function-scope log renumbers them where it
  // switches between the two): a printer's artefact, no pass's change in either log.
  const renumbered = (tn, key, text) => {
    if (/[!#][0-9]/.test(text)) return true;
    const prev = Tr[tn - 1] && Tr[tn - 1].fns[key];
    return !!prev && prev.some(([x]) => norm(x) === norm(text)) && !prev.some(([x]) => x === text);
  };
  const notedBetween = (x, y, key) => {
    for (let k = Math.min(x, y); k <= Math.max(x, y); k++) if (F[k] && F[k].noted.includes(key)) return true;
    return false;
  };
  const st = { lines: 0, unknown: 0, agree: 0, renumbered: 0, loopHidden: 0, noted: 0, differ: 0, frontend: 0, otherText: 0, loopLines: 0, loopUnknown: 0, headers: 0 };
  const units = new Set();
  for (const [n, fe] of Object.entries(F)) {
    units.add(fe.unit);
    const te = Tr[n];
    assert.ok(te && te.name === fe.name, `pass ${n} is ${fe.name} in both logs`);
    if (fe.loop) {
      for (const [text, b] of fe.loop.lines) {
        st.loopLines++;
        if (b === -2) { st.headers++; assert.match(text, /^(; (Preheader:|Loop:|Exit blocks)|)$/, `pass ${n}: only the printer's header lines are no pass's`); }
        if (b === -1) st.loopUnknown++;
      }
      continue;
    }
    for (const [key, lines] of Object.entries(fe.fns)) {
      const truth = te.fns[key];
      lines.forEach(([text, b], j) => {
        st.lines++;
        if (b < 0) { st.unknown++; return; }
        // (An SCC's dump may order or print its functions otherwise than the module: not compared.)
        if (!truth || !truth[j] || truth[j][0] !== text) { st.otherText++; return; }
        const tb = truth[j][1];
        if (tb === b) st.agree++;
        else if (renumbered(tb, key, text)) st.renumbered++;
        // A loop pass's change outside its loop's blocks: the function-scope log shows it first in the
        // function's next dump (the pass's note says so), so that pass is blamed.
        else if (F[tb] && F[tb].unit === 'loop') st.loopHidden++;
        // Between the two passes the log says it cannot show this function (a loop pass's blocks spliced
        // in where LoopRotate renumbered them, for one): which of them made the line it cannot tell.
        else if (notedBetween(tb, b, key)) st.noted++;
        else { st.differ++; if (b === 0) st.frontend++; }
      });
    }
  }
  assert.deepEqual([...units].sort(), ['function', 'loop', 'module', 'scc']);
  assert.equal(st.unknown, 0, 'no function, SCC or module line without its pass');
  assert.equal(st.loopUnknown, 0, 'no loop dump line without its pass');
  assert.equal(st.frontend, 0, 'no line left on the frontend that a pass introduced');
  assert.ok(st.lines > 10000 && st.loopLines > 1000 && st.otherText < st.lines / 100, JSON.stringify(st));
  // Every other line is blamed on the truth's pass (an empty line too: it opens the block after it).
  assert.equal(st.differ, 0, 'every line blamed as the truth blames it: ' + JSON.stringify(st));
  console.log(`blame against the truth (${program}): ` + JSON.stringify(st));
  noErrors(f.errors);
  noErrors(t.errors);
});

test('blame cells on a loop pass and the next function pass: a pass number on every IR line, the header marked', { skip }, async () => {
  const { page, errors } = await open(browser, fnReport);
  const first = await page.evaluate(() => window.IrTrace.instance.model.entries.findIndex((e) => e.name === 'LoopRotatePass' && e.status === 'changed'));
  await page.goto(page.url().replace(/#.*/, '') + '#pass=' + first);
  await page.waitForSelector(`[role="option"][aria-selected="true"][data-entry="${first}"]`);
  await page.getByRole('button', { name: 'Blame', exact: true }).click();
  await page.waitForSelector('.code-rows .bl');
  const cells = await page.evaluate(() => [...document.querySelectorAll('.code-rows .row[data-after]')].map((r) => {
    const c = r.querySelector('.bl');
    return [r.getAttribute('data-after'), c ? c.textContent : null, c ? c.title : ''];
  }));
  assert.ok(cells.length > 5);
  for (const [, text, title] of cells) {
    assert.ok(text !== null && text !== '', 'every after row has a filled blame cell');
    assert.ok(title.length > 0, 'with a tooltip');
  }
  assert.ok(cells.some(([, text, title]) => text === '\u00b7' && /Not IR/.test(title)), 'a loop header row is marked as the printer\u2019s');
  noErrors(errors);
});

test('the size chart follows a function through unit entries, as the module-scope log measures it', { skip }, async () => {
  const sizes = async (file) => {
    const { page, errors } = await open(browser, file);
    const out = await page.evaluate(() => {
      const T = window.IrTrace, app = T.instance, chart = app.sidebar.chart;
      chart.setFunction('saxpy');
      const s = chart.sizes();
      return chart.ir.map((i, k) => [app.model.entries[i].num, T.payload.unitOf(app.model.entries[i]), s[k]]);
    });
    noErrors(errors);
    return out;
  };
  const f = await sizes(fnReport), t = await sizes(truthReport);
  assert.equal(f.length, t.length);
  let points = 0;
  f.forEach(([num, unit, size], k) => {
    if (size !== null) points++;
    // A loop pass prints only its blocks: the function's size there is its last one measured.
    if (unit !== 'loop') assert.equal(size, t[k][2], `saxpy's size after pass ${num}`);
  });
  // The log holds no IR before its first pass: the report's first entry is empty, without saxpy.
  assert.equal(f[0][2], null, 'no point on the empty first entry');
  assert.equal(points, f.length - 1, 'a point for every pass');
});
