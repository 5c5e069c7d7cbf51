// Reading a PyPTO build directory whole (`build/my_program/`), in the layout PyPTO's backend writes it
// (python/pypto/backend/pto_backend.py, hw-native-sys/pypto: `_compile_pto_module`, `_get_ptoas_flags`;
// `passes_dump/` from python/pypto/ir/compile.py):
//   passes_dump/             the PyPTO pass pipeline, a numbered dump (input/dump_dir.h)
//   ptoas/<unit>.pto         the MLIR module PyPTO hands to ptoas for one codegen unit (a kernel function or
//                            a group of them); ptoas's input, written before ptoas runs
//   ptoas/<unit>.cpp         the C++ ptoas generates from it (`ptoas <unit>.pto -o <unit>.cpp ...`)
//   ptoas_passes/<unit>/     with `dump_ptoas_passes=True` only: ptoas run with `--mlir-print-ir-after-all
//                            --mlir-print-ir-module-scope --mlir-print-ir-tree-dir=ptoas_passes/<unit>` (one
//                            tree per unit, so parallel ptoas runs do not collide), read by input/mlir_tree.h
//   kernels/aic|aiv/<f>.cpp, orchestration/<f>.cpp   the device and host sources (what --codegen DIR adds)
#pragma once

#include <string>
#include <vector>

#include "input/dump_dir.h"

namespace irtrace {

// The names the build directory's parts have in it.
inline constexpr const char* kPyptoPassesDump = "passes_dump";
inline constexpr const char* kPyptoPtoas = "ptoas";
inline constexpr const char* kPyptoPtoasPasses = "ptoas_passes";

// True when `dir` holds `passes_dump/`, a directory holding a frontend snapshot (0+_frontend.<ext>), and is
// no numbered dump itself.
bool LooksLikePyptoBuild(const std::string& dir);

// True when `dir` holds, beside `passes_dump/`, what the PyPTO backend writes: `ptoas/`, `ptoas_passes/`,
// `kernels/` or `orchestration/`. Such a directory is what --find lists as one dump (input_format.h
// DetectDirectory); a directory holding `passes_dump/` alone is read as a build directory when named (a
// report of its passes), but --find lists its `passes_dump/`, as it did before build directories were read.
bool HasPyptoOutputs(const std::string& dir);

// The codegen units of `dir`: the stems of `ptoas/*.pto`, sorted bytewise (a stable order: PyPTO runs
// ptoas in parallel). Nothing when there is no `ptoas/`.
std::vector<std::string> PyptoUnits(const std::string& dir);

// Lists the build directory as one report, every snapshot named by its path inside `dir`:
// - the frontend and passes of `passes_dump/` (ListDump, with `codegen_dirs`), numbered 1..N; their phases
//   are passes_dump's phases.txt, else one phase "PyPTO" (frontend included);
// - per unit (PyptoUnits order), phase "ptoas: <unit>": `ptoas/<unit>.pto` as a generated source shown
//   whole (DumpCodegen::after_pass N, extension "mlir"), then the passes of `ptoas_passes/<unit>/`
//   (ListMlirTree) numbered on from N, the first diffed against the `.pto` (its DumpPass::before, with a
//   note), then `ptoas/<unit>.cpp` shown whole. A unit without a tree (no dump_ptoas_passes) is its `.pto`
//   and `.cpp` only; an empty tree (ptoas dumped no pass) likewise, with a note; a missing `.cpp` (ptoas
//   failed) is a note on the first entry;
// - then passes_dump's own codegen files and `kernels/**` (device) and `orchestration/**` (host) of `dir`
//   (when it has either), as `--codegen dir` lists them, then the other `codegen_dirs`.
// A `ptoas_passes/<unit>/` without `ptoas/<unit>.pto` is ignored (listed by -v) with a note. When
// passes_dump's pipeline crashed (a crashed pass), the ptoas units are left out with a note: PyPTO did not
// reach them in that run. The title is passes_dump's (input/program_name.h).
// Throws DumpError (names inside `dir`) as ListDump throws for `passes_dump/`, as ListMlirTree throws for a
// unit's tree (the tree's path put first), for a `ptoas/<unit>.pto` that is not a regular file; Error as
// ListDump throws for a --codegen directory.
DumpListing ListPyptoBuild(const std::string& dir, const std::vector<std::string>& codegen_dirs);

}  // namespace irtrace
