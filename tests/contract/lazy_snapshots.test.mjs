// The payload's "one snapshot a line" layout (lib/report/PAYLOAD.md) between the C++ writer and the
// viewer's lazy reader (assets/js/14_lazy_snapshots.js), in node without a browser: the real ir-trace
// ($IRTRACE_BIN) writes a line break before each snapshot and before the array's end, and nowhere else;
// the page's read (15_payload.js, through DecompressionStream) gives the same payload as JSON.parse of the
// whole text, its snapshots parsed one by one when read; a payload without the layout is parsed whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = process.env.IRTRACE_BIN || path.join(ROOT, 'build', 'ir-trace');
const skipBin = fs.existsSync(BIN) ? false : `ir-trace binary not found at ${BIN} (build it, or set IRTRACE_BIN)`;

globalThis.window = globalThis.window || {};
for (const f of ['00_define.js', '10_util.js', '13_inflate.js', '14_lazy_snapshots.js', '15_payload.js'])
  vm.runInThisContext(fs.readFileSync(path.join(ROOT, 'assets', 'js', f), 'utf8'), { filename: f });
const T = window.IrTrace;
const L = T.lazySnapshots;

const DATA_RE = /<script type="application\/json" id="ir-trace-data">([\s\S]*?)<\/script>/;

// Converts input (a dump or a log) with ir-trace; returns the data block's text.
function report(input, extra = []) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ir-trace-lazy-'));
  try {
    const out = path.join(tmp, 'r.html');
    execFileSync(BIN, [input, '-o', out, '-q', ...extra], { stdio: ['ignore', 'ignore', 'pipe'] });
    return DATA_RE.exec(fs.readFileSync(out, 'utf8'))[1];
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// A function-scope LLVM log of n passes (tests/bench/gen_passes.mjs), written to a temporary file.
function llvmLog(n) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ir-trace-lazy-log-'));
  process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
  const file = path.join(tmp, 'many.log');
  fs.writeFileSync(file, execFileSync(process.execPath, [path.join(ROOT, 'tests/bench/gen_passes.mjs'), String(n)]));
  return file;
}

const inputs = () => [
  ['testdata/sample_dump', path.join(ROOT, 'testdata', 'sample_dump')],
  ['a function-scope LLVM log of 300 passes', llvmLog(300)],
];

for (const [name, input] of skipBin ? [] : inputs()) {
  test(`the writer puts each snapshot on a line of its own: ${name}`, () => {
    const env = JSON.parse(report(input));
    const bytes = new Uint8Array(zlib.inflateSync(Buffer.from(env.data, 'base64')));
    const text = Buffer.from(bytes).toString('utf8');
    const whole = JSON.parse(text);
    const breaks = text.split('\n').length - 1;
    assert.equal(breaks, whole.snapshots.length + 1, 'a line break before each snapshot and before "]", none elsewhere');
    const s = L.split(bytes);
    assert.ok(s, 'the layout is found');
    assert.equal(s.spans.length, 2 * whole.snapshots.length);
    const peeked = L.parse(bytes);
    whole.snapshots.forEach((snap, k) => assert.equal(L.langOf(peeked.snapshots, k), snap.lang, `snapshot ${k}'s lang, unparsed`));
    const lazy = L.parse(bytes);
    assert.deepEqual(lazy.entries, whole.entries);
    assert.equal(lazy.snapshots.length, whole.snapshots.length);
    whole.snapshots.forEach((snap, k) => assert.deepEqual(lazy.snapshots[k], snap, `snapshot ${k}`));
    assert.deepEqual({ ...lazy, snapshots: [] }, { ...whole, snapshots: [] }, 'the other fields');
  });
}

test('the page reads a report through DecompressionStream into the same payload', { skip: skipBin }, async () => {
  const block = report(path.join(ROOT, 'testdata', 'sample_dump'));
  const env = JSON.parse(block);
  const whole = JSON.parse(zlib.inflateSync(Buffer.from(env.data, 'base64')).toString('utf8'));
  const res = await T.payload.read({ getElementById: () => ({ textContent: block }) });
  assert.ok(res.data, res.error);
  assert.equal(res.data.snapshots.length, whole.snapshots.length);
  assert.deepEqual([...res.data.snapshots], whole.snapshots, 'iterated, every snapshot parsed');
  assert.deepEqual(res.data.entries, whole.entries);
});

