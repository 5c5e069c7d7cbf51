// Issue 20, readable at the widths people use, with screenshots to look at: qwen3 pass 3 side by side at
// 1400 px (unwrapped and wrapped), an 800 x 900 view (the less used controls folded behind "More…": the first IR line above
// y = 300, both file names whole in the stacked layout, the folded controls one key away), a compare report at 1400 px (its top bar one
// row) and a large log's report (tests/bench/gen_passes.mjs, 20,000 passes). Each test checks what its
// screenshot must show; the PNGs go to build/screenshots/ (gitignored). Needs the binary and
// ../shared/fixtures (skipped with a message when missing).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, passCount, IRTRACE_BIN } from './harness.mjs';
import { ROOT } from './make_report.mjs';

const FIX = process.env.IRTRACE_FIXTURES || path.join(ROOT, '..', 'shared', 'fixtures');
const PY = path.join(FIX, 'pypto');
const SHOTS = path.join(ROOT, 'build', 'screenshots');
const skip = !fs.existsSync(IRTRACE_BIN) ? 'no ir-trace binary' : !fs.existsSync(path.join(PY, 'qwen3_32b_training')) ? 'no ../shared/fixtures' : false;

let browser;
const reports = {};
before(async () => {
  if (skip) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const dir = tmpDir();
  const conv = (name, args) => { const out = path.join(dir, name + '.html'); execFileSync(IRTRACE_BIN, [...args, '-o', out, '-q']); return out; };
  reports.qwen = conv('shot_qwen', [path.join(PY, 'qwen3_32b_training', 'passes_dump')]);
  reports.cmp = conv('shot_cmp', ['compare', path.join(PY, 'pa4_build_previous', 'passes_dump'), path.join(PY, 'pa4_build', 'passes_dump')]);
  const log = path.join(dir, 'many.log');
  fs.writeFileSync(log, execFileSync(process.execPath, [path.join(ROOT, 'tests', 'bench', 'gen_passes.mjs'), '20000'], { maxBuffer: 1 << 28 }));
  reports.many = conv('shot_many', [log]);
  browser = await launch();
});
after(async () => { if (browser) await browser.close(); });

const box = (page, sel) => page.evaluate((s) => {
  const e = document.querySelector(s);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return { x: r.x, y: r.y, w: r.width, h: r.height };
}, sel);

test('qwen3 pass 3 side by side at 1400 px', { skip }, async () => {
  const { page, errors } = await open(browser, reports.qwen, { viewport: { width: 1400, height: 900 }, hash: '#pass=3' });
  await page.getByRole('button', { name: 'Side by side', exact: true }).click();
  await page.waitForSelector('.code-rows .row[data-kind="replace"]');
  assert.equal(await page.evaluate(() => document.querySelector('.code-scroll').classList.contains('stacked')), false);
  assert.ok((await box(page, '.code-rows .row[data-after]')).y < 300);
  await page.screenshot({ path: path.join(SHOTS, 'qwen3_pass3_1400_side.png') });
  noErrors(errors);
});

