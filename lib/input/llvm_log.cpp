#include "input/llvm_log.h"

#include <cstring>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

#include <xxhash.h>

#include "input/llvm_before_dumps.h"
#include "input/llvm_blocks.h"
#include "input/llvm_changed_diff.h"
#include "input/llvm_log_notes.h"
#include "input/llvm_log_parts.h"
#include "input/llvm_machine.h"
#include "input/log_listing.h"
#include "input/program_name.h"
#include "scope/function_scope.h"
#include "util/line_index.h"

namespace irtrace {
namespace {

// What a banner line says.
enum class Kind { kAfter, kBefore, kStart, kOmitted, kIgnored };
enum class Unit { kModule, kFunction, kScc, kLoop };

struct Banner {
  Kind kind = Kind::kAfter;
  std::string pass;
  Unit unit = Unit::kModule;
  std::string ir;                  // the IR unit as the banner names it ("foo", "(f, g)", "loop %x in function f")
  std::vector<std::string> funcs;  // function: [name]; SCC: its functions; loop: [its function] (as IrKey)
  bool invalidated = false;        // "(invalidated)": the module is printed
  std::string counter;             // "97" of "97-SimplifyCFGPass" (-print-after-pass-number), else ""
  bool backend = false;            // a legacy IR or machine pass's banner (input/llvm_machine.h): no unit named,
  bool machine = false;            // its dump says which (machine: one function's machine code)
};

std::string_view TrimCr(std::string_view s) { return !s.empty() && s.back() == '\r' ? s.substr(0, s.size() - 1) : s; }

bool StartsWith(std::string_view s, std::string_view p) { return s.size() >= p.size() && s.substr(0, p.size()) == p; }

// Drops `suffix` from the end of `s` when it is there.
bool CutSuffix(std::string_view* s, std::string_view suffix) {
  if (s->size() < suffix.size() || s->substr(s->size() - suffix.size()) != suffix) return false;
  s->remove_suffix(suffix.size());
  return true;
}

// A function's key as the IR spells its name, the key scope/llvm_scope gives its section: a banner names
// the function raw (`a"b`, "\x01-[Foo bar]", "é"), the IR as @"a\22b", @"\01-[Foo bar]", @"\C3\A9"
// (llvm/lib/IR/AsmWriter.cpp printEscapedString: '\\' doubled, a byte outside ' '..'~' and '"' as '\' and
// two upper-case hex digits; checked against opt 19).
std::string IrKey(std::string_view name) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string key;
  for (char ch : name) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c == '\\') {
      key += "\\\\";
    } else if (c >= 0x20 && c <= 0x7e && c != '"') {
      key.push_back(ch);
    } else {
      key.push_back('\\');
      key.push_back(kHex[c >> 4]);
      key.push_back(kHex[c & 15]);
    }
  }
  return key;
}

// The function names of an IR unit: "[module]", "(f, g)", "loop %x in function f", "f"; `funcs` as keys.
void ParseUnit(std::string_view ir, Banner* b) {
  b->ir = std::string(ir);
  size_t in_function = ir.rfind(" in function ");
  if (ir == "[module]") {
    b->unit = Unit::kModule;
  } else if (StartsWith(ir, "loop %") && in_function != std::string_view::npos && in_function >= 5) {
    b->unit = Unit::kLoop;
    b->funcs = {IrKey(ir.substr(in_function + 13))};
  } else if (ir.size() >= 2 && ir.front() == '(' && ir.back() == ')') {
    b->unit = Unit::kScc;
    std::string_view list = ir.substr(1, ir.size() - 2);
    for (size_t at = 0; at <= list.size();) {
      size_t comma = std::min(list.find(", ", at), list.size());
      b->funcs.push_back(IrKey(list.substr(at, comma - at)));
      at = comma + 2;
    }
  } else {
    b->unit = Unit::kFunction;
    b->funcs = {IrKey(ir)};
  }
}

