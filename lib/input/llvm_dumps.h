// The dumps of an LLVM IR-printing log in order, one at a time: each banner ParseLlvmBanner reads
// (input/llvm_banner.h: "*** IR Dump After P on f ***", "; *** IR Dump ...", "# *** IR Dump ...", the
// -print-changed lines) and the text under it, up to the next banner.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "input/llvm_banner.h"
#include "input/log_text.h"

namespace irtrace {

// One banner and the text under it (blank lines around it dropped), with where that text lies in the log.
struct LlvmDump {
  LlvmBanner banner;
  size_t line = 0;      // 1-based line of the banner
  uint64_t offset = 0;  // where `text` starts in the log (bytes from its start)
  std::string text;     // its lines, each with '\n' (one the log lacks at its end added)
  size_t size = 0;      // the text's size as read (kept where the text is dropped, to read it again)
  bool whole = false;   // a before-dump whose text is dropped: it printed the whole module (set by the reader)
  bool contiguous = true;  // `text` is the log's bytes [offset, offset + size) (no line dropped inside it)
};

// The dumps of a log in order, read a line at a time through LineReader: memory holds one dump, not the
// log. Lines before the first banner are skipped; -print-pass-numbers lines (" Running pass 97 P on f") are
// dropped from a dump's text. Reports no error: any text is read (a banner it does not parse is text).
class LlvmDumpScanner {
 public:
  explicit LlvmDumpScanner(std::shared_ptr<const LogText> log);

  // The next dump into `*d` (all its fields but `whole` set); false after the last.
  bool Next(LlvmDump* d);

 private:
  LineReader lines_;
  std::optional<LlvmBanner> banner_;  // the banner that ended the last dump
  size_t banner_line_ = 0;
};

// True when `d` prints the whole module: a module pass's dump, an "(invalidated)" one, "At Start", and any
// dump under -print-module-scope (its text starts with the module's "; ModuleID", as LLVM's printer writes it).
bool IsWholeModuleDump(const LlvmDump& d);

// True when `text`, a log's last dump, is cut inside (a killed run, a truncated file): its braces do not close.
bool LlvmDumpCutShort(const std::string& text);

}  // namespace irtrace
