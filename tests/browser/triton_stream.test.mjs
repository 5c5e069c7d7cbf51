// A Triton stream (testdata/triton_stream/stream.log: per kernel, MLIR dumps then the LLVM pipeline's, in
// one log; lib/input/mlir_llvm_phase.h): each kernel's report has the phase tabs "mlir" and "llvm", the
// LLVM tab listing the LLVM passes only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launch, open, tmpDir, IRTRACE_BIN } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

test('a Triton stream: a kernel report shows its MLIR passes and its LLVM passes as two phase tabs', async () => {
  const dir = tmpDir();
  const cwd = path.resolve('testdata/triton_stream');
  const r = spawnSync(IRTRACE_BIN, ['stream.log', '-o', dir + '/', '-q'], { cwd });
  assert.equal(r.status, 0, String(r.stderr));
  const { page, errors } = await open(browser, path.join(dir, 'stream.log__mul_kernel.html'));
  const names = () => page.evaluate(() => [...document.querySelectorAll('[role="option"]')]
    .filter((o) => o.offsetParent !== null).map((o) => o.querySelector('.name').textContent));
  const tabs = [['mlir', /^1\. CSE/, /InstCombinePass/], ['llvm', /^6\. Annotation2MetadataPass/, /Canonicalizer/]];
  for (const [phase, first, absent] of tabs) {
    const tab = page.getByRole('tab', { name: phase });
    assert.equal(await tab.count(), 1, phase);
    await tab.click();
    assert.equal(await tab.getAttribute('aria-selected'), 'true');
    const shown = await names();
    assert.ok(shown.length > 0, phase);
    assert.match(shown[0], first, phase);
    assert.ok(!shown.some((n) => absent.test(n)), `${phase}: ${shown.join(', ')}`);
  }
  assert.deepEqual(errors, []);
});
