// Issue 20's scale targets for the viewer, measured in headless Chromium and printed with PASS / FAIL:
//
//   node tests/bench/browser_bench.mjs --targets [--quick]
//
// Reports: the fixtures (../shared/fixtures: llvm/crc, mlir/softmax, the four PyPTO dumps), a report of
// 150,000 passes (tests/bench/gen_passes.mjs) and the report of the benchmark's ~500 MB function-scope
// LLVM log (tests/bench/llvm_log_bench.sh --log-only makes it, or reuses it from BENCH_DIR, in a few minutes
// the first time). Each report: its first diff (median of 10 page loads), a `j` step (median of 10), a
// keystroke of "SLP" in "Filter passes" (median), the element count and JSHeapUsedSize after a forced GC
// 2 s after the first diff; the load average beside each; the large reports' pages at rest saved to
// build/screenshots/ (a diff on screen, a virtual pass list). Targets: the fixtures' first diff <= 250 ms and
// `j` <= 50 ms; the two large reports' first diff <= 1 s and <= 4x llvm/crc's in the same run, `j` <= 50 ms,
// a filter keystroke <= 100 ms, <= 10,000 elements, a heap <= 200 MB; the 1-minute load average below 1
// when each report's measurement starts (the figures of a busy machine say little): after converting a
// report it waits, at most SETTLE_S seconds, for the load average to fall below 1, and prints the load at
// the start and at the end of each measurement (the end counts the benchmark's own Chromium).
// --quick: 2 loads per report, 15,000 generated passes and the ~50 MB log (llvm_log_bench.sh --quick), to
// check that it runs end to end; its PASS / FAIL lines are against the same targets.
// Environment: IRTRACE_BIN (default build/ir-trace), IRTRACE_FIXTURES (default ../shared/fixtures),
// BENCH_DIR (the log's cache, llvm_log_bench.sh's), BENCH_LOADS (page loads per report).
// Exit status 0 when every target is met, 1 when one is not, 2 when it cannot run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { launchBrowser, measureReport } from './browser_bench.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const log = (s) => process.stderr.write(s + '\n');
const load1 = () => Math.round(os.loadavg()[0] * 100) / 100;
const SETTLE_S = 150;

// Waits until the 1-minute load average is below 1, or SETTLE_S seconds; returns the load then.
async function settle() {
  const until = Date.now() + SETTLE_S * 1000;
  while (load1() >= 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 2000));
  return load1();
}