// Issue 20: side by side at 1400 px about 64 columns show per side; wrapped (the Wrap toggle, key z), every
// intra-line highlight on the first screen lies inside its cell and the window, none cut at an edge.
test('qwen3 pass 3 side by side at 1400 px, wrapped: every highlight on the first screen in view', { skip }, async () => {
  const { page, errors } = await open(browser, reports.qwen, { viewport: { width: 1400, height: 900 }, hash: '#pass=3' });
  await page.getByRole('button', { name: 'Side by side', exact: true }).click();
  await page.getByRole('button', { name: 'Wrap lines', exact: true }).click();
  await page.waitForSelector('.code-scroll.wrap .code-rows .row[data-kind="replace"] .hl');
  assert.equal(await page.getByRole('button', { name: 'Wrap lines', exact: true }).getAttribute('aria-pressed'), 'true');
  const hl = await page.evaluate(() => {
    const sc = document.querySelector('.code-scroll').getBoundingClientRect();
    const out = [];
    let seen = 0;
    for (const h of document.querySelectorAll('.code-rows .hl')) {
      const rects = [...h.getClientRects()].filter((r) => r.bottom > sc.top && r.top < sc.bottom);
      if (!rects.length) continue;
      seen++;
      const c = h.closest('.c').getBoundingClientRect();
      if (rects.some((r) => r.left < c.left - 1 || r.right > c.right + 1 || r.right > innerWidth)) out.push(h.textContent);
    }
    return { seen, out, marks: document.querySelectorAll('.c.hl-right, .c.hl-left').length, bar: !document.querySelector('.hscroll').hidden };
  });
  assert.ok(hl.seen >= 18, 'the first screen\'s highlights: ' + hl.seen);
  assert.deepEqual(hl.out, [], 'highlights cut at an edge');
  assert.equal(hl.marks, 0, 'no highlight off screen to mark');
  assert.equal(hl.bar, false, 'nothing to scroll sideways');
  assert.ok((await box(page, '.code-rows .row[data-after]')).y < 300);
  await page.screenshot({ path: path.join(SHOTS, 'qwen3_pass3_1400_side_wrapped.png') });
  noErrors(errors);
});

test('at 800 x 900 the controls fold behind More…: the first IR line above y = 300, file names whole, every control one key away', { skip }, async () => {
  const { page, errors } = await open(browser, reports.qwen, { viewport: { width: 800, height: 900 }, hash: '#pass=3' });
  await page.waitForSelector('.code-rows .row[data-after]');
  assert.equal(await page.evaluate(() => document.querySelector('.code-scroll').classList.contains('stacked')), true, 'stacked by itself below 1,000 px');
  const first = await box(page, '.code-rows .row[data-after]');
  assert.ok(first.y < 300, 'first IR line at y = ' + first.y);
  // Both file names whole (stacked: nothing cut with an ellipsis).
  const cut = await page.evaluate(() => [...document.querySelectorAll('.files .file')].map((f) => [f.textContent, f.scrollWidth - f.clientWidth]));
  assert.equal(cut.length, 2);
  for (const [name, over] of cut) assert.ok(over <= 0, `${name} is cut by ${over} px`);
  await page.screenshot({ path: path.join(SHOTS, 'qwen3_pass3_800.png') });
  // The folded controls are one click (or Enter) away, and nothing lies past the window's right edge.
  const more = page.getByRole('button', { name: 'More\u2026', exact: true });
  assert.equal(await more.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.getByRole('button', { name: 'Blame', exact: true }).isVisible(), false);
  await more.focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.getByRole('button', { name: 'Fewer', exact: true }).getAttribute('aria-expanded'), 'true');
  for (const name of ['Blame', 'Ignore whitespace', 'Ignore SSA numbering', 'Expand all', 'Whole module']) assert.ok(await page.getByRole('button', { name, exact: true }).isVisible(), name);
  const outside = await page.evaluate(() => [...document.querySelectorAll('button, select, input')].filter((b) => b.offsetParent && b.getBoundingClientRect().right > innerWidth + 0.5).map((b) => b.textContent));
  assert.deepEqual(outside, []);
  // A long compare-report file name in the stacked layout at 800 px: whole too.
  const c = await open(browser, reports.cmp, { viewport: { width: 800, height: 900 } });
  await c.page.waitForSelector('.code-rows .row');
  const cmpCut = await c.page.evaluate(() => [...document.querySelectorAll('.files .file')].map((f) => [f.textContent, f.scrollWidth - f.clientWidth, f.getBoundingClientRect().right <= window.innerWidth]));
  for (const [name, over, inside] of cmpCut) assert.ok(over <= 0 && inside, `${name} is cut`);
  noErrors(errors);
  noErrors(c.errors);
});

