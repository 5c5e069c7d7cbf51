// Issue 9, items 7 and 8: what the mouse can do the keyboard can (a fold expanded by keys keeps the focus
// in the diff, F7 alignment chosen by keys, n/p scroll sideways to a change off screen), and code scrolled
// sideways is cut clear of the +/- signs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, report, tmpDir, noErrors, IRTRACE_BIN } from './harness.mjs';
import { mediumPayload } from './generated.mjs';

const skip = fs.existsSync(IRTRACE_BIN) ? false : `ir-trace binary not found at ${IRTRACE_BIN}`;

let browser, medium;
before(async () => {
  browser = await launch();
  medium = report('medium-keys', mediumPayload());
});
after(async () => { await browser.close(); });

// Converts a two-snapshot dump (frontend text, one pass's text) with the real binary.
function convert(name, frontend, pass) {
  const dir = path.join(tmpDir(), name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, '00_frontend.py'), frontend);
  fs.writeFileSync(path.join(dir, '01_after_Edit.py'), pass);
  const out = path.join(tmpDir(), name + '.html');
  execFileSync(IRTRACE_BIN, [dir, '-o', out, '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  return out;
}

const lines = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join('\n') + '\n';

test('a fold expanded by keys keeps the focus: in the diff when the fold is gone, on its button when it stays, also when focusing it scrolled the view', { skip }, async () => {
  const before = lines(120, (i) => `x${i} = op(${i})`);
  const after = before.replace('x60 = op(60)', 'x60 = op(61)');
  const { page, errors } = await open(browser, convert('fold-focus', before, after));
  const expand = page.locator('.fold').first().getByRole('button', { name: 'Expand' });
  await expand.focus();
  await page.keyboard.press('Enter');
  const active = await page.evaluate(() => (document.activeElement === document.body ? 'body' : document.activeElement.className));
  assert.match(active, /code-scroll/, 'focus after Expand: ' + active);
  // ↓20 keeps the focus on the fold's own button (the fold, after the change, is still there).
  const down = page.locator('.fold').first().getByRole('button', { name: 'Show 20 hidden lines below' });
  await down.focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('data-action')), 'down', await page.evaluate(() => document.activeElement.outerHTML.slice(0, 200)));
  noErrors(errors);
});

test('F7 by keys: arrows choose the left line, Enter, arrows choose the right line, Enter; the message goes at once', async () => {
  const { page, errors } = await open(browser, medium);
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('Shift+E');
  await page.keyboard.press('F7');
  const at = () => page.evaluate(() => {
    const r = document.querySelector('.row.pick-at');
    return r ? { side: r.classList.contains('pick-L') ? 'L' : 'R', before: Number(r.getAttribute('data-before')), after: Number(r.getAttribute('data-after')) } : null;
  });
  assert.deepEqual(await at(), { side: 'L', before: 1, after: 1 }, 'the cursor starts on the first line on screen');
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowDown');
  assert.equal((await at()).before, 10);
  await page.keyboard.press('Enter');
  const right = await at();
  assert.equal(right.side, 'R', 'then the right side');
  assert.equal(right.after, 10, 'from the same row');
  for (let i = 0; i < 10; i++) await page.keyboard.press('j');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  assert.equal((await at()).after, 20);
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('.toast.show').count(), 0, 'the alignment instructions are gone when it is done');
  await page.waitForFunction(() => !!document.querySelector('[data-before="10"][data-after="20"]'));
  assert.equal(await page.locator('.code-scroll.picking').count(), 0);
  assert.equal(await page.locator('.row.pick-at').count(), 0);
  noErrors(errors);
});

