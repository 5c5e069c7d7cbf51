#include "input/llvm_log.h"

#include <cstring>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

#include <xxhash.h>

#include "input/llvm_banner.h"
#include "input/llvm_before_after.h"
#include "input/llvm_before_dumps.h"
#include "input/llvm_blocks.h"
#include "input/llvm_diff_dumps.h"
#include "input/llvm_dumps.h"
#include "input/llvm_log_names.h"
#include "input/llvm_log_notes.h"
#include "input/llvm_log_parts.h"
#include "input/llvm_machine.h"
#include "input/llvm_scc_dump.h"
#include "input/log_listing.h"
#include "input/program_name.h"
#include "scope/function_scope.h"
#include "util/line_index.h"

namespace irtrace {
namespace {

using Banner = LlvmBanner;
using Kind = LlvmBanner::Kind;
using Unit = LlvmBanner::Unit;

bool StartsWith(std::string_view s, std::string_view p) { return s.size() >= p.size() && s.substr(0, p.size()) == p; }

using Dump = LlvmDump;
using DumpScanner = LlvmDumpScanner;

uint64_t Hash(const std::string& s) { return XXH3_64bits(s.data(), s.size()); }

// The passes of an LLVM log, one at a time (PassStream): each pass's snapshot is its own dump, left in the
// log (DumpFile::load) and holding its IR unit (DumpPass::unit), so nothing is spliced or held here.
class LlvmPassStream : public PassStream {
 public:
  LlvmPassStream(std::string name, std::shared_ptr<const LogText> log, std::optional<std::string> part)
      : name_(std::move(name)), log_(log), scanner_(log), parts_(std::move(log), name_, std::move(part)) {}

  // Reads up to the first pass and fills the listing's first entry, title and notes.
  void Start(DumpListing* listing) {
    std::optional<Dump> input;
    std::vector<Dump> befores;  // before-dumps while no after-dump was seen: their text is not kept
    Dump d;
    while (!first_ && NextDump(&d)) {
      const Banner& b = d.banner;
      if (b.kind == Kind::kStart) {
        if (!input) input = std::move(d);
      } else if (b.kind == Kind::kBefore) {
        if (!input) {
          d.whole = IsWholeModuleDump(d);
          d.text.clear();
          d.text.shrink_to_fit();
          befores.push_back(d);
        }
      } else if (b.kind == Kind::kIgnored) {
        Ignored(b);
      } else {
        first_ = std::move(d);
      }
    }
    if (!first_ && befores.empty() && !input) {
      throw DumpError(pending_.empty() ? "no LLVM IR dump in the log (no '*** IR Dump' banner)"
                                       : "no LLVM IR dump in the log (only '*** IR Pass ... ignored' lines)");
    }
    if (first_) {
      if (!input && !befores.empty()) input = Reload(befores[0]);
      if (!input && !IsWholeModuleDump(*first_)) log_notes_.Later(LlvmFunctionsNamed(log_));  // maybe selective
    } else if (!input) {
      StartBeforeOnly(std::move(befores), &input, listing);
    }
    std::string program;
    if (input && input->banner.kind == Kind::kStart) {
      diff_dumps_.SetStart(input->text);  // in case it is =diff's
      // =diff compares functions' bodies only: a pass changing nothing else is "omitted", so what it cannot
      // show is noted from the first pass on, before its first diff.
      if (LlvmDiffDumps::FirstChangeIsDiff(log_)) {
        std::vector<std::string> keys;
        for (auto& [key, define] : LlvmLogNotes::DefineLines(input->text)) keys.push_back(key);
        log_notes_.DiffForm(0, keys);
      }
    }
    if (input) {
      listing->frontend = InMemoryFile(*input);
      Apply(*input);
      program = ProgramName(*listing->frontend.text, "ll");
    } else {
      // The log starts after its first pass: the first pass is a pass, its output shown whole.
      SetNoInput(listing, name_, "ll");
      no_input_ = true;
      program = ProgramName(first_->text, "ll");
    }
    listing->title = program.empty() ? LogStem(name_) : program;
  }

