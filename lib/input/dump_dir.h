// Listing and validating a numbered pass dump directory (the dump contract).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "util/error.h"

namespace irtrace {

// An Error (ExitCode::kInput) about the dump's contents: `message` names files inside the dump, and the
// printer puts the dump, as given on the command line, first (ErrorPlace::kInInput).
inline Error DumpError(const std::string& message) { return Error(message, ExitCode::kInput, ErrorPlace::kInInput); }

// What a pass's snapshot holds: the whole module (or file), or one IR unit of it as an LLVM function-scope
// log prints it (input/llvm_log.h): one function with the "; Function Attrs:" line above its define, an
// SCC's functions (a blank line between them), a loop's blocks, or one function's machine code (a backend
// pass's dump, input/llvm_machine.h: not IR, never part of the module).
enum class IrUnit { kWhole, kFunction, kScc, kLoop, kMachine };

// One snapshot file of the dump, named relative to the dump directory.
struct DumpFile {
  std::string name;       // file name inside the dump, e.g. "07_after_UnrollLoops.py"
  std::string path;       // path to open (dump dir joined with name)
  std::string extension;  // text after the last dot, e.g. "py"
  std::string log_name;   // "07_after_UnrollLoops.log" when that diagnostics file exists, else ""
  std::string log_path;
  // The snapshot's .log is there but a dangling symbolic link (never read): "its log is a dangling link:
  // 04_after_X.log -> ../gone/04.log" (bytes as the names are), a warning of the entry; else "".
  std::string log_warning;
  bool in_dump = true;    // false for a --codegen DIR's file: `name` is its path inside DIR, `path` the
                          // path as given, and errors name `path` (ErrorPlace::kAsGiven)
  // A compiler's own dump format (input/input_format.h) holds its snapshots inside a log: then `text` is
  // the snapshot's bytes (shared, never null then) and `path` is empty; `name` says where it came from
  // ("pipeline.log line 120"). Likewise `log` holds the pass's diagnostics when the format carries them
  // (then `log_name` names where, and `log_path` is empty).
  std::shared_ptr<const std::string> text;
  std::shared_ptr<const std::string> log;
  // A log too large to hold (input/llvm_log.h) leaves its snapshots where they are: then `load` returns the
  // snapshot's bytes, read again on each call (and `text` is null). Throws Error as reading the log does.
  std::function<std::string()> load;
  uint64_t load_bytes = 0;  // with `load`: how many bytes it returns (to size a batch of loads)
};

// A numbered pass snapshot.
// One execution of a pass of a nested pipeline (an MLIR log's `func.func(cse)` runs cse once per function):
// the operation it ran on and the log line of its dump.
struct PassExecution {
  std::string key;   // the operation's section key (the symbol without '@')
  size_t line = 0;   // 1-based line of its dump's banner in the log
  std::string dump;  // what names that dump: "<log> line N", or its file in a tree directory
};

struct DumpPass {
  unsigned long number = 0;  // NN of NN_after_*, >= 1, compared as a number
  std::string pass_name;     // the text between "_after_" and the last dot, verbatim
  DumpFile file;
  std::string phase;         // the pass's phase where the format names one ("" when none)
  std::vector<std::string> notes;  // facts the format's reader found about this pass (shown as notes)
  // The pass's own before-dump, where the format has one that is not the previous pass's snapshot (an LLVM
  // before-dump of the pass's unit; a TileLang `_before` that differs): the pass is diffed against it, and
  // it holds what `file` holds (the same IrUnit).
  std::optional<DumpFile> before;
  // What `file` holds (kWhole but for an LLVM function-scope log's passes), and for kFunction and kScc the
  // functions' section keys (the names as the IR spells them: the banner's `a"b` is a\22b), for kLoop the
  // banner's unit ("loop %x in function f") and the function's key, for kMachine the function's key.
  IrUnit unit = IrUnit::kWhole;
  std::vector<std::string> unit_keys;
  // The reader found `file` byte for byte the unit's previous dump (its last dump of the same function or
  // loop; for kWhole, its last module dump with no function changed since): the pass changed nothing, and
  // its file need not be read or diffed.
  bool unchanged = false;
  // A loop pass (kLoop) of a log with before-dumps whose next dump is the before-dump of a function or SCC
  // pass printing its function: that function as that dump prints it (its text held; "; Function Attrs:"
  // line included), i.e. as the run of loop passes ending at this one left it (input/llvm_before_after.h
  // FunctionAfterLoops). None for every other pass.
  std::optional<DumpFile> function_after;
  // A nested pipeline's pass read from an MLIR log (input/mlir_pipeline.h): its executions, in log order;
  // `file` holds the module after all of them. Empty for every other pass.
  std::vector<PassExecution> executions;
  // What the log cannot show about this pass, as data (the payload's "log_notes", lib/report/PAYLOAD.md): its
  // kind ("not_in_log"), one sentence, and the functions (keys) it concerns (none: the module-level lines).
  // `from_passes`: the passes (DumpPass::number, earlier ones) it points to, in the payload's "from" as
  // their entries.
  struct LogNote {
    std::string kind, text;
    std::vector<std::string> functions;
    std::vector<unsigned long> from_passes;
  };
  std::vector<LogNote> log_notes;
};

// Where a generated source runs: codegen_device* or kernels/** (device), codegen_host* or
// orchestration/** (host).
enum class CodegenRole { kDevice, kHost };

// A generated source listed after the last pass.
struct DumpCodegen {
  CodegenRole role = CodegenRole::kDevice;
  DumpFile file;     // name: file name in the dump, or path inside a --codegen DIR ("kernels/a.cpp")
  // Listed among the passes rather than after them (a PyPTO build's ptoas/<unit>.pto and .cpp,
  // input/pypto_build.h): right after the entry numbered `after_pass` (0: the frontend; after the files
  // placed there before it), in phase `phase`. None: after every pass, as generated sources are listed.
  std::optional<unsigned long> after_pass;
  std::string phase;  // with after_pass: the entry's phase ("" none)
};

// One line of the dump's phases.txt: the entries numbered `first` and up (0 is the frontend), until the next
// line's `first`, belong to phase `name` ("" = to no phase).
struct DumpPhase {
  unsigned long first = 0;
  std::string name;  // verbatim bytes (the report decodes them as it does file names)
};

// The passes of a log too large to list whole (input/llvm_log.h), handed out one at a time.
class PassStream {
 public:
  virtual ~PassStream() = default;
  // Fills `pass` with the next pass (numbered from 1, in order); false after the last. Throws Error as
  // reading the log does, and DumpError for what the log's reader refuses.
  virtual bool Next(DumpPass* pass) = 0;
  // After Next returned false: facts found at the log's end, for the last pass handed out, and for the
  // first entry (as DumpListing::notes). Each may be taken once.
  virtual std::vector<std::string> LastPassNotes() = 0;
  virtual std::vector<std::string> InputNotes() = 0;
};

// The validated contents of a dump, in execution order.
struct DumpListing {
  std::string title;                  // the program's name (input/program_name.h), else the dump
                                      // directory's name (its parent's for "passes_dump")
  DumpFile frontend;                  // 0+_frontend.<ext>
  std::vector<DumpPass> passes;       // sorted by number, 1..N without gaps
  std::optional<DumpPass> crashed;    // the pass that crashed: a .log numbered N+1 without a snapshot
                                      // (file.name, path and extension empty; file.log_name/log_path set)
  std::vector<DumpCodegen> codegen;   // dump codegen_* files first (sorted by name), then --codegen dirs
  std::vector<std::string> ignored;   // names ignored (leftovers, subdirectories, orphan .log files), sorted
  // A compiler's own dump format (input/input_format.h):
  std::string frontend_label = "frontend";  // the first entry's name (a log's first dump: its pass's name)
  std::vector<std::string> sources;   // the files read that are not a DumpFile's path (the log itself)
  std::vector<std::string> notes;     // facts about the whole input, shown on the first entry
  std::vector<std::string> warnings;  // warnings about the whole input (--input disagreeing with the first
                                      // dump: input/given_input.h), the first entry's warnings
  std::vector<DumpPhase> phases;      // from phases.txt, `first` strictly ascending; empty without one
  std::string phases_path;            // the phases.txt read (dump dir joined), "" when none was used
  // A log too large to list (input/llvm_log.h): `passes` is empty and the passes come from here, read as
  // they are converted. ListAllPasses turns it into `passes` for a job that needs them all at once.
  std::shared_ptr<PassStream> stream;
};

// Reads every pass of `listing->stream` (if any) into `listing->passes`, with the stream's end notes, and
// drops the stream. Throws what PassStream::Next throws.
void ListAllPasses(DumpListing* listing);

// The name of the optional file that names the phases (README "The dump"): one line per phase start,
// "<first entry number><TAB><phase name>", numbers ascending (a repeated number: the later line wins).
inline constexpr const char* kPhasesFileName = "phases.txt";

// The phase of the entry numbered `num` (0: the frontend; a pass's number, the crashed pass's included):
// the name of the last phase whose first <= num, else "".
std::string PhaseOf(const DumpListing& listing, unsigned long num);

// True when `name` is a frontend snapshot's file name, 0+_frontend.<ext> (what makes a directory a dump
// for --find).
bool IsFrontendName(const std::string& name);

// True when ListDump would read a file called `name` as part of the dump, or refuse the dump for it: a
// frontend, a pass snapshot or .log, a codegen_device*/codegen_host* source, phases.txt, or any other name
// starting with digits and '_' (malformed: an error). False for what it ignores (leftovers, other names).
bool IsNumberedDumpName(const std::string& name);

// Lists `dir` and validates it against the dump contract (README "Dump contract"). `codegen_dirs` are
// PyPTO build directories whose kernels/** (device) and orchestration/** (host) sources are added (a
// directory named twice is added once; one with neither subdirectory is an error).
// Throws DumpError (names inside the dump) naming the offending files: the dump is not a directory, a
// dangling symbolic link or unreadable (with the cause from errno: permission denied, a link loop, no such
// file), no snapshot at all ("no snapshot ...": no frontend, pass snapshot or pass log), missing frontend,
// several frontends, malformed numbered names, a 00_after_* file, duplicate or
// missing pass numbers, no pass, a snapshot that is a directory or not a regular file, two .log files
// numbered N+1. A .log that is not a regular file (a FIFO, a directory, a dangling link) is never read: it
// is ignored (a snapshot's own .log that is a dangling link sets its DumpFile::log_warning instead). So is
// a phases.txt that is not a regular file, is over 1 MiB, or has a line that is not
// "<digits><TAB><name>" in ascending order: it is listed in `ignored` with the reason, and gives no phases
// (an older ir-trace ignores it too: phases are an extension the contract's readers may skip).
// Throws Error (ExitCode::kInput, names as given) for a --codegen directory that cannot be used (with the
// cause) or has neither subdirectory.
DumpListing ListDump(const std::string& dir, const std::vector<std::string>& codegen_dirs);

}  // namespace irtrace
