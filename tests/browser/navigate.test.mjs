// Issue 4, navigation and overview: filters with counts and fallback, pass search, phase tabs, help,
// deep links, the IR size chart, sidebar resize / collapse, narrow windows, keyboard focus.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, report, fixture, noErrors, selected, rows, visibleEntries } from './harness.mjs';
import { mediumPayload } from './generated.mjs';

let browser, small, phases, medium;
before(async () => {
  browser = await launch();
  small = report('small3', fixture('small3.json'));
  phases = report('phases_failed', fixture('phases_failed.json'));
  medium = report('medium', mediumPayload());
});
after(async () => { await browser.close(); });

const passList = (page) => page.getByRole('listbox', { name: 'Passes' });

test('status filters show counts; Failed, Codegen and Warnings only filter the list', async () => {
  const { page, errors } = await open(browser, phases);
  const counts = await page.locator('.filters .filter').allTextContents();
  // The frontend is no pass: it is in no status count, and no status filter hides it.
  assert.deepEqual(counts, ['Changed2', 'No-op1', 'Failed1', 'Codegen2', '!Warnings only1']);
  await page.getByRole('checkbox', { name: 'Changed', exact: true }).uncheck();
  assert.deepEqual(await visibleEntries(page), [0, 2, 3, 5, 6]);
  await page.getByRole('checkbox', { name: 'Changed', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Codegen', exact: true }).uncheck();
  assert.deepEqual(await visibleEntries(page), [0, 1, 2, 3, 4]);
  await page.getByRole('checkbox', { name: 'Warnings only' }).check();
  assert.deepEqual(await visibleEntries(page), [4]);
  assert.equal(await selected(page), 4);
  await page.getByRole('checkbox', { name: 'Warnings only' }).uncheck();
  await page.getByRole('checkbox', { name: 'Failed', exact: true }).uncheck();
  assert.deepEqual(await visibleEntries(page), [0, 1, 2, 4]);
  noErrors(errors);
});

test('a hidden current pass falls back to the nearest visible one, ties to the lower index', async () => {
  const { page, errors } = await open(browser, phases);
  await passList(page).getByRole('option').nth(3).click();
  await page.getByRole('checkbox', { name: 'Failed', exact: true }).uncheck();
  assert.equal(await selected(page), 2);
  await page.getByRole('checkbox', { name: 'Failed', exact: true }).check();
  assert.equal(await selected(page), 2, 'the current pass stays while visible');
  for (const name of ['Changed', 'No-op', 'Failed', 'Codegen']) await page.getByRole('checkbox', { name, exact: true }).uncheck();
  assert.equal(await page.locator('.empty').isVisible(), true);
  assert.equal(await page.locator('.empty').textContent(), 'No passes match the filters');
  assert.equal(await selected(page), -1);
  noErrors(errors);
});

test('a report with a failed pass opens on it; without one, on the first changed pass', async () => {
  const { page, errors } = await open(browser, phases);
  assert.equal(await selected(page), 3, 'the failed pass Verify');
  const b = await open(browser, small);
  assert.equal(await selected(b.page), 1, 'the first changed pass');
  noErrors(errors);
  noErrors(b.errors);
});

test('keys keep working after a click on a filter checkbox', async () => {
  const { page, errors } = await open(browser, phases, { hash: '#pass=1' });
  assert.equal(await selected(page), 1);
  await page.getByRole('checkbox', { name: 'No-op', exact: true }).click();
  await page.keyboard.press('j');
  assert.equal(await selected(page), 3, 'j skips the hidden no-op pass although the checkbox has focus');
  noErrors(errors);
});

test('"Filter passes" filters by substring and fuzzily', async () => {
  const { page, errors } = await open(browser, phases);
  const box = page.getByRole('searchbox', { name: 'Filter passes' });
  await box.fill('canon');
  assert.deepEqual(await visibleEntries(page), [2]);
  await box.fill('alcmem');
  assert.deepEqual(await visibleEntries(page), [4]);
  await box.fill('host');
  assert.deepEqual(await visibleEntries(page), [6]);
  await box.fill('zzz');
  assert.deepEqual(await visibleEntries(page), []);
  assert.equal(await page.locator('.empty').isVisible(), true);
  await box.fill('');
  assert.equal((await visibleEntries(page)).length, 7);
  noErrors(errors);
});

test('phase tabs filter the list; numbered dumps show none', async () => {
  const { page, errors } = await open(browser, phases);
  const tabs = page.getByRole('tab');
  assert.deepEqual(await tabs.allTextContents(), ['All', 'Tile', 'Memory']);
  await page.getByRole('tab', { name: 'Tile' }).click();
  assert.equal(await page.getByRole('tab', { name: 'Tile' }).getAttribute('aria-selected'), 'true');
  assert.deepEqual(await visibleEntries(page), [1, 2]);
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await visibleEntries(page), [3, 4]);
  await page.getByRole('tab', { name: 'All' }).click();
  assert.equal((await visibleEntries(page)).length, 7);
  const s = await open(browser, small);
  assert.equal(await s.page.getByRole('tab').count(), 0);
  noErrors(errors);
  noErrors(s.errors);
});

test('? opens the keyboard help and Esc closes it', async () => {
  const { page, errors } = await open(browser, small);
  await page.keyboard.press('?');
  const dlg = page.getByRole('dialog', { name: 'Keyboard help' });
  assert.equal(await dlg.isVisible(), true);
  assert.match(await dlg.textContent(), /Shift\+E/);
  await page.keyboard.press('Escape');
  assert.equal(await dlg.isVisible(), false);
  noErrors(errors);
});

test('deep links: the fragment records pass, function and layout, and restores them', async () => {
  const { page, errors } = await open(browser, medium);
  const len = await page.evaluate(() => history.length);
  await page.keyboard.press('j');
  await page.getByLabel('Function', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Stacked' }).click();
  const hash = '#pass=2&fn=main&layout=stacked';
  await page.waitForFunction((h) => location.hash === h, hash);
  assert.equal(await page.evaluate(() => history.length), len, 'no history entry per move');
  const b = await open(browser, medium, { hash });
  assert.equal(await selected(b.page), 2);
  assert.match(await b.page.getByLabel('Function', { exact: true }).locator('option:checked').textContent(), /^main/);
  assert.equal(await b.page.getByRole('button', { name: 'Stacked' }).getAttribute('aria-pressed'), 'true');
  await b.page.evaluate(() => { location.hash = '#pass=3'; });
  await b.page.waitForFunction(() => document.querySelector('[role="option"][aria-selected="true"]').getAttribute('data-entry') === '3');
  // A hash change that arrives while the page's own coalesced fragment write is due (it failed under load:
  // the write replaced the new hash before the hashchange handler read it): the new hash still wins.
  // The race's state, made deterministic: the address bar back at the page's own fragment, and the event
  // naming the hash navigated to.
  await b.page.evaluate(() => {
    const app = window.IrTrace.instance;
    const own = '#' + app.links.entry(app.entry, app.fnKey, app.layout);
    app.links.write(own.slice(1));
    history.replaceState(history.state, '', own);
    const to = location.href.replace(/#.*$/, '') + '#pass=1';
    window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL: location.href, newURL: to }));
  });
  await b.page.waitForFunction(() => document.querySelector('[role="option"][aria-selected="true"]').getAttribute('data-entry') === '1');
  noErrors(errors);
  noErrors(b.errors);
});