  bool Next(DumpPass* p) override {
    Dump& d = scratch_;  // its text's buffer serves the next dump when this one is not kept
    for (;;) {
      if (first_) {
        d = std::move(*first_);
        first_.reset();
      } else if (before_only_) {
        return NextBeforeOnly(p);
      } else {
        if (!NextDump(&d)) return End(p);
      }
      const Banner& b = d.banner;
      if (b.kind == Kind::kBefore && !before_only_) {
        // With after-dumps too: the before of the after-dump of the same pass and unit that follows.
        before_ = OwnBefore{b.pass, b.ir, IsWholeModuleDump(d), d.line, d.offset, d.text.size()};
        with_befores_ = true;
        continue;
      }
      if (b.kind == Kind::kStart || b.kind == Kind::kBefore) continue;
      if (b.kind == Kind::kIgnored && b.invalidated && !LlvmLogNotes::PassManagerName(b.pass)) {
        *p = InvalidatedPass(b);
        return true;
      }
      if (!b.funcs.empty() && b.unit != Unit::kScc) last_function_ = b.funcs.at(0);
      if (b.kind == Kind::kIgnored) {
        Ignored(b);
        continue;
      }
      break;
    }
    bool module_lines = StartsWith(d.text, "; ModuleID");
    *p = MakePass(d);
    std::optional<std::vector<std::string>> receiver;
    if (with_befores_) receiver = WithBefores(p);
    NotePass(d.banner, module_lines || receiver, p, receiver ? &*receiver : nullptr);
    return true;
  }

  // A pass of a log with before-dumps (input/llvm_before_after.h): it receives the module when the next dump
  // is a before-dump of it (read ahead into first_; returns the pass's functions), a loop pass its function
  // when the next is a function or SCC pass's before-dump printing it, else an SCC pass is on the functions
  // its after-dump prints (the inliner may have split the SCC).
  std::optional<std::vector<std::string>> WithBefores(DumpPass* p) {
    Dump next;
    if (p->unit != IrUnit::kWhole && p->unit != IrUnit::kMachine && !first_ && scanner_.Next(&next)) {
      first_ = std::move(next);
      if (first_->banner.kind == Kind::kBefore && IsWholeModuleDump(*first_)) {
        std::shared_ptr<const LogText> log = log_;
        uint64_t offset = first_->offset;
        size_t size = first_->text.size();
        std::vector<std::string> receiver = ReceiveModule(
            p, name_ + " line " + std::to_string(first_->line), std::make_shared<const std::string>(first_->text),
            [log, offset, size] { return ReadDumpText(*log, offset, size); }, size);
        Apply(*first_);
        return receiver;
      }
      // A function or SCC pass's before-dump prints the function as the loop passes left it.
      const Banner& ahead = first_->banner;
      if (ahead.kind == Kind::kBefore && p->unit == IrUnit::kLoop && ahead.unit != Unit::kLoop)
        FunctionAfterLoops(p, ahead.funcs, first_->text, name_ + " line " + std::to_string(first_->line));
    }
    if (p->unit == IrUnit::kScc && p->before && p->file.text) SplitScc(p, p->before->load(), *p->file.text);
    return std::nullopt;
  }

  std::vector<std::string> LastPassNotes() override { return std::move(last_notes_); }
  std::vector<std::string> InputNotes() override { return std::move(input_notes_); }

 private:
  // The scanner's next dump of the compilation read (input/llvm_log_parts.h); false after its last.
  bool NextDump(Dump* d) {
    for (;;) {
      if (parts_ended_ || !scanner_.Next(d)) return false;
      LlvmPartFilter::Verdict v = parts_.Of(d->offset, std::string_view(d->text).substr(0, d->text.find('\n')));
      if (v == LlvmPartFilter::Verdict::kKeep) return true;
      parts_ended_ = v == LlvmPartFilter::Verdict::kEnd;
    }
  }

