// ir-trace viewer: the compressed payload's bytes (the deflate-base64 envelope, lib/report/PAYLOAD.md):
// base64 decoded natively where the browser can, inflated by the browser's DecompressionStream, its chunks
// put together once. Page-only, called by 15_payload.js (read) and, through it, 16_live.js.
window.IrTrace.define('13_inflate', function() {
  'use strict';
  const T = window.IrTrace;

  // base64 -> bytes: Uint8Array.fromBase64 where the browser has it (native), else atob and a copy.
  function base64Bytes(b64) {
    if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(b64);
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }

  // base64 -> zlib inflate (the browser's DecompressionStream) -> the bytes (a Uint8Array). The stream's
  // chunks are read and put together once (Response.arrayBuffer takes longer on a 120 MB payload).
  async function inflateBytes(b64) {
    if (typeof DecompressionStream !== 'function')
      throw new Error('this browser cannot inflate the compressed report data (no DecompressionStream)');
    const reader = new Blob([base64Bytes(b64)]).stream().pipeThrough(new DecompressionStream('deflate')).getReader();
    const chunks = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.length;
    }
    if (chunks.length === 1) return chunks[0];
    const out = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }

  T.inflate = Object.freeze({ base64Bytes, inflateBytes });
});
