// A 50,000-line function: virtual rendering keeps the DOM bounded and scrolling reaches the last line;
// rows stay aligned with long lines, tabs, CJK and emoji; both sides scroll together; lines over
// 10,000 characters are truncated with an expander.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, report, noErrors, selected } from './harness.mjs';
import { bigPayload, mediumPayload } from './generated.mjs';
import { buildPayload } from './payload.mjs';

let browser, file;
before(async () => {
  browser = await launch();
  file = report('big', bigPayload());
});
after(async () => { await browser.close(); });

const domRows = (page) => page.evaluate(() => document.querySelectorAll('.code-rows [data-kind]').length);

test('virtual rendering of a 50,000-line function: bounded DOM, scrolling reaches the last line', async () => {
  const { page, errors } = await open(browser, file);
  assert.equal(await selected(page), 1);
  await page.getByRole('button', { name: 'Expand all' }).click();
  assert.ok(await domRows(page) < 400, 'rows in the DOM after Expand all: ' + await domRows(page));
  for (const f of [0.25, 0.5, 0.75]) {
    await page.evaluate((x) => { const s = document.querySelector('.code-scroll'); s.scrollTop = s.scrollHeight * x; }, f);
    await page.waitForTimeout(30);
    assert.ok(await domRows(page) < 400);
  }
  await page.evaluate(() => { const s = document.querySelector('.code-scroll'); s.scrollTop = s.scrollHeight; });
  await page.waitForFunction(() => !!document.querySelector('.code-rows [data-after="50004"]'));
  assert.ok(await domRows(page) < 400);
  const last = await page.locator('[data-after="50004"]').boundingBox();
  const view = await page.locator('.code-scroll').boundingBox();
  assert.ok(last.y + last.height <= view.y + view.height + 1, 'the last line is on screen');
  noErrors(errors);
});

// A pass step draws the rows on screen and a few more (the first diff and `j` lay out no more than they
// show); the first scroll draws the wide margin that later scrolling renders ahead into. No timing.
test('a new view draws the screen and a narrow margin, the first scroll the wide one', async () => {
  const { page, errors } = await open(browser, report('medium', mediumPayload()), { hash: '#pass=3' });
  assert.equal(await selected(page), 3); // a no-op: its 203 lines shown whole
  const state = () => page.evaluate(() => {
    const s = document.querySelector('.code-scroll'), rows = [...document.querySelectorAll('.code-rows [data-kind]')];
    const rh = rows[0].getBoundingClientRect().height, view = s.getBoundingClientRect();
    const last = rows[rows.length - 1].getBoundingClientRect();
    return { n: rows.length, screen: Math.ceil(s.clientHeight / rh), covered: last.bottom >= view.bottom, rh };
  });
  const shown = await state();
  assert.ok(shown.covered, 'the screen is filled');
  assert.ok(shown.n <= shown.screen + 10, `rows drawn for a new view: ${shown.n}, ${shown.screen} on screen`);
  await page.evaluate((y) => { document.querySelector('.code-scroll').scrollTop = y; }, shown.rh * 10);
  await page.waitForFunction((n) => document.querySelectorAll('.code-rows [data-kind]').length > n + 20, shown.n);
  const scrolled = await state();
  assert.ok(scrolled.covered && scrolled.n >= shown.screen + 40, `rows drawn after a scroll: ${scrolled.n}`);
  noErrors(errors);
});

test('rows keep one height with long lines, tabs, CJK and emoji, and both sides scroll together', async () => {
  const { page, errors } = await open(browser, file);
  await page.getByRole('button', { name: 'Expand all' }).click();
  const heights = await page.evaluate(() => [...document.querySelectorAll('.code-rows [data-kind]')].slice(0, 30).map((r) => r.getBoundingClientRect().height));
  assert.ok(heights.every((h) => h === heights[0]), 'row heights ' + heights.join(','));
  const cjk = page.locator('[data-kind="replace"][data-before="4"]');
  const lb = await cjk.locator('.c[data-side="L"]').boundingBox(), rb = await cjk.locator('.c[data-side="R"]').boundingBox();
  assert.equal(lb.y, rb.y);
  assert.equal(lb.height, heights[0]);
  // Horizontal: one scrollbar moves the code of both sides by the same offset.
  await page.evaluate(() => { document.querySelector('.hscroll').scrollLeft = 120; });
  await page.waitForFunction(() => new DOMMatrix(getComputedStyle(document.querySelector('.c[data-side="R"] .t')).transform).m41 !== 0);
  const tx = await page.evaluate(() => ['L', 'R'].map((s) => new DOMMatrix(getComputedStyle(document.querySelector(`[data-kind="equal"] .c[data-side="${s}"] .t`)).transform).m41));
  assert.deepEqual(tx, [-120, -120]);
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('.hscroll').scrollLeft === 200);
  // Vertical: one scroll container, so a row's two halves are always level.
  await page.evaluate(() => { document.querySelector('.code-scroll').scrollTop = 5000; });
  await page.waitForTimeout(30);
  const lvl = await page.evaluate(() => {
    const r = document.querySelectorAll('.code-rows [data-kind="equal"]')[5];
    return [r.querySelector('[data-side="L"]').getBoundingClientRect().top, r.querySelector('[data-side="R"]').getBoundingClientRect().top];
  });
  assert.equal(lvl[0], lvl[1]);
  noErrors(errors);
});

