// Replace rows pair the lines that define the same name (issue 9, item 4), on the real qwen3 report of the
// real binary: in pass 3 (FlattenCallExpr) the old x_chunk_0 line faces the new x_chunk_0 line, not the
// new _t0 line its nested call moved into. Skipped (with a message) without the binary or the fixture.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, selected, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';

const SHARED = process.env.IRTRACE_FIXTURES || path.resolve(ROOT, '..', 'shared', 'fixtures');
const QWEN3 = path.join(SHARED, 'pypto', 'qwen3_32b_training', 'passes_dump');
const skip = !fs.existsSync(IRTRACE_BIN) ? `ir-trace binary not found at ${IRTRACE_BIN} (build it, or set IRTRACE_BIN)`
  : !fs.existsSync(QWEN3) ? `fixture ${QWEN3} not found` : false;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

function convertQwen3() {
  const out = path.join(tmpDir(), 'qwen3.html');
  execFileSync(IRTRACE_BIN, [QWEN3, '-o', out, '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  return out;
}

// The rendered rows as {kind, L, R}: the trimmed text of each side's code cell ('' for none).
async function rowTexts(page) {
  return page.evaluate(() => [...document.querySelectorAll('.code-rows .row[data-kind]')].map((r) => {
    const side = (s) => { const c = r.querySelector(`.c[data-side="${s}"] .t`); return c ? c.textContent.trim() : ''; };
    return { kind: r.getAttribute('data-kind'), L: side('L'), R: side('R') };
  }));
}

const OLD_X = 'x_chunk_0: pl.Tensor[[2, 64], pl.FP32] = pl.tensor.cast(pl.tensor.view(hidden_states_0, [2, 64], [b_0, p0_0, k0_0])';
const NEW_X = 'x_chunk_0: pl.Tensor[[2, 64], pl.FP32] = pl.tensor.cast(_t0, target_type=pl.FP32, mode=2)';
const NEW_T0 = '_t0: pl.Tensor[[2, 64], pl.BFLOAT16] = pl.tensor.view(hidden_states_0, [2, 64], [b_0, p0_0, k0_0])';

test('qwen3 pass 3: x_chunk_0 faces x_chunk_0 (side by side), is the replace row in both layouts; _t0 is inserted', { skip }, async () => {
  const { page, errors } = await open(browser, convertQwen3(), { hash: '#pass=3' });
  assert.equal(await selected(page), 3);

  // Side by side: one replace row holds both x_chunk_0 lines; _t0 is inserted on its own row.
  let rows = await rowTexts(page);
  const oldRow = rows.find((r) => r.L.startsWith(OLD_X));
  assert.ok(oldRow, 'the old x_chunk_0 line is shown');
  assert.deepEqual(oldRow, { kind: 'replace', L: oldRow.L, R: NEW_X }, 'the old x_chunk_0 line faces the new one');
  assert.deepEqual(rows.filter((r) => r.R === NEW_T0).map((r) => [r.kind, r.L]), [['insert', '']], '_t0 is inserted');
  const sq = rows.find((r) => r.L.startsWith('sq_sum_4:'));
  assert.ok(sq && sq.kind === 'replace' && sq.R === 'sq_sum_4: pl.Tensor[[2, 1], pl.FP32] = pl.tensor.add(sq_sum_iter_2, _t2)', 'sq_sum_4 faces sq_sum_4');

  // Stacked (a block's old lines, then its new ones): the new x_chunk_0 line is the replace row, _t0 an insert.
  await page.getByRole('button', { name: 'Stacked' }).click();
  rows = await page.evaluate(() => [...document.querySelectorAll('.code-rows .row[data-kind]')].map((r) => ({
    kind: r.getAttribute('data-kind'),
    text: (r.querySelector('.c .t') || { textContent: '' }).textContent.trim(),
  })));
  const kindOf = (text) => rows.filter((r) => r.text === text).map((r) => r.kind);
  assert.deepEqual(kindOf(oldRow.L), ['replace']);
  assert.deepEqual(kindOf(NEW_X), ['replace']);
  assert.deepEqual(kindOf(NEW_T0), ['insert']);
  noErrors(errors);
});

test('qwen3: comparing snapshots 2 and 3 in the page (the viewer\'s own diff and pairing) pairs x_chunk_0 alike', { skip }, async () => {
  const { page, errors } = await open(browser, convertQwen3(), { hash: '#cmp=2,3' });
  await page.locator('.pass-name', { hasText: '02_after_ConvertToSSA.py \u2192 03_after_FlattenCallExpr.py' }).waitFor();
  await page.waitForFunction(() => document.querySelector('.code-rows .row[data-kind="replace"]') !== null);
  const rows = await rowTexts(page);
  const oldRow = rows.find((r) => r.L.startsWith(OLD_X));
  assert.ok(oldRow, 'the old x_chunk_0 line is shown');
  assert.deepEqual([oldRow.kind, oldRow.R], ['replace', NEW_X]);
  assert.deepEqual(rows.filter((r) => r.R === NEW_T0).map((r) => r.kind), ['insert']);
  noErrors(errors);
});
