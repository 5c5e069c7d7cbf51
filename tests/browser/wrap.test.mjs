// Issue 20, readable at the widths people use: wrapping. "Wrap" (key z, remembered) breaks long lines at the
// code cell's width, rows of varying height in the virtual diff (47_row_heights.js); navigation (find, n,
// a blame click, F7 by keys, fold buttons, the layout switch, scrolling to the end) still lands on the line asked
// for with wrapped rows above it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, report, noErrors } from './harness.mjs';
import { buildPayload } from './payload.mjs';

// 3,000 lines: every fourth one about 500 characters (several screen lines wrapped), two of every other three
// 60 tab stops, which an estimate of their height from the text's length puts at a third of it (the rows
// must be measured, and the view anchored on the row it is brought to); pass 1 changes lines 18 and 2,900,
// pass 2 line 2,950.
const long = (i) => `    w${i} = pl.concat(` + Array.from({ length: 40 }, (_, k) => `a_${i}_${k}`).join(', ') + ')';
const wide = (i) => `    s${i} = "` + 'ab\t'.repeat(60) + '"';
const line = (k) => (k % 4 === 0 ? long(k + 2) : k % 4 === 3 ? `    v${k + 2} = pl.add(v${k + 1}, x)` : wide(k + 2));
const base = ['def f(x):', ...Array.from({ length: 2999 }, (_, k) => line(k))];
const p1 = base.slice(), p2 = base.slice();
p1[17] = base[17].replace('a_18_39', 'b_18_39');
p1[2899] = '    target_2900 = ' + base[2899].trim();
p2[17] = p1[17];
p2[2899] = p1[2899];
p2[2949] = base[2949].replace('a_2950_0', 'c_2950_0');
const txt = (l) => l.join('\n') + '\n';

let browser, file;
before(async () => {
  browser = await launch();
  file = report('wrap', buildPayload({
    title: 'wrap', delta: true, context: 3,
    frontend: { file: '00_frontend.py', text: txt(base) },
    passes: [{ name: 'Edit', file: '01_after_Edit.py', text: txt(p1) }, { name: 'Again', file: '02_after_Again.py', text: txt(p2) }],
  }));
});
after(async () => { await browser.close(); });

const VIEW = { viewport: { width: 1400, height: 900 } };

// Whether every rendered code cell shows all its text (no horizontal overflow), and the tallest row's height.
const geometry = (page) => page.evaluate(() => {
  const cells = [...document.querySelectorAll('.code-rows .c:not(.empty)')];
  const over = cells.filter((c) => c.scrollWidth > c.clientWidth + 1 || c.querySelector('.t').getBoundingClientRect().right > c.getBoundingClientRect().right + 1).length;
  const tallest = Math.max(...[...document.querySelectorAll('.code-rows .row')].map((r) => r.getBoundingClientRect().height));
  return { cells: cells.length, over, tallest, bar: !document.querySelector('.hscroll').hidden };
});

// The row matching selector `sel` lies wholly inside the diff's viewport.
const inView = (page, sel) => page.evaluate((s) => {
  const r = document.querySelector(s);
  if (!r) return false;
  const box = document.querySelector('.code-scroll').getBoundingClientRect(), b = r.getBoundingClientRect();
  return b.top >= box.top - 1 && b.bottom <= box.bottom + 1;
}, sel);

// How far the wrapped rows above item i push it down, in px beyond one line per row.
const pushedBy = (page) => page.evaluate(() => {
  const d = window.IrTrace.instance.diff, i = d.firstVisible();
  return d.hx.offset(i) - i * d.rowHeight();
});