// name, where the report comes from, and which targets apply ('fixture' or 'scale').
function cases(quick, tmp) {
  const fix = process.env.IRTRACE_FIXTURES || path.join(root, '..', 'shared', 'fixtures');
  const dump = (rel) => ({ input: () => path.join(fix, rel, 'passes_dump') });
  const passes = quick ? 15000 : 150000;
  return [
    { name: 'llvm/crc (236 passes)', kind: 'fixture', ref: true, ...dump('llvm/crc') },
    { name: 'mlir/softmax', kind: 'fixture', ...dump('mlir/softmax') },
    { name: 'pypto/qwen3_32b_training', kind: 'fixture', ...dump('pypto/qwen3_32b_training') },
    { name: 'pypto/batch_hash_lookup', kind: 'fixture', ...dump('pypto/batch_hash_lookup') },
    { name: 'pypto/pa4_build', kind: 'fixture', ...dump('pypto/pa4_build') },
    { name: 'pypto/pa4_build_previous', kind: 'fixture', ...dump('pypto/pa4_build_previous') },
    {
      name: `generated, ${passes.toLocaleString('en')} passes`, kind: 'scale',
      input: () => {
        const file = path.join(tmp, 'many.log');
        fs.writeFileSync(file, execFileSync(process.execPath, [path.join(here, 'gen_passes.mjs'), String(passes)], { maxBuffer: 1 << 30 }));
        return file;
      },
    },
    {
      name: quick ? 'LLVM log, ~50 MB (--quick)' : 'LLVM log, ~500 MB', kind: 'scale',
      input: () => {
        log('== the log: tests/bench/llvm_log_bench.sh --log-only' + (quick ? ' --quick' : '') + ' (minutes the first time)');
        const out = execFileSync(path.join(here, 'llvm_log_bench.sh'), ['--log-only', ...(quick ? ['--quick'] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
        return out.toString().trim().split('\n').pop();
      },
    },
  ];
}

const ms = (x) => (x === null || x === undefined ? 'n/a' : String(Math.round(x)));

// [what, value, bound, ok] for each target of case c (ref: llvm/crc's figures of this run).
function checks(c, r, ref) {
  const le = (what, v, bound, unit) => [what, v === null || v === undefined ? 'n/a' : ms(v) + unit, bound + unit, v !== null && v !== undefined && v <= bound];
  if (c.kind === 'fixture') return [le('first diff', r.first_paint_ms, 250, ' ms'), le('j step', r.j_step_ms, 50, ' ms')];
  const out = [le('first diff', r.first_paint_ms, 1000, ' ms')];
  const rel = ref && ref.first_paint_ms ? r.first_paint_ms / ref.first_paint_ms : null;
  out.push(['first diff / crc\'s', rel === null ? 'n/a' : rel.toFixed(1) + 'x', '4x', rel !== null && rel <= 4]);
  out.push(le('j step', r.j_step_ms, 50, ' ms'), le('filter keystroke', r.filter_ms, 100, ' ms'));
  out.push(le('elements', r.elements, 10000, ''), le('JS heap', r.heap_mb, 200, ' MB'));
  // What its screenshot must show: a diff, and a pass list of the rows near its view only.
  const s = r.shown || {};
  out.push(['screenshot: diff rows, pass options in the page', `${s.rows ?? 'n/a'}, ${s.options ?? 'n/a'}`, '> 0, < 200', s.rows > 0 && s.options > 0 && s.options < 200]);
  return out;
}

export async function targets(args) {
  const quick = args.includes('--quick');
  const unknown = args.filter((a) => a !== '--quick');
  if (unknown.length) { log(`browser_bench --targets: unknown argument ${unknown[0]} (--quick)`); return 2; }
  const bin = process.env.IRTRACE_BIN || path.join(root, 'build', 'ir-trace');
  if (!fs.existsSync(bin)) { log(`browser_bench --targets: no ir-trace at ${bin} (build it, or set IRTRACE_BIN)`); return 2; }
  const loads = Number(process.env.BENCH_LOADS || (quick ? 2 : 10));
  const { browser, error } = await launchBrowser();
  if (!browser) { log('browser_bench --targets: ' + error); return 2; }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ir-trace-viewer-targets-'));
  const shots = path.join(root, 'build', 'screenshots');
  fs.mkdirSync(shots, { recursive: true });
  const rows = [], verdicts = [];
  let ref = null, maxLoad = 0;
  try {
    for (const c of cases(quick, tmp)) {
      const input = c.input();
      if (!fs.existsSync(input)) { verdicts.push([c.name, 'report', 'missing input ' + input, '', false]); continue; }
      const html = path.join(tmp, 'report.html');
      const t0 = Date.now();
      execFileSync(bin, [input, '-o', html, '-q'], { stdio: ['ignore', 'ignore', 'inherit'] });
      log(`== ${c.name}: converted in ${((Date.now() - t0) / 1000).toFixed(1)} s, measuring (${loads} loads)`);
      const shot = c.kind === 'scale' ? path.join(shots, c.name.replace(/[^a-z0-9]+/gi, '_') + '.png') : null;
      const start = quick ? load1() : await settle();
      const r = await measureReport(browser, html, loads, 'SLP', shot);
      r.load1 = `${start} / ${load1()}`;
      maxLoad = Math.max(maxLoad, start);
      if (c.ref) ref = r;
      rows.push([c.name, ms(r.first_paint_ms), ms(r.j_step_ms), ms(r.filter_ms), ms(r.filter_shown_ms), r.elements ?? 'n/a', r.heap_mb ?? 'n/a', r.load1, r.error || '']);
      for (const k of checks(c, r, ref)) verdicts.push([c.name, ...k]);
      fs.rmSync(html, { force: true });
    }
  } finally {
    await browser.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`viewer scale targets (issue 20): ${loads} loads per report, 1400 x 900, ${new Date().toISOString()}`);
  console.log('| report | first diff ms | j ms | filter keystroke ms | query to best match shown ms | elements | JS heap MB | load average (1 min) at start / end | error |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log('| ' + r.join(' | ') + ' |');
  verdicts.push(['machine', 'load average (1 min) below 1 at each start', String(maxLoad), '1', maxLoad < 1]);
  let failed = 0;
  for (const [name, what, value, bound, ok] of verdicts) {
    if (!ok) failed++;
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${what} ${value} (target ${bound})`);
  }
  console.log(failed ? `${failed} target(s) not met` : 'every target met');
  return failed ? 1 : 0;
}