  // "*** IR Pass P invalidated ***" (-print-changed) for a pass, not a pass manager: P ran and invalidated
  // its unit (a loop it deleted or fully unrolled), and the log prints no IR for it. It is a pass on the
  // function the last banner named, its change shown first by that function's next dump (a note).
  DumpPass InvalidatedPass(const Banner& b) {
    DumpPass p;
    p.number = ++count_;
    p.pass_name = b.pass;
    p.notes = std::move(pending_);
    pending_.clear();
    if (no_input_ && count_ == 1) p.notes.insert(p.notes.begin(), kNoInputNote);
    p.file.name = name_ + " (pass " + std::to_string(count_) + ": invalidated, no IR printed)";
    p.file.extension = "ll";
    p.unchanged = true;
    p.unit = last_function_.empty() ? IrUnit::kWhole : IrUnit::kFunction;
    if (!last_function_.empty()) p.unit_keys = {last_function_};
    std::string what = last_function_.empty() ? std::string("its unit") : "its unit (in " + last_function_ + ")";
    p.notes.push_back(b.pass + " invalidated " + what +
                      ": -print-changed prints no IR for such a pass, so its change is shown by the next dump");
    LlvmLogNotes::Printed printed;
    printed.kind = LlvmLogNotes::Printed::Kind::kInvalidated;
    printed.changed = true;
    if (!last_function_.empty()) printed.functions = {last_function_};
    log_notes_.Pass(p.number, printed, &p.log_notes);
    return p;
  }

  // The log notes of pass `p` just made from a dump with banner `b` (input/llvm_log_notes.h);
  // `module_lines`: its text started with "; ModuleID".
  // `receiver`: the pass received the next dump's module (WithBefores), these its unit's functions.
  void NotePass(const Banner& b, bool module_lines, DumpPass* p, const std::vector<std::string>* receiver = nullptr) {
    using K = LlvmLogNotes::Printed::Kind;
    LlvmLogNotes::Printed what;
    what.changed = !p->unchanged;
    what.first_of_log = no_input_ && p->number == 1;
    if (no_input_ && p->number == 1 && p->file.text) {
      // The log holds no IR before its first pass: what that pass's dump prints is shown whole, as added.
      std::vector<std::string> keys;
      for (auto& [key, define] : LlvmLogNotes::DefineLines(*p->file.text)) keys.push_back(key);
      p->log_notes.push_back({"no_input", kNoInputNote, std::move(keys), {}});
      p->log_notes.push_back({"no_input", kNoInputNote, {}, {}});
    }
    if (diff_dumps_.quiet()) {
      what.kind = K::kNothing;  // its notes are QuietDiff's
    } else if (diff_dumps_.module() && b.kind != Kind::kOmitted) {
      log_notes_.DiffForm(p->number, diff_dumps_.module()->FunctionKeys());
    } else if (b.kind == Kind::kOmitted || p->unit == IrUnit::kMachine) {
      what.kind = K::kNothing;
    } else if (p->unit == IrUnit::kWhole) {
      what.kind = K::kModule;
      what.module_lines = module_lines;
      std::shared_ptr<const std::string> text = p->file.text ? p->file.text : last_text_;
      if (what.changed && text) what.module_functions = [text] { return LlvmLogNotes::DefineLines(*text); };
      if (receiver) what.received = true, what.receiver = *receiver;
    } else if (p->unit == IrUnit::kLoop) {
      what.kind = K::kLoop;
      what.functions = {p->unit_keys.at(1)};
    } else {
      what.kind = K::kFunctions;
      what.scc = p->unit == IrUnit::kScc;
      what.functions = p->unit_keys;
    }
    log_notes_.Pass(p->number, what, &p->log_notes);
  }

  void Ignored(const Banner& b) {
    pending_.push_back(b.pass + " on " + b.ir + ": " + (b.invalidated ? "invalidated" : "ignored") +
                       " (a -print-changed line: not a pass that changed the IR)");
  }

  // A dump whose text was not kept, read again from the log.
  Dump Reload(const Dump& d) {
    Dump r = d;
    r.text = ReadDumpText(*log_, d.offset, d.size);
    return r;
  }

