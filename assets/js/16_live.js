// ir-trace viewer: the live report (ARCHITECTURE.md "Live reports"): the chunked envelope a recording
// session's report holds while the session runs (lib/record/live_report.h), its chunks checked and
// inflated one by one (a torn last chunk left out), the payload assembled from them, and the status line
// the page shows for it. The C++ side is lib/report/payload_writer.cpp (BeginChunk, EndChunk, ChunkFrame).
window.IrTrace.define('16_live', function() {
  'use strict';
  const T = window.IrTrace;

  // The data block's first line; then one chunk a line: "<B> <C> <base64>", B the base64's length in
  // decimal, C its CRC-32 in 8 lowercase hex digits, the base64 one complete zlib stream of the chunk's
  // JSON. The last chunk may be torn (the compiler writing it, or killed while it did).
  const CHUNKS_MAGIC = 'ir-trace-chunks 1\n';
  const CHUNK_HEAD = /^(\d{1,12}) ([0-9a-f]{8}) /;

  let crcTable = null;
  // CRC-32 (IEEE, zlib's) of a string of byte-sized characters (base64 text).
  function crc32(text) {
    if (!crcTable) {
      crcTable = new Uint32Array(256);
      for (let n = 0; n < 256; n++) {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        crcTable[n] = c >>> 0;
      }
    }
    let crc = 0xffffffff;
    for (let i = 0; i < text.length; i++) crc = crcTable[(crc ^ text.charCodeAt(i)) & 0xff] ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  }

  // Takes the data block's text. Returns null when it is not the chunked envelope, else {chunks: [base64
  // of each whole chunk, in order], torn: characters after the last whole chunk (0: none)}. Reading stops
  // at the first chunk that is incomplete or fails its length or checksum.
  function parseChunks(text) {
    if (typeof text !== 'string' || !text.startsWith(CHUNKS_MAGIC)) return null;
    const chunks = [];
    let at = CHUNKS_MAGIC.length;
    while (at < text.length) {
      const head = CHUNK_HEAD.exec(text.slice(at, at + 32));
      if (!head) break;
      const start = at + head[0].length;
      const len = Number(head[1]);
      if (start + len >= text.length || text[start + len] !== '\n') break;
      const data = text.slice(start, start + len);
      if (crc32(data) !== parseInt(head[2], 16)) break;
      chunks.push(data);
      at = start + len + 1;
    }
    return { chunks, torn: text.length - at };
  }

  // Takes the chunks' JSON objects, in order. Returns the payload they make: each array field appended to
  // the same field of the chunks before (snapshots, entries: indices run on across chunks), any other field
  // as the latest chunk has it (the header from the first; "live" from the last).
  function assembleChunks(objects) {
    const data = {};
    for (const o of objects) {
      for (const k of Object.keys(o)) {
        if (Array.isArray(o[k])) data[k] = (Array.isArray(data[k]) ? data[k] : []).concat(o[k]);
        else data[k] = o[k];
      }
    }
    return data;
  }

  // How an end chunk ({"end": {"how", "signal", "name"}}, lib/record/end_chunk.h) says the compilation ended.
  function endCause(end) {
    if (end.how === 'signal') return 'signal ' + end.signal + (end.name ? ', ' + end.name : '');
    if (end.how === 'terminate') return 'std::terminate';
    if (end.how === 'exit') return 'exit() before the session\'s end';
    if (end.how === 'found')
      return 'killed or stopped without a word: its process was gone when a later session of the same name started';
    return 'how: unknown';
  }

  // The live report's status line: `live` the last chunk's {"passes", "running": {"num", "name"}, "ended",
  // "recorded_at"}, `end` the end chunk's object (absent: none was written).
  function liveText(live, end) {
    const n = live && Number.isInteger(live.passes) ? live.passes : 0;
    const at =
        live && typeof live.recorded_at === 'string' ? live.recorded_at.replace('T', ' ').replace('Z', ' UTC') : '';
    const counted = n + (n === 1 ? ' pass' : ' passes') + (at ? ', the last recorded at ' + at : '');
    if (live && live.ended) return 'The session ended without its final report: the passes recorded (' + counted + ').';
    const run = live && live.running ? live.running.num + '. ' + live.running.name : '';
    if (end && typeof end === 'object') {
      return 'The compilation ended before its session finished (' + endCause(end) + '): the passes recorded (' +
          counted + ')' + (run ? '; it ended inside pass ' + run : '') + '.';
    }
    return 'In progress, or ended without a word (killed): the passes recorded so far (' + counted + ')' +
        (run ? '; pass ' + run + ' is running' : '') +
        '. Reload to see more; runs.txt and ir-trace DIR/NAME say whether the compilation still runs or crashed.';
  }

  // Takes the data block's text and the inflater (base64 -> text, 15_payload.js). Resolves to null when
  // it is not the chunked envelope, else {data: the assembled payload, with "live"} or {error: message}.
  async function read(text, inflate) {
    const parsed = parseChunks(text);
    if (!parsed) return null;
    if (!parsed.chunks.length) return { error: 'the live report has no whole chunk yet: reload in a moment' };
    const objects = [];
    for (const c of parsed.chunks) objects.push(JSON.parse(await inflate(c)));
    const data = assembleChunks(objects);
    if (!data.live) data.live = {};
    return { data };
  }

  T.live = Object.freeze({ CHUNKS_MAGIC, crc32, parseChunks, assembleChunks, liveText, read });
});
