// End to end: the real ir-trace binary converts the real dumps in ../shared/fixtures and the page
// works on them. Skipped (with a message) when the binary is missing; IRTRACE_BIN overrides its path.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, selected, rows, passCount, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';

const SHARED = process.env.IRTRACE_FIXTURES || path.resolve(ROOT, '..', 'shared', 'fixtures');
const haveBin = fs.existsSync(IRTRACE_BIN);
const skipBin = haveBin ? false : `ir-trace binary not found at ${IRTRACE_BIN} (build it, or set IRTRACE_BIN)`;
const dump = (rel) => path.join(SHARED, rel, 'passes_dump');
const skipFor = (rel) => skipBin || (fs.existsSync(dump(rel)) ? false : `fixture ${dump(rel)} not found`);

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

function convert(rel) {
  const out = path.join(tmpDir(), rel.replace(/\//g, '_') + '.html');
  execFileSync(IRTRACE_BIN, [dump(rel), '-o', out, '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  return out;
}

// Steps through every pass with j and checks each renders rows without errors.
async function walk(page, count) {
  await page.getByRole('listbox', { name: 'Passes' }).getByRole('option').first().click();
  for (let i = 1; i < count; i++) {
    await page.keyboard.press('j');
    const r = await page.evaluate(() => document.querySelectorAll('.code-rows [data-kind]').length);
    assert.ok(r > 0, 'rows rendered for entry ' + i);
  }
  assert.equal(await selected(page), count - 1);
}

for (const rel of ['pypto/qwen3_32b_training', 'pypto/batch_hash_lookup', 'pypto/pa4_build']) {
  test(`${rel}: converts, opens on the first changed pass, every pass renders`, { skip: skipFor(rel) }, async () => {
    const file = convert(rel);
    const { page, errors } = await open(browser, file);
    // The list's size counts the passes inside collapsed runs of no-ops too (aria-setsize).
    const n = await passCount(page);
    assert.equal(n, fs.readdirSync(dump(rel)).filter((f) => /^\d+_(frontend|after_)/.test(f) && !f.endsWith('.log')).length);
    assert.match(await page.locator('[role="option"][aria-selected="true"]').getAttribute('class'), /st-changed/);
    assert.ok((await rows(page)).some((r) => r.kind !== 'equal' && r.kind !== 'fold'));
    await walk(page, n);
    noErrors(errors);
  });
}

test('qwen3: pass 8 lists its functions by short name and shows one function', { skip: skipFor('pypto/qwen3_32b_training') }, async () => {
  const file = convert('pypto/qwen3_32b_training');
  const { page, errors } = await open(browser, file, { hash: '#pass=8' });
  assert.equal(await selected(page), 8);
  const labels = await page.getByLabel('Function', { exact: true }).locator('option').allTextContents();
  for (const f of ['qwen3_32b_training_forward_and_backward_layer', 'qwen3_32b_training_forward_and_backward_layer_incore_0_aic',
    'qwen3_32b_training_forward_and_backward_layer_incore_0_aiv', 'qwen3_32b_training_forward_and_backward_layer_incore_0_group']) {
    assert.ok(labels.some((l) => l.split(/\s/)[0] === f), f + ' in ' + labels.join(' | '));
  }
  // The view's height is its row count (only the rows on screen are in the DOM).
  const height = () => page.locator('.code-space').evaluate((e) => e.getBoundingClientRect().height);
  const whole = await height();
  await page.getByLabel('Function', { exact: true }).selectOption({ index: 2 });
  await page.waitForFunction((h) => document.querySelector('.code-space').getBoundingClientRect().height < h, whole);
  await page.waitForFunction(() => /fn=Qwen332BTrainingForwardBackward\./.test(location.hash));
  assert.ok(await page.locator('.code-rows .s-kw').count() > 0, 'python highlighted');
  noErrors(errors);
});

test('mlir/softmax: functions @softmax and @scale, MLIR highlighting', { skip: skipFor('mlir/softmax') }, async () => {
  const file = convert('mlir/softmax');
  const { page, errors } = await open(browser, file, { hash: '#pass=8' });
  const labels = await page.getByLabel('Function', { exact: true }).locator('option').allTextContents();
  assert.ok(labels.some((l) => l.startsWith('@softmax')) && labels.some((l) => l.startsWith('@scale')), labels.join(' | '));
  assert.ok(await page.locator('.code-rows .s-var').count() > 0, '%values highlighted');
  await walk(page, 20);
  noErrors(errors);
});

test('llvm/crc: 236 passes, functions @crc32 and @insertion_sort, find across passes', { skip: skipFor('llvm/crc') }, async () => {
  const file = convert('llvm/crc');
  const { page, errors } = await open(browser, file);
  assert.equal(await passCount(page), 237);
  const labels = await page.getByLabel('Function', { exact: true }).locator('option').allTextContents();
  assert.ok(labels.some((l) => l.startsWith('@crc32')) && labels.some((l) => l.startsWith('@insertion_sort')), labels.join(' | '));
  await page.getByRole('button', { name: 'Find across passes' }).click();
  await page.getByRole('searchbox', { name: 'Find across passes' }).fill('alloca');
  await page.getByRole('searchbox', { name: 'Find across passes' }).press('Enter');
  await page.waitForFunction(() => /changes at|No pass changes/.test(document.querySelector('.across-msg').textContent), null, { timeout: 10000 });
  assert.ok(await page.locator('.across-results a').count() > 0);
  await page.locator('.code-scroll').focus();
  await walk(page, 237);
  noErrors(errors);
});
