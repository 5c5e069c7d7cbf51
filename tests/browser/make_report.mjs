// Builds a report page from a payload object exactly as the C++ side does (html_report): the shell
// assets/report.html filled by ctemplate ({{TITLE:h}}, {{VERSION:h}} html-escaped; {{CSS}}, {{JS}} raw)
// and the JSON payload streamed into {{DATA_SLOT}} with <, >, &, U+2028, U+2029 escaped.
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ASSETS = path.join(ROOT, 'assets');

export function htmlEscape(s) {
  // ctemplate's :h modifier: & < > " '
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export function escapeJson(json) {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

// The JS as cmake/embed.cmake concatenates it: assets/js/*.js in name order, each followed by '\n'.
export function viewerJs() {
  const dir = path.join(ASSETS, 'js');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.js')).sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8') + '\n').join('');
}

export function makeReport(payload, { title = payload.title || 'passes_dump', version = payload.tool || 'ir-trace 0.1.0' } = {}) {
  // The report's sections as html_report.cpp shows them: REPORT shown (its markers dropped), LIVE hidden
  // (the live report's page, lib/record/live_report.h).
  const shell = fs.readFileSync(path.join(ASSETS, 'report.html'), 'utf8')
    .replace(/\{\{#LIVE\}\}[\s\S]*?\{\{\/LIVE\}\}/g, '').replace(/\{\{[#/]REPORT\}\}/g, '');
  const css = fs.readFileSync(path.join(ASSETS, 'viewer.css'), 'utf8');
  const marker = '{{DATA_SLOT}}';
  const at = shell.indexOf(marker);
  if (at < 0 || shell.indexOf(marker, at + 1) >= 0) throw new Error('report.html must hold {{DATA_SLOT}} exactly once');
  // ctemplate expands each marker once as a value: values are never re-scanned for markers.
  const fill = (text) => text.replace(/\{\{(TITLE:h|VERSION:h|CSS|JS)\}\}/g, (m, name) => {
    if (name === 'TITLE:h') return htmlEscape(title);
    if (name === 'VERSION:h') return htmlEscape(version);
    if (name === 'CSS') return css + '\n';
    return viewerJs();
  });
  return fill(shell.slice(0, at)) + escapeJson(JSON.stringify(payload)) + fill(shell.slice(at + marker.length));
}

export function writeReport(payload, file, opts) {
  fs.writeFileSync(file, makeReport(payload, opts));
  return file;
}

// The payload in the C++ side's compressed envelope (lib/report/PAYLOAD.md): zlib deflate + base64.
export function compressPayload(payload) {
  const data = zlib.deflateSync(Buffer.from(JSON.stringify(payload), 'utf8'), { level: 6 }).toString('base64');
  return { schema: payload.schema, encoding: 'deflate-base64', data };
}