  DumpFile InMemoryFile(const Dump& d) {
    DumpFile f;
    f.name = name_ + " line " + std::to_string(d.line);
    f.extension = "ll";
    f.text = std::make_shared<const std::string>(d.text);
    return f;
  }

  // A log of before-dumps only (input/llvm_before_dumps.h BeforeOnlyPasses): the first run of one pass is
  // the input (its dumps spliced into one text); each dump "Before P on u" is pass P's own before-dump.
  void StartBeforeOnly(std::vector<Dump> befores, std::optional<Dump>* input, DumpListing* listing) {
    std::vector<BeforeDump> dumps;
    for (const Dump& d : befores) {
      BeforeDump o;
      o.pass = d.banner.pass;
      o.unit.kind = static_cast<BeforeDumpUnit::Kind>(static_cast<int>(d.banner.unit));  // the same order
      o.unit.ir = d.banner.ir;
      o.unit.funcs = d.banner.funcs;
      o.unit.whole = d.whole;
      o.line = d.line;
      o.offset = d.offset;
      o.size = d.size;
      dumps.push_back(std::move(o));
    }
    before_only_ = std::make_unique<BeforeOnlyPasses>(name_, log_, std::move(dumps));
    *input = Reload(befores[0]);
    (*input)->text = before_only_->InputText();
    listing->notes.push_back(
        "the log holds only before-dumps: each pass is shown from its own before-dump to the next dump that "
        "prints its unit; the result of a pass that no later dump prints is not in the log");
  }

  // The next pass of a before-only log (StartBeforeOnly); false after the last.
  bool NextBeforeOnly(DumpPass* p) {
    if (before_only_->AtEnd()) return End(p);
    DumpPass q;
    q.number = ++count_;
    q.notes = std::move(pending_);
    pending_.clear();
    before_only_->Next(&q);
    if (q.unit == IrUnit::kWhole) module_current_ = false;
    *p = std::move(q);
    return true;
  }

  // The hashes the reader keeps of each unit's last dump: a dump equal to it is an unchanged pass.
  void Apply(const Dump& d) {
    if (!IsWholeModuleDump(d)) return;
    func_hash_.clear();
    loop_last_.clear();
    module_hash_ = Hash(d.text);
    module_current_ = true;
  }

  // The pass's own before-dump: the before-dump just read of the same pass and unit, printing as much
  // (both the module, or both the unit); consumed by any after-dump.
  std::optional<DumpFile> TakeOwnBefore(const Dump& d) {
    std::optional<OwnBefore> b = std::move(before_);
    before_.reset();
    if (!b || d.banner.kind != Kind::kAfter || b->pass != d.banner.pass || b->ir != d.banner.ir ||
        b->whole != IsWholeModuleDump(d)) {
      return std::nullopt;
    }
    DumpFile f;
    f.name = name_ + " line " + std::to_string(b->line);
    f.extension = "ll";
    std::shared_ptr<const LogText> log = log_;
    uint64_t offset = b->offset;
    size_t size = b->size;
    f.load = [log, offset, size] { return ReadDumpText(*log, offset, size); };
    f.load_bytes = size;
    return f;
  }