test('a deep link names a pass only with digits: "#pass=" and "#pass=0x2" open the first changed pass', async () => {
  for (const hash of ['#pass=', '#pass=0x2', '#pass=%202']) {
    const { page, errors, context } = await open(browser, small, { hash });
    assert.equal(await selected(page), 1, hash + ' selects the first changed pass, not the frontend or pass 2');
    noErrors(errors);
    await context.close();
  }
  const ok = await open(browser, small, { hash: '#pass=0' });
  assert.equal(await selected(ok.page), 0, 'pass 0 is the frontend');
  noErrors(ok.errors);
});

test('the IR size chart marks changed passes and a click selects a pass', async () => {
  const { page, errors } = await open(browser, medium);
  const svg = page.locator('svg.size-chart');
  assert.equal(await svg.locator('circle.size-pt').count(), 2, 'changed passes only (the frontend is none)');
  const box = await svg.boundingBox();
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  assert.equal(await selected(page), 3);
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  assert.equal(await selected(page), 0);
  noErrors(errors);
});

test('the sidebar can be resized and collapsed, and both are remembered', async () => {
  const { page, errors } = await open(browser, small);
  const width = () => page.evaluate(() => document.querySelector('.sidebar').getBoundingClientRect().width);
  const w0 = await width();
  const h = await page.getByRole('separator', { name: 'Resize the pass list' }).boundingBox();
  await page.mouse.move(h.x + 2, h.y + 100);
  await page.mouse.down();
  await page.mouse.move(h.x + 82, h.y + 100, { steps: 4 });
  await page.mouse.up();
  assert.equal(Math.round(await width()), Math.round(w0 + 80));
  await page.reload();
  await page.waitForSelector('[role="option"][aria-selected="true"]');
  assert.equal(Math.round(await width()), Math.round(w0 + 80));
  await page.getByRole('button', { name: 'Pass list' }).click();
  assert.equal(await page.locator('.sidebar').isVisible(), false);
  await page.reload();
  await page.waitForSelector('[role="option"][aria-selected="true"]', { state: 'attached' });
  // The selected option can be in the DOM before the remembered layout is applied: wait for the page to
  // settle on the stored state (a page that never restores it fails here), then check what is shown.
  await page.waitForFunction(() => document.querySelector('.app')?.classList.contains('side-collapsed'), null, { timeout: 10000 });
  assert.equal(await page.locator('.sidebar').isVisible(), false);
  await page.getByRole('button', { name: 'Pass list' }).click();
  assert.equal(await page.locator('.sidebar').isVisible(), true);
  noErrors(errors);
});