test('z and the Wrap toggle wrap long lines (no sideways overflow), and back', async () => {
  const { page, errors } = await open(browser, file, VIEW);
  await page.getByRole('button', { name: 'Side by side', exact: true }).click();
  const btn = page.getByRole('button', { name: 'Wrap lines', exact: true });
  assert.equal(await btn.getAttribute('aria-pressed'), 'false');
  let g = await geometry(page);
  assert.ok(g.over > 0 && g.bar, 'unwrapped, long lines run past their cells and the sideways bar shows');
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('z');
  assert.equal(await btn.getAttribute('aria-pressed'), 'true');
  assert.ok(await page.locator('.code-scroll.wrap').count());
  g = await geometry(page);
  assert.ok(g.cells > 10);
  assert.equal(g.over, 0, 'wrapped, every line fits its cell');
  assert.equal(g.bar, false, 'no sideways scroll bar');
  assert.ok(g.tallest > 40, 'a long line takes several screen lines: ' + g.tallest);
  // Stacked too.
  await page.keyboard.press('s');
  g = await geometry(page);
  assert.equal(g.over, 0, 'stacked and wrapped, every line fits its cell');
  await page.keyboard.press('s');
  await btn.click();
  assert.equal(await btn.getAttribute('aria-pressed'), 'false');
  g = await geometry(page);
  assert.ok(g.over > 0 && g.tallest < 30, 'one line per row again');
  noErrors(errors);
});

test('wrapping is remembered across a reload', async () => {
  const { page, context, errors } = await open(browser, file, VIEW);
  await page.getByRole('button', { name: 'Wrap lines', exact: true }).click();
  await page.reload();
  await page.waitForSelector('.code-rows .row');
  assert.equal(await page.getByRole('button', { name: 'Wrap lines', exact: true }).getAttribute('aria-pressed'), 'true');
  assert.equal((await geometry(page)).over, 0);
  await page.keyboard.press('z');
  await page.reload();
  await page.waitForSelector('.code-rows .row');
  assert.equal(await page.getByRole('button', { name: 'Wrap lines', exact: true }).getAttribute('aria-pressed'), 'false');
  noErrors(errors);
  await context.close();
});

test('wrapped: find, n, the layout switch and a blame click land on their line with wrapped rows above', async () => {
  const { page, errors } = await open(browser, file, Object.assign({ hash: '#pass=2' }, VIEW));
  await page.getByRole('button', { name: 'Side by side', exact: true }).click();
  await page.getByRole('button', { name: 'Wrap lines', exact: true }).click();
  await page.getByRole('button', { name: 'Expand all', exact: true }).click();
  // Find a line 2,900 lines down: its row is on screen, the current match in it.
  await page.keyboard.press('/');
  await page.keyboard.type('target_2900');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.fm.cur'));
  await page.waitForTimeout(100); // the scroll events of the settling render
  assert.ok(await inView(page, '.code-rows .row[data-after="2900"]'), 'find: row 2,900 on screen');
  assert.ok(await inView(page, '.fm.cur'), 'find: the match on screen');
  assert.ok((await pushedBy(page)) > 2000, 'the rows above are wrapped (taller than one line each)');
  await page.keyboard.press('Escape');
  // n: the next change (line 2,950) on screen with the cursor on it.
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('n');
  await page.waitForTimeout(100);
  assert.ok(await inView(page, '.code-rows .row.cursor[data-after="2950"]'), 'n: the change at 2,950 on screen, the cursor on it');
  // The layout switch keeps the line in view.
  await page.keyboard.press('s');
  await page.waitForTimeout(100);
  assert.ok(await inView(page, '.code-rows .row[data-after="2950"]'), 'stacked: 2,950 still on screen');
  await page.keyboard.press('s');
  // A blame click on line 2,900 (pass 1 wrote it) opens pass 1 with that line on screen, marked.
  await page.keyboard.press('b');
  await page.evaluate(() => { const d = window.IrTrace.instance.diff; d.scrollToRow(2899, true); });
  await page.waitForTimeout(100);
  await page.locator('.code-rows .row[data-after="2900"] .bl[data-entry]').click();
  await page.waitForFunction(() => /Edit/.test(document.querySelector('.pass-title').textContent));
  await page.waitForTimeout(100);
  assert.ok(await inView(page, '.code-rows .row.cursor[data-after="2900"]'), 'blame: pass 1 shows line 2,900 on screen, marked');
  noErrors(errors);
});