test('lines over 10,000 characters are truncated with an expander and not highlighted', async () => {
  const { page, errors } = await open(browser, file);
  await page.getByRole('button', { name: 'Expand all' }).click();
  const cell = page.locator('[data-before="2"] .c[data-side="L"]');
  assert.ok((await cell.textContent()).length < 2000);
  assert.equal(await cell.locator('[class^="s-"], .hl').count(), 0);
  await cell.getByRole('button', { name: /more characters/ }).click();
  const expanded = page.locator('[data-before="2"] .c[data-side="L"]');
  assert.equal(await expanded.getByRole('button').count(), 0);
  // The rest of the line is laid out as it is scrolled to.
  await page.evaluate(() => { const h = document.querySelector('.hscroll'); h.scrollLeft = h.scrollWidth; });
  await page.waitForFunction(() => document.querySelector('[data-before="2"] .c[data-side="L"]').textContent.length >= 12000);
  const box = await expanded.boundingBox();
  const lastChar = await page.evaluate(() => {
    const t = document.querySelector('[data-before="2"] .c[data-side="L"] .t');
    const range = document.createRange();
    const node = t.lastChild;
    range.setStart(node, node.textContent.length - 1);
    range.setEnd(node, node.textContent.length);
    return range.getBoundingClientRect().right;
  });
  assert.ok(lastChar <= box.x + box.width + 1 && lastChar > box.x, 'the end of the line can be scrolled into view');
  noErrors(errors);
});

test('find in pass scrolls sideways to a match far right in a long line', async () => {
  const { page, errors } = await open(browser, file);
  await page.keyboard.press('/');
  await page.keyboard.type('xxxy');
  await page.waitForFunction(() => document.querySelector('.find-count').textContent === '1 / 1');
  await page.waitForFunction(() => document.querySelector('.hscroll').scrollLeft > 50000);
  const cur = await page.locator('.fm.cur').boundingBox();
  const view = await page.locator('.code-scroll').boundingBox();
  assert.ok(cur && cur.x >= view.x && cur.x + cur.width <= view.x + view.width, 'the match is on screen');
  noErrors(errors);
});

// Issue 20: the size chart works over the model. Over 2,000 marked passes it draws one path of dots per
// status, not an element per pass, and a click still opens the pass under the pointer.
test('the size chart of 2,500 changed passes is a few paths, and a click opens a pass', async () => {
  const text = (k) => ['def f(x):', `    a = ${k}`, ...Array.from({ length: k % 7 }, (_, i) => `    b${i} = a`), '    return a'].join('\n') + '\n';
  const passes = Array.from({ length: 2500 }, (_, k) => ({ name: 'P' + (k + 1), file: `${String(k + 1).padStart(4, '0')}_after_P${k + 1}.py`, text: text(k + 1) }));
  const many = report('chart_many', buildPayload({ title: 'chart', delta: true, frontend: { file: '0000_frontend.py', text: text(0) }, passes }));
  const { page, errors } = await open(browser, many, { viewport: { width: 1400, height: 900 } });
  await page.waitForSelector('svg.size-chart path.size-pts');
  assert.equal(await page.locator('svg.size-chart circle.size-pt').count(), 0, 'no element per pass');
  assert.ok(await page.evaluate(() => document.querySelectorAll('svg.size-chart *').length) < 20);
  const before = await selected(page);
  // The chart scrolls sideways (at least 3 px per pass): click inside its visible box, away from the selection.
  const box = await page.locator('svg.size-chart').evaluate((s) => { const r = s.parentElement.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
  await page.mouse.click(box.x + box.w - 20, box.y + box.h / 2);
  await page.waitForFunction((b) => {
    const o = document.querySelector('[role="option"][aria-selected="true"]');
    return o && Number(o.getAttribute('data-entry')) !== b;
  }, before);
  noErrors(errors);
});
