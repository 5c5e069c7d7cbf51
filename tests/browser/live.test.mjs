// The live report (issue 21): <dir>/<name>/report.html follows the newest run from its first capture on.
// A real compiler process (tests/live/compiler.cpp) is killed with SIGKILL at 20 points placed by its
// test-only hook (between passes, inside a pass) and by an LD_PRELOAD write shim (inside a report append,
// half its bytes written: tests/live/kill_shim.cpp), never by timing; each time the name's report opens in
// Chromium showing exactly the passes whose chunks are whole, marked in progress. A finished session's
// report is byte-equal to `ir-trace RUN_DIR`'s; 8 processes of one name each leave a complete report and
// the link at the newest. Skipped when the compiler or the shim is missing (tests/CMakeLists.txt sets
// IRTRACE_LIVE_COMPILER and IRTRACE_LIVE_SHIM).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, visibleEntries, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';

const COMPILER = process.env.IRTRACE_LIVE_COMPILER || path.join(ROOT, 'build', 'irtrace-live-compiler');
const SHIM = process.env.IRTRACE_LIVE_SHIM || path.join(ROOT, 'build', 'irtrace-live-kill-shim.so');
const skip = fs.existsSync(COMPILER) && fs.existsSync(SHIM) ? false : `live compiler or shim not found (${COMPILER}, ${SHIM})`;
const PASSES = 6;
const STAMP = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC';  // the time of the last pass recorded, as the page shows it

let browser;
before(async () => { if (!skip) browser = await launch(); });
after(async () => { if (browser) await browser.close(); });

function traceEnv(dir, extra = {}) {
  return { ...process.env, IR_TRACE: '1', IR_TRACE_DIR: path.join(dir, 'trace'), IR_TRACE_KEEP: '0', ...extra };
}

// The 20 kill points and what the page must show then: the passes recorded (whole chunks) and the pass
// running, if any. The compiler appends two chunks a pass (running, then the pass), after the page.
const POINTS = [];
for (let k = 0; k < PASSES; k++) POINTS.push({ env: { LIVE_KILL: 'between:' + k }, passes: k, running: null });
for (let k = 1; k <= PASSES; k++) POINTS.push({ env: { LIVE_KILL: 'inside:' + k }, passes: k - 1, running: k });
for (let n = 1; n <= 8; n++) {
  POINTS.push({ env: { LIVE_KILL_APPEND: String(n), LD_PRELOAD: SHIM }, torn: true,
    passes: n % 2 ? (n - 1) / 2 : n / 2 - 1, running: n % 2 ? null : n / 2 });
}

test('killed at 20 points, the name\'s report shows exactly the passes recorded, in progress', { skip }, async () => {
  assert.equal(POINTS.length, 20);
  for (const p of POINTS) {
    const label = JSON.stringify(p.env);
    const dir = fs.mkdtempSync(path.join(tmpDir(), 'live-'));
    const res = spawnSync(COMPILER, [String(PASSES)], { cwd: dir, env: traceEnv(dir, p.env), encoding: 'utf8' });
    assert.equal(res.signal, 'SIGKILL', label + ': killed');
    const link = path.join(dir, 'trace', 'tile', 'report.html');
    assert.equal(res.stderr, `irtrace: tile: report ${link} (live)\n`, label);
    assert.ok(fs.lstatSync(link).isSymbolicLink(), label);
    const text = fs.readFileSync(link, 'utf8');
    assert.match(text, /id="ir-trace-data">ir-trace-chunks 1\n/, label);
    if (p.torn) assert.ok(!text.endsWith('\n'), label + ': the last chunk is torn');
    // The viewer selects the first pass; a report of the frontend alone lists no pass and shows the frontend.
    const { page, errors, context } = await open(browser, link, { ready: false });
    if (p.passes) {
      await page.waitForSelector('[role="option"][aria-selected="true"]', { state: 'attached' });
      assert.deepEqual(await visibleEntries(page), [...Array(p.passes + 1).keys()], label);
    } else {
      await page.waitForFunction(() => document.body.innerText.includes('0. frontend'));
      assert.deepEqual(await visibleEntries(page), [], label);
    }
    const names = (await page.getByRole('option').allTextContents()).join('|');
    for (let k = 1; k <= PASSES; k++) assert.equal(names.includes('Pass' + k), k <= p.passes, label + ' Pass' + k);
    const status = await page.locator('#ir-trace-live').textContent();
    // A page cannot tell a compiler killed with SIGKILL from one still running: it says both, honestly.
    const counted = p.passes + (p.passes === 1 ? ' pass' : ' passes');
    assert.match(status, new RegExp(`^In progress, or ended without a word \\(killed\\): the passes recorded so far \\(${counted}, the last recorded at ${STAMP}\\)`), label + ': ' + status);
    assert.match(status, /runs\.txt and ir-trace DIR\/NAME say whether the compilation still runs or crashed/);
    assert.equal(status.includes('is running'), p.running !== null, label + ': ' + status);
    if (p.running) assert.ok(status.includes(`pass ${p.running}. Pass${p.running} is running`), label + ': ' + status);
    noErrors(errors);
    await context.close();
  }
});

