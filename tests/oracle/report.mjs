// A report as its viewer sees it: the page's data block (written with --no-compress) read by the viewer's
// own codec (assets/js/15_payload.js, loaded with a plain `window` as tests/contract/ does), each pass's
// name, what it lists as changed, its notes, and the module the viewer shows after it (a unit entry's module
// view: 15_payload.js moduleView; else its after snapshot).
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MODULES = ['00_define.js', '10_util.js', '15_payload.js', '20_model.js'];
globalThis.window = globalThis.window || {};
for (const f of MODULES) vm.runInThisContext(fs.readFileSync(path.join(ROOT, 'assets', 'js', f), 'utf8'), { filename: f });
const T = window.IrTrace;
export const P = T.payload;

const DATA_RE = /<script type="application\/json" id="ir-trace-data">([\s\S]*?)<\/script>/;

// Takes a report's path. Returns its payload (checked by the viewer's P.check), or throws.
export function readPayload(file) {
  const m = DATA_RE.exec(fs.readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${file}: no data block`);
  const data = JSON.parse(m[1]);
  const checked = P.check(data);
  if (checked.error) throw new Error(`${file}: ${checked.error}`);
  return checked.data;
}

// Takes a payload. Returns its passes as the sidebar lists them: [{index (entry index), num, name, phase, status,
// unit, unitKeys, listed (Map key -> status of its touched functions, or null when the pass lists none),
// notes, logNotes, lines() (the module the viewer shows after it)}]. Frontend and codegen entries are left
// out (they are not passes).
export function reportPasses(data) {
  const model = new T.model.Model(data);
  const out = [];
  data.entries.forEach((e, i) => {
    if (e.kind !== P.KIND.PASS) return;
    const unit = P.unitOf(e);
    const listed = Array.isArray(e.functions) ? new Map(e.functions.map((f) => [f.key, f.status])) : null;
    const lines = () => (unit === null || e.crashed
      ? model.lines(e.after)
      : P.moduleView(data, i, (j) => model.lines(j), (j) => model.sections(j)).lines);
    out.push({
      index: i, num: e.num, name: e.name, phase: e.phase, status: e.status, unit, unitKeys: P.unitKeys(e), listed,
      notes: e.notes || [], logNotes: Array.isArray(e.log_notes) ? e.log_notes : [], lines,
      ownLines: () => model.lines(e.after),
    });
  });
  return out;
}

// Whether pass p carries a log note covering `key` ("log_notes" whose functions include it; an empty or
// missing functions list covers the module-level lines, key '').
export function noteCovers(p, key) {
  return p.logNotes.some((n) => {
    const fns = Array.isArray(n.functions) ? n.functions : [];
    return fns.length === 0 ? key === '' : fns.includes(key);
  });
}