test('wrapped: a fold\'s buttons open rows below the rows above it, which stay in place', async () => {
  const { page, errors } = await open(browser, file, VIEW);
  await page.getByRole('button', { name: 'Side by side', exact: true }).click();
  await page.getByRole('button', { name: 'Wrap lines', exact: true }).click();
  const y = (sel) => page.evaluate((s) => { const e = document.querySelector(s); return e ? e.getBoundingClientRect().top : null; }, sel);
  // The change at line 18 shows with its context; the fold below it (lines 22 ..) opens 20 lines downwards.
  const last = await page.evaluate(() => { const r = [...document.querySelectorAll('.code-rows .row[data-after]')].find((e) => e.nextElementSibling && e.nextElementSibling.matches('.fold')); return r && r.getAttribute('data-after'); });
  assert.ok(last, 'a row just above a fold');
  const down = page.locator(`.code-rows .row[data-after="${last}"] + .fold .fold-btn[data-action="down"]`);
  await down.scrollIntoViewIfNeeded();
  const before = await y(`.code-rows .row[data-after="${last}"]`);
  await down.click();
  assert.equal(await y(`.code-rows .row[data-after="${last}"]`), before, 'the row above the fold stays where it was');
  assert.ok(await page.locator(`.code-rows .row[data-after="${Number(last) + 20}"]`).count(), 'the 20 lines below it are shown');
  assert.equal((await geometry(page)).over, 0);
  noErrors(errors);
});

test('wrapped: scrolling to the end reaches the last line, in both layouts', async () => {
  const { page, errors } = await open(browser, file, VIEW);
  await page.getByRole('button', { name: 'Side by side', exact: true }).click();
  await page.getByRole('button', { name: 'Wrap lines', exact: true }).click();
  await page.getByRole('button', { name: 'Expand all', exact: true }).click();
  // The page's height grows as rows are measured: scroll to the end until it holds still.
  const toEnd = async () => {
    for (let k = 0; k < 20; k++) {
      const moved = await page.evaluate(() => { const s = document.querySelector('.code-scroll'), was = s.scrollTop; s.scrollTop = s.scrollHeight; return s.scrollTop !== was; });
      await page.waitForTimeout(50);
      if (!moved && k > 1) break;
    }
  };
  await toEnd();
  assert.ok(await inView(page, '.code-rows .row[data-after="3000"]'), 'side by side: line 3,000 on screen');
  await page.keyboard.press('s');
  await toEnd();
  assert.ok(await inView(page, '.code-rows .row[data-after="3000"]'), 'stacked: line 3,000 on screen');
  noErrors(errors);
});

test('wrapped: F7 by keys far down the file realigns with the aligned pair in sight', async () => {
  const { page, errors } = await open(browser, file, Object.assign({ hash: '#pass=2' }, VIEW));
  await page.getByRole('button', { name: 'Side by side', exact: true }).click();
  await page.getByRole('button', { name: 'Wrap lines', exact: true }).click();
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('Shift+E');
  await page.keyboard.press('F7');
  for (let i = 0; i < 10; i++) await page.keyboard.press('PageDown');
  assert.ok(await inView(page, '.row.pick-at'), 'the line being chosen is on screen');
  const left = Number(await page.locator('.row.pick-at').getAttribute('data-before'));
  assert.ok(left > 300, 'the cursor went far down: ' + left);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const right = Number(await page.locator('.row.pick-at').getAttribute('data-after'));
  await page.keyboard.press('Space');
  const pair = `.code-rows .row[data-before="${left}"][data-after="${right}"]`;
  await page.waitForSelector(pair, { state: 'attached' });
  await page.waitForTimeout(100);
  assert.ok(await inView(page, pair), 'the aligned pair is on screen');
  assert.ok((await pushedBy(page)) > 1000, 'the rows above are wrapped');
  noErrors(errors);
});
