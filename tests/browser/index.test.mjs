// The batch index (OUTDIR/index.html, lib/report/batch_index.cpp + assets/index/): rows for every dump,
// worst first, sortable by column, filtered by the search box and "Problems only", links that open the
// reports, and names, paths and errors that stay text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { launch, tmpDir, IRTRACE_BIN } from './harness.mjs';

let browser, outDir;
const XSS_DIR = '<img src=x onerror="window.__xss=1"> 100%';

function dump(dir, { log, passes = 2, title } = {}) {
  fs.mkdirSync(dir, { recursive: true });
  const head = title ? '# pypto.program: ' + title + '\n' : '';
  fs.writeFileSync(path.join(dir, '00_frontend.py'), head + 'def f():\n    return 0\n');
  for (let i = 1; i <= passes; i++) {
    fs.writeFileSync(path.join(dir, `0${i}_after_P${i}.py`), head + `def f():\n    return ${i}\n`);
  }
  if (log) fs.writeFileSync(path.join(dir, '01_after_P1.log'), log);
}

before(async () => {
  browser = await launch();
  const root = path.join(tmpDir(), 'index-root');
  dump(path.join(root, 'good', 'passes_dump'), { passes: 3 });
  dump(path.join(root, 'failing', 'passes_dump'), { log: 'error: <b>verifier</b> failed\n' });
  dump(path.join(root, 'warned', 'passes_dump'), { log: 'note: slow\n', passes: 1 });
  dump(path.join(root, XSS_DIR, 'passes_dump'), { title: '<script>window.__xss=2</script>' });
  fs.mkdirSync(path.join(root, 'broken', 'passes_dump'), { recursive: true });
  fs.writeFileSync(path.join(root, 'broken', 'passes_dump', '00_frontend.py'), 'x\n');
  outDir = path.join(tmpDir(), 'index-out') + '/';
  const r = spawnSync(IRTRACE_BIN, ['--find', root, '-o', outDir, '-q']);
  assert.equal(r.status, 1, String(r.stderr));  // the broken dump
});
after(async () => { await browser.close(); });

async function openIndex() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto('file://' + outDir + 'index.html');
  await page.waitForSelector('tbody tr');
  return { page, errors };
}

const paths = (page) => page.locator('tbody tr .path').allTextContents();

test('every dump is listed, invalid and failed first, with title, path and first error line', async () => {
  const { page, errors } = await openIndex();
  const rows = await paths(page);
  assert.equal(rows.length, 5);
  assert.deepEqual(rows.slice(0, 3).map((p) => p.split('/').slice(-2, -1)[0]), ['broken', 'failing', 'warned']);
  const failing = page.locator('tbody tr').nth(1);
  assert.match(await failing.textContent(), /error: <b>verifier<\/b> failed/);
  assert.match(await page.locator('tbody tr').nth(0).textContent(), /invalid.*no pass snapshot/);
  assert.deepEqual(errors, []);
});

test('sorting by a column, again to reverse', async () => {
  const { page } = await openIndex();
  await page.getByRole('button', { name: 'Passes' }).click();
  assert.equal(await page.locator('th[data-key="passes"]').getAttribute('aria-sort'), 'ascending');
  const asc = await page.locator('tbody tr td:nth-child(3)').allTextContents();
  assert.deepEqual(asc, ['', '1', '2', '2', '3']);
  await page.getByRole('button', { name: 'Passes' }).click();
  assert.equal(await page.locator('th[data-key="passes"]').getAttribute('aria-sort'), 'descending');
  assert.deepEqual(await page.locator('tbody tr td:nth-child(3)').allTextContents(), ['3', '2', '2', '1', '']);
});

test('filtering by text and by "Problems only"', async () => {
  const { page } = await openIndex();
  await page.getByRole('searchbox', { name: 'Filter dumps' }).fill('verifier');
  assert.equal((await paths(page)).length, 1);
  assert.match((await paths(page))[0], /failing/);
  await page.getByRole('searchbox', { name: 'Filter dumps' }).fill('');
  await page.getByLabel('Problems only').check();
  assert.equal((await paths(page)).length, 3);
  assert.match(await page.locator('.count').textContent(), /3 of 5/);
});

test('links open the reports, even names with +XX escapes', async () => {
  const { page } = await openIndex();
  const link = page.locator('tbody tr', { hasText: '100%' }).getByRole('link');
  const name = await link.textContent();
  assert.ok(fs.existsSync(path.join(outDir, name)), name);
  assert.match(name, /\+3Cimg\+20src/);
  await link.click();
  await page.waitForSelector('[role="option"][aria-selected="true"]');
  assert.equal(await page.title(), '<script>window.__xss=2</script> - ir-trace');
});

test('names, paths, titles and errors stay text', async () => {
  const { page, errors } = await openIndex();
  await page.waitForTimeout(50);
  assert.equal(await page.evaluate(() => window.__xss), undefined);
  assert.equal(await page.locator('#index img, #index b, #index script').count(), 0);
  assert.equal(await page.evaluate(() => document.scripts.length), 2);
  const text = await page.locator('tbody').textContent();
  assert.ok(text.includes(XSS_DIR), text);
  assert.ok(text.includes('<script>window.__xss=2</script>'), text);
  assert.deepEqual(errors, []);
});

