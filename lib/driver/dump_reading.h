// Reading the files of a listed dump (input/dump_dir.h) for a job that converts or compares it: each
// snapshot with its .log, the names shown, and the files read (for depfiles and the summaries).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "input/dump_dir.h"
#include "input/snapshot.h"

namespace irtrace {

// A file or directory name (bytes) as the report shows it: decoded as UTF-8, invalid bytes as U+FFFD.
std::string DisplayText(std::string name);

// One snapshot as read, with its .log's text ("" when it has none).
struct LoadedFile {
  std::unique_ptr<Snapshot> snap;
  std::string log_text;
};

// The snapshot of `f`: its file read (input/snapshot.h LoadSnapshot), its text when the format held it
// in memory, or what its `load` returns. Throws Error as LoadSnapshot (or `load`) does.
std::unique_ptr<Snapshot> LoadSnapshotOf(const DumpFile& f);

// The diagnostics of `f`'s pass: its .log read (ReadTextFile), its in-memory log, or "" when it has none.
// Throws Error as ReadTextFile does.
std::string LoadLogOf(const DumpFile& f);

// Reads, decodes and splits `f` (input/snapshot.h LoadSnapshot) and its .log. Throws Error as
// LoadSnapshot and ReadTextFile do: names inside the dump (ErrorPlace::kInInput) for a dump's own file, as
// given for a --codegen DIR's.
LoadedFile LoadFile(const DumpFile& f);

// Every file of `listing` that a conversion reads: snapshots and logs (each log after its snapshot),
// codegen sources; paths as opened, in that order, each once.
std::vector<std::string> InputPaths(const DumpListing& listing);

// The sum of the sizes of `paths` in bytes, at the end of their links (a file gone since counts 0).
uint64_t InputBytes(const std::vector<std::string>& paths);

}  // namespace irtrace
