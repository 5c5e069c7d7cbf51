// Shared set-up of the browser tests: Debian's chromium through playwright-core (never a downloaded
// browser), one browser per test file, reports written to a temporary directory, and every page's
// script errors collected so each test can fail on them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { makeReport, ROOT } from './make_report.mjs';

export const CHROMIUM = process.env.IRTRACE_CHROMIUM || '/usr/bin/chromium';
export const IRTRACE_BIN = process.env.IRTRACE_BIN || path.join(ROOT, 'build', 'ir-trace');
export const FIXTURES = path.join(ROOT, 'tests', 'browser', 'fixtures');

export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

let tmp = null;
export function tmpDir() {
  if (!tmp) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ir-trace-browser-'));
    process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
  }
  return tmp;
}

export function fixture(name) {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));
}

// Writes a report for `payload` and returns its path.
export function report(name, payload, opts) {
  const file = path.join(tmpDir(), name + '.html');
  fs.writeFileSync(file, makeReport(payload, opts));
  return file;
}

// Opens a report file in a fresh context. Returns {page, context, errors}; errors collects uncaught
// exceptions and console errors. The viewer is ready when an option is selected or a message shows.
export async function open(browser, file, opts = {}) {
  const context = await browser.newContext({
    viewport: opts.viewport || { width: 1280, height: 800 },
    colorScheme: opts.colorScheme || 'light',
  });
  if (opts.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push('pageerror: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console: ' + m.text()); });
  page.on('dialog', (d) => { errors.push('dialog opened: ' + d.message()); d.dismiss().catch(() => {}); });
  await page.goto('file://' + file + (opts.hash || ''));
  if (opts.ready !== false) {
    await page.waitForSelector('[role="option"][aria-selected="true"], .fatal, .none-msg:not([hidden])', { timeout: 10000 });
  }
  return { page, context, errors };
}

export function noErrors(errors) {
  assert.deepEqual(errors, [], 'page errors');
}

// Resolves once a "Filter passes" keystroke's best match is shown: the viewer selects it in the second
// task after the frame that draws the filtered list (assets/js/61_typing_select.js); a frame and three
// tasks queued after it come later.
export async function settled(page) {
  await page.evaluate(() => new Promise((resolve) =>
    requestAnimationFrame(() => setTimeout(() => setTimeout(() => setTimeout(resolve, 0), 0), 0))));
}

// Index of the selected entry in the pass list (once a keystroke's best match is shown: settled).
export async function selected(page) {
  await settled(page);
  return page.evaluate(() => {
    const o = document.querySelector('[role="listbox"][aria-label="Passes"] [role="option"][aria-selected="true"]');
    return o ? Number(o.getAttribute('data-entry')) : -1;
  });
}

// [{kind, before, after}] of the rendered diff rows, in order.
export async function rows(page) {
  await settled(page);
  return page.evaluate(() => [...document.querySelectorAll('.code-rows [data-kind]')].map((r) => ({
    kind: r.getAttribute('data-kind'),
    before: r.hasAttribute('data-before') ? Number(r.getAttribute('data-before')) : null,
    after: r.hasAttribute('data-after') ? Number(r.getAttribute('data-after')) : null,
  })));
}

// How many passes the list holds (the filters' visible order, collapsed runs included): aria-setsize of
// the selected option (the pass list is virtual: only the rows near the view are in the DOM).
export async function passCount(page) {
  await settled(page);
  return page.evaluate(() => {
    const o = document.querySelector('[role="listbox"][aria-label="Passes"] [role="option"][aria-selected="true"]');
    return o ? Number(o.getAttribute('aria-setsize')) : -1;
  });
}

// Entry indices of the rendered options, in list order (all of a small report's; the virtual list
// renders those near the view).
export async function visibleEntries(page) {
  return page.evaluate(() => [...document.querySelectorAll('[role="option"]')].filter((o) => !o.hidden).map((o) => Number(o.getAttribute('data-entry'))));
}
