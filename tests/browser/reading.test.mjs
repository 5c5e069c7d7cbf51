// Issue 4, reading a diff: find in pass, folds 20 lines at a time, Shift+E, copy function / unified
// diff, syntax highlighting, find across passes, compare two snapshots, F7 alignment, contrast.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, report, fixture, noErrors, selected, rows } from './harness.mjs';
import { mediumPayload, acrossPayload } from './generated.mjs';

let browser, small, phases, medium, across;
before(async () => {
  browser = await launch();
  small = report('small3', fixture('small3.json'));
  phases = report('phases_failed', fixture('phases_failed.json'));
  medium = report('medium', mediumPayload());
  across = report('across', acrossPayload());
});
after(async () => { await browser.close(); });

const folds = (page) => page.locator('.code-rows [data-kind="fold"]');

test('find in pass searches folded and unrendered rows (/ and Ctrl+F)', async () => {
  const { page, errors } = await open(browser, medium);
  assert.equal(await page.locator('[data-after="122"]').count(), 0, 'line 121 starts folded');
  await page.keyboard.press('/');
  const box = page.getByRole('searchbox', { name: 'Find in pass' });
  assert.equal(await box.evaluate((b) => b === document.activeElement), true);
  await box.fill('t120,');
  await page.waitForFunction(() => document.querySelector('.find-count').textContent === '1 / 1');
  const cur = page.locator('.fm.cur').first();
  assert.equal(await cur.textContent(), 't120,');
  assert.equal(await page.locator('.code-rows [data-after="122"] .fm').count(), 2,
    'an unchanged line is one match, highlighted on both sides');
  await box.fill('add(t11');
  await page.waitForFunction(() => document.querySelector('.find-count').textContent === '1 / 11');
  await box.press('Enter');
  assert.equal(await page.locator('.find-count').textContent(), '2 / 11');
  await box.press('Shift+Enter');
  assert.equal(await page.locator('.find-count').textContent(), '1 / 11');
  await box.press('Escape');
  assert.equal(await box.isVisible(), false);
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('Control+f');
  assert.equal(await box.isVisible(), true);
  noErrors(errors);
});

// Tall enough for all 200 rows of `medium`: the view puts only the rows on screen into the DOM.
const TALL = { viewport: { width: 1280, height: 4600 } };

test('a fold expands 20 lines at a time until nothing is hidden', async () => {
  const { page, errors } = await open(browser, medium, TALL);
  const first = folds(page).first();
  assert.match(await first.textContent(), /96 unchanged lines/);
  const hidden = [];
  for (let i = 0; i < 10 && await first.getByRole('button', { name: 'Show 20 hidden lines above' }).count(); i++) {
    await first.getByRole('button', { name: 'Show 20 hidden lines above' }).click();
    hidden.push(Number((await first.textContent()).match(/([\d,]+) unchanged/)[1]));
  }
  assert.deepEqual(hidden, [76, 56, 36, 16]);
  await first.getByRole('button', { name: 'Expand' }).click();
  assert.equal(await folds(page).count(), 1, 'only the fold after the change is left');
  assert.deepEqual((await rows(page)).slice(0, 3).map((r) => r.before), [1, 2, 3]);
  noErrors(errors);
});

test('Shift+E toggles between Expand all and Collapse all', async () => {
  const { page, errors } = await open(browser, medium, TALL);
  assert.equal(await folds(page).count(), 2);
  await page.keyboard.press('Shift+E');
  assert.equal(await folds(page).count(), 0);
  assert.equal((await rows(page)).length, 200);
  await page.keyboard.press('Shift+E');
  assert.equal(await folds(page).count(), 2);
  noErrors(errors);
});

test('copy the selected function and the diff as unified diff', async () => {
  const { page, errors } = await open(browser, small, { clipboard: true });
  const clip = () => page.evaluate(() => navigator.clipboard.readText());
  await page.getByRole('button', { name: 'Copy diff' }).click();
  await page.waitForFunction(() => /unified diff/.test(document.querySelector('.toast').textContent));
  assert.equal(await clip(), [
    '--- a/00_frontend.py', '+++ b/01_after_ConvertToSSA.py', '@@ -3,7 +3,7 @@', ' def add(a, b):',
    '-    x = pl.add(a, b)', '-    return x', '+    x_0 = pl.add(a_0, b_0)', '+    return x_0', ' ', ' def mul(a, b):',
    '-    y = pl.mul(a, b)', '-    return y', '+    y_0 = pl.mul(a_0, b_0)', '+    return y_0', ''].join('\n'));
  await page.getByLabel('Function', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Copy function' }).click();
  await page.waitForFunction(() => /function add/.test(document.querySelector('.toast').textContent));
  assert.equal(await clip(), 'def add(a, b):\n    x_0 = pl.add(a_0, b_0)\n    return x_0\n\n');
  await page.getByRole('button', { name: 'Copy diff' }).click();
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.includes('@@ -3,4 +3,4 @@')));
  noErrors(errors);
});