test('a merged index (ir-trace index) links the shards\' reports relative to its directory', async () => {
  const root = path.join(tmpDir(), 'merge-root');
  dump(path.join(root, 'a 100%', 'passes_dump'));
  dump(path.join(root, 'b', 'passes_dump'));
  dump(path.join(root, 'c', 'passes_dump'));
  const work = tmpDir();
  const summaries = [];
  for (const k of [1, 2]) {
    const json = path.join(work, `s${k}.json`);
    const r = spawnSync(IRTRACE_BIN, ['--find', root, '--shard', `${k}/2`, '-o', path.join(work, `shard${k}`) + '/',
      '--json', json, '-q']);
    assert.equal(r.status, 0, String(r.stderr));
    summaries.push(json);
  }
  fs.mkdirSync(path.join(work, 'all'));
  const index = path.join(work, 'all', 'index.html');
  execFileSync(IRTRACE_BIN, ['index', ...summaries, '-o', index, '-q']);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('file://' + index);
  await page.waitForSelector('tbody tr');
  assert.equal(await page.locator('tbody tr').count(), 3);
  const link = page.locator('tbody tr', { hasText: '100%' }).getByRole('link');
  assert.match(await link.textContent(), /^\.\.\/shard[12]\/a\+20100\+25__passes_dump\.html$/);
  await link.click();
  await page.waitForSelector('[role="option"][aria-selected="true"]');
  assert.equal(await page.title(), 'a 100% - ir-trace');
  await context.close();
});

test('--baseline: a "First divergence" column links each compare report, and sorts by it', async () => {
  const root = path.join(tmpDir(), 'bl-root'), root2 = path.join(tmpDir(), 'bl-root2');
  dump(path.join(root, 'same'), { passes: 2 });
  dump(path.join(root2, 'same'), { passes: 2 });
  dump(path.join(root, 'diverged'), { passes: 2 });
  dump(path.join(root2, 'diverged'), { passes: 1 });  // HEAD has pass 2, BASE not: added, no divergence...
  fs.writeFileSync(path.join(root2, 'diverged', '01_after_P1.py'), 'def f():\n    return 9\n');  // ...and pass 1 differs
  dump(path.join(root, 'new'), { passes: 1 });
  const out = path.join(tmpDir(), 'bl-out') + '/';
  const r = spawnSync(IRTRACE_BIN, ['--find', root, '--baseline', root2, '-o', out, '-q']);
  assert.equal(r.status, 0, String(r.stderr));
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('file://' + out + 'index.html');
  await page.waitForSelector('tbody tr');
  assert.equal(await page.locator('th').last().textContent(), 'First divergence');
  await page.locator('th button', { hasText: 'First divergence' }).click();
  const cells = await page.locator('tbody tr td:last-child').allTextContents();
  assert.deepEqual(cells, ['pass 1 P1', 'none', 'no baseline']);
  // The divergence is searched and is a problem to look at.
  await page.getByRole('searchbox', { name: 'Filter dumps' }).fill('pass 1 p1');
  assert.deepEqual(await page.locator('tbody tr td:last-child').allTextContents(), ['pass 1 P1']);
  await page.getByRole('searchbox', { name: 'Filter dumps' }).fill('');
  await page.getByRole('checkbox', { name: 'Problems only' }).check();
  assert.deepEqual(await page.locator('tbody tr td:last-child').allTextContents(), ['pass 1 P1']);
  await page.getByRole('checkbox', { name: 'Problems only' }).uncheck();
  const link = page.locator('tbody tr td:last-child a').first();
  assert.equal(await link.getAttribute('href'), 'compare/diverged.html');
  await link.click();
  await page.waitForSelector('[role="option"][aria-selected="true"]');
  assert.match(await page.locator('[role="option"][aria-selected="true"]').textContent(), /^1\. P1/);
  assert.match(await page.locator('.topbar .runs').textContent(), /BASE.*bl-root2.*HEAD.*bl-root/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an index of 150,000 dumps opens on its first 1,000 rows with a button for more, and filters over all of them', { timeout: 240000 }, async () => {
  const work = tmpDir();
  const dumps = [];
  for (let k = 0; k < 150000; k++) {
    dumps.push({ path: `d/${k}`, report: `r/${k}.html`, title: `t${k}`, status: 'ok', error: null,
      counts: { passes: 3, changed: 1, noop: 2, failed: 0, codegen: 0, warnings: 0 }, failed_passes: [], warnings: [],
      input_bytes: 10, seconds: 0.01 });
  }
  const summary = path.join(work, 'big.json');
  fs.writeFileSync(summary, JSON.stringify({ schema: 1, tool: 'ir-trace 0.1.0', check: false, dumps }));
  const index = path.join(work, 'big.html');
  execFileSync(IRTRACE_BIN, ['index', summary, '-o', index, '-q']);
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('file://' + index, { timeout: 200000 });
  await page.waitForFunction(() => document.querySelector('tbody tr') || document.querySelector('.count')?.textContent, null, { timeout: 200000, polling: 500 });
  assert.deepEqual(errors, []);
  // The first 1,000 rows of the order, and a button for more; the search works over every dump.
  assert.equal(await page.evaluate(() => document.querySelectorAll('tbody tr').length), 1000);
  assert.equal(await page.locator('.count').textContent(), '150000 of 150000');
  const more = page.getByRole('button', { name: 'Show 1000 more (149000 not shown)' });
  await more.click();
  assert.equal(await page.evaluate(() => document.querySelectorAll('tbody tr').length), 2000);
  await page.getByRole('searchbox', { name: 'Filter dumps' }).fill('t149999');
  assert.equal(await page.locator('.count').textContent(), '1 of 150000');
  assert.deepEqual(await page.locator('tbody tr .title').allTextContents(), ['t149999']);
  assert.equal(await page.locator('button.more').isHidden(), true);
  await context.close();
});