// "<pass> on <unit>": the first " on " after a non-empty pass name; false when there is none or the unit
// is empty.
bool SplitOn(std::string_view s, Banner* b) {
  size_t on = s.size() > 1 ? s.find(" on ", 1) : std::string_view::npos;
  if (on == std::string_view::npos || on + 4 >= s.size()) return false;
  std::string_view pass = s.substr(0, on);
  // -print-before-pass-number=N / -print-after-pass-number=N write "97-SimplifyCFGPass".
  size_t digits = 0;
  while (digits < pass.size() && pass[digits] >= '0' && pass[digits] <= '9') ++digits;
  if (digits > 0 && digits + 1 < pass.size() && pass[digits] == '-') {
    b->counter = std::string(pass.substr(0, digits));
    pass.remove_prefix(digits + 1);
  }
  b->pass = std::string(pass);
  ParseUnit(s.substr(on + 4), b);
  return true;
}

std::optional<Banner> ParseBanner(std::string_view raw) {
  if (std::optional<BackendBanner> bb = ParseBackendBanner(raw)) {
    Banner b;
    b.kind = bb->before ? Kind::kBefore : Kind::kAfter;
    b.pass = std::move(bb->pass);
    b.unit = Unit::kFunction;  // until its dump says (MakePass)
    b.backend = true;
    b.machine = bb->machine;
    return b;
  }
  std::string_view line = TrimCr(raw);
  if (StartsWith(line, "; ")) line.remove_prefix(2);
  if (!StartsWith(line, "*** IR ") || line.size() < 11 || line.substr(line.size() - 4) != " ***") return std::nullopt;
  std::string_view middle = line.substr(7, line.size() - 11);
  Banner b;
  if (middle == "Dump At Start") {
    b.kind = Kind::kStart;
    return b;
  }
  bool after = StartsWith(middle, "Dump After "), before = StartsWith(middle, "Dump Before ");
  if (after || before) {
    middle.remove_prefix(after ? 11 : 12);
    bool omitted = CutSuffix(&middle, " omitted because no change");
    b.invalidated = CutSuffix(&middle, " (invalidated)");
    if (!SplitOn(middle, &b)) return std::nullopt;
    b.kind = omitted ? Kind::kOmitted : after ? Kind::kAfter : Kind::kBefore;
    return b;
  }
  if (StartsWith(middle, "Pass ")) {
    middle.remove_prefix(5);
    bool ignored = CutSuffix(&middle, " ignored");
    bool invalidated = !ignored && CutSuffix(&middle, " invalidated");
    if (!ignored && !invalidated) return std::nullopt;
    // LLVM 19 writes "*** IR Pass LoopFullUnrollPass invalidated ***", naming no unit.
    if (!SplitOn(middle, &b)) {
      if (!invalidated || middle.empty() || middle.find(' ') != std::string_view::npos) return std::nullopt;
      b.pass = std::string(middle);
    }
    b.kind = Kind::kIgnored;
    b.invalidated = invalidated;
    return b;
  }
  return std::nullopt;
}

// One banner and the text under it (blank lines around it dropped), with where that text lies in the log.
struct Dump {
  Banner banner;
  size_t line = 0;      // 1-based line of the banner
  uint64_t offset = 0;  // where `text` starts in the log
  std::string text;     // its lines, each with '\n' (one the log lacks at its end added)
  size_t size = 0;      // the text's size as read (kept where the text is dropped, to read it again)
  bool whole = false;   // a before-dump whose text is dropped: it printed the whole module (IsWholeModule)
};

// " Running pass 97 SimplifyCFGPass on f" (-print-pass-numbers, LLVM 19 PrintPassInstrumentation): a line
// before a pass runs, never IR (IR lines start with a name, '}', ';' or two spaces).
bool PassNumberLine(std::string_view l) {
  return StartsWith(l, " Running pass ") && l.size() > 14 && l[14] >= '0' && l[14] <= '9';
}

// The dumps of a log in order, read a line at a time: memory holds one dump, not the log.
class DumpScanner {
 public:
  explicit DumpScanner(std::shared_ptr<const LogText> log) : lines_(std::move(log)) {}

  // The next dump; false after the last.
  bool Next(Dump* d) {
    std::string_view l;
    uint64_t at = 0;
    while (!banner_) {
      if (!lines_.Next(&l, &at)) return false;
      banner_ = BannerOf(l);
      banner_line_ = lines_.line_number();
    }
    d->banner = std::move(*banner_);
    d->line = banner_line_;
    d->offset = 0;
    d->text.clear();
    banner_.reset();
    while (lines_.Next(&l, &at)) {
      if ((banner_ = BannerOf(l))) {
        banner_line_ = lines_.line_number();
        break;
      }
      if (d->text.empty()) {
        if (TrimCr(l).empty()) continue;
        d->offset = at;
      }
      if (PassNumberLine(l)) continue;
      d->text.append(l).push_back('\n');
    }
    while (d->text.size() >= 2 && d->text[d->text.size() - 2] == '\n') d->text.pop_back();  // trailing blank lines
    d->size = d->text.size();
    return true;
  }

