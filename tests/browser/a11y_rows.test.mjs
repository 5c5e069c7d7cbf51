// Issue 20, readable and accessible diff rows: the diff is a table of rows named by their line numbers and
// change kind; fold buttons are named by what they show; a find match crossing a syntax colour's edge is one
// box; the empty side of an insert / delete row is one filler (sign column included); pass names in the
// list break only between words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, report, noErrors } from './harness.mjs';
import { mediumPayload } from './generated.mjs';
import { buildPayload } from './payload.mjs';

let browser, file, names;
const LONG = 'ConvertFinalizeMemRefToLLVMConversionPassWithLoweringOfTensorDescriptors';
before(async () => {
  browser = await launch();
  file = report('a11y_rows', mediumPayload());
  names = report('a11y_names', buildPayload({
    title: 'names', frontend: { file: '00_frontend.py', text: 'def f():\n    x = 1\n' },
    passes: [{ name: LONG, file: '01_after_X.py', text: 'def f():\n    x = 2\n' }],
  }));
});
after(async () => { await browser.close(); });

test('the diff reaches assistive technology as rows named by line numbers and change kind', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=2' });
  const table = page.getByRole('table', { name: 'Diff rows' });
  await table.waitFor();
  // Pass 2 inserts 3 lines at 50 and changes line 150 (153 after).
  assert.equal(await table.getByRole('row', { name: /^after line 5[012], inserted$/ }).count(), 3);
  assert.equal(await table.getByRole('row', { name: 'before line 150, after line 153, changed', exact: true }).count(), 1);
  assert.equal(await table.getByRole('row', { name: 'before line 48, after line 48, unchanged', exact: true }).count(), 1);
  // The row's code is its cell; the numbers and signs are said by the name.
  const cells = await table.getByRole('row', { name: 'before line 150, after line 153, changed', exact: true }).getByRole('cell').allTextContents();
  assert.deepEqual(cells, ['    t149 = pl.add(t148, c149)', '    t149 = pl.sub(t148, c149)']);
  noErrors(errors);
});

test('fold buttons are named by what they show', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=2' });
  const fold = page.getByRole('row', { name: /unchanged lines hidden$/ }).nth(1);
  await fold.waitFor();
  assert.equal(await fold.getByRole('button', { name: 'Show 20 hidden lines above', exact: true }).count(), 1);
  assert.equal(await fold.getByRole('button', { name: 'Show 20 hidden lines below', exact: true }).count(), 1);
  assert.equal(await fold.getByRole('button', { name: /^Expand: show all \d+ hidden lines$/ }).count(), 1);
  const before = (await page.locator('.code-rows [data-kind]:not([data-kind="fold"])').count());
  await fold.getByRole('button', { name: 'Show 20 hidden lines above', exact: true }).click();
  assert.equal(await page.locator('.code-rows [data-kind]:not([data-kind="fold"])').count(), before + 20);
  noErrors(errors);
});

test('the empty side of an inserted row is one filler, its sign column included', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=2&layout=side' });
  await page.getByRole('button', { name: 'Side by side', exact: true }).click();
  const bg = await page.evaluate(() => {
    const row = document.querySelector('.code-rows .row[data-kind="insert"]');
    const c = (sel) => getComputedStyle(row.querySelector(sel)).backgroundColor;
    return { ln: c(':scope > .ln:nth-child(1)'), sg: c(':scope > .sg:nth-child(2)'), code: c(':scope > .c.empty'), page: getComputedStyle(document.body).backgroundColor };
  });
  assert.equal(bg.sg, bg.code);
  assert.equal(bg.ln, bg.code);
  assert.notEqual(bg.sg, bg.page);
  noErrors(errors);
});

test('a find match crossing syntax colours is one box', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=2' });
  await page.keyboard.press('/');
  const box = page.getByRole('searchbox', { name: 'Find in pass' });
  await box.fill('pl.load(c)');
  await box.press('Enter');
  await page.waitForSelector('.code-rows .fm');
  const boxes = await page.evaluate(() => [...document.querySelectorAll('.code-rows .fm')].map((m) => [m.textContent, m.getClientRects().length, m.querySelectorAll('.fm').length]));
  assert.ok(boxes.length >= 3, JSON.stringify(boxes));
  for (const [text, rects, nested] of boxes) {
    assert.equal(text, 'pl.load(c)', 'one element holds the whole match');
    assert.equal(rects, 1, 'drawn as one box');
    assert.equal(nested, 0);
  }
  // Its syntax colours are kept inside the box.
  assert.ok(await page.evaluate(() => document.querySelector('.code-rows .fm [class^="s-"]') !== null));
  noErrors(errors);
});

test('a long pass name breaks only between its words', async () => {
  const { page, errors } = await open(browser, names, { viewport: { width: 800, height: 900 } });
  const lines = await page.evaluate(() => {
    const name = [...document.querySelectorAll('[role="option"] .name')].find((n) => n.textContent.includes('Convert'));
    const tops = [];
    for (const node of name.querySelectorAll('*')) void node;
    const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
    const pieces = [];
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const seen = new Set();
      for (let i = 0; i < t.data.length; i++) {
        const r = document.createRange();
        r.setStart(t, i); r.setEnd(t, i + 1);
        const rect = r.getClientRects()[0];
        if (rect) { seen.add(Math.round(rect.top)); tops.push(Math.round(rect.top)); }
      }
      pieces.push([t.data, seen.size]);
    }
    return { pieces, lines: new Set(tops).size };
  });
  assert.ok(lines.lines >= 2, 'the name wraps: ' + JSON.stringify(lines));
  for (const [piece, n] of lines.pieces) assert.equal(n, 1, `"${piece}" is not broken inside`);
  assert.ok(lines.pieces.some(([p]) => p === 'LLVM') && lines.pieces.some(([p]) => p === 'Conversion'));
  noErrors(errors);
});

test('find across passes: its results are 2 Tabs from the search box', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=2' });
  await page.keyboard.press('Shift+F');
  const box = page.getByRole('searchbox', { name: 'Find across passes' });
  await box.fill('extra_a');
  await box.press('Enter');
  await page.waitForSelector('.across-results li a');
  await box.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const active = await page.evaluate(() => {
    const a = document.activeElement;
    return a && a.closest('.across-results') ? a.textContent : a && (a.getAttribute('aria-label') || a.textContent);
  });
  assert.equal(active, '2. Extra');
  // The regex box is a Shift+Tab before it; Enter opens the pass.
  await page.keyboard.press('Enter');
  noErrors(errors);
});