test('below 1,000 px the layout is stacked until the user chooses; an explicit choice wins and is stored', async () => {
  const { page, context, errors } = await open(browser, small, { viewport: { width: 900, height: 700 } });
  const pressed = (name) => page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
  const replace = async () => (await rows(page)).filter((r) => r.kind === 'replace')[0];
  assert.equal(await pressed('Stacked'), 'true', 'stacked at 900 px');
  assert.deepEqual(await replace(), { kind: 'replace', before: 4, after: null });
  // Wider: back to side by side by itself; narrower again: stacked again.
  await page.setViewportSize({ width: 1200, height: 700 });
  await page.waitForFunction(() => document.querySelector('[data-kind="replace"]').hasAttribute('data-after') && document.querySelector('[data-kind="replace"]').hasAttribute('data-before'));
  assert.equal(await pressed('Side by side'), 'true');
  await page.setViewportSize({ width: 700, height: 700 });
  await page.waitForFunction(() => !document.querySelector('[data-kind="replace"]').hasAttribute('data-after'));
  // Chosen explicitly, side by side stays at 700 px, also after a reload (stored like the layout choice).
  await page.getByRole('button', { name: 'Side by side', exact: true }).click();
  assert.equal(await pressed('Side by side'), 'true');
  assert.deepEqual(await replace(), { kind: 'replace', before: 4, after: 4 });
  await page.reload();
  await page.waitForSelector('[role="option"][aria-selected="true"]');
  assert.equal(await pressed('Side by side'), 'true', 'the stored choice wins over the width');
  // `s` chooses too: stacked, then kept when the window widens.
  await page.locator('.code-scroll').focus();
  await page.keyboard.press('s');
  assert.equal(await pressed('Stacked'), 'true');
  await page.setViewportSize({ width: 1400, height: 700 });
  await page.waitForTimeout(100);
  assert.equal(await pressed('Stacked'), 'true', 'an explicit stacked stays when the window widens');
  await context.close();
  noErrors(errors);
});

// Found in review: at 600 px and below the analysis toggles' group did not wrap and the page scrolled sideways.
test('a narrow window never scrolls sideways: every control stays inside it (600, 420 and 360 px)', async () => {
  for (const width of [600, 420, 360]) {
    const { page, errors, context } = await open(browser, small, { viewport: { width, height: 700 } });
    const out = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      outside: [...document.querySelectorAll('button, select, input')].filter((b) => b.offsetParent && b.getBoundingClientRect().right > innerWidth + 0.5).map((b) => b.textContent || b.getAttribute('aria-label')),
    }));
    assert.ok(out.page <= width, width + ' px: the page is ' + out.page + ' px wide');
    assert.deepEqual(out.outside, [], width + ' px: controls past the right edge');
    noErrors(errors);
    await context.close();
  }
});

test('every control is reachable by keyboard with a visible focus', async () => {
  const { page, errors } = await open(browser, small);
  const seen = new Set();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const a = document.activeElement;
      if (a === document.body) return null;
      const cs = getComputedStyle(a);
      return { label: a.getAttribute('aria-label') || a.textContent.trim().slice(0, 30), outline: cs.outlineStyle, width: cs.outlineWidth };
    });
    if (!info) continue;
    assert.notEqual(info.outline, 'none', 'no visible focus on ' + info.label);
    seen.add(info.label);
  }
  for (const name of ['Filter passes', 'Changed', 'Passes', 'Side by side', 'Stacked', 'Expand all', 'Copy diff', 'Theme', 'Diff']) {
    assert.ok(seen.has(name), name + ' reachable by Tab: ' + [...seen].join('|'));
  }
  noErrors(errors);
});

test('a deep link to a pass or function the report lacks says so in a visible note, gone with the next pass', async () => {
  const missing = await open(browser, small, { hash: '#pass=99' });
  const note = missing.page.locator('.link-note');
  assert.equal(await note.isVisible(), true);
  assert.match(await note.textContent(), /^This report has no pass 99: showing 1\. ConvertToSSA instead\.$/);
  await missing.page.keyboard.press('j');
  assert.equal(await selected(missing.page), 2);
  assert.equal(await note.isVisible(), false);
  noErrors(missing.errors);
  const fn = await open(browser, small, { hash: '#pass=2&fn=nosuch' });
  assert.equal(await selected(fn.page), 2);
  assert.match(await fn.page.locator('.link-note').textContent(), /^2\. \S+ has no function nosuch: showing the whole file\.$/);
  noErrors(fn.errors);
  // A link that names what exists shows no note.
  const ok = await open(browser, small, { hash: '#pass=2&fn=mul' });
  assert.equal(await ok.page.locator('.link-note').isVisible(), false);
  noErrors(ok.errors);
});
