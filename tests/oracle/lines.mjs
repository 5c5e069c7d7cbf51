// A file's lines read in chunks (LLVM's module-scope logs reach hundreds of megabytes, past what one
// JavaScript string holds): a generator of lines without their '\n'.
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export function* fileLines(file) {
  const fd = fs.openSync(file, 'r');
  const buf = Buffer.alloc(16 << 20);
  const dec = new StringDecoder('utf8');
  let rest = '';
  try {
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      const parts = (rest + dec.write(buf.subarray(0, n))).split('\n');
      rest = parts.pop();
      yield* parts;
    }
    rest += dec.end();
    yield rest;
  } finally {
    fs.closeSync(fd);
  }
}
