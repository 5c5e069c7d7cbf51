// The latest text of each IR unit while a log's passes are converted (input/dump_dir.h IrUnit): the module,
// each function dumped since the module was, each loop. A pass's before side is found here; where it is no
// snapshot of its own (a function inside the module, the module with the functions dumped since), it is
// made from line runs of snapshots already held (a "lines" snapshot, report/payload_writer.h).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "input/dump_dir.h"
#include "input/llvm_blocks.h"
#include "input/llvm_loop_splice.h"
#include "input/snapshot.h"

namespace irtrace {

// A snapshot that is (or will be) in the payload, shared by the units whose text it holds. `index` is its
// payload index, -1 until it is written; snapshots are written in the order they are made.
struct HeldSnapshot {
  std::shared_ptr<const Snapshot> snap;
  int index = -1;
};

// `s` held, not yet written.
std::shared_ptr<HeldSnapshot> Hold(std::shared_ptr<const Snapshot> s);

// One run of a made snapshot: lines [begin, end) of `from`, or (from null) the literal line `literal`.
struct HeldRun {
  std::shared_ptr<HeldSnapshot> from;
  size_t begin = 0, end = 0;
  std::string literal;
};

// A pass's before side: `held`; when `made`, it was made here from `runs` and must be written (as "lines")
// before the pass's own snapshot.
struct UnitBefore {
  std::shared_ptr<HeldSnapshot> held;
  bool made = false;
  std::vector<HeldRun> runs;
};

// Loop passes (their numbers, in order) whose dumps changed function `key` since its last text: the
// function's next function, SCC or module dump shows their changes to blocks they did not print as its
// own, which the log cannot tell apart (a note on that pass).
struct LoopChanges {
  std::string key;
  std::vector<unsigned long> passes;
};

// A pass's two sides: `before` (made here when before.made) and `after` (the pass's snapshot held, or for
// an unchanged pass its before side); `loop_changes`: the loop changes its dump is the first to show.
// `function_after` (a changed loop pass whose function is known; else held is null): the function after
// it as the log shows it, its latest text with the dump's blocks spliced in (input/llvm_loop_splice.h),
// made here from runs of earlier snapshots and `after`: written (as "lines") after `after`, it is the
// function's latest text from now on (the next function pass's before side, the module view's piece).
// `loop_run` (key "" when none): ShowFunctionAfterLoops replaced function_after with the function as the
// next dump prints it, after more than one loop pass since its last whole text (these, in order, this one
// last): which of them made what it shows outside the loop dumps' blocks the log cannot tell.
struct UnitStep {
  UnitBefore before;
  std::shared_ptr<HeldSnapshot> after;
  std::vector<LoopChanges> loop_changes;
  UnitBefore function_after;
  LoopChanges loop_run;
};

class UnitTracks {
 public:
  // Pass `p` (without an own before-dump), its snapshot `after` loaded (null when p.unchanged): finds its
  // before side by its IR unit (a loop's blocks as they stood: LoopStep; a function's or an SCC's current
  // text; a function's previous machine dump, or an empty snapshot before its first; the module as it stands) and makes `after` that unit's latest text. `name` names a snapshot made
  // here. The one rule the converter and --terminal share.
  UnitStep Step(const DumpPass& p, std::shared_ptr<const Snapshot> after, const std::string& name);
  // Pass `p` with its own before-dump (DumpPass::before, loaded as `before`; `after` its snapshot): its
  // sides are those two, exact for its unit, and `after` becomes the unit's latest text as in Step (the
  // loop changes before it are in `before`: none is noted). `*base`: a snapshot already held whose text is
  // the unit's as it stood (a delta base for `before`), or null when there is none without making one.
  // A function, SCC or loop pass's before-dump in another language than the module (the first pass of an
  // MLIR log's LLVM phase) makes that before-dump the module: the functions after it are spliced into it.
  UnitStep StepWithOwnBefore(const DumpPass& p, std::shared_ptr<const Snapshot> before,
                             std::shared_ptr<const Snapshot> after, std::shared_ptr<HeldSnapshot>* base);
  // Loop pass `p` just stepped (`*step`, by Step or StepWithOwnBefore) whose function the next dump prints
  // whole as `shown` (DumpPass::function_after, loaded): when that is not the function's text as it stands
  // (its last text with the loop dumps since spliced in), also with the printer's numbering of metadata and
  // attribute groups made canonical, the loop passes changed it outside the blocks they printed: `shown`
  // becomes the function after p (step->function_after, not made: written whole) and its latest text, and
  // step->loop_run names the loop passes since its last whole text when p is not the only one.
  void ShowFunctionAfterLoops(const DumpPass& p, std::shared_ptr<const Snapshot> shown, UnitStep* step);
  // The module is `s` (the first entry, a module pass's snapshot): the functions dumped before are in it.
  void SetWhole(std::shared_ptr<HeldSnapshot> s);
  // The module as it stands: the last module snapshot with every function dumped since put in its place
  // (SplicedModule::Text's rule for LLVM IR, which the viewer's module view follows: lib/report/PAYLOAD.md). Made
  // once per change; it becomes the module. Null before SetWhole.
  UnitBefore Whole(const std::string& name);
  // The current text of the functions `keys` (an SCC's, in its order; an empty line between two): a
  // function's last dump, or its lines in the module (with the "; Function Attrs:" line above), or nothing.
  // A snapshot that is exactly one function's text is used as it is; otherwise one is made and remembered,
  // named "<the snapshot it comes from> (<key>)" for one function, else `name`.
  UnitBefore Functions(const std::vector<std::string>& keys, const std::string& name);
  // A function or SCC pass's snapshot `s`: each function in it (its sections) is now its text there.
  void SetFunctions(std::shared_ptr<HeldSnapshot> s, const std::vector<std::string>& keys);

