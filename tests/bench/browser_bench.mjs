// Browser figures for one ir-trace report (tests/bench/run.sh calls this once per case), or every scale
// target of issue 20 with PASS / FAIL (--targets, tests/bench/viewer_targets.mjs).
//
//   node tests/bench/browser_bench.mjs REPORT.html [LOADS] [QUERY]
//   node tests/bench/browser_bench.mjs --targets [--quick]
//
// Prints one JSON line: {"first_paint_ms": N|null, "j_step_ms": N|null, "steps": N, "filter_ms": N|null,
//   "filter_shown_ms": N|null,
// "elements": N, "heap_mb": N, "loadavg": [1, 5, 15 min], "error": "..."}
//   first_paint_ms  navigation start -> first animation frame after the first [data-kind] row exists
//                   (median of LOADS fresh page loads, default 3)
//   j_step_ms       median over ~10 `j` presses: keydown -> first animation frame after the selected
//                   pass ([role=option][aria-selected=true]) changed and its [data-kind] rows rendered
//   filter_ms       median over the keystrokes typing QUERY (default "SLP") into "Filter passes": the
//                   input event -> the first animation frame after it (the list filtered and redrawn)
//   filter_shown_ms the last of those keystrokes -> the first frame done after the best match is selected
//                   (its diff is shown after the list is painted); null when the selection stays
//   elements        the page's element count 2 s after the first diff (before the filter)
//   heap_mb         JSHeapUsedSize then, after a forced garbage collection (CDP HeapProfiler), in MB
//   loadavg         os.loadavg() when the run ends: the machine's load, to judge the figures by
// Missing playwright-core or /usr/bin/chromium gives nulls and exit 0: the benchmark prints "n/a".
// playwright-core comes from the project's node_modules (or BENCH_NODE_MODULES); no browser is ever
// downloaded: the Debian chromium is launched by path.

import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CHROMIUM = process.env.BENCH_CHROMIUM || '/usr/bin/chromium';
const STEPS = 10;
const STEP_TIMEOUT_MS = 35000;
const LOAD_TIMEOUT_MS = 120000;

function report(result) {
  process.stdout.write(JSON.stringify(result) + '\n');
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function loadPlaywright() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const roots = [process.env.BENCH_NODE_MODULES, path.resolve(here, '../../node_modules')].filter(Boolean);
  for (const dir of roots) {
    try {
      const req = createRequire(path.join(dir, 'noop.js'));
      return req(req.resolve('playwright-core'));
    } catch { /* try the next */ }
  }
  try {
    return await import('playwright-core');
  } catch {
    return null;
  }
}

// Runs in the page before its own scripts: notes when the first row is on screen and offers
// __benchArm()/__benchPending for one `j` step.
function pageInstrumentation() {
  const ROW = '[data-kind]';
  const SELECTED = '[role=option][aria-selected=true]';
  const selectedKey = () => {
    const el = document.querySelector(SELECTED);
    return el ? (el.getAttribute('data-entry') ?? el.textContent) : null;
  };
  const containsRow = (n) => n.nodeType === 1 && (n.matches(ROW) || n.querySelector(ROW) !== null);

  // (a) first paint
  const firstRow = new MutationObserver(() => {
    if (!document.querySelector(ROW)) return;
    firstRow.disconnect();
    // The rAF timestamp is the frame's start; the frame is done after its callbacks: take the time there.
    requestAnimationFrame(() => setTimeout(() => { window.__benchFirstPaint = performance.now(); }, 0));
  });
  firstRow.observe(document, { childList: true, subtree: true });

  // (b) one `j` step: resolves with keydown -> first frame where the new pass's rows exist.
  window.__benchArm = () => {
    const before = selectedKey();
    let t0 = null, touched = false, removed = false, emptyFrames = 0, firstEmpty = 0;
    const mo = new MutationObserver((records) => {
      if (t0 === null) return;
      for (const r of records) {
        for (const n of r.addedNodes) if (containsRow(n)) touched = true;
        for (const n of r.removedNodes) if (containsRow(n)) removed = true;
        const t = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        if (t && t.closest(ROW)) touched = true;
      }
    });
    mo.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
    window.__benchPending = new Promise((resolve) => {
      const onKey = (e) => {
        if (e.key !== 'j') return;
        removeEventListener('keydown', onKey, true);
        t0 = e.timeStamp;
        requestAnimationFrame(frame);
      };
      addEventListener('keydown', onKey, true);
      const deadline = performance.now() + 30000;
      const done = (v) => { mo.disconnect(); resolve(v); };
      function frame(now) {
        const changed = selectedKey() !== before;
        const rows = document.querySelector(ROW) !== null;
        if (changed && rows && touched) return setTimeout(() => done(performance.now() - t0), 0);
        // A pass whose view has no rows at all: count it once the old rows are gone for 3 frames.
        if (changed && !rows && removed) {
          if (emptyFrames++ === 0) firstEmpty = now;
          if (emptyFrames >= 3) return done(firstEmpty - t0);
        } else {
          emptyFrames = 0;
        }
        if (!changed && now - t0 > 2000) return done(null);  // j did not move (end of list)
        if (now > deadline) return done(null);
        requestAnimationFrame(frame);
      }
    });
    return before;
  };
}