 private:
  static std::optional<Banner> BannerOf(std::string_view l) {
    if (l.empty() || (l[0] != ';' && l[0] != '*' && l[0] != '#')) return std::nullopt;
    return ParseBanner(l);
  }

  LineReader lines_;
  std::optional<Banner> banner_;  // the banner that ended the last dump
  size_t banner_line_ = 0;
};

// -print-changed=diff and =cdiff print a diff under each changed pass, not its IR (input/llvm_changed_diff.h):
// true for such a dump. Its first line that is no diff's ends the look, so an IR dump costs one line.
bool IsDiffDump(const Dump& d) {
  if (d.banner.kind != Kind::kAfter || d.banner.backend || d.text.empty()) return false;
  char c = d.text[0];
  if (c != ' ' && c != '+' && c != '-' && c != '\x1b' && c != '*') return false;
  return LooksLikeChangedDiff(d.text);
}

// The functions of a function or SCC dump, each with the "; Function Attrs:" line above it: key -> text.
std::map<std::string, std::string> DumpedFunctions(const std::string& text) {
  std::map<std::string, std::string> out;
  LineIndex index(text, '\n');
  Scope scope = SplitFunctions(ScopeLanguage::kLlvm, index);
  for (const Section& s : scope.sections) {
    size_t begin = s.begin;
    if (begin > 0 && index[begin - 1].rfind("; Function Attrs:", 0) == 0) --begin;
    std::string f;
    for (size_t k = begin; k < s.end; ++k) f.append(index[k]).push_back('\n');
    out[s.key] = std::move(f);
  }
  return out;
}

// A log cut inside its last dump (a killed run, a truncated file): its braces do not close.
bool CutShort(const std::string& last) {
  int depth = 0;
  for (const std::string& l : SplitKeepingBreaks(last)) depth += BraceDelta(l);
  return depth > 0;
}