 private:
  struct Piece {
    std::shared_ptr<HeldSnapshot> in;
    size_t begin = 0, end = 0;
  };
  // A loop dump of the function's current run of loop passes (its dumps since its last function, SCC or
  // module text): the banner's unit ("loop %x in function f"), the dump, its blocks and header.
  struct LoopDump {
    std::string ir;
    std::shared_ptr<HeldSnapshot> snap;
    std::vector<IrBlockLine> blocks;
    std::string header;
  };
  // Where function `key` stands now; false when nothing holds it.
  bool Find(const std::string& key, Piece* piece);
  // A loop pass `p` (unit_keys: the banner's unit, the function's key): its before side is the loop's
  // blocks as they stood before it, each block's latest text (its last loop dump in the run, else the
  // function's latest text), laid out as the loop's previous dump in the run (found by its unit and header,
  // or the new header among its blocks: LoopRotate makes an exit block the header), else as this dump;
  // when every block of the dump is its latest text, the pass is a no-op (before == after).
  UnitStep LoopStep(const DumpPass& p, std::shared_ptr<const Snapshot> after, const std::string& name);
  // True when every block of loop dump `now` is its latest text (LatestBlock) but for the printer's
  // numbering of metadata and attribute groups, compared apart for each snapshot those texts come from:
  // each numbers them its own way (another loop's dump, whose exit block is this loop's preheader, and the
  // function's text), so one canonical numbering of the mixed text would differ for an unchanged loop.
  // False when a block has no latest text or all come from one snapshot (the caller compared that whole).
  bool BlocksAsTheyStood(const std::string& fn, const LoopDump& now);
  // The latest text of block `label` of function `fn` (its run's loop dumps, then the function's text).
  bool LatestBlock(const std::string& fn, const std::string& label, Piece* piece);
  // The blocks of function `fn` as it stands (`*piece`: where), split once per text; null when nothing
  // holds it.
  const std::vector<IrBlockLine>* BlocksOf(const std::string& fn, Piece* piece);
  // The loop dump of `run` a dump of loop `ir` with header `header` follows: the latest of that loop whose
  // header is `header` or that holds a block `header` (LoopRotate makes an exit block the header); null.
  static const LoopDump* PreviousDump(const std::vector<LoopDump>& run, const std::string& ir,
                                      const std::string& header);
  // The dump of `run` that loop dump `now` is spliced after (SpliceLoop's `previous`): PreviousDump, else
  // the latest of the same loop with the same preheader (LoopRotate renumbers every block but that one).
  static const LoopDump* SpliceBase(const std::vector<LoopDump>& run, const LoopDump& now);
  // Loop dump `now` (after `previous` in its run, or null) spliced into function `fn` as it stands, which it
  // becomes (SpliceLoop); held is null when nothing holds the function. `name` names the made snapshot.
  UnitBefore SpliceIntoFunction(const std::string& fn, const LoopDump& now, const LoopDump* previous,
                                const std::string& name);

  // The loop changes of `keys` (all functions when null) taken out, for the step that shows them.
  std::vector<LoopChanges> TakeLoopChanges(const std::vector<std::string>* keys);

  std::unordered_map<std::string, std::vector<LoopDump>> runs_;  // function key -> its run of loop dumps
  // function key -> its run's loop dumps' numbers in the function's numbering (input/llvm_loop_splice.h)
  std::unordered_map<std::string, LoopNumbering> numbering_;
  // Learns loop dump `now`'s numbering against function `fn` as it stands (a dump spliced into nothing).
  void LearnNumbering(const std::string& fn, const LoopDump& now);
  // Drops what the loop passes on function `fn` left (their runs, numbering, block layout, run of passes):
  // its text is now a whole dump's.
  void ForgetLoops(const std::string& fn);
  std::map<std::string, std::vector<unsigned long>> loop_changes_;  // function key -> loop passes since
  std::map<std::string, std::vector<unsigned long>> loop_run_;  // function key -> every loop pass since
  struct FunctionBlocks {
    std::shared_ptr<HeldSnapshot> in;
    size_t begin = 0;
    std::vector<IrBlockLine> blocks;
  };
  std::unordered_map<std::string, FunctionBlocks> function_blocks_;  // a function's blocks, as last split

  std::shared_ptr<HeldSnapshot> whole_;
  std::unordered_map<std::string, size_t> whole_sections_;  // key -> index in whole_'s sections (built lazily)
  bool whole_sections_built_ = false;
  std::map<std::string, Piece> pieces_;  // functions dumped since whole_, by key (byte order)
  // function key -> its last machine dump (IrUnit::kMachine: never part of the module)
  std::unordered_map<std::string, std::shared_ptr<HeldSnapshot>> machine_;
};

// Walks `listing`'s passes in order (not its stream) for a job that shows each pass by itself: reads the
// frontend and each pass's snapshot (an unchanged pass has none), finds its two sides with
// UnitTracks::Step (a pass's own before-dump: that dump against its snapshot), and calls visit(pass, step,
// its log's text). Throws Error as LoadFile does.
void WalkUnits(DumpListing* listing,
               const std::function<void(DumpPass& pass, const UnitStep& step, const std::string& log_text)>& visit);

// Gives each unchanged pass of `listing` (DumpPass::unchanged: no file of its own) its IR unit's text, as
// its `file.text`, found by WalkUnits: for a job that reads each pass's snapshot by itself (compare).
// Throws Error as LoadFile does.
void GiveUnchangedPassesTheirText(DumpListing* listing);

// Lines [begin, end) of `s` joined, each with its '\n' (the last without one when `s` lacks it there).
std::string LinesText(const Snapshot& s, size_t begin, size_t end);

}  // namespace irtrace