function runDirs(dir) {
  return fs.readdirSync(path.join(dir, 'trace', 'tile', '.runs')).filter((r) => r.startsWith('run_')).sort()
    .map((r) => path.join(dir, 'trace', 'tile', '.runs', r));
}

// Asserts that `run`'s report is the finished one, byte for byte what `ir-trace RUN_DIR` writes.
function assertFinal(run, out) {
  execFileSync(IRTRACE_BIN, [run, '-o', out], { stdio: 'ignore' });
  assert.ok(fs.readFileSync(path.join(run, 'report.html')).equals(fs.readFileSync(out)), run + ': cmp');
}

test('a finished session\'s report replaces the live one: byte-equal to ir-trace RUN_DIR', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(tmpDir(), 'live-'));
  const res = spawnSync(COMPILER, [String(PASSES)], { cwd: dir, env: traceEnv(dir), encoding: 'utf8' });
  assert.equal(res.status, 0, res.stderr);
  const link = path.join(dir, 'trace', 'tile', 'report.html');
  assert.equal(res.stdout.trim(), link);
  const [run] = runDirs(dir);
  assertFinal(run, path.join(dir, 'again.html'));
  assert.ok(!fs.readFileSync(link, 'utf8').includes('id="ir-trace-data">ir-trace-chunks'));
  const { page, errors } = await open(browser, link);
  assert.deepEqual(await visibleEntries(page), [...Array(PASSES + 1).keys()]);
  assert.equal(await page.locator('#ir-trace-live').count(), 0);
  noErrors(errors);
});

test('8 concurrent processes of one name: each report complete, the link at the newest run', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(tmpDir(), 'live-'));
  const exits = await Promise.all([...Array(8).keys()].map(() => new Promise((resolve) => {
    const child = spawn(COMPILER, [String(PASSES)], { cwd: dir, env: traceEnv(dir), stdio: 'ignore' });
    child.on('exit', (code, signal) => resolve({ code, signal }));
  })));
  assert.deepEqual(exits, Array(8).fill({ code: 0, signal: null }));
  const runs = runDirs(dir);
  assert.equal(runs.length, 8);
  runs.forEach((run, i) => assertFinal(run, path.join(dir, `again${i}.html`)));
  const link = path.join(dir, 'trace', 'tile', 'report.html');
  assert.equal(fs.readlinkSync(link), path.join('.runs', path.basename(runs[7]), 'report.html'));
  const list = fs.readFileSync(path.join(dir, 'trace', 'tile', 'runs.txt'), 'utf8').trim().split('\n');
  assert.deepEqual(list.map((l) => l.split('\t').slice(1, 3).join(' ')), Array(8).fill(`complete ${PASSES}`));
  const { page, errors } = await open(browser, link);
  assert.deepEqual(await visibleEntries(page), [...Array(PASSES + 1).keys()]);
  noErrors(errors);
});

// Opens `link` and returns the status line, after checking that exactly `passes` passes are listed.
async function statusOf(link, passes, label) {
  const { page, errors, context } = await open(browser, link, { ready: false });
  if (passes) {
    await page.waitForSelector('[role="option"][aria-selected="true"]', { state: 'attached' });
    assert.deepEqual(await visibleEntries(page), [...Array(passes + 1).keys()], label);
  } else {
    await page.waitForFunction(() => document.body.innerText.includes('0. frontend'));
  }
  const names = (await page.getByRole('option').allTextContents()).join('|');
  for (let k = 1; k <= PASSES; k++) assert.equal(names.includes('Pass' + k), k <= passes, label + ' Pass' + k);
  const status = await page.locator('#ir-trace-live').textContent();
  noErrors(errors);
  await context.close();
  return status;
}

