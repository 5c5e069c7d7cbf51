// Browser figures for the analysis toggles (blame, normalised views) on one ir-trace report.
//
//   node tests/bench/analysis_bench.mjs REPORT.html [LOADS]
//
// Opens the report's last pass (the longest blame chain) in LOADS fresh pages (default 5; nothing is
// cached across them) and prints one JSON line of medians:
//   blame_ms        `b` keydown -> first animation frame after the blame gutter of that pass is on screen
//                   (its provenance computed from the frontend on, every pass's diff followed)
//   ssa_view_ms     `i` keydown -> first animation frame after that pass is shown compared ignoring SSA
//                   numbering (its result from the worker)
//   ssa_list_ms     `i` keydown -> every pass compared again and the pass list showing the new statuses
//   ws_list_ms      the same for `w` (Ignore whitespace), in a page of its own
//   lines           lines of the snapshot the last pass shows
// Missing playwright-core or /usr/bin/chromium gives nulls and exit 0. No browser is downloaded.

import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CHROMIUM = process.env.BENCH_CHROMIUM || '/usr/bin/chromium';
const TIMEOUT_MS = 120000;

function median(xs) {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function loadPlaywright() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const dir of [process.env.BENCH_NODE_MODULES, path.resolve(here, '../../node_modules')].filter(Boolean)) {
    try {
      const req = createRequire(path.join(dir, 'noop.js'));
      return req(req.resolve('playwright-core'));
    } catch { /* try the next */ }
  }
  try { return await import('playwright-core'); } catch { return null; }
}

// In the page: resolves, for the next keydown of `key`, with the times (ms after it) at which each named
// condition first held at the end of an animation frame (names: see CONDITIONS).
function arm([key, names]) {
  const CONDITIONS = {
    // the blame gutter is on screen
    gutter: () => document.querySelector('.code-rows .bl[data-entry]') !== null,
    // the pass shown is compared under the normalisation
    view: () => { const v = window.IrTrace.instance.viewData; return !!(v && v.normalized); },
    // every pass is compared again and the pass list shows it
    list: () => /^Ignoring/.test(document.querySelector('.norm-status').textContent),
  };
  window.__analysisPending = new Promise((resolve) => {
    const out = {};
    let t0 = null;
    const deadline = performance.now() + 110000;
    addEventListener('keydown', function onKey(e) {
      if (e.key !== key) return;
      removeEventListener('keydown', onKey, true);
      t0 = e.timeStamp;
      requestAnimationFrame(frame);
    }, true);
    function frame() {
      // After the frame's callbacks have run: take the time in a task, as browser_bench.mjs does.
      setTimeout(() => {
        const now = performance.now();
        for (const name of names) if (out[name] === undefined && CONDITIONS[name]()) out[name] = now - t0;
        if (Object.keys(out).length === names.length || now > deadline) return resolve(out);
        requestAnimationFrame(frame);
      }, 0);
    }
  });
}

async function measure(browser, url, key, names) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
  await page.waitForSelector('[role=option][aria-selected=true]', { timeout: TIMEOUT_MS });
  // The last IR pass (the pass list is virtual: End in it, then k past codegen rows), then the diff focused
  // so keys reach the viewer.
  await page.locator('[role=listbox]').focus();
  await page.keyboard.press('End');
  while (await page.locator('[role=option][aria-selected=true].st-codegen').count()) await page.keyboard.press('k');
  await page.waitForSelector('.code-rows [data-kind]', { timeout: TIMEOUT_MS });
  await page.locator('.code-scroll').focus();
  const lines = await page.evaluate(() => {
    const app = window.IrTrace.instance;
    return app.model.count(app.model.entries[app.entry].after);
  });
  await page.evaluate(arm, [key, names]);
  await page.keyboard.press(key);
  const times = await page.evaluate(() => window.__analysisPending);
  await context.close();
  return { times, lines };
}

async function main() {
  const file = process.argv[2];
  const loads = Math.max(1, Number(process.argv[3] || 5));
  const result = { blame_ms: null, ssa_view_ms: null, ssa_list_ms: null, ws_list_ms: null, lines: null };
  const print = () => process.stdout.write(JSON.stringify(result) + '\n');
  if (!file || !existsSync(file)) { result.error = `no report: ${file}`; return print(); }
  const pw = await loadPlaywright();
  if (!pw) { result.error = 'playwright-core not found'; return print(); }
  if (!existsSync(CHROMIUM)) { result.error = `${CHROMIUM} not found`; return print(); }
  const browser = await pw.chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const url = pathToFileURL(path.resolve(file)).href;
  const runs = { blame: [], ssaView: [], ssaList: [], wsList: [] };
  try {
    for (let i = 0; i < loads; i++) {
      const b = await measure(browser, url, 'b', ['gutter']);
      runs.blame.push(b.times.gutter ?? null);
      result.lines = b.lines;
      const s = await measure(browser, url, 'i', ['view', 'list']);
      runs.ssaView.push(s.times.view ?? null);
      runs.ssaList.push(s.times.list ?? null);
      const w = await measure(browser, url, 'w', ['list']);
      runs.wsList.push(w.times.list ?? null);
    }
    result.blame_ms = median(runs.blame);
    result.ssa_view_ms = median(runs.ssaView);
    result.ssa_list_ms = median(runs.ssaList);
    result.ws_list_ms = median(runs.wsList);
  } catch (e) {
    result.error = String(e && e.message ? e.message.split('\n')[0] : e);
  } finally {
    await browser.close();
  }
  print();
}

main().catch((e) => process.stdout.write(JSON.stringify({ error: String(e) }) + '\n'));
