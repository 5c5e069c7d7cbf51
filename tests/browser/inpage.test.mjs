// Work the page does by itself: its diff (compare two snapshots, F7) compares lines by the C++ rule
// and pairs them by the C++ rule; copy as unified diff marks a missing final newline; regex searches
// run in a Worker, in bounded steps, and a catastrophic pattern is stopped instead of freezing the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, report, fixture, noErrors, rows } from './harness.mjs';
import { buildPayload } from './payload.mjs';

// phases_failed plus snapshot 7: the text of snapshot 4 ("...x + 1" without a final newline), with one.
function phasesPlus() {
  const p = fixture('phases_failed.json');
  p.snapshots.push({ file: '07_with_newline.py', lang: 'python', eol: true, n: 2, text: ['def k(x):', '    return x + 1'], sections: [['k', 0, 2]] });
  return p;
}

// A pass whose IR has a line on which `(a+)+$` backtracks for ever (40 'a' and a '!').
function slowPayload() {
  const base = ['def f(a):', '    b = pl.add(a, a)', '    return b'];
  const next = [base[0], '    s = "' + 'a'.repeat(40) + '!"', ...base.slice(1)];
  return buildPayload({
    title: 'slow', delta: true,
    frontend: { file: '00_frontend.py', text: base.join('\n') + '\n' },
    passes: [{ name: 'Slow', file: '01_after_Slow.py', text: next.join('\n') + '\n' }],
  });
}

let browser, phases, slow;
before(async () => {
  browser = await launch();
  phases = report('inpage_phases', phasesPlus());
  slow = report('inpage_slow', slowPayload());
});
after(async () => { await browser.close(); });

const compared = (page, file) => page.waitForFunction((f) => document.querySelector('.files').textContent.includes(f) && !!document.querySelector('.code-rows [data-kind]'), file);

test('compare: lines differing only in CRLF vs LF compare equal', async () => {
  const { page, errors } = await open(browser, phases, { hash: '#cmp=2,3' });
  await compared(page, '03_after_Verify.py');
  const r = await rows(page);
  assert.deepEqual(r.map((x) => x.kind), ['equal', 'equal', 'equal']);
  noErrors(errors);
});

test('compare: a last line without a newline differs from the same line with one', async () => {
  const { page, errors } = await open(browser, phases, { hash: '#cmp=7,4' });
  await compared(page, '04_after_AllocateMemory.py');
  const r = await rows(page);
  assert.deepEqual(r.map((x) => [x.kind, x.before, x.after]), [['equal', 1, 1], ['replace', 2, 2]]);
  noErrors(errors);
});

test('compare shows a missing final newline', async () => {
  const { page, errors } = await open(browser, phases, { hash: '#cmp=3,4' });
  await compared(page, '04_after_AllocateMemory.py');
  assert.match(await page.locator('[data-after="2"] .c[data-side="R"]').textContent(), /no newline at end of file/);
  assert.equal(await page.locator('.c[data-side="L"] .noeol').count(), 0);
  noErrors(errors);
});

test('copy diff writes "\\ No newline at end of file" after a line that lacks it', async () => {
  const { page, errors } = await open(browser, phases, { hash: '#pass=4', clipboard: true });
  await page.getByRole('button', { name: 'Copy diff' }).click();
  await page.waitForFunction(() => /unified diff/.test(document.querySelector('.toast').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), [
    '--- a/03_after_Verify.py', '+++ b/04_after_AllocateMemory.py', '@@ -1,3 +1,2 @@', ' def k(x):',
    '-    y = x + 1', '-    return y\r', '+    return x + 1', '\\ No newline at end of file', ''].join('\n'));
  noErrors(errors);
});