test('syntax highlighting for Python-like IR, MLIR, LLVM IR and C', async () => {
  const { page, errors } = await open(browser, small);
  assert.equal(await page.locator('[data-before="3"] .c[data-side="L"] .s-kw').first().textContent(), 'def');
  const spans = await page.evaluate(() => {
    const pick = (line, lang) => IrTrace.syntax.spans(line, lang).map(([s, e, c]) => c + ':' + line.slice(s, e));
    return {
      mlir: pick('%0 = arith.addf %a, %b : f32 // sum', 'mlir'),
      llvm: pick('  %3 = add nsw i32 %1, 7 ; inc', 'llvm'),
      c: pick('static int f(float x) { return 1; } // c', 'c'),
      py: pick('@pl.function\n', 'python').concat(pick('x: pl.Tensor = pl.add(a, 1)  # hi', 'python')),
    };
  });
  assert.deepEqual(spans.mlir, ['var:%0', 'kw:arith.addf', 'var:%a', 'var:%b', 'ty:f32', 'com:// sum']);
  assert.deepEqual(spans.llvm, ['var:%3', 'kw:add', 'kw:nsw', 'ty:i32', 'var:%1', 'num:7', 'com:; inc']);
  assert.deepEqual(spans.c, ['kw:static', 'ty:int', 'fn:f', 'ty:float', 'kw:return', 'num:1', 'com:// c']);
  assert.deepEqual(spans.py, ['at:@pl.function', 'ty:Tensor', 'fn:add', 'num:1', 'com:# hi']);
  noErrors(errors);
});

test('find across passes lists where a pattern appears and disappears, as links', async () => {
  const { page, errors } = await open(browser, across);
  await page.getByRole('button', { name: 'Find across passes' }).click();
  const box = page.getByRole('searchbox', { name: 'Find across passes' });
  await box.fill('pl.secret');
  await box.press('Enter');
  const list = page.getByRole('list', { name: 'Passes where the match count changes' });
  await page.waitForFunction(() => document.querySelectorAll('.across-results li').length > 0);
  assert.deepEqual(await list.getByRole('listitem').allTextContents(),
    ['3. Step3first appears: 1 match', '5. Step51 match \u2192 2', '7. Step7disappears (was 2 matches)', '9. Step9appears again: 1 match'],
    '"first appears" once: the pass it first appears in');
  await list.getByRole('link', { name: '7. Step7' }).click();
  assert.equal(await selected(page), 7);
  assert.equal(await page.getByRole('searchbox', { name: 'Find in pass' }).inputValue(), 'pl.secret');
  await page.getByLabel('Regex across passes').check();
  await box.fill('secret\\(s\\)');
  await box.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.across-results li').length === 2);
  assert.deepEqual(await list.getByRole('link').allTextContents(), ['5. Step5', '7. Step7']);
  noErrors(errors);
});

test('find across passes works in time slices with progress', async () => {
  const { page, errors } = await open(browser, across);
  const res = await page.evaluate(async () => {
    const m = IrTrace.instance.model;
    const job = IrTrace.find.countJob(m, /pl\.secret/g);
    const seen = [];
    while (!job.step()) seen.push(job.progress());
    return { seen, totals: [...job.totals] };
  });
  assert.ok(res.seen.length >= 9 && res.seen.every((p, i) => i === 0 || p >= res.seen[i - 1]));
  assert.deepEqual(res.totals, [0, 0, 0, 1, 1, 2, 2, 0, 0, 1]);
  noErrors(errors);
});

test('compare any two snapshots', async () => {
  const { page, errors } = await open(browser, medium);
  await page.getByRole('button', { name: 'Compare\u2026' }).click();
  const dlg = page.getByRole('dialog', { name: 'Compare two snapshots' });
  await dlg.getByLabel('From').selectOption({ index: 0 });
  await dlg.getByLabel('To').selectOption({ index: 3 });
  await dlg.getByRole('button', { name: 'Compare' }).click();
  await page.waitForFunction(() => document.querySelector('.files').textContent.includes('03_after_Nothing.py'));
  const r = await rows(page);
  assert.deepEqual(r.filter((x) => x.kind === 'insert').map((x) => x.after), [50, 51, 52]);
  assert.deepEqual(r.filter((x) => x.kind === 'replace').map((x) => [x.before, x.after]), [[100, 103], [150, 153]]);
  await page.waitForFunction(() => /^#cmp=0,3/.test(location.hash));
  await page.getByRole('button', { name: 'Close compare' }).click();
  assert.equal(await selected(page), 1);
  noErrors(errors);
});

test('F7 aligns a chosen left line with a chosen right line; Esc cancels; Reset restores', async () => {
  const { page, errors } = await open(browser, medium);
  await page.keyboard.press('Shift+E');
  const pairOf = async (before) => (await rows(page)).find((x) => x.before === before);
  assert.equal((await pairOf(10)).after, 10);
  await page.keyboard.press('F7');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('.code-scroll.picking').count(), 0);
  await page.keyboard.press('F7');
  await page.locator('[data-before="10"] .c[data-side="L"]').click();
  await page.locator('[data-after="20"] .c[data-side="R"]').click();
  await page.waitForFunction(() => !!document.querySelector('[data-before="10"][data-after="20"]'));
  const row = await pairOf(10);
  assert.equal(row.after, 20);
  assert.equal(row.kind, 'replace');
  await page.getByRole('button', { name: 'Reset alignment' }).click();
  await page.waitForFunction(() => !!document.querySelector('[data-before="10"][data-after="10"]'));
  noErrors(errors);
});

