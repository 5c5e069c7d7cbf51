// The recording library end to end (issue 12): a small program linked with lib/record writes its trace with
// IR_TRACE=1, and the report the session left (through <dir>/<name>/report.html, the link it re-points)
// shows the phases it recorded as tabs, and its failed pass. Skipped when the sample program is missing;
// IRTRACE_RECORD_SAMPLE overrides its path (tests/CMakeLists.txt sets it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, open, tmpDir, noErrors, visibleEntries } from './harness.mjs';
import { ROOT } from './make_report.mjs';

const SAMPLE = process.env.IRTRACE_RECORD_SAMPLE || path.join(ROOT, 'build', 'irtrace-record-sample');
const skip = fs.existsSync(SAMPLE) ? false : `sample program not found at ${SAMPLE} (build it, or set IRTRACE_RECORD_SAMPLE)`;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

// Runs the sample with tracing on in a fresh directory; returns the report path it printed (last).
function record(args = []) {
  const dir = fs.mkdtempSync(path.join(tmpDir(), 'record-'));
  const env = { ...process.env, IR_TRACE: '1', IR_TRACE_DIR: path.join(dir, 'trace') };
  const printed = execFileSync(SAMPLE, args, { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .trim().split('\n').pop();
  assert.equal(printed, path.join(dir, 'trace', 'tile', 'report.html'));
  assert.ok(fs.lstatSync(printed).isSymbolicLink());
  return printed;
}

test('a session\'s report shows its phases as tabs that filter the pass list', { skip }, async () => {
  const { page, errors } = await open(browser, record());
  assert.deepEqual(await page.getByRole('tab').allTextContents(), ['All', 'tiling', 'lowering']);
  assert.deepEqual(await visibleEntries(page), [0, 1, 2, 3]);
  await page.getByRole('tab', { name: 'tiling' }).click();
  assert.deepEqual(await visibleEntries(page), [1]);
  await page.getByRole('tab', { name: 'lowering' }).click();
  assert.deepEqual(await visibleEntries(page), [2, 3]);
  // The pass that threw: failed, its error in the error box.
  const verify = page.getByRole('option').filter({ hasText: 'Verify' });
  await verify.click();
  assert.match(await page.locator('body').textContent(), /error: verifier failed/);
  noErrors(errors);
});

test('a session\'s report lists the device and host source it built (Session::Codegen)', { skip }, async () => {
  const { page, errors } = await open(browser, record(['--codegen']));
  const device = page.getByRole('option').filter({ hasText: 'codegen_device_tile.cpp' });
  const host = page.getByRole('option').filter({ hasText: 'codegen_host_main.cpp' });
  assert.match(await device.textContent(), /device\s+codegen_device_tile\.cpp/);
  assert.match(await host.textContent(), /host\s+codegen_host_main\.cpp/);
  await device.click();
  assert.match(await page.locator('body').textContent(), /void tile\(\) \{\}/);
  await host.click();
  assert.match(await page.locator('body').textContent(), /int main\(\) \{ tile\(\); \}/);
  noErrors(errors);
});