test('n and p scroll sideways to a change that is off screen, and back to a change at the line start', { skip }, async () => {
  const long = 'y = f(' + 'a'.repeat(400);
  const before = lines(60, (i) => (i === 10 ? long + 'b)' : `x${i} = op(${i})`));
  const after = lines(60, (i) => (i === 10 ? long + 'c)' : i === 40 ? `z${i} = other(${i})` : `x${i} = op(${i})`));
  const { page, errors } = await open(browser, convert('np-sideways', before, after));
  await page.locator('.code-scroll').focus();
  const state = () => page.evaluate(() => {
    const cells = document.querySelectorAll('.row.cursor .c[data-side]');
    const cell = cells[cells.length - 1];
    const hl = cell && cell.querySelector('.hl');
    const c = cell.getBoundingClientRect(), h = hl ? hl.getBoundingClientRect() : null;
    return { scroll: document.querySelector('.hscroll').scrollLeft, inView: !!h && h.left >= c.left && h.right <= c.right, line: Number(cell.closest('.row').getAttribute('data-before')) };
  });
  await page.keyboard.press('n');
  let s = await state();
  assert.equal(s.line, 11);
  assert.ok(s.scroll > 0, 'scrolled sideways: ' + JSON.stringify(s));
  assert.ok(s.inView, 'the changed character is on screen: ' + JSON.stringify(s));
  await page.keyboard.press('n');
  s = await state();
  assert.equal(s.line, 41, JSON.stringify(s));
  assert.equal(s.scroll, 0, 'a change at the line start scrolls back');
  await page.keyboard.press('p');
  s = await state();
  assert.ok(s.scroll > 0 && s.inView, 'p too: ' + JSON.stringify(s));
  noErrors(errors);
});

test('code scrolled sideways is cut clear of the +/- signs, in both layouts', { skip }, async () => {
  const before = lines(20, (i) => `value_${i} = compute_something_long(${i}, ${'x'.repeat(200)})`);
  const after = before.replace('value_5 =', 'value_5b =');
  const { page, errors } = await open(browser, convert('sign-gap', before, after));
  await page.locator('.code-scroll').focus();
  for (const layout of ['Side by side', 'Stacked']) {
    await page.getByRole('button', { name: layout, exact: true }).click();
    await page.locator('.code-scroll').focus();
    const probe = () => page.evaluate(() => {
      const row = document.querySelector('.row[data-kind="replace"]');
      const out = [];
      for (const sg of row.querySelectorAll('.sg')) {
        const r = sg.getBoundingClientRect();
        const y = r.top + r.height / 2;
        // The 3 px right of the sign: the cell's own edge, never its text.
        for (const dx of [1, 2, 3]) {
          const hit = document.elementFromPoint(r.right + dx, y);
          out.push(hit && hit.classList.contains('c') ? 'cell' : hit ? hit.className || hit.nodeName : 'none');
        }
      }
      return out;
    });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.hscroll').scrollLeft > 0);
    const hits = await probe();
    assert.ok(hits.length >= 3 && hits.every((h) => h === 'cell'), layout + ': ' + hits.join(' '));
    await page.keyboard.press('Home');
    await page.evaluate(() => { document.querySelector('.hscroll').scrollLeft = 0; });
  }
  noErrors(errors);
});

// Every key a handler in the viewer's source reads (`ev.key === 'x'`, `{x: ...}[ev.key]` maps, the
// page-wide key map) is listed in the `?` help, in a <kbd>.
test('? lists every key the page answers to', async () => {
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'assets', 'js');
  const keys = new Set();
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.js'))) {
    const src = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const m of src.matchAll(/ev\.key [!=]== '([^']+)'/g)) keys.add(m[1]);
    for (const m of src.matchAll(/\{([^{}]*)\}\[ev\.key\]/g)) for (const k of m[1].matchAll(/(?:^|[,{]\s*)(\w+|'[^']+'):/g)) keys.add(k[1].replace(/'/g, ''));
    const act = src.indexOf('const act = {');
    if (act >= 0) {
      const block = src.slice(act, src.indexOf('}[ev.key]', act));
      for (const m of block.matchAll(/(?:^|[,{]|\n)\s*(\w+|'[^']+'):\s*\(\)\s*=>/g)) keys.add(m[1].replace(/'/g, ''));
    }
  }
  const name = { ArrowDown: '\u2193', ArrowUp: '\u2191', ArrowLeft: '\u2190', ArrowRight: '\u2192', Escape: 'Esc', ' ': 'Space', E: 'Shift+E', F: 'Shift+F', B: 'Shift+B', f: 'Ctrl+F' };
  const wanted = [...keys].map((k) => name[k] || k);
  assert.ok(wanted.length >= 20, 'the scan found the handlers: ' + wanted.join(' '));
  const { page, errors } = await open(browser, medium);
  await page.locator('.code-scroll').focus();
  // Built when first opened (the first diff does not wait for it), and only once.
  assert.equal(await page.locator('.dialog.help').count(), 0, 'no help in the page before ?');
  await page.keyboard.press('?');
  await page.keyboard.press('Escape');
  await page.keyboard.press('?');
  assert.equal(await page.locator('.dialog.help').count(), 1, 'one help dialog after opening it twice');
  const dialog = page.getByRole('dialog', { name: 'Keyboard help' });
  assert.equal(await dialog.isVisible(), true);
  const listed = new Set((await dialog.locator('kbd').allTextContents()).flatMap((t) => t.split(/ \/ | or |, /)));
  const missing = wanted.filter((k) => !listed.has(k));
  assert.deepEqual(missing, [], 'keys missing from the help: ' + missing.join(' ') + ' (listed: ' + [...listed].join(' ') + ')');
  noErrors(errors);
});