test('Escape that cancels an F7 pick leaves the find-across panel open', async () => {
  const { page, errors } = await open(browser, medium);
  await page.getByRole('button', { name: 'Find across passes' }).click();
  const panel = page.getByRole('region', { name: 'Find across passes' });
  assert.equal(await panel.isVisible(), true);
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('F7');
  assert.equal(await page.locator('.code-scroll.picking').count(), 1);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('.code-scroll.picking').count(), 0, 'the pick is cancelled');
  assert.equal(await panel.isVisible(), true, 'the panel stays');
  await page.keyboard.press('Escape');
  assert.equal(await panel.isVisible(), false, 'the next Escape closes it');
  noErrors(errors);
});

test('the compare dialog opens on the current pass: From its before, To its own snapshot', async () => {
  const { page, errors } = await open(browser, medium);
  await page.getByRole('listbox', { name: 'Passes' }).getByRole('option').nth(2).click();
  await page.getByRole('button', { name: 'Compare\u2026' }).click();
  const dlg = page.getByRole('dialog', { name: 'Compare two snapshots' });
  const label = (name) => dlg.getByLabel(name).evaluate((s) => s.options[s.selectedIndex].textContent);
  assert.match(await label('From'), /^1\. Mul /);
  assert.match(await label('To'), /^2\. Extra /);
  await dlg.getByRole('button', { name: 'Compare' }).click();
  await page.waitForFunction(() => /^#cmp=1,2/.test(location.hash));
  noErrors(errors);
});

// WCAG contrast of every visible text against its effective background, from computed styles.
async function contrastFailures(page) {
  return page.evaluate(() => {
    const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null; const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
    const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
    const blend = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
    const bgOf = (el) => {
      const layers = [];
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
      }
      let bg = [255, 255, 255, 1];
      for (let i = layers.length - 1; i >= 0; i--) bg = blend(layers[i], bg);
      return bg;
    };
    const out = [];
    const walker = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
    let checked = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const el = n.parentElement;
      if (!el.getClientRects().length || el.closest('[hidden], button:disabled, [aria-hidden="true"]')) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden' || Number(cs.opacity) === 0) continue;
      const fg = blend(parse(cs.color), bgOf(el));
      const bg = bgOf(el);
      const l1 = lum(fg), l2 = lum(bg);
      const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
      checked++;
      if (ratio < 4.5) out.push(`${ratio.toFixed(2)} ${el.className || el.tagName}: ${n.textContent.trim().slice(0, 30)}`);
    }
    return { out: [...new Set(out)], checked };
  });
}

for (const scheme of ['light', 'dark']) {
  test(`text colours meet WCAG AA (4.5:1) in the ${scheme} theme`, async () => {
    const failures = [];
    let checked = 0;
    for (const [file, pick] of [[small, 1], [small, 2], [phases, 3], [phases, 4], [phases, 5], [across, 3]]) {
      const { page, errors, context } = await open(browser, file, { colorScheme: scheme });
      await page.getByRole('listbox', { name: 'Passes' }).getByRole('option').nth(pick).click();
      if (file === across) {
        await page.getByRole('button', { name: 'Find across passes' }).click();
        await page.getByRole('searchbox', { name: 'Find across passes' }).fill('pl.secret');
        await page.getByRole('searchbox', { name: 'Find across passes' }).press('Enter');
        await page.waitForFunction(() => document.querySelectorAll('.across-results li').length > 0);
        await page.locator('.code-scroll').focus();
        await page.keyboard.press('/');
        await page.keyboard.type('pl');
        await page.waitForSelector('.fm.cur');
      }
      const r = await contrastFailures(page);
      checked += r.checked;
      failures.push(...r.out.map((f) => `${file.split('/').pop()}#${pick}: ${f}`));
      noErrors(errors);
      await context.close();
    }
    assert.ok(checked > 100, 'text nodes checked: ' + checked);
    assert.deepEqual([...new Set(failures)], []);
  });
}