// Crashes the process sees itself, placed by the compiler's fault hook: a real null-pointer write inside a
// pass, abort(), SIGTERM, an exception through noexcept, exit() with the session open. Each leaves the
// end chunk, and the page says how the compilation ended, with exactly the passes recorded.
const CRASHES = [
  { kill: 'inside:3:segv', signal: 'SIGSEGV', cause: 'signal 11, SIGSEGV', passes: 2, running: 3 },
  { kill: 'inside:4:abort', signal: 'SIGABRT', cause: 'signal 6, SIGABRT', passes: 3, running: 4 },
  { kill: 'between:2:term', signal: 'SIGTERM', cause: 'signal 15, SIGTERM', passes: 2, running: null },
  { kill: 'between:1:int', signal: 'SIGINT', cause: 'signal 2, SIGINT', passes: 1, running: null },
  { kill: 'inside:2:terminate', signal: 'SIGABRT', cause: 'std::terminate', passes: 1, running: 2 },
  { kill: 'between:5:exit', status: 3, cause: "exit() before the session's end", passes: 5, running: null },
];

test('a crash the process sees: the page says the compilation ended, how, and the passes recorded', { skip }, async () => {
  for (const c of CRASHES) {
    const dir = fs.mkdtempSync(path.join(tmpDir(), 'live-'));
    const res = spawnSync(COMPILER, [String(PASSES)], { cwd: dir, env: traceEnv(dir, { LIVE_KILL: c.kill }), encoding: 'utf8' });
    // The process still dies as it would have without the library.
    if (c.signal) assert.equal(res.signal, c.signal, c.kill + ': ' + res.stderr);
    else assert.equal(res.status, c.status, c.kill);
    const link = path.join(dir, 'trace', 'tile', 'report.html');
    const status = await statusOf(link, c.passes, c.kill);
    const counted = c.passes + (c.passes === 1 ? ' pass' : ' passes');
    const inside = c.running ? `; it ended inside pass ${c.running}. Pass${c.running}` : '';
    assert.match(status, new RegExp(`^The compilation ended before its session finished \\(${c.cause.replace(/[()]/g, '\\$&')}\\): ` +
      `the passes recorded \\(${counted}, the last recorded at ${STAMP}\\)${inside}\\.$`), c.kill + ': ' + status);
    // One end chunk, the last line: a second crash signal (terminate's abort) wrote nothing more. Chunks:
    // the frontend's, two a pass recorded (running, then the pass), the running pass's, the end.
    const text = fs.readFileSync(link, 'utf8');
    assert.ok(text.endsWith('\n'), c.kill);
    const chunks = text.slice(text.indexOf('ir-trace-chunks 1\n') + 18).split('\n').filter(Boolean);
    assert.equal(chunks.length, 1 + 2 * c.passes + (c.running ? 1 : 0) + 1, c.kill + ': chunks');
    const list = fs.readFileSync(path.join(dir, 'trace', 'tile', 'runs.txt'), 'utf8');
    assert.match(list, /\tin progress\t0\t/, c.kill + ': runs.txt as the session left it');
  }
});

