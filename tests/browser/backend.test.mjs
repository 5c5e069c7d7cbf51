// A whole compile's log (clang-19 -O2 -c -mllvm -print-after-all, made at test time): the backend's passes
// are in the phase tab "backend", the machine passes marked as MIR in the pass list and the header, their code
// highlighted as MIR (45_syntax.js)
// (lib/input/llvm_machine.cpp, assets/js/64_module_views.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launch, open, tmpDir, IRTRACE_BIN } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

function compile() {
  const dir = tmpDir();
  const src = path.join(dir, 'x.c');
  fs.writeFileSync(src, 'int sq(int x) { return x * x; }\nint twice(int x) { return sq(x) + sq(x + 1); }\n');
  const c = spawnSync('clang-19', ['-O2', '-c', src, '-o', '/dev/null', '-mllvm', '-print-after-all']);
  assert.equal(c.status, 0, String(c.stderr).slice(0, 500));
  const log = path.join(dir, 'whole.log');
  fs.writeFileSync(log, c.stderr);
  const out = path.join(dir, 'whole.html');
  const r = spawnSync(IRTRACE_BIN, [log, '-o', out, '-q']);
  assert.equal(r.status, 0, String(r.stderr));
  return out;
}

test('a whole compile: the backend phase tab, machine passes marked MIR against their previous machine dump', async () => {
  const { page, errors } = await open(browser, compile());
  const tab = page.getByRole('tab', { name: 'backend' });
  assert.equal(await tab.count(), 1);
  await tab.click();
  assert.equal(await tab.getAttribute('aria-selected'), 'true');
  // The list is virtual: the rows in the DOM are the first ones of the phase.
  const names = () => page.evaluate(() => [...document.querySelectorAll('[role="option"]')]
    .filter((o) => o.offsetParent !== null).map((o) => ({ name: o.querySelector('.name').textContent, mir: o.classList.contains('mir') })));
  const shown = await names();
  assert.ok(shown.length > 0);
  assert.match(shown[0].name, /ObjC ARC contraction \(objc-arc-contract\)/, 'the first legacy IR pass');
  assert.ok(!shown.some((n) => /InstCombinePass|SROAPass/.test(n.name)), 'no new pass manager pass under backend');
  // A machine pass's option is marked, and names the function it ran on.
  await page.getByRole('searchbox', { name: 'Filter passes' }).fill('x86-isel');
  const isel = (await names()).filter((n) => /X86 DAG->DAG Instruction Selection \(x86-isel\)/.test(n.name));
  assert.equal(isel.length, 2, JSON.stringify(isel));
  assert.ok(isel.every((n) => n.mir));
  assert.match(isel[0].name, /MIR @sq/);
  await page.locator('[role="option"].mir', { hasText: 'x86-isel' }).first().click();
  assert.match(await page.locator('.chip.unit-chip.mir').textContent(), /^MIR: machine code of sq$/);
  // Instruction selection's machine code is all new: against nothing.
  assert.ok(await page.locator('.row[data-kind="insert"]').count() > 3);
  assert.equal(await page.locator('.row[data-kind="delete"], .row[data-kind="replace"]').count(), 0);
  assert.match(await page.locator('.diff-wrap').textContent(), /# Machine code for function (sq|twice): /);
  // MIR's own highlighting: opcodes, virtual and physical registers, register classes, the header a comment.
  const colour = (cls) => page.locator('.code-rows .s-' + cls).allTextContents();
  assert.ok((await colour('kw')).includes('COPY'), 'opcodes: ' + (await colour('kw')).join(' '));
  assert.ok((await colour('var')).some((t) => /^%\d+$/.test(t)), 'virtual registers');
  assert.ok((await colour('at')).some((t) => /^\$\w+$/.test(t)), 'physical registers');
  assert.ok((await colour('ty')).some((t) => /^:gr\d+$/.test(t)), 'register classes');
  assert.ok((await colour('com')).some((t) => /^# Machine code for function/.test(t)), 'the header');
  // No Whole module view for machine code.
  assert.equal(await page.getByRole('button', { name: 'Whole module' }).isDisabled(), true);
  assert.deepEqual(errors, []);
});