  // The pass of after-dump `d` (its text taken: kept as the snapshot, or as the next dump's buffer).
  DumpPass MakePass(Dump& d) {
    if (d.banner.backend) BackendUnit(&d);
    std::vector<DumpPass::LogNote> diff_notes;
    bool rebuilt = LlvmDiffDumps::IsDiffDump(d);  // its text is made here, not the log's
    if (rebuilt) diff_dumps_.ApplyDiff(&d, count_ > 0, &pending_, &diff_notes);
    const Banner& b = d.banner;
    DumpPass p;
    p.log_notes = std::move(diff_notes);
    p.before = TakeOwnBefore(d);
    if (std::optional<std::string> quiet_before = diff_dumps_.TakeQuietBefore()) {
      DumpFile f;
      f.name = name_ + " line " + std::to_string(d.line) + " (the lines marked ' ' and '-')";
      f.extension = "ll";
      auto held = std::make_shared<const std::string>(std::move(*quiet_before));
      f.load_bytes = held->size();
      f.text = held;
      f.load = [held] { return *held; };
      p.before = std::move(f);
    }
    NamePass(d, &p);
    if (b.kind == Kind::kOmitted) {
      OmittedPass(b, &p);
      return p;
    }
    if (IsWholeModuleDump(d) && !b.machine) {
      ModulePass(d, &p);
    } else if (b.machine) {
      MachinePass(d, &p);
    } else if (b.unit == Unit::kLoop) {
      LoopPass(d, &p);
    } else if (!FunctionPass(d, &p)) {
      return p;
    }
    // A changed function makes the module stale (a loop is never spliced into it).
    if (!p.unchanged && (p.unit == IrUnit::kFunction || p.unit == IrUnit::kScc)) module_current_ = false;
    // A pass with its own before-dump is diffed against it, whatever the unit's last dump was.
    if (p.before) p.unchanged = false;
    GiveSnapshot(d, rebuilt, &p);
    return p;
  }

  // The pass's number, name, file name, phase and the notes every pass gets (pending ones, the first's).
  void NamePass(const Dump& d, DumpPass* p) {
    const Banner& b = d.banner;
    p->number = ++count_;
    p->pass_name = b.pass;
    p->notes = std::move(pending_);
    pending_.clear();
    if (no_input_ && count_ == 1) p->notes.insert(p->notes.begin(), kNoInputNote);
    if (!b.counter.empty()) p->notes.push_back("LLVM's pass number " + b.counter + " (-print-after-pass-number)");
    p->file.name = name_ + " line " + std::to_string(d.line);
    p->file.extension = "ll";
    if (b.backend) p->phase = kBackendPhase;
  }

  // "omitted because no change" (-print-changed): an unchanged pass on its unit (a loop: its function).
  static void OmittedPass(const Banner& b, DumpPass* p) {
    p->notes.push_back("no change on " + b.ir + " (-print-changed omitted the dump)");
    p->unchanged = true;
    if (b.unit == Unit::kModule) {
      p->unit = IrUnit::kWhole;
    } else {
      p->unit = b.unit == Unit::kScc ? IrUnit::kScc : IrUnit::kFunction;  // a loop: its function
      p->unit_keys = b.unit == Unit::kLoop ? std::vector<std::string>{b.funcs.at(0)} : b.funcs;
    }
  }

  // A dump of the whole module: a no-op when byte for byte the last module dump, no function changed since.
  void ModulePass(const Dump& d, DumpPass* p) {
    p->unit = IrUnit::kWhole;
    if (d.banner.invalidated) p->notes.push_back("the pass invalidated " + d.banner.ir + ": the module is shown");
    bool same = module_current_ && Hash(d.text) == module_hash_;
    Apply(d);
    p->unchanged = same;
  }

  // Its before side is the loop's blocks as they stood (driver/unit_tracks.h LoopStep); here only a dump
  // byte for byte the function's last dump, this loop's, is known to be a no-op.
  void LoopPass(const Dump& d, DumpPass* p) {
    const Banner& b = d.banner;
    p->unit = IrUnit::kLoop;
    const std::string& fn = b.funcs.at(0);
    p->unit_keys = {b.ir, fn};
    p->notes.push_back("a loop pass on " + b.ir +
                       ": a loop dump holds only the loop's blocks, shown against "
                       "the same blocks as they stood before it; the function shows the change at its next dump");
    uint64_t h = Hash(d.text);
    auto it = loop_last_.find(fn);
    p->unchanged = it != loop_last_.end() && it->second.first == b.ir && it->second.second == h;
    loop_last_[fn] = {b.ir, h};
    // A loop dump that may have changed the function (its blocks spliced in: driver/unit_tracks.h): the
    // function's next dump, even byte for byte its last one, is compared, not taken as a no-op.
    if (!p->unchanged) func_hash_.erase(fn);
  }

