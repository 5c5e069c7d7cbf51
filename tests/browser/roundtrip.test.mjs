// Round trip: every snapshot rebuilt by the viewer's own code (payload inflate + deltas + "same" + fixes)
// in Chromium equals the file as decoded (CRs kept, invalid bytes as U+FFFD, NUL as U+2400), for reports
// the real binary writes, compressed and plain.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, tmpDir, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';

const FIXTURES = path.join(ROOT, '..', 'shared', 'fixtures');
const haveBin = fs.existsSync(IRTRACE_BIN);

// The converter's decoding: each byte of an invalid UTF-8 sequence becomes U+FFFD, NUL becomes U+2400.
function decodeLikeIrTrace(buf) {
  let out = '';
  let i = 0;
  const cont = (k) => k < buf.length && (buf[k] & 0xc0) === 0x80;
  while (i < buf.length) {
    const c = buf[i];
    let len = 0;
    if (c === 0) { out += '\u2400'; i++; continue; }
    if (c < 0x80) len = 1;
    else if (c >= 0xc2 && c <= 0xdf) len = cont(i + 1) ? 2 : 0;
    else if (c >= 0xe0 && c <= 0xef) {
      const c1 = buf[i + 1];
      const ok = i + 1 < buf.length && !(c === 0xe0 && c1 < 0xa0) && !(c === 0xed && c1 > 0x9f);
      len = ok && cont(i + 1) && cont(i + 2) ? 3 : 0;
    } else if (c >= 0xf0 && c <= 0xf4) {
      const c1 = buf[i + 1];
      const ok = i + 1 < buf.length && !(c === 0xf0 && c1 < 0x90) && !(c === 0xf4 && c1 > 0x8f);
      len = ok && cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    }
    if (len === 0) { out += '\ufffd'; i++; continue; }
    out += buf.subarray(i, i + len).toString('utf8');
    i += len;
  }
  return out;
}

// A dump that exercises every storage path: 40 passes (delta chains past the checkpoint interval),
// no-op passes ("same"), CRLF-only passes (a few lines: "fix"; every line: full text), invalid UTF-8, NUL, a missing final newline,
// an empty snapshot, U+2028 and markup in the text, and a pass that rewrites most lines (full text).
function writeEdgeDump(dir) {
  fs.mkdirSync(dir, { recursive: true });
  let lines = [];
  for (let f = 0; f < 6; f++) {
    lines.push(`@pl.function`, `def f${f}(x):`);
    for (let k = 0; k < 12; k++) lines.push(`    t_${f}_${k}: pl.Tile[[16, 128], pl.FP32] = pl.tile.exp(t_${f}_${k - 1})`);
    lines.push(`    return t_${f}_11`, '');
  }
  const files = [];
  const put = (name, data) => { fs.writeFileSync(path.join(dir, name), data); files.push(name); };
  put('00_frontend.py', lines.join('\n') + '\n');
  for (let p = 1; p <= 40; p++) {
    const name = `${String(p).padStart(2, '0')}_after_Pass${p}.py`;
    if (p % 3 === 0) lines = lines.slice();  // no-op
    else lines[(p * 7) % lines.length] = `    edited_${p} = pl.tile.add(a, b)  # </script><img src=x> \u2028 & <`;
    let text = lines.join('\n') + '\n';
    if (p === 10) text = text.replace(/\n/g, '\r\n');                              // CRLF only
    if (p === 11) text = text.replace(/\n/g, '\r\n').replace('def f1', 'def f1_x');  // CRLF + change
    if (p === 14) text = text.replace('def f2(x):\n', 'def f2(x):\r\n');               // one line gains a CR
    if (p === 20) text = lines.map((l, k) => (k % 2 ? l.toUpperCase() : l)).join('\n') + '\n';  // mostly rewritten
    if (p === 25) { put(name, ''); continue; }                                     // empty snapshot
    if (p === 30) text = text.slice(0, -1);                                        // no final newline
    if (p === 33) {
      put(name, Buffer.concat([Buffer.from(text.slice(0, 40)), Buffer.from([0xff, 0xe2, 0x82, 0x00, 0xc3]),
        Buffer.from(text.slice(40))]));
      continue;
    }
    put(name, text);
  }
  return files;
}

let browser;
before(async () => { browser = await launch(); });
after(async () => { if (browser) await browser.close(); });

// Rebuilds every snapshot in the page with the viewer's own model code; returns {file: text}.
async function rebuildAll(reportFile) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('file://' + reportFile);
  const texts = await page.evaluate(async () => {
    const T = window.IrTrace;
    const r = await T.payload.read(document);
    if (r.error) throw new Error(r.error);
    const m = new T.model.Model(r.data);
    return r.data.snapshots.map((s, i) => [s.file, m.fileText(i)]);
  });
  await context.close();
  return texts;
}

async function checkDump(t, dump, flags) {
  const out = path.join(tmpDir(), 'rt-' + path.basename(path.dirname(dump)) + flags.join('') + '.html');
  execFileSync(IRTRACE_BIN, [dump, '-o', out, '-q', ...flags]);
  const texts = await rebuildAll(out);
  assert.ok(texts.length > 1);
  for (const [file, text] of texts) {
    const expected = decodeLikeIrTrace(fs.readFileSync(path.join(dump, file)));
    assert.equal(text, expected, `snapshot ${file} rebuilt from ${path.basename(out)}`);
  }
  return texts.length;
}

test('edge-case dump: every snapshot rebuilds exactly (compressed and plain payload)', { skip: !haveBin && 'no ir-trace binary' }, async (t) => {
  const dump = path.join(tmpDir(), 'edge', 'passes_dump');
  writeEdgeDump(dump);
  assert.equal(await checkDump(t, dump, []), 41);
  assert.equal(await checkDump(t, dump, ['--no-compress']), 41);
  // The report really used each storage form.
  const plain = fs.readFileSync(path.join(tmpDir(), 'rt-edge--no-compress.html'), 'utf8');
  for (const key of ['"same":', '"delta":', '"fix":[[', '"text":']) assert.ok(plain.includes(key), key);
});

for (const rel of ['pypto/qwen3_32b_training', 'pypto/pa4_build', 'pypto/batch_hash_lookup', 'mlir/softmax', 'llvm/crc']) {
  const dump = path.join(FIXTURES, rel, 'passes_dump');
  const skip = !haveBin ? 'no ir-trace binary' : !fs.existsSync(dump) ? 'fixture missing: ' + dump : false;
  test(`real dump ${rel}: every snapshot rebuilds exactly`, { skip }, async (t) => {
    await checkDump(t, dump, []);
  });
}
