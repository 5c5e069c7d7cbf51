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
    const counted = p.passes + (p.passes === 1 ? ' pass' : ' passes');
    assert.ok(status.startsWith(`In progress: the passes recorded so far (${counted})`), label + ': ' + status);
    assert.match(status, /the compilation ended before its session finished: the passes recorded/);
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