  // A function or SCC dump: a no-op when byte for byte the function's last function dump. False for an
  // empty dump (the pass is then complete: unchanged, with a note).
  bool FunctionPass(const Dump& d, DumpPass* p) {
    const Banner& b = d.banner;
    p->unit = b.unit == Unit::kScc ? IrUnit::kScc : IrUnit::kFunction;
    p->unit_keys = b.funcs;
    // An SCC split by its pass prints only the functions still in it (input/llvm_scc_dump.h).
    if (p->unit == IrUnit::kScc && !with_befores_) ReadSccDump(d.text, p);
    if (d.text.empty()) {
      p->notes.push_back("the dump of " + b.ir + " is empty");
      p->unchanged = true;
      p->before.reset();
      return false;
    }
    const std::vector<std::string>& keys = p->unit_keys;
    if (keys.size() == 1) {
      uint64_t h = Hash(d.text);
      auto it = func_hash_.find(keys[0]);
      p->unchanged = it != func_hash_.end() && it->second == h;
      func_hash_[keys[0]] = h;
    } else {
      for (const std::string& f : keys) func_hash_.erase(f);
    }
    for (const std::string& f : keys) loop_last_.erase(f);
    return true;
  }

  // A changed pass's snapshot: its dump's range of the log (a rebuilt =diff text, or one whose range
  // holds dropped lines: held). The text just read is kept with it only where the stream reads it again
  // (NotePass, WithBefores: a module, an SCC, the first pass of a log without input); a function's or a
  // loop's is read back from the log when it is loaded, so it is not copied here. Either way `d.text`'s
  // buffer stays the scratch's, for the next dump.
  void GiveSnapshot(Dump& d, bool rebuilt, DumpPass* p) {
    if (!p->unchanged && (rebuilt || !d.contiguous)) {
      auto held = std::make_shared<const std::string>(d.text);
      p->file.load = [held] { return *held; };
      p->file.load_bytes = held->size();
    } else if (!p->unchanged) {
      std::shared_ptr<const LogText> log = log_;
      uint64_t offset = d.offset;
      size_t size = d.text.size();
      p->file.load = [log, offset, size] { return ReadDumpText(*log, offset, size); };
      p->file.load_bytes = size;
    }
    bool keep = p->unit == IrUnit::kWhole || p->unit == IrUnit::kScc || (no_input_ && p->number == 1);
    if (p->unchanged || !keep) {
      // Not kept: the buffer is the next dump's, and the last one's text stays for CutShort.
      std::swap(d.text, last_unkept_);
      last_text_.reset();
    } else {
      // A copy of its exact size: the buffer keeps its room for the next dump (no growing it line by line).
      last_text_ = std::make_shared<const std::string>(d.text);
      p->file.text = last_text_;
    }
  }

  // A backend dump's unit, from its text (its banner names none, input/llvm_machine.h): a machine dump its
  // function's machine code; a legacy IR dump the module ("; ModuleID"), the function it defines, or else a
  // loop of the last function a legacy dump defined, named as a loop banner would ("loop %H in function f").
  void BackendUnit(Dump* d) {
    Banner& b = d->banner;
    if (b.machine) {
      std::optional<std::string> fn = MachineFunctionOf(d->text);
      b.ir = fn ? *fn : "";
      b.funcs = {IrKey(b.ir)};
      return;
    }
    if (IsWholeModuleDump(*d)) return;
    std::vector<std::string> keys;
    for (auto& [key, text] : DumpedFunctions(d->text)) keys.push_back(key);
    if (keys.size() == 1) {
      b.unit = Unit::kFunction;
      b.ir = keys[0];
      b.funcs = keys;
      legacy_function_ = keys[0];
      return;
    }
    LineIndex index(d->text, '\n');
    std::string header = LoopHeaderOf(SplitLoopDump(index, 0, index.size()));
    b.unit = Unit::kLoop;
    b.ir = "loop %" + (header.empty() ? std::string("<unnamed loop>") : header) + " in function " + legacy_function_;
    b.funcs = {legacy_function_};
  }