test('kill -9: the page says in progress or killed; the next session marks the run crashed and its page so', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(tmpDir(), 'live-'));
  const res = spawnSync(COMPILER, [String(PASSES)], { cwd: dir, env: traceEnv(dir, { LIVE_KILL: 'inside:3' }), encoding: 'utf8' });
  assert.equal(res.signal, 'SIGKILL');
  const [killed] = runDirs(dir);
  const own = path.join(killed, 'report.html');
  assert.match(await statusOf(own, 2, 'killed'), /^In progress, or ended without a word \(killed\)/);
  // A later session of the same name: the dead run (its lock free, no end) is crashed in runs.txt, and its
  // own report gets the end chunk; the link goes to the newer run, as always. Its passes are those its
  // files show: the crashed pass 3 (its log) included, as ir-trace lists it.
  const again = spawnSync(COMPILER, [String(PASSES)], { cwd: dir, env: traceEnv(dir), encoding: 'utf8' });
  assert.equal(again.status, 0, again.stderr);
  const runs = runDirs(dir);
  assert.equal(runs.length, 2);
  const list = fs.readFileSync(path.join(dir, 'trace', 'tile', 'runs.txt'), 'utf8').trim().split('\n');
  assert.deepEqual(list.map((l) => l.split('\t').slice(1).join(' ')),
    [`crashed 3 ${path.basename(runs[0])}`, `complete ${PASSES} ${path.basename(runs[1])}`]);
  const status = await statusOf(own, 2, 'found');
  assert.match(status, new RegExp(`^The compilation ended before its session finished \\(killed or stopped without a word: ` +
    `its process was gone when a later session of the same name started\\): the passes recorded \\(2 passes, the last recorded at ${STAMP}\\); it ended inside pass 3\\. Pass3\\.$`), status);
  const link = path.join(dir, 'trace', 'tile', 'report.html');
  assert.equal(fs.readlinkSync(link), path.join('.runs', path.basename(runs[1]), 'report.html'));
  // A third session finds nothing new: the end chunk is not appended twice.
  const before = fs.readFileSync(own);
  assert.equal(spawnSync(COMPILER, ['1'], { cwd: dir, env: traceEnv(dir) }).status, 0);
  assert.ok(fs.readFileSync(own).equals(before));
});

test('a compilation still running: the page says in progress, runs.txt in progress', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(tmpDir(), 'live-'));
  const child = spawn(COMPILER, [String(PASSES)], { cwd: dir, env: traceEnv(dir, { LIVE_KILL: 'inside:3:hang' }) });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal)));
  try {
    await new Promise((resolve) => child.stdout.on('data', (d) => { if (String(d).includes('hanging')) resolve(); }));
    const link = path.join(dir, 'trace', 'tile', 'report.html');
    const status = await statusOf(link, 2, 'running');
    assert.match(status, new RegExp(`^In progress, or ended without a word \\(killed\\): the passes recorded so far ` +
      `\\(2 passes, the last recorded at ${STAMP}\\); pass 3\\. Pass3 is running\\.`), status);
    assert.match(fs.readFileSync(path.join(dir, 'trace', 'tile', 'runs.txt'), 'utf8'), /\tin progress\t0\t/);
    const listed = execFileSync(IRTRACE_BIN, [path.join(dir, 'trace')], { encoding: 'utf8' });
    assert.match(listed, /tile {2}1 run, the newest in progress/);
  } finally {
    child.kill('SIGKILL');
  }
  assert.equal(await exited, 'SIGKILL');
  const listed = execFileSync(IRTRACE_BIN, [path.join(dir, 'trace')], { encoding: 'utf8' });
  assert.match(listed, /tile {2}1 run, the newest crashed/);
});

// The compiler's own signal behaviour is kept: a handler that recovers from the fault (the process goes on,
// its report is the complete one, no end chunk), one that puts the default back and returns as LLVM's does
// (the process dies of the signal, the page says so), SIGTERM ignored (ignored still).
test('the compiler\'s own signal handlers and ignored signals work as they did', { skip }, async () => {
  const cases = [
    { handler: 'recover', kill: 'inside:3:segv', status: 0 },
    { handler: 'ignore-term', kill: 'between:2:term', status: 0 },
    { handler: 'llvm', kill: 'inside:3:segv', signal: 'SIGSEGV', passes: 2 },
  ];
  for (const c of cases) {
    const dir = fs.mkdtempSync(path.join(tmpDir(), 'live-'));
    const env = traceEnv(dir, { LIVE_KILL: c.kill, LIVE_HANDLER: c.handler });
    const res = spawnSync(COMPILER, [String(PASSES)], { cwd: dir, env, encoding: 'utf8' });
    const link = path.join(dir, 'trace', 'tile', 'report.html');
    if (c.signal) {
      assert.equal(res.signal, c.signal, c.handler);
      assert.match(res.stderr, /compiler: crashed \(signal 11\)/, c.handler + ': its handler ran');
      const status = await statusOf(link, c.passes, c.handler);
      assert.match(status, /^The compilation ended before its session finished \(signal 11, SIGSEGV\)/, c.handler);
    } else {
      assert.equal(res.status, c.status, c.handler + ': ' + res.stderr);
      const [run] = runDirs(dir);
      assertFinal(run, path.join(dir, 'again.html'));
    }
  }
});
