// One snapshot file read and decoded: the text the report shows, split into lines.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "input/text_decode.h"
#include "scope/function_scope.h"
#include "util/error.h"
#include "util/line_index.h"

namespace irtrace {

struct DumpFile;

// What ends a snapshot's lines.
enum class LineBreak {
  kLf,  // '\n' (a '\r' before it stays in the line: CRLF; a lone '\r' elsewhere stays inside its line)
  kCr,  // '\r': the text has no '\n' at all but has a '\r' (classic Mac OS line ends)
};

// A decoded snapshot. Not copyable: `lines` points into `text`.
class Snapshot {
 public:
  Snapshot() = default;
  Snapshot(const Snapshot&) = delete;
  Snapshot& operator=(const Snapshot&) = delete;

  std::string name;                     // file name inside the dump (codegen: path inside its DIR)
  ScopeLanguage lang = ScopeLanguage::kNone;
  std::string text;                     // decoded UTF-8: exactly the file (UTF-8 input), invalid bytes as
                                        // U+FFFD, NUL as U+2400, CRs and a leading U+FEFF kept
  TextEncoding encoding = TextEncoding::kUtf8;  // UTF-16 input is converted, its byte-order mark dropped
  LineBreak line_break = LineBreak::kLf;
  LineIndex lines;                      // into text, without the line break ('\r' of CRLF kept); "" has
                                        // 0 lines. Offsets, not views: a held snapshot costs its text and
                                        // 4 bytes a line
  bool eol = true;                      // text is empty or ends with the line break
  bool bom = false;                     // text starts with U+FEFF (kept in text and lines[0]; ignored by
                                        // KeyOf and by function scoping)
  std::vector<std::string> warnings;    // decoding warnings, naming the file and 1-based line
  std::vector<std::string> notes;       // facts about the whole file ("decoded from UTF-16LE ...")
  Scope scope;                          // functions (SplitFunctions for lang)
  bool mixed_numbering = false;         // made of several printings (a module with function dumps put in
                                        // it): its `#N` / `!N` are numbered by more than one printer
  // What a comparison derived from the text and keeps for the snapshot's next comparison (a pass's after
  // side is the next pass's before side): input/llvm_refs.h CachedIrRefKeyHashes. Guarded by cache_mu:
  // a snapshot may be compared in two diffs at once.
  mutable std::mutex cache_mu;
  mutable std::shared_ptr<const std::vector<uint64_t>> ref_key_hashes[2];  // by IrRefMode

  // The comparison key of line i (0-based): the line without a trailing '\r', and line 0 without a
  // leading U+FEFF. So LF, CRLF and CR-only files, with or without a byte-order mark, compare equal.
  std::string_view KeyOf(size_t i) const;
  // How the lines end, for notes: "CR" (LineBreak::kCr), "CRLF" when a line ends with '\r', else "LF".
  const char* LineEndingName() const;
  // True when line i is the last line and the file does not end with '\n'. Such a line compares
  // unequal to the same text followed by a newline.
  bool LacksNewline(size_t i) const { return !eol && i + 1 == lines.size(); }
  // Two lines compare equal: same key and same LacksNewline.
  static bool SameLine(const Snapshot& a, size_t i, const Snapshot& b, size_t j);
  // A 64-bit hash of line i's comparison: of its key, and whether it lacks the newline. Equal lines
  // (SameLine) hash equal; computed on each call (nothing per line is stored).
  uint64_t KeyHash(size_t i) const;
};

// Builds a snapshot from raw bytes (takes ownership of `bytes`): decodes, splits lines, splits functions for `extension` (without the dot). Never fails.
std::unique_ptr<Snapshot> MakeSnapshot(std::string name, const std::string& extension, std::string bytes);

// Reads `path` (read once, whole) and builds its snapshot named `name`.
// Throws Error (ExitCode::kInput) when the file cannot be opened or read, with the cause from errno, or
// "snapshot '<name>' is a dangling symbolic link". The error names `name`, a name inside the dump
// (`place` kInInput), or with `place` kAsGiven `path` (a --codegen DIR's file, named as given).
std::unique_ptr<Snapshot> LoadSnapshot(const std::string& name, const std::string& path, const std::string& extension,
                                       ErrorPlace place = ErrorPlace::kInInput);

// Reads a small whole file (a .log) as decoded text. Throws Error (ExitCode::kInput, ErrorPlace::kInInput)
// naming `name` on failure, as LoadSnapshot does ("log '<name>' is a dangling symbolic link").
std::string ReadTextFile(const std::string& name, const std::string& path);

}  // namespace irtrace