// The browser, or {error} when playwright-core or chromium is missing.
export async function launchBrowser() {
  const pw = await loadPlaywright();
  if (!pw) return { error: 'playwright-core not found' };
  if (!existsSync(CHROMIUM)) return { error: `${CHROMIUM} not found` };
  return { browser: await pw.chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  }) };
}

// The figures of report `file` (the fields above but loadavg): LOADS fresh loads, then the page at rest,
// 10 `j` steps and QUERY typed into "Filter passes" on the last one. shot: a PNG path to save the page at
// rest to, and result.shown = {rows, options}: the diff rows and pass options then in the page.
export async function measureReport(browser, file, loads, query, shot) {
  const url = pathToFileURL(path.resolve(file)).href;
  const result = { first_paint_ms: null, j_step_ms: null, steps: 0 };
  try {
    const paints = [];
    let page = null;
    for (let i = 0; i < loads; ++i) {
      if (page) await page.context().close();
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      page = await context.newPage();
      await page.addInitScript(pageInstrumentation);
      await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
      await page.waitForFunction(() => window.__benchFirstPaint !== undefined, null, { timeout: LOAD_TIMEOUT_MS });
      paints.push(await page.evaluate(() => window.__benchFirstPaint));
    }
    result.first_paint_ms = median(paints);

    // Keys go to the pass list if it takes focus, else to the body; never to the filter box.
    await page.evaluate(() => {
      if (document.activeElement) document.activeElement.blur();
      const list = document.querySelector('[role=listbox]');
      if (list) list.focus();
    });
    // The page at rest: elements, and the heap after a forced collection.
    await page.waitForTimeout(2000);
    result.elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    if (shot) {
      result.shown = await page.evaluate(() => ({
        rows: document.querySelectorAll('.code-rows [data-kind]').length,
        options: document.querySelectorAll('[role=option]').length,
      }));
      await page.screenshot({ path: shot });
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize');
    result.heap_mb = heap ? Math.round(heap.value / 1048576 * 10) / 10 : null;
    // The pass list is virtual: how far the selected pass is from the end is its aria-setsize - posinset.
    const remaining = await page.evaluate(() => {
      const o = document.querySelector('[role=option][aria-selected=true]');
      return o ? Number(o.getAttribute('aria-setsize')) - Number(o.getAttribute('aria-posinset')) : 0;
    });
    const steps = [];
    for (let i = 0; i < Math.min(STEPS, remaining); ++i) {
      await page.evaluate(() => window.__benchArm());
      await page.keyboard.press('j');
      const ms = await page.evaluate(
        (limit) => Promise.race([window.__benchPending, new Promise((r) => setTimeout(() => r(null), limit))]),
        STEP_TIMEOUT_MS);
      if (ms === null) break;  // end of the list, or the viewer did not move
      steps.push(ms);
    }
    result.steps = steps.length;
    result.j_step_ms = median(steps);
    if (!steps.length) result.error = 'j did not change the selected pass';
    const typed = await page.evaluate((query) => {
      const box = document.querySelector('[role=searchbox][aria-label="Filter passes"]');
      const sel = () => (document.querySelector('[role=option][aria-selected=true]') || {}).id;
      const before = sel();
      const times = [];
      let chain = Promise.resolve(), last = 0;
      for (let k = 1; k <= query.length; k++) {
        chain = chain.then(() => new Promise((resolve) => {
          const t0 = last = performance.now();
          box.value = query.slice(0, k);
          box.dispatchEvent(new Event('input', { bubbles: true }));
          requestAnimationFrame(() => setTimeout(() => { times.push(performance.now() - t0); resolve(); }, 0));
        }));
      }
      // Then the best match shown (selected after the list is painted): the last keystroke -> the first
      // frame done after the selection changed; null when it stays (the pass shown matches).
      const shown = () => new Promise((resolve) => {
        const poll = () => {
          if (sel() !== before) return setTimeout(() => resolve(performance.now() - last), 0);
          if (performance.now() - last > 5000) return resolve(null);
          requestAnimationFrame(poll);
        };
        poll();
      });
      return chain.then(shown).then((ms) => ({ times, shown: ms }));
    }, query || 'SLP');
    result.filter_ms = median(typed.times);
    result.filter_shown_ms = typed.shown;
    await page.context().close();
  } catch (e) {
    result.error = String(e && e.message ? e.message.split('\n')[0] : e);
  }
  return result;
}

async function main() {
  if (process.argv[2] === '--targets') {
    const { targets } = await import('./viewer_targets.mjs');
    process.exitCode = await targets(process.argv.slice(3));
    return;
  }
  const file = process.argv[2];
  const loads = Math.max(1, Number(process.argv[3] || 3));
  if (!file || !existsSync(file)) {
    report({ first_paint_ms: null, j_step_ms: null, steps: 0, error: `no report: ${file}` });
    return;
  }
  const { browser, error } = await launchBrowser();
  if (!browser) {
    report({ first_paint_ms: null, j_step_ms: null, steps: 0, error });
    return;
  }
  const result = await measureReport(browser, file, loads, process.argv[4]);
  await browser.close();
  result.loadavg = os.loadavg().map((x) => Math.round(x * 100) / 100);
  report(result);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    report({ first_paint_ms: null, j_step_ms: null, steps: 0, error: String(e) });
  });
}
