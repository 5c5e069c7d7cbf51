// What runs before the first diff (issue 20, "no regression on the fixtures"): the pass list lays out no
// page before its rows exist, draws a narrow margin first and the wide one once the page is idle, and the
// size chart is drawn after the first diff's frame. Counts of layout reads and rows, never times.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, report } from './harness.mjs';
import { buildPayload } from './payload.mjs';

let browser, file;
before(async () => {
  browser = await launch();
  // 200 passes, every other one changing one line: a list far longer than its view.
  let text = Array.from({ length: 40 }, (_, i) => `    t${i} = pl.add(t${i}, c)`);
  const passes = [];
  for (let k = 1; k <= 200; k++) {
    if (k % 2) text = text.map((l, i) => (i === k % 40 ? l + ' # ' + k : l));
    passes.push({ name: 'Pass' + k, file: `${String(k).padStart(3, '0')}_after_Pass${k}.py`, text: text.join('\n') + '\n' });
  }
  file = report('first_paint', buildPayload({
    title: 'first paint', delta: true, context: 3,
    frontend: { file: '000_frontend.py', text: text.join('\n') + '\n' }, passes,
  }));
});
after(async () => { await browser.close(); });

// Before the page's scripts: records each layout read of the pass list (its height, or a row's) with the
// number of options then in the page, and whether the size chart existed in the first diff's frame.
function instrument() {
  window.__reads = [];
  const note = (what) => function() {
    const list = this.closest && this.closest('[role=listbox]');
    if (list) window.__reads.push({ what, options: document.querySelectorAll('[role=option]').length });
  };
  for (const [proto, prop] of [[Element.prototype, 'clientHeight'], [HTMLElement.prototype, 'offsetHeight']]) {
    const d = Object.getOwnPropertyDescriptor(proto, prop);
    const rec = note(prop);
    Object.defineProperty(proto, prop, { configurable: true, get() { rec.call(this); return d.get.call(this); } });
  }
  const mo = new MutationObserver(() => {
    if (!document.querySelector('[data-kind]')) return;
    mo.disconnect();
    requestAnimationFrame(() => { window.__chartInFirstFrame = !!document.querySelector('svg.size-chart'); });
  });
  mo.observe(document, { childList: true, subtree: true });
}

test('the pass list reads no layout before its rows exist, and the size chart waits for the first diff', async () => {
  const ctx2 = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const p2 = await ctx2.newPage();
  const errs = [];
  p2.on('pageerror', (e) => errs.push(e.message));
  await p2.addInitScript(instrument);
  await p2.goto('file://' + file);
  await p2.waitForSelector('svg.size-chart');
  const reads = await p2.evaluate(() => window.__reads);
  assert.ok(reads.length > 0, 'the list measures its rows');
  assert.deepEqual(reads.filter((r) => r.options === 0), [], 'a layout read of the list before any row existed');
  assert.equal(await p2.evaluate(() => window.__chartInFirstFrame), false, 'the size chart was drawn before the first diff');
  assert.deepEqual(errs, []);
  await ctx2.close();
});

test('the pass list draws a narrow margin first and the wide one when idle', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    const mo = new MutationObserver(() => {
      if (!document.querySelector('[data-kind]')) return;
      mo.disconnect();
      window.__firstOptions = document.querySelectorAll('[role=option]').length;
    });
    mo.observe(document, { childList: true, subtree: true });
  });
  await page.goto('file://' + file);
  await page.waitForFunction(() => window.__firstOptions !== undefined);
  const first = await page.evaluate(() => window.__firstOptions);
  // The wide margin (30 rows below the view) follows; the list's view shows fewer than 60 rows.
  await page.waitForFunction((n) => document.querySelectorAll('[role=option]').length >= n + 20, first, { timeout: 10000 });
  const later = await page.evaluate(() => document.querySelectorAll('[role=option]').length);
  assert.ok(later <= 200 && later > first, `options: ${first} at the first diff, ${later} when idle`);
  await ctx.close();
});