// A dump that prints the whole module: a module pass's, an "(invalidated)" one, "At Start", and any dump
// under -print-module-scope (its text starts with the module's "; ModuleID").
bool IsWholeModule(const Dump& d) {
  return d.banner.kind == Kind::kStart || d.banner.unit == Unit::kModule || d.banner.invalidated ||
         StartsWith(d.text, "; ModuleID");
}

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
          d.whole = IsWholeModule(d);
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
    } else if (!input) {
      StartBeforeOnly(std::move(befores), &input, listing);
    }
    std::string program;
    if (input && input->banner.kind == Kind::kStart) {
      diff_start_ = input->text;  // in case it is =diff's
      // =diff compares functions' bodies only: a pass changing nothing else is "omitted", so what it cannot
      // show is noted from the first pass on, before its first diff.
      if (FirstChangeIsDiff()) {
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
        before_ = OwnBefore{b.pass, b.ir, IsWholeModule(d), d.line, d.offset, d.text.size()};
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
    NotePass(d.banner, module_lines, p);
    return true;
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
  void NotePass(const Banner& b, bool module_lines, DumpPass* p) {
    using K = LlvmLogNotes::Printed::Kind;
    LlvmLogNotes::Printed what;
    what.changed = !p->unchanged;
    if (no_input_ && p->number == 1 && p->file.text) {
      // The log holds no IR before its first pass: what that pass's dump prints is shown whole, as added.
      std::vector<std::string> keys;
      for (auto& [key, define] : LlvmLogNotes::DefineLines(*p->file.text)) keys.push_back(key);
      p->log_notes.push_back({"no_input", kNoInputNote, std::move(keys), {}});
      p->log_notes.push_back({"no_input", kNoInputNote, {}, {}});
    }
    if (quiet_) {
      what.kind = K::kNothing;  // its notes are QuietDiff's
    } else if (diff_ && b.kind != Kind::kOmitted) {
      log_notes_.DiffForm(p->number, diff_->FunctionKeys());
    } else if (b.kind == Kind::kOmitted || p->unit == IrUnit::kMachine) {
      what.kind = K::kNothing;
    } else if (p->unit == IrUnit::kWhole) {
      what.kind = K::kModule;
      what.module_lines = module_lines;
      if (what.changed && last_text_) {
        std::shared_ptr<const std::string> text = last_text_;
        what.module_functions = [text] { return LlvmLogNotes::DefineLines(*text); };
      }
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

  // True when the log's first after-dump that is not "omitted" is a -print-changed=diff dump (IsDiffDump):
  // read from the start again, up to that dump (the start and a line per omitted pass).
  bool FirstChangeIsDiff() const {
    DumpScanner again(log_);
    Dump d;
    while (again.Next(&d)) {
      if (d.banner.kind == Kind::kAfter && !d.banner.backend) return IsDiffDump(d);
    }
    return false;
  }

  // A dump whose text was not kept, read again from the log.
  Dump Reload(const Dump& d) {
    Dump r = d;
    r.text = ReadRange(*log_, d.offset, d.size);
    return r;
  }

  static std::string ReadRange(const LogText& log, uint64_t offset, size_t size) {
    std::string s = log.Read(offset, size);
    if (s.size() + 1 == size) s.push_back('\n');  // the log's last line, which lacks its '\n'
    return s;
  }

  DumpFile InMemoryFile(const Dump& d) {
    DumpFile f;
    f.name = name_ + " line " + std::to_string(d.line);
    f.extension = "ll";
    f.text = std::make_shared<const std::string>(d.text);
    return f;
  }

  // A log of before-dumps only (input/llvm_before_dumps.h): the first run of one pass is the input (its
  // dumps spliced into one text); each dump "Before P on u" is pass P's own before-dump, and P's result is
  // the next dump that prints u (cut down to u); a pass whose result no later dump prints is listed with a
  // note and no change.
  void StartBeforeOnly(std::vector<Dump> befores, std::optional<Dump>* input, DumpListing* listing) {
    std::vector<BeforeDumpUnit> units;
    for (const Dump& d : befores) {
      BeforeDumpUnit u;
      u.kind = static_cast<BeforeDumpUnit::Kind>(static_cast<int>(d.banner.unit));  // the same order
      u.ir = d.banner.ir;
      u.funcs = d.banner.funcs;
      u.whole = d.whole;
      units.push_back(std::move(u));
    }
    after_dump_ = AfterDumpOfBeforeDumps(units);
    SplicedModule first_run(ScopeLanguage::kLlvm);
    for (size_t k = 0; k < befores.size() && befores[k].banner.pass == befores[0].banner.pass; ++k) {
      Dump d = Reload(befores[k]);
      if (IsWholeModule(d)) first_run.SetModule(d.text);
      else
        for (auto& [key, f] : DumpedFunctions(d.text)) first_run.SetFunction(key, f);
      if (k == 0) *input = d;
    }
    (*input)->text = first_run.Text();
    before_only_ = true;
    befores_ = std::move(befores);
    replay_ = 0;
    listing->notes.push_back(
        "the log holds only before-dumps: each pass is shown from its own before-dump to the next dump that "
        "prints its unit; the result of a pass that no later dump prints is not in the log");
  }

  // `f` holds `text` (a unit cut out of a dump: no range of the log), also as what its load reads.
  static void GiveText(DumpFile* f, std::string text) {
    auto held = std::make_shared<const std::string>(std::move(text));
    f->load_bytes = held->size();
    f->text = held;
    f->load = [held] { return *held; };
  }

  // The next pass of a before-only log (StartBeforeOnly); false after the last.
  bool NextBeforeOnly(DumpPass* p) {
    if (replay_ >= befores_.size()) return End(p);
    size_t i = replay_++;
    const Dump& own = befores_[i];
    const Banner& b = own.banner;
    DumpPass q;
    q.number = ++count_;
    q.pass_name = b.pass;
    q.notes = std::move(pending_);
    pending_.clear();
    q.file.extension = "ll";
    bool loop = b.unit == Unit::kLoop;
    q.unit = own.whole || b.unit == Unit::kModule ? IrUnit::kWhole
             : loop                               ? IrUnit::kLoop
             : b.unit == Unit::kScc               ? IrUnit::kScc
                                                  : IrUnit::kFunction;
    q.unit_keys = loop ? std::vector<std::string>{b.ir, b.funcs.at(0)} : b.funcs;
    size_t j = after_dump_[i];
    if (j == kNoAfterDump) {
      q.file.name = name_ + " line " + std::to_string(own.line);
      q.unchanged = true;
      if (loop) q.unit_keys = {b.funcs.at(0)}, q.unit = IrUnit::kFunction;
      q.notes.push_back("its result is not in the log: no dump after its before-dump (line " +
                        std::to_string(own.line) + ") prints " + b.ir);
      *p = std::move(q);
      return true;
    }
    Dump after = Reload(befores_[j]);
    q.file.name = name_ + " line " + std::to_string(after.line);
    std::string text = std::move(after.text);
    if (q.unit == IrUnit::kWhole && !IsWholeModule(after)) {
      // A module pass followed by function or SCC passes: each function as its first dump after it prints
      // it, the module-level lines as they were before it (the log prints them next in a module dump).
      // A module pass followed by a function or SCC pass: the log shows only that unit after it.
      q.unit = after.banner.unit == Unit::kScc ? IrUnit::kScc : IrUnit::kFunction;
      q.unit_keys = after.banner.funcs;
      q.notes.push_back("the log shows the module after this pass only as far as the next dump prints it: " +
                        after.banner.ir);
      GiveText(&q.file, std::move(text));
      *p = std::move(q);
      return true;
    }
    if (q.unit != IrUnit::kWhole && !(loop && after.banner.unit == Unit::kLoop)) {
      text = CutFunctions(b.funcs, DumpedFunctions(text));
      if (loop) q.unit = IrUnit::kFunction, q.unit_keys = {b.funcs.at(0)};
    }
    // Its own before-dump, when it prints as much as its result (a loop's result read from its function's
    // dump has none: it is diffed against the function's latest text).
    if (!(loop && q.unit != IrUnit::kLoop)) {
      DumpFile f;
      f.name = name_ + " line " + std::to_string(own.line);
      f.extension = "ll";
      std::shared_ptr<const LogText> log = log_;
      uint64_t offset = own.offset;
      size_t size = own.size;
      f.load = [log, offset, size] { return ReadRange(*log, offset, size); };
      f.load_bytes = size;
      q.before = std::move(f);
    }
    GiveText(&q.file, std::move(text));
    if (q.unit == IrUnit::kWhole) module_current_ = false;
    *p = std::move(q);
    return true;
  }

  // The hashes the reader keeps of each unit's last dump: a dump equal to it is an unchanged pass.
  void Apply(const Dump& d) {
    if (!IsWholeModule(d)) return;
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
        b->whole != IsWholeModule(d)) {
      return std::nullopt;
    }
    DumpFile f;
    f.name = name_ + " line " + std::to_string(b->line);
    f.extension = "ll";
    std::shared_ptr<const LogText> log = log_;
    uint64_t offset = b->offset;
    size_t size = b->size;
    f.load = [log, offset, size] { return ReadRange(*log, offset, size); };
    f.load_bytes = size;
    return f;
  }

  DumpPass MakePass(Dump& d) {
    if (d.banner.backend) BackendUnit(&d);
    std::vector<DumpPass::LogNote> diff_notes;
    bool rebuilt = IsDiffDump(d);  // its text is made here, not the log's
    if (rebuilt) ApplyDiff(&d, &diff_notes);
    const Banner& b = d.banner;
    DumpPass p;
    p.log_notes = std::move(diff_notes);
    p.before = TakeOwnBefore(d);
    if (quiet_before_) {
      DumpFile f;
      f.name = name_ + " line " + std::to_string(d.line) + " (the lines marked ' ' and '-')";
      f.extension = "ll";
      GiveText(&f, std::move(*quiet_before_));
      quiet_before_.reset();
      p.before = std::move(f);
    }
    p.number = ++count_;
    p.pass_name = b.pass;
    p.notes = std::move(pending_);
    pending_.clear();
    if (no_input_ && count_ == 1) p.notes.insert(p.notes.begin(), kNoInputNote);
    if (!b.counter.empty()) p.notes.push_back("LLVM's pass number " + b.counter + " (-print-after-pass-number)");
    p.file.name = name_ + " line " + std::to_string(d.line);
    p.file.extension = "ll";
    if (b.backend) p.phase = kBackendPhase;
    bool whole = IsWholeModule(d) && b.kind != Kind::kOmitted && !b.machine;
    if (b.kind == Kind::kOmitted) {
      p.notes.push_back("no change on " + b.ir + " (-print-changed omitted the dump)");
      p.unchanged = true;
      if (b.unit == Unit::kModule) {
        p.unit = IrUnit::kWhole;
      } else {
        p.unit = b.unit == Unit::kScc ? IrUnit::kScc : IrUnit::kFunction;  // a loop: its function
        p.unit_keys = b.unit == Unit::kLoop ? std::vector<std::string>{b.funcs.at(0)} : b.funcs;
      }
      return p;
    }
    if (whole) {
      p.unit = IrUnit::kWhole;
      if (b.invalidated) p.notes.push_back("the pass invalidated " + b.ir + ": the module is shown");
      // The module byte for byte as the last module dump printed it, no function changed since: a no-op.
      bool same = module_current_ && Hash(d.text) == module_hash_;
      Apply(d);
      p.unchanged = same;
    } else if (b.machine) {
      MachinePass(d, &p);
    } else if (b.unit == Unit::kLoop) {
      // Its before side is the loop's blocks as they stood (driver/unit_tracks.h LoopStep); here only a
      // dump byte for byte the function's last dump, this loop's, is known to be a no-op.
      p.unit = IrUnit::kLoop;
      const std::string& fn = b.funcs.at(0);
      p.unit_keys = {b.ir, fn};
      p.notes.push_back("a loop pass on " + b.ir +
                        ": a loop dump holds only the loop's blocks, shown against "
                        "the same blocks as they stood before it; the function shows the change at its next dump");
      uint64_t h = Hash(d.text);
      auto it = loop_last_.find(fn);
      p.unchanged = it != loop_last_.end() && it->second.first == b.ir && it->second.second == h;
      loop_last_[fn] = {b.ir, h};
    } else {
      p.unit = b.unit == Unit::kScc ? IrUnit::kScc : IrUnit::kFunction;
      p.unit_keys = b.funcs;
      if (d.text.empty()) {
        p.notes.push_back("the dump of " + b.ir + " is empty");
        p.unchanged = true;
        p.before.reset();
        return p;
      }
      if (b.funcs.size() == 1) {
        uint64_t h = Hash(d.text);
        auto it = func_hash_.find(b.funcs[0]);
        p.unchanged = it != func_hash_.end() && it->second == h;
        func_hash_[b.funcs[0]] = h;
      } else {
        for (const std::string& f : b.funcs) func_hash_.erase(f);
      }
      for (const std::string& f : b.funcs) loop_last_.erase(f);
    }
    // A changed function makes the module stale (a loop is never spliced into it).
    if (!p.unchanged && (p.unit == IrUnit::kFunction || p.unit == IrUnit::kScc)) module_current_ = false;
    // A pass with its own before-dump is diffed against it, whatever the unit's last dump was.
    if (p.before) p.unchanged = false;
    if (!p.unchanged && rebuilt) {
      auto held = std::make_shared<const std::string>(d.text);
      p.file.load = [held] { return *held; };
      p.file.load_bytes = held->size();
    } else if (!p.unchanged) {
      std::shared_ptr<const LogText> log = log_;
      uint64_t offset = d.offset;
      size_t size = d.text.size();
      p.file.load = [log, offset, size] { return ReadRange(*log, offset, size); };
      p.file.load_bytes = size;
    }
    // The pass is converted right after it is handed out: its text, just read, saves reading it again.
    if (p.unchanged) {
      // Not kept: the buffer is the next dump's, and the last one's text stays for CutShort.
      std::swap(d.text, last_unkept_);
      last_text_.reset();
    } else {
      last_text_ = std::make_shared<const std::string>(std::move(d.text));
      d.text = std::string();
      p.file.text = last_text_;
    }
    return p;
  }

  // A -print-changed=diff dump (input/llvm_changed_diff.h): its text becomes the IR it rebuilds, its unit's
  // after the pass (a function pass's and a loop pass's: the function; a module or SCC pass's: the module),
  // and what the form does not print is noted.
  void ApplyDiff(Dump* d, std::vector<DumpPass::LogNote>* notes) {
    if (!diff_start_ && !diff_) {
      if (count_ > 0 && !quiet_) {
        throw DumpError("line " + std::to_string(d->line) +
                        ": a -print-changed=diff dump after IR dumps, with no '*** IR Dump At Start ***' before it "
                        "to apply it to");
      }
      QuietDiff(d, notes);
      return;
    }
    if (!diff_) {
      diff_ = std::make_unique<ChangedDiffModule>(*diff_start_);
      diff_start_.reset();
    }
    Banner& b = d->banner;
    ChangedDiffModule::Applied a;
    std::vector<std::string> concerned;
    std::string form = d->text.find("\x1b[") != std::string::npos ? "-print-changed=cdiff" : "-print-changed=diff";
    if (b.unit == Unit::kFunction || b.unit == Unit::kLoop) {
      a = diff_->ApplyFunction(b.funcs.at(0), d->text);
      concerned = {b.funcs.at(0)};
      if (b.unit == Unit::kLoop) {
        pending_.push_back("a loop pass on " + b.ir + ": " + form + " prints its whole function");
        b.unit = Unit::kFunction;
        b.ir = b.funcs.at(0);
      }
    } else {
      a = diff_->ApplyModule(d->text);
      concerned = diff_->FunctionKeys();
      b.unit = Unit::kModule;
    }
    d->text = std::move(a.text);
    if (a.changed.empty()) {
      a.notes.push_back(form +
                        " printed this pass as changed, but its diff changes no line of a function's body: "
                        "its change is in lines the form does not print (a define line, module-level lines)");
      notes->push_back(DumpPass::LogNote{"not_in_log", a.notes.back(), {}, {}});
    }
    for (std::string& n : a.notes) notes->push_back(DumpPass::LogNote{"not_in_log", std::move(n), concerned, {}});
  }

  // A =diff-quiet or =cdiff-quiet dump (no "At Start" before it): the pass is shown from the lines LLVM
  // printed before it to those after it (SidesOfDiff), as a unit of its own (kWhole: never spliced into a
  // module the log never printed), with notes for what the form leaves out.
  void QuietDiff(Dump* d, std::vector<DumpPass::LogNote>* notes) {
    Banner& b = d->banner;
    bool colour = d->text.find("\x1b[") != std::string::npos;
    std::string form = colour ? "-print-changed=cdiff-quiet" : "-print-changed=diff-quiet";
    DiffSides sides = SidesOfDiff(d->text);
    d->text = std::move(sides.after);
    quiet_before_ = std::move(sides.before);
    quiet_ = true;
    std::vector<std::string> fns;
    if (b.unit == Unit::kFunction || b.unit == Unit::kLoop) fns = b.funcs;
    std::string unit = b.unit == Unit::kLoop ? b.ir + " (its whole function)" : b.ir;
    b.unit = Unit::kModule;
    notes->push_back(DumpPass::LogNote{"not_in_log",
                                       form +
                                           " prints no start and no define lines: the pass shows the lines "
                                           "LLVM printed of " +
                                           unit + " before and after it, not the module",
                                       fns,
                                       {}});
    notes->push_back(DumpPass::LogNote{
        "not_in_log", form + " prints no module-level lines: a change to them shows nowhere", {}, {}});
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
    if (IsWholeModule(*d)) return;
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
    if (count_ && !ended_ && CutShort(last_text_ ? *last_text_ : last_unkept_)) {
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
  std::optional<std::string> diff_start_;  // "At Start"'s text until the first diff dump
  std::unique_ptr<ChangedDiffModule> diff_;  // a -print-changed=diff log's module as rebuilt
  bool quiet_ = false;                    // a =diff-quiet log (its diffs lack the start)
  std::optional<std::string> quiet_before_;  // its dump's before side, for MakePass
  uint64_t module_hash_ = 0;              // hash of the last module dump
  bool module_current_ = false;           // no function changed since it: it is the module as it stands
  bool before_only_ = false;
  std::vector<Dump> befores_;             // a before-only log's dumps (no text)
  std::vector<size_t> after_dump_;        // the dump each one's result is in (AfterDumpOfBeforeDumps)
  size_t replay_ = 0;
  unsigned long count_ = 0;               // passes handed out
  bool ended_ = false;
};

}  // namespace

bool LooksLikeLlvmLog(std::string_view head) {
  return AnyLine(head, [](std::string_view line) { return ParseBanner(line).has_value(); });
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
