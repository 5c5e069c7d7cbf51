// The -print-changed=diff / =cdiff / =diff-quiet / =cdiff-quiet dumps of an LLVM log as the log reader
// (input/llvm_log.cpp) meets them: each diff dump's text replaced by the IR it stands for, and the notes of
// what the form does not print. The diffs' own format and how one is applied: input/llvm_changed_diff.h.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "input/dump_dir.h"
#include "input/llvm_changed_diff.h"
#include "input/llvm_dumps.h"
#include "input/log_text.h"

namespace irtrace {

// The diff forms' state of one log: "At Start"'s module until the first diff dump, then the module as the
// diffs rebuild it (=diff, =cdiff), or the quiet form's pass sides (=diff-quiet, =cdiff-quiet: no start).
class LlvmDiffDumps {
 public:
  // True for a new pass manager's after-dump whose text is a diff (LooksLikeChangedDiff); its first line
  // that is no diff's ends the look, so an IR dump costs one line.
  static bool IsDiffDump(const LlvmDump& d);

  // True when the log's first after-dump that is not "omitted" is a diff dump (IsDiffDump): reads `log`
  // from its start again, up to that dump (the start and a line per omitted pass).
  static bool FirstChangeIsDiff(std::shared_ptr<const LogText> log);

  // `text`: the text under "*** IR Dump At Start ***" (the whole module), kept in case the log is =diff's.
  void SetStart(std::string text) { start_ = std::move(text); }

  // Diff dump `*d` (IsDiffDump) of a pass: its text becomes the IR it rebuilds, its unit's after the pass
  // (a function pass's and a loop pass's: the function, its banner then naming the function; a module or
  // SCC pass's: the module, its banner's unit then kModule), and what the form does not print is added to
  // `*notes` ("not_in_log"; a loop pass's note of its whole function to `*pending`, the pass's plain notes).
  // Without a start it is a quiet form's dump (QuietDiff). `after_passes`: passes were handed out before it.
  // Throws DumpError ("line N: a -print-changed=diff dump after IR dumps, with no '*** IR Dump At Start
  // ***' ...") for a first diff dump without a start after passes of a log that is not quiet.
  void ApplyDiff(LlvmDump* d, bool after_passes, std::vector<std::string>* pending,
                 std::vector<DumpPass::LogNote>* notes);

  // A quiet form's log (its notes are QuietDiff's).
  bool quiet() const { return quiet_; }
  // The module as a =diff log's dumps rebuild it; null before the first diff dump and in other logs.
  const ChangedDiffModule* module() const { return diff_.get(); }
  // The before side of the quiet diff dump just applied (the lines marked ' ' and '-'), once; else none.
  std::optional<std::string> TakeQuietBefore();

 private:
  // A =diff-quiet or =cdiff-quiet dump (no "At Start" before it): the pass is shown from the lines LLVM
  // printed before it to those after it (SidesOfDiff), as a unit of its own (its banner's unit then kModule,
  // the whole: never spliced into a module the log never printed), with notes for what the form leaves out.
  void QuietDiff(LlvmDump* d, std::vector<DumpPass::LogNote>* notes);

  std::optional<std::string> start_;         // "At Start"'s text until the first diff dump
  std::unique_ptr<ChangedDiffModule> diff_;  // a -print-changed=diff log's module as rebuilt
  bool quiet_ = false;                       // a =diff-quiet log (its diffs lack the start)
  std::optional<std::string> quiet_before_;  // its dump's before side, until taken
};

}  // namespace irtrace