  // A machine pass on one function (BackendUnit): diffed against that function's previous machine dump
  // (driver/unit_tracks.h), a no-op when byte for byte the same.
  void MachinePass(const Dump& d, DumpPass* p) {
    const std::string& fn = d.banner.funcs.at(0);
    p->unit = IrUnit::kMachine;
    p->unit_keys = {fn};
    p->file.extension = "mir";
    if (d.banner.ir.empty()) p->notes.push_back("the machine dump names no function ('# Machine code for function')");
    uint64_t h = Hash(d.text);
    auto it = machine_hash_.find(fn);
    p->unchanged = it != machine_hash_.end() && it->second == h;
    machine_hash_[fn] = h;
  }

  // After the last dump: the notes found at the end.
  bool End(DumpPass*) {
    std::vector<std::string>& notes = count_ ? last_notes_ : input_notes_;
    for (std::string& n : pending_) notes.push_back(std::move(n));
    pending_.clear();
    if (count_ && !ended_ && LlvmDumpCutShort(last_text_ ? *last_text_ : last_unkept_)) {
      last_notes_.push_back("the log ends inside its last dump: its function is cut short");
    }
    ended_ = true;
    return false;
  }

  std::string name_;
  std::shared_ptr<const LogText> log_;
  DumpScanner scanner_;
  LlvmLogNotes log_notes_;                // what the log leaves unknown at each pass
  std::string last_function_;             // the function (key) the last function or loop banner named
  LlvmPartFilter parts_;                  // the compilation read, of a log of several
  bool parts_ended_ = false;              // a dump past it was read
  std::optional<Dump> first_;             // the first pass's dump, read by Start
  struct OwnBefore {                      // a before-dump in a log with after-dumps: where it lies
    std::string pass, ir;
    bool whole = false;
    size_t line = 0;
    uint64_t offset = 0;
    size_t size = 0;
  };
  std::optional<OwnBefore> before_;       // the last before-dump, until the next after-dump
  bool with_befores_ = false;             // the log has before-dumps beside its after-dumps
  bool no_input_ = false;                 // the log holds no IR before its first pass (SetNoInput)
  std::vector<std::string> pending_;      // notes for the next pass ("ignored" lines)
  std::vector<std::string> last_notes_, input_notes_;
  std::shared_ptr<const std::string> last_text_;  // the last dump's text (is the log cut short inside it?)
  std::string last_unkept_;               // or, when that dump was not kept, its text here
  Dump scratch_;                          // the dump being read
  std::unordered_map<std::string, uint64_t> func_hash_;  // function -> hash of its last function dump
  // function -> the unit and hash of its last dump when that was a loop dump
  std::unordered_map<std::string, std::pair<std::string, uint64_t>> loop_last_;
  std::unordered_map<std::string, uint64_t> machine_hash_;  // function -> hash of its last machine dump
  std::string legacy_function_;           // the function the last legacy IR dump defined (its loops' function)
  LlvmDiffDumps diff_dumps_;              // the -print-changed=diff forms (input/llvm_diff_dumps.h)
  uint64_t module_hash_ = 0;              // hash of the last module dump
  bool module_current_ = false;           // no function changed since it: it is the module as it stands
  std::unique_ptr<BeforeOnlyPasses> before_only_;  // a log of before-dumps only: its passes
  unsigned long count_ = 0;               // passes handed out
  bool ended_ = false;
};

}  // namespace

bool LooksLikeLlvmLog(std::string_view head) {
  return AnyLine(head, [](std::string_view line) { return ParseLlvmBanner(line).has_value(); });
}

DumpListing ListLlvmLog(const std::string& name, std::shared_ptr<const LogText> log,
                        const std::optional<std::string>& part) {
  DumpListing listing;
  auto stream = std::make_shared<LlvmPassStream>(name, std::move(log), part);
  stream->Start(&listing);
  listing.stream = std::move(stream);
  return listing;
}

DumpListing ReadLlvmLog(const std::string& name, const std::string& text) {
  DumpListing listing = ListLlvmLog(name, LogText::InMemory(text, name));
  ListAllPasses(&listing);
  return listing;
}

}  // namespace irtrace
