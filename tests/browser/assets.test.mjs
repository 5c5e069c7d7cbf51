// Static checks of the viewer assets (no browser): the page shell keeps the contract with the C++ side,
// nothing loads from the network, and no code inserts markup from data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, viewerJs } from './make_report.mjs';

const shell = fs.readFileSync(path.join(ROOT, 'assets', 'report.html'), 'utf8');
const css = fs.readFileSync(path.join(ROOT, 'assets', 'viewer.css'), 'utf8');
const js = viewerJs();

test('report.html uses only the agreed ctemplate markers, with the data slot inside the JSON block', () => {
  const markers = shell.match(/\{\{[^}]*\}\}/g);
  assert.deepEqual([...new Set(markers)].sort(), ['{{#LIVE}}', '{{#REPORT}}', '{{/LIVE}}', '{{/REPORT}}', '{{CSS}}', '{{DATA_SLOT}}', '{{JS}}', '{{TITLE:h}}', '{{VERSION:h}}']);
  // One data slot in each of the two pages (html_report.cpp shows one section): the report's JSON block,
  // and the live report's chunk element, the end of its page after the viewer's script.
  assert.equal(markers.filter((m) => m === '{{DATA_SLOT}}').length, 2);
  assert.match(shell, /\{\{#REPORT\}\}<script type="application\/json" id="ir-trace-data">\{\{DATA_SLOT\}\}<\/script>\n\{\{\/REPORT\}\}/);
  assert.match(shell, /<script>\s*\{\{JS\}\}\s*<\/script>\n\{\{#REPORT\}\}<\/body>\n<\/html>\n\{\{\/REPORT\}\}\{\{#LIVE\}\}<script type="text\/x-ir-trace-chunks" id="ir-trace-data">\{\{DATA_SLOT\}\}\{\{\/LIVE\}\}$/);
  assert.match(shell, /<style>\s*\{\{CSS\}\}\s*<\/style>/);
  assert.match(shell, /<script>\s*\{\{JS\}\}\s*<\/script>/);
  assert.doesNotMatch(shell.replace(/\{\{(TITLE:h|VERSION:h|CSS|JS|DATA_SLOT|[#/]REPORT|[#/]LIVE)\}\}/g, ''), /\{\{|\}\}/);
});

test('inlined CSS and JS cannot end their element early', () => {
  assert.doesNotMatch(js, /<\/script|<!--/i);
  assert.doesNotMatch(css, /<\/style|<!--/i);
});

test('no external resources: no URLs, imports, fetches or workers from the network', () => {
  assert.doesNotMatch(shell + css + js, /https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  assert.doesNotMatch(css, /url\(|@import/);
  assert.doesNotMatch(js, /\bfetch\(|XMLHttpRequest|importScripts|\bimport\(|SharedWorker|ServiceWorker|serviceWorker|sendBeacon|WebSocket/);
  // Workers only from a Blob of the viewer's own code: one `new Worker(`, on a blob: URL made here.
  const workers = js.match(/new Worker\(([^)]*)\)/g) || [];
  assert.deepEqual(workers, ['new Worker(workerUrl)']);
  assert.match(js, /workerUrl = URL\.createObjectURL\(new Blob\(/);
  const csp = shell.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)[1];
  assert.match(csp, /(^|; )default-src 'none'(;|$)/);
  assert.match(csp, /(^|; )worker-src blob:(;|$)/, 'workers from blob: URLs only');
  assert.doesNotMatch(shell, /\bsrc=|\bhref=/);
});

test('no markup insertion APIs in the viewer', () => {
  const code = js.split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');
  assert.doesNotMatch(code, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser|\beval\(|new Function/);
});

test('each viewer module stays under about 600 lines and is one define of its own name', () => {
  const dir = path.join(ROOT, 'assets', 'js');
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    assert.ok(text.split('\n').length <= 620, f + ' is too long');
    assert.match(f, /^\d\d_[a-z_]+\.js$/);
    if (f === '00_define.js') continue;  // the registry itself
    // One module: window.IrTrace.define('NN_name', function () { 'use strict'; ... }) named after its file
    // (00_define.js checks the order as the page loads), as clang-format-19 writes it (.clang-format).
    const name = f.replace(/\.js$/, '');
    const defines = text.match(/^window\.IrTrace\.define\('[^']*', function ?\(\) \{\n\s*'use strict';/gm) || [];
    assert.equal(defines.length, 1, f + ' is one strict module');
    assert.ok(defines[0].startsWith("window.IrTrace.define('" + name + "',"), f + ' defines ' + name);
    assert.match(text, /\n\}\);\n$/, f + ' ends its module');
  }
});

test('the payload format has one owner: only the codec walks ops triples, no module patches another', () => {
  const dir = path.join(ROOT, 'assets', 'js');
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(dir, f), 'utf8');
    if (f !== '15_payload.js') assert.doesNotMatch(code, /\+=\s*3\b/, f + ' walks ops triples by hand (use T.payload.forEachBlock)');
    assert.doesNotMatch(code, /\.prototype\.\w+\s*=/, f + ' patches a prototype');
  }
});

// Issue 20, only true statements: README says how much of every report the viewer is (script and CSS, in
// KB of 1,024 bytes), and it is so, within 10% (the figure is restated when the viewer grows past that).
test('README states the viewer\'s share of every report as it is', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const m = /(\d+) KB of any report is the viewer itself: (\d+) KB of script and (\d+) KB\s+of CSS/.exec(readme);
  assert.ok(m, 'README names the viewer\'s size');
  const [all, script, style] = m.slice(1).map(Number);
  const kb = (s) => Buffer.byteLength(s) / 1024;
  const near = (said, is, what) => assert.ok(Math.abs(said - is) <= is * 0.1, `README says ${said} KB of ${what}; it is ${Math.round(is)} KB`);
  near(script, kb(js), 'script');
  near(style, kb(css), 'CSS');
  near(all, kb(js) + kb(css), 'viewer');
});
