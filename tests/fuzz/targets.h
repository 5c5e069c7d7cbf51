// The fuzz targets: each takes arbitrary bytes, runs one reader of untrusted input and checks what it
// promises. A broken promise throws FuzzFailure (so libFuzzer sees a crash, and the Catch2 replay of the
// committed corpus, tests/fuzz_replay_test.cpp, reports a failure); any other escape (a crash, a sanitizer
// report, an exception other than irtrace::Error where the reader documents one) is a finding too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace irtrace::fuzz {

struct FuzzFailure : std::logic_error {
  using std::logic_error::logic_error;
};

// Input formats (the committed corpus in tests/fuzz/corpus/<target>/ follows them):
// dump_names: names separated by '\n' (at most 64, '/' and NUL dropped); a name starting with 0x01 is made a
//   directory, 0x02 a dangling symlink, 0x03 a FIFO, 0x04 a symlink to the previous name; every other one
//   a file holding its own name. Then ListDump on that directory: it returns a dump that keeps the contract
//   (passes numbered 1..N) or throws Error.
int DumpNames(const uint8_t* data, size_t size);
// text_decode: bytes. DecodeText returns valid UTF-8 without NUL; UTF-8 input stays byte-identical when valid.
int TextDecode(const uint8_t* data, size_t size);
// scope: byte 0 selects the language (mod 5: python, mlir, llvm, c, none), the rest is the text. Sections
//   are in range, ordered, non-overlapping, with unique keys; a fallback has none.
int Scope(const uint8_t* data, size_t size);
// diff: byte 0 selects the language, the rest is two texts separated by the first 0x1E byte. The whole-file
//   and per-function scripts turn before into after (under the comparison rule) and the pairs are valid.
int Diff(const uint8_t* data, size_t size);
// payload: byte 0 is the context, the rest is snapshot texts separated by 0x1E (at most 24, each a .py).
//   The plain payload parses as JSON, and every snapshot rebuilt from it (text, same, delta + fix) equals
//   its decoded text line by line.
int Payload(const uint8_t* data, size_t size);
// dump_log: byte 0 selects the reader (even: MLIR log, odd: LLVM log), the rest is the log. The reader
//   returns a listing that keeps the contract (passes numbered 1..N, every snapshot and log held in memory,
//   named "<log> line N" with N a line of the log) or throws Error; never anything else.
int DumpLog(const uint8_t* data, size_t size);

}  // namespace irtrace::fuzz