test('a payload without the layout is parsed whole', () => {
  const data = { schema: 4, snapshots: [{ file: 'a', text: ['x'] }, { file: 'b', same: 0 }], entries: [] };
  for (const json of [JSON.stringify(data), JSON.stringify(data, null, 1)]) {
    const got = L.parse(new TextEncoder().encode(json));
    assert.deepEqual(got, data);
    assert.ok(Array.isArray(got.snapshots));
  }
  // The layout's opening without its closing line: not the layout, parsed whole (and refused as JSON).
  assert.throws(() => L.parse(new TextEncoder().encode('{"snapshots":[\n{"file":"a"}')), SyntaxError);
});

test('a lazy array behaves as an array of its parsed items', () => {
  const made = [];
  const a = L.lazyArray(4, (k) => (made.push(k), { k }));
  assert.equal(a.length, 4);
  assert.deepEqual(made, [], 'nothing parsed before it is read');
  assert.deepEqual(a[2], { k: 2 });
  assert.equal(a[2], a[2], 'parsed once, kept');
  assert.deepEqual(made, [2]);
  assert.equal(a[4], undefined);
  assert.equal(a['1.0'], undefined);
  assert.ok(1 in a && !(4 in a));
  assert.ok(Array.isArray(a));
  const seen = [];
  a.forEach((x, i) => seen.push([x.k, i]));
  assert.deepEqual(seen, [[0, 0], [1, 1], [2, 2], [3, 3]]);
  assert.deepEqual(a.map((x) => x.k), [0, 1, 2, 3]);
  assert.deepEqual([...a].map((x) => x.k), [0, 1, 2, 3]);
  assert.equal(JSON.stringify(a), '[{"k":0},{"k":1},{"k":2},{"k":3}]');
  assert.deepEqual(Object.keys(a), ['0', '1', '2', '3']);
  assert.deepEqual(a, [{ k: 0 }, { k: 1 }, { k: 2 }, { k: 3 }]);
  assert.deepEqual(made.sort(), [0, 1, 2, 3]);
  assert.throws(() => L.lazyArray(1, () => JSON.parse('{'))[0], SyntaxError, 'a bad snapshot is an error, not an empty one');
  // lang: read without parsing while unparsed, the parsed snapshot's once read (the viewer may change it).
  const parsedAt = [];
  const b = L.lazyArray(2, (k) => (parsedAt.push(k), { lang: 'text' }), (k) => 'peek' + k);
  assert.equal(L.langOf(b, 1), 'peek1');
  assert.deepEqual(parsedAt, []);
  b[1].lang = 'mir';
  assert.equal(L.langOf(b, 1), 'mir');
  assert.equal(L.langOf([{ lang: 'llvm' }], 0), 'llvm', 'a plain array');
});

// 13_inflate.js: the envelope's base64 read natively (Uint8Array.fromBase64) or through atob give the same
// bytes, and the inflated chunks put together are the payload zlib wrote (here several stream chunks).
test('the envelope decodes alike with and without Uint8Array.fromBase64, and inflates whole', async () => {
  const payload = Buffer.from(Array.from({ length: 200000 }, (_, i) => `line ${i * 7919 % 100003}\n`).join(''));
  const b64 = zlib.deflateSync(payload).toString('base64');
  const had = Uint8Array.fromBase64;
  try {
    delete Uint8Array.fromBase64;
    const viaAtob = T.inflate.base64Bytes(b64);
    Uint8Array.fromBase64 = (s) => new Uint8Array(Buffer.from(s, 'base64'));
    const native = T.inflate.base64Bytes(b64);
    assert.deepEqual(Buffer.from(viaAtob), Buffer.from(native));
    assert.ok(Buffer.from(await T.inflate.inflateBytes(b64)).equals(payload), 'the inflated chunks in order');
  } finally {
    if (had) Uint8Array.fromBase64 = had;
    else delete Uint8Array.fromBase64;
  }
});