test('pairing in the page follows the C++ rule (Dice over token multisets, best non-crossing pairs)', async () => {
  const { page, errors } = await open(browser, phases);
  const got = await page.evaluate(() => {
    const pair = (a, b) => IrTrace.intraline.pairBlocks([0, a.length, b.length], a, b);
    return [
      pair(['a b c d'], ['d c b a']), // order does not matter
      pair(['x = add(a, b, c)', 'y = add(a, b, c, d)'], ['y = add(a, b, c, d, e)']), // the best pair, not the first
      pair(['x = f(a, b)'], ['y = g(c, b)']), // punctuation does not count on lines with words
      pair(['}'], ['})']), // ... but does on lines without any
      pair(['v_1 = load(p)'], ['v_2 = load(p)']), // '_' splits words
      pair(['a'.repeat(10001), 'b'], ['c', 'd']), // a line over 10,000 bytes: by position, no highlight
      pair(['\u00e9'.repeat(5001)], ['\u00e9']), // 10,002 bytes in UTF-8
    ];
  });
  // Each checked against lib/line_pairing.cpp PairLines.
  assert.deepEqual(got, [[[0, 0, 0, 0]], [[0, 0, 1, 0]], [], [[0, 0, 0, 0]], [[0, 0, 0, 0]], [[0, 1, 0, 0, 1, 1]], [[0, 1, 0, 0]]]);
  noErrors(errors);
});

test('find across passes counts a large snapshot in bounded steps', async () => {
  const big = Array.from({ length: 6000 }, (_, i) => 'x' + i);
  const wide = ['y'.repeat(150000), 'z'.repeat(150000), 'y'.repeat(150000)];
  const file = report('inpage_steps', buildPayload({
    title: 'steps', frontend: { file: '00_frontend.py', text: big.join('\n') + '\n' },
    passes: [{ name: 'Wide', file: '01_after_Wide.py', text: wide.join('\n') + '\n' }],
  }));
  const { page, errors } = await open(browser, file);
  const res = await page.evaluate(() => {
    const m = IrTrace.instance.model;
    const job = IrTrace.find.countJob(m, /y+/g);
    const seen = [];
    while (!job.step()) seen.push(job.progress());
    return { steps: seen.length, totals: [...job.totals], limits: IrTrace.find.limits };
  });
  // 6,000 lines in steps of at most 2,000 lines; three 150,000-character lines, at most 200,000
  // characters a step past its first line: one line a step.
  assert.equal(res.limits.stepLines, 2000);
  assert.ok(res.steps >= 6000 / 2000 + 3, 'steps: ' + res.steps);
  assert.deepEqual(res.totals, [0, 2]);
  noErrors(errors);
});

test('find across passes: a catastrophic regex is stopped and the page stays responsive', { timeout: 60000 }, async () => {
  const { page, errors } = await open(browser, slow);
  await page.getByRole('button', { name: 'Find across passes' }).click();
  await page.getByLabel('Regex across passes').check();
  const box = page.getByRole('searchbox', { name: 'Find across passes' });
  await box.fill('(a+)+$');
  await box.press('Enter');
  // The page answers while the worker is stuck (a regex on the page would hold it for ever).
  assert.equal(await page.evaluate(() => document.querySelector('.across-msg').textContent), 'Searching\u2026');
  await page.waitForFunction(() => document.querySelector('.across-msg').textContent === 'search stopped: pattern too slow', null, { timeout: 20000 });
  // The next search works.
  await page.getByLabel('Regex across passes').uncheck();
  await box.fill('pl.add');
  await box.press('Enter');
  await page.waitForFunction(() => /changes at/.test(document.querySelector('.across-msg').textContent));
  noErrors(errors);
});

test('find in pass: a catastrophic regex is stopped and the page stays responsive', { timeout: 60000 }, async () => {
  const { page, errors } = await open(browser, slow);
  await page.keyboard.press('/');
  await page.getByRole('checkbox', { name: 'Regex', exact: true }).check();
  const box = page.getByRole('searchbox', { name: 'Find in pass' });
  await box.fill('(a+)+$');
  await page.waitForFunction(() => document.querySelector('.find-count').textContent === 'search stopped: pattern too slow', null, { timeout: 20000 });
  await box.fill('pl.add');
  await page.waitForFunction(() => document.querySelector('.find-count').textContent === '1 / 1');
  noErrors(errors);
});
