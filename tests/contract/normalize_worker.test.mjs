// The normalisation worker's program (assets/js/57_normalize.js workerSource) on its own: the source the
// page puts in its Blob worker, run in a fresh node vm context that holds nothing of the page (only what a
// worker's global has: self, postMessage, setTimeout), fed one report's snapshots and entries as the page
// posts them, must run the job to its end and find what the page-side core finds. If the program stops
// loading (a function it embeds no longer self-contained, a name it reaches for that only the page has),
// the page would fall back to computing on the main thread and no browser test would see it: this does.
// Reports of the real binary (IRTRACE_BIN, default build/ir-trace).
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
const skip = fs.existsSync(BIN) ? false : `ir-trace binary not found at ${BIN} (build it, or set IRTRACE_BIN)`;

// The page's side, in this realm with a plain `window` (the modules touch the DOM only when called).
globalThis.window = globalThis.window || {};
for (const f of ['00_define.js', '10_util.js', '15_payload.js', '25_myers.js', '56_norm_keys.js', '57_normalize.js']) {
  vm.runInThisContext(fs.readFileSync(path.join(ROOT, 'assets', 'js', f), 'utf8'), { filename: f });
}
const T = window.IrTrace;

// MLIR: pass 1 only renumbers values; pass 2 changes an op.
const fn = (v, op) => ['module {', '  func.func @f(%arg0: i32) -> i32 {', `    %${v} = ${op} %arg0, %arg0 : i32`,
  `    return %${v} : i32`, '  }', '}', ''].join('\n');

function report() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ir-trace-worker-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const dump = path.join(dir, 'passes_dump');
  fs.mkdirSync(dump);
  fs.writeFileSync(path.join(dump, '00_frontend.mlir'), fn(0, 'arith.addi'));
  fs.writeFileSync(path.join(dump, '01_after_Renumber.mlir'), fn(7, 'arith.addi'));
  fs.writeFileSync(path.join(dump, '02_after_Change.mlir'), fn(7, 'arith.muli'));
  const out = path.join(dir, 'r.html');
  execFileSync(BIN, [dump, '-o', out, '-q', '--no-compress'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const m = /<script type="application\/json" id="ir-trace-data">([\s\S]*?)<\/script>/.exec(fs.readFileSync(out, 'utf8'));
  return JSON.parse(m[1]);
}

// Runs the worker's source in a fresh context; resolves with every 'results' message once one says done.
function runWorker(source, payload, mode, order) {
  return new Promise((resolve, reject) => {
    const messages = [];
    const timers = [];
    const g = {
      setTimeout: (f, ms) => { timers.push(setTimeout(f, ms)); return timers.length; },
      clearTimeout: () => {},
      postMessage(m) {
        // What the page gets is a structured clone: the context's objects must survive it.
        messages.push(structuredClone(m));
        if (m.type === 'results' && m.done) resolve(messages);
      },
    };
    g.self = g;
    const context = vm.createContext(g);
    try {
      vm.runInContext(source, context, { filename: 'normalize-worker.js' });
    } catch (e) {
      reject(e);
      return;
    }
    assert.equal(typeof g.onmessage, 'function', 'the worker program sets self.onmessage');
    const post = (data) => g.onmessage({ data: structuredClone(data) });
    post({ type: 'snaps', list: payload.snapshots });
    post({ type: 'start', entries: payload.entries, mode, order });
  });
}

test('the normalisation worker loads in a fresh context and runs one job to the page core\'s results', { skip }, async () => {
  const payload = report();
  const source = T.normalize.workerSource();
  assert.ok(source.length > 1000, 'the worker has a program');
  const mode = { ws: false, ssa: true };
  const order = payload.entries.map((e, i) => i);
  const messages = await runWorker(source, payload, mode, order);
  const fromWorker = new Map(messages.flatMap((m) => m.list));
  assert.equal(messages.at(-1).progress, 1);

  // The page's own core over the same snapshots (as 57_normalize.js's page side reads them).
  const P = T.payload;
  const snaps = payload.snapshots;
  const src = {
    lines: (i) => P.snapshotLines(snaps, i, src.lines),
    sections: (i) => P.snapshotSections(snaps, i, src.sections),
    snapshot: (i) => snaps[i],
  };
  const job = T.normalize.core.job(src, payload.entries, mode, order);
  while (!job.step()) { /* all of it */ }
  const onPage = new Map(job.take());
  assert.deepEqual([...fromWorker.keys()].sort(), [...onPage.keys()].sort());
  for (const [i, r] of onPage) assert.deepEqual(fromWorker.get(i), r, `entry ${i}`);

  const byName = (name) => fromWorker.get(payload.entries.findIndex((e) => e.name === name));
  assert.equal(byName('Renumber').ins + byName('Renumber').del, 0, 'renumbering is nothing under Ignore SSA numbering');
  assert.ok(byName('Change').ins + byName('Change').del > 0, 'a changed op is still a change');
});