test('the ? help fits the window: its end and its Close button can be seen, at 900 and 600 px high', async () => {
  for (const height of [900, 600]) {
    const { page, errors, context } = await open(browser, medium, { viewport: { width: 1400, height } });
    await page.locator('.code-scroll').focus();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard help' });
    await dialog.evaluate((d) => { d.scrollTop = d.scrollHeight; });
    const box = await dialog.evaluate((d) => { const r = d.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
    assert.ok(box.top >= 0 && box.bottom <= height, height + ' px: the dialog spans ' + JSON.stringify(box));
    const close = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
    assert.ok(close.y >= 0 && close.y + close.height <= height, height + ' px: Close at ' + JSON.stringify(close));
    noErrors(errors);
    await context.close();
  }
});

// Found by a new-user trial: after aligning two lines far down, the realigned view started at the top.
test('F7: the realigned view keeps the aligned pair in sight', async () => {
  const { page, errors } = await open(browser, medium);
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('Shift+E');
  await page.keyboard.press('F7');
  for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
  const left = Number(await page.locator('.row.pick-at').getAttribute('data-before'));
  assert.ok(left > 60, 'the cursor went down: ' + left);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const right = Number(await page.locator('.row.pick-at').getAttribute('data-after'));
  await page.keyboard.press('Space');
  const pair = `[data-before="${left}"][data-after="${right}"]`;
  await page.waitForSelector(pair, { state: 'attached' });
  const inView = await page.evaluate((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect(), s = document.querySelector('.code-scroll').getBoundingClientRect();
    return r.top >= s.top && r.bottom <= s.bottom;
  }, pair);
  assert.equal(inView, true, 'the aligned pair is on screen');
  noErrors(errors);
});

// Found in review: F7 on a view with no line on the left entered a pick that could never be made.
test('F7 on a view without a line on the left says there is nothing to align and picks nothing', { skip }, async () => {
  const { page, errors } = await open(browser, convert('f7-empty-left', '', 'x = 1\ny = 2\n'), { hash: '#pass=1' });
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('F7');
  assert.equal(await page.locator('.code-scroll.picking').count(), 0, 'no pick mode');
  assert.match(await page.locator('.toast').textContent(), /Nothing to align/);
  await page.keyboard.press('j');
  noErrors(errors);
});

test('? opens the keyboard help at its top (title and first keys in view), however short the window', async () => {
  const { page, errors } = await open(browser, medium, { viewport: { width: 1000, height: 420 } });
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('?');
  const dlg = page.getByRole('dialog', { name: 'Keyboard help' });
  await dlg.waitFor();
  const geo = await page.evaluate(() => {
    const d = document.querySelector('.dialog.help');
    const h = d.querySelector('h2').getBoundingClientRect(), b = d.getBoundingClientRect();
    return { scrollTop: d.scrollTop, scrolls: d.scrollHeight > d.clientHeight, titleIn: h.top >= b.top - 1 && h.bottom <= b.bottom + 1, focus: document.activeElement.textContent };
  });
  assert.equal(geo.scrolls, true, 'the help is taller than this window');
  assert.equal(geo.scrollTop, 0);
  assert.equal(geo.titleIn, true);
  await page.keyboard.press('Escape');
  assert.equal(await dlg.isHidden(), true);
  noErrors(errors);
});

test('Tab never stops on the scroll bar under the diff (hidden from screen readers)', async () => {
  const { page, errors } = await open(browser, medium);
  await page.locator('.code-scroll').focus();
  const stops = [];
  for (let k = 0; k < 60; k++) {
    await page.keyboard.press('Tab');
    stops.push(await page.evaluate(() => document.activeElement.className));
  }
  assert.equal(stops.filter((c) => /\bhscroll\b/.test(c)).length, 0, stops.join(' | '));
  assert.equal(await page.locator('.hscroll').getAttribute('tabindex'), '-1');
  noErrors(errors);
});
