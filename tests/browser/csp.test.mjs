// A report and a batch index served with a Content-Security-Policy that blocks their inline script (and
// style): what Jenkins and artifact servers send. The page then shows exactly one message, the plain
// paragraph #ir-trace-blocked (how to open the report), readable without any CSS; with no policy the
// script removes it before the page has loaded and the page works. Served from a local node http server
// on 127.0.0.1 that sets the header.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launch, tmpDir, IRTRACE_BIN } from './harness.mjs';

const POLICIES = {
  self: "default-src 'self'",
  // Jenkins' default (hudson.model.DirectoryBrowserSupport.CSP) for archived artifacts and workspaces.
  jenkins: "sandbox; default-src 'none'; img-src 'self'; style-src 'self';",
  none: null,
};

let browser, server, base, outDir;

function dump(dir, passes) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, '00_frontend.py'), 'def f():\n    return 0\n');
  for (let i = 1; i <= passes; i++) fs.writeFileSync(path.join(dir, `0${i}_after_P${i}.py`), `def f():\n    return ${i}\n`);
}

before(async () => {
  browser = await launch();
  const root = path.join(tmpDir(), 'csp-root');
  dump(path.join(root, 'a', 'passes_dump'), 2);
  dump(path.join(root, 'b', 'passes_dump'), 3);
  outDir = path.join(tmpDir(), 'csp-out');
  const r = spawnSync(IRTRACE_BIN, ['--find', root, '-o', outDir + '/', '-q']);
  assert.equal(r.status, 0, String(r.stderr));
  // GET /<policy>/<file>: the file from outDir, with that policy's header (none for "none").
  server = http.createServer((req, res) => {
    const [, policy, file] = req.url.split('/');
    const body = Object.hasOwn(POLICIES, policy) && /^[\w.]+$/.test(file) ? fs.readFileSync(path.join(outDir, file)) : null;
    if (!body) { res.writeHead(404).end(); return; }
    const headers = { 'Content-Type': 'text/html; charset=utf-8' };
    if (POLICIES[policy]) headers['Content-Security-Policy'] = POLICIES[policy];
    res.writeHead(200, headers).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = 'http://127.0.0.1:' + server.address().port;
});
after(async () => {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
});

// Loads /<policy>/<file> and returns what the page shows once loaded: the rendered text of the body
// (innerText: what a reader sees, <noscript> included when it renders), whether the notice is there, and
// the page's errors.
async function load(policy, file) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + '/' + policy + '/' + file, { waitUntil: 'load' });
  const shown = await page.evaluate(() => ({
    text: document.body.innerText.trim(),
    notice: !!document.getElementById('ir-trace-blocked'),
  }));
  return { page, context, errors, ...shown };
}

const reportFile = () => fs.readdirSync(outDir).find((f) => f.startsWith('a__') && f.endsWith('.html'));

for (const [name, file] of [['report', reportFile], ['index', () => 'index.html']]) {
  for (const policy of ['self', 'jenkins']) {
    test(`the ${name} under "${POLICIES[policy]}" shows exactly one message: how to open it`, async () => {
      const { context, text, notice } = await load(policy, file());
      assert.ok(notice, 'the notice is in the page');
      // The notice's text and nothing else: no <noscript> beside it, no half-built page.
      assert.match(text, /^ir-trace: this (report|index)'s script did not run/);
      assert.match(text, /content security policy/);
      assert.match(text, /save the page \(or download the file\) and open the saved file in a browser/);
      assert.match(text, /hudson\.model\.DirectoryBrowserSupport\.CSP/);
      assert.equal(text.split('ir-trace:').length - 1, 1, 'one message: ' + text);
      assert.doesNotMatch(text, /needs JavaScript/);
      await context.close();
    });
  }

  test(`the ${name} with no policy: no message, not even left until after load, and the page works`, async () => {
    const { page, context, errors, text, notice } = await load('none', file());
    assert.equal(notice, false, 'removed by the script before load');
    assert.doesNotMatch(text, /did not run|content security policy/);
    if (name === 'report') {
      await page.waitForSelector('[role="option"][aria-selected="true"]', { timeout: 10000 });
    } else {
      assert.equal(await page.locator('tbody tr').count(), 2);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the notice is plain text, shown by default: no class, no style, before the script', () => {
  for (const f of [reportFile(), 'index.html']) {
    const html = fs.readFileSync(path.join(outDir, f), 'utf8');
    const m = html.match(/<p id="ir-trace-blocked">([^<]*)<\/p>\n<script>\n/);
    assert.ok(m, f + ': the notice right before the script');
    assert.doesNotMatch(m[0], /class=|style=/);
    assert.doesNotMatch(html, /<noscript/);
  }
});