test('the compare report\'s top bar is one row at 1400 px', { skip }, async () => {
  const { page, errors } = await open(browser, reports.cmp, { viewport: { width: 1400, height: 900 } });
  await page.waitForSelector('.code-rows .row');
  const tops = await page.evaluate(() => [...document.querySelector('.topbar').children].filter((c) => c.getBoundingClientRect().width > 0)
    .map((c) => { const r = c.getBoundingClientRect(); return [c.className || c.textContent, r.top, r.bottom]; }));
  const bar = await box(page, '.topbar');
  assert.ok(bar.h <= 40, 'top bar height ' + bar.h);
  for (const [what, top, bottom] of tops) assert.ok(top >= bar.y - 1 && bottom <= bar.y + bar.h + 1, `${what} inside the bar's one row`);
  assert.match(await page.locator('.topbar .runs').textContent(), /BASE.*HEAD/);
  await page.screenshot({ path: path.join(SHOTS, 'compare_1400.png') });
  noErrors(errors);
});

test('a large log\'s report (20,000 function passes) opens on a diff with a virtual pass list', { skip }, async () => {
  const { page, errors } = await open(browser, reports.many, { viewport: { width: 1400, height: 900 } });
  await page.waitForSelector('.code-rows .row[data-after]');
  assert.equal(await passCount(page), 20002);  // an empty first entry, then every dump a pass (the first pass too)
  assert.ok(await page.locator('[role="option"]').count() < 200, 'only the rows near the view are in the DOM');
  assert.ok(await page.evaluate(() => document.getElementsByTagName('*').length) < 10000);
  assert.match(await page.locator('.pass-title').textContent(), /SROAPass|InstCombinePass|EarlyCSEPass/);
  assert.ok((await page.locator('.code-rows .row[data-kind="replace"]').count()) > 0, 'a changed line on screen');
  await page.screenshot({ path: path.join(SHOTS, 'large_log_20000.png') });
  noErrors(errors);
});

test('side by side at 1400 px: a changed line whose highlight lies off screen is marked at that edge, and the mark follows a sideways scroll', { skip }, async () => {
  const { page, errors } = await open(browser, reports.qwen, { viewport: { width: 1400, height: 900 }, hash: '#pass=3' });
  await page.getByRole('button', { name: 'Side by side', exact: true }).click();
  await page.waitForSelector('.code-rows .row[data-kind="replace"] .hl');
  // Each rendered highlight: whether it is inside its cell's visible box (read from layout here, in the
  // test; the page computes it from columns) and whether the cell is marked.
  const state = () => page.evaluate(() => [...document.querySelectorAll('.code-rows .c[data-hl]')].map((c) => {
    const box = c.getBoundingClientRect();
    const seen = [...c.querySelectorAll('.hl')].some((h) => { const r = h.getBoundingClientRect(); return r.right > box.left + 4 && r.left < box.right; });
    return { seen, right: c.classList.contains('hl-right'), left: c.classList.contains('hl-left') };
  }));
  let s = await state();
  const off = s.filter((x) => !x.seen);
  assert.ok(off.length > 0, 'some highlight is off screen at 1400 px');
  for (const x of s) assert.equal(x.right, !x.seen, 'marked exactly when its highlight is off screen to the right');
  await page.screenshot({ path: path.join(SHOTS, 'qwen3_pass3_1400_marks.png') });
  // Scrolled sideways far enough, every mark goes (or turns to the left edge).
  await page.evaluate(() => { const h = document.querySelector('.hscroll'); h.scrollLeft = h.scrollWidth; h.dispatchEvent(new Event('scroll')); });
  await page.waitForFunction(() => document.querySelectorAll('.code-rows .c.hl-right').length === 0 || document.querySelectorAll('.code-rows .c.hl-left').length > 0);
  s = await state();
  for (const x of s) assert.ok(x.seen || x.left || x.right, 'an unseen highlight is always marked');
  noErrors(errors);
});
