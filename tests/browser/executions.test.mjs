// Issue 20 (grouped passes) and issue 19 (pass identity from the pass manager's structure): a real
// mlir-opt-19 run of `symbol-dce,func.func(cse,canonicalize)` over 8 functions, threads on, converted by ir-trace:
// each nest pass is one row, "CSE  8 functions, 3 changed", and its executions are one click away, each
// showing its function in the pass.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, IRTRACE_BIN } from './harness.mjs';

const MLIR_OPT = '/usr/lib/llvm-19/bin/mlir-opt';
let browser, file;

// 8 functions; f0, f1 and f2 hold a redundant addi (CSE changes them), the others nothing to do.
function program() {
  const fns = [];
  for (let k = 0; k < 8; k++) {
    const body = k < 3
      ? `    %0 = arith.addi %x, %x : i32\n    %1 = arith.addi %x, %x : i32\n    %2 = arith.muli %0, %1 : i32\n    return %2 : i32\n`
      : `    %0 = arith.addi %x, %x : i32\n    return %0 : i32\n`;
    fns.push(`  func.func @f${k}(%x: i32) -> i32 {\n${body}  }\n`);
  }
  return 'module {\n' + fns.join('') + '}\n';
}

before(async () => {
  const dir = tmpDir();
  fs.writeFileSync(path.join(dir, 'eight.mlir'), program());
  const log = path.join(dir, 'eight.log');
  const run = spawnSync(MLIR_OPT, [path.join(dir, 'eight.mlir'), '--pass-pipeline=builtin.module(symbol-dce,func.func(cse,canonicalize))',
    '--mlir-print-ir-after-all', '-o', '/dev/null'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  fs.writeFileSync(log, run.stderr);
  file = path.join(dir, 'eight.html');
  const r = spawnSync(IRTRACE_BIN, [log, '-o', file, '-q']);
  assert.equal(r.status, 0, String(r.stderr));
  browser = await launch();
});
after(async () => { await browser.close(); });

test('a nest pass over 8 functions is one row naming its executions; each execution shows its function', async () => {
  const { page, errors } = await open(browser, file, { hash: '#pass=1' });
  const names = (await page.locator('[role="option"] .name').allTextContents()).map((n) => n.replace(/\s+/g, ' ').trim());
  // symbol-dce prints the module (the IR before the nest); then two passes, whatever order the threads
  // printed their 16 dumps in: one row each.
  assert.deepEqual(names.filter((n) => !/input/.test(n)).map((n) => n.replace(/, \d+ changed$/, ', N changed')),
    ['1. SymbolDCE', '2. CSE 8 functions, N changed', '3. Canonicalizer 8 functions, N changed']);
  const cse = page.locator('[role="option"]', { hasText: 'CSE' });
  assert.match(await cse.getAttribute('title'), /CSE on 8 functions, 3 changed/);
  assert.match(await cse.locator('.unit').textContent(), /^8 functions, 3 changed$/);
  await cse.click();
  const runs = page.locator('details.executions');
  assert.equal(await runs.locator('summary').textContent(), 'Executions: 8 runs on 8 functions, 3 changed');
  await runs.locator('summary').click(); // one click opens the list
  const buttons = runs.getByRole('button');
  assert.equal(await buttons.count(), 8);
  // In log order (the threads'), each function once; the three with a redundant addi changed.
  assert.deepEqual((await runs.locator('.exec-fn').allTextContents()).sort(), ['@f0', '@f1', '@f2', '@f3', '@f4', '@f5', '@f6', '@f7']);
  const changed = await runs.locator('button.exec').evaluateAll((bs) => bs.filter((b) => b.textContent.endsWith(' changed')).map((b) => b.dataset.key).sort());
  assert.deepEqual(changed, ['f0', 'f1', 'f2']);
  assert.match(await runs.locator('li').first().textContent(), /eight\.log line \d+/);
  await runs.getByRole('button', { name: /@f1 changed/ }).click();
  const chosen = await page.locator('#fn-select').evaluate((s) => s.options[s.selectedIndex].textContent);
  assert.match(chosen, /f1/);
  noErrors(errors);
});
