// The live report's chunked envelope (ARCHITECTURE.md "Live reports") between its C++ writer
// (lib/report/payload_writer.cpp, through lib/record/live_report.cpp) and the viewer's codec
// (assets/js/16_live.js: parseChunks, assembleChunks), node without a browser. A real session, killed
// after its last pass (tests/live/compiler.cpp), leaves a live report; cut at every byte of its chunks, as a
// kill -9 while it was written would cut it, it reads as the chunks whole before the cut and nothing else;
// each chunk inflates alone; the assembled payload rebuilds every file of the run byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const COMPILER = process.env.IRTRACE_LIVE_COMPILER || path.join(ROOT, 'build', 'irtrace-live-compiler');
const skip = fs.existsSync(COMPILER) ? false : `live compiler not found at ${COMPILER} (build it, or set IRTRACE_LIVE_COMPILER)`;

globalThis.window = globalThis.window || {};
for (const f of ['00_define.js', '10_util.js', '15_payload.js', '16_live.js']) vm.runInThisContext(fs.readFileSync(path.join(ROOT, 'assets', 'js', f), 'utf8'), { filename: f });
const P = window.IrTrace.payload;
const L = window.IrTrace.live;
const OPEN = '<script type="text/x-ir-trace-chunks" id="ir-trace-data">';

test('crc32 is zlib\'s', () => {
  assert.equal(L.crc32('123456789'), 0xcbf43926);
  assert.equal(L.crc32(''), 0);
});

test('not the chunked envelope: null', () => {
  assert.equal(L.parseChunks('{"schema":4}'), null);
});

test('a live report cut at any byte reads as its whole chunks; the payload rebuilds the run', { skip }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ir-trace-live-'));
  try {
    const env = { ...process.env, IR_TRACE: '1', IR_TRACE_DIR: path.join(dir, 'trace'), LIVE_KILL: 'between:6' };
    const res = spawnSync(COMPILER, ['6'], { cwd: dir, env, encoding: 'utf8' });
    assert.equal(res.signal, 'SIGKILL');
    const runs = path.join(dir, 'trace', 'tile', '.runs');
    const run = path.join(runs, fs.readdirSync(runs)[0]);
    const html = fs.readFileSync(path.join(run, 'report.html'), 'latin1');
    const at = html.indexOf(OPEN);
    assert.ok(at > 0 && html.indexOf('</script>', at) < 0, 'the data element is the end of the page');
    const text = html.slice(at + OPEN.length);
    const whole = L.parseChunks(text);
    assert.equal(whole.torn, 0);
    assert.equal(whole.chunks.length, 1 + 2 * 6);  // the frontend; each pass: running, then the pass
    const ends = [];  // where each chunk's line ends in `text`
    for (let i = text.indexOf('\n') + 1, k = 0; k < whole.chunks.length; k++) {
      i = text.indexOf('\n', i) + 1;
      ends.push(i);
    }
    for (let cut = L.CHUNKS_MAGIC.length; cut <= text.length; cut++) {
      const r = L.parseChunks(text.slice(0, cut));
      const n = ends.filter((e) => e <= cut).length;
      assert.deepEqual(r.chunks, whole.chunks.slice(0, n), 'cut at ' + cut);
      assert.equal(r.torn, cut - (n ? ends[n - 1] : L.CHUNKS_MAGIC.length), 'cut at ' + cut);
    }
    // A flipped character in a chunk stops the reading there.
    const bad = text.slice(0, ends[2] + 30) + (text[ends[2] + 30] === 'A' ? 'B' : 'A') + text.slice(ends[2] + 31);
    assert.equal(L.parseChunks(bad).chunks.length, 3);
    const objects = whole.chunks.map((c) => JSON.parse(zlib.inflateSync(Buffer.from(c, 'base64')).toString('utf8')));
    const data = L.assembleChunks(objects);
    assert.equal(P.check(data).error, undefined);
    assert.deepEqual(Object.keys(data.live), ['passes', 'recorded_at']);
    assert.equal(data.live.passes, 6);
    assert.match(data.live.recorded_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(data.end, undefined, 'killed with SIGKILL: no end chunk');
    assert.deepEqual(data.entries.map((e) => e.name), ['frontend', 'Pass1', 'Pass2', 'Pass3', 'Pass4', 'Pass5', 'Pass6']);
    data.snapshots.forEach((s, i) => {
      const lines = P.snapshotLines(data.snapshots, i);
      assert.equal(P.fileText(s, lines), fs.readFileSync(path.join(run, s.file), 'utf8'), s.file);
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
