// ListDump (input/dump_dir.h) with the disk it lists through: the listing and stat calls of the dump
// directory go to `disk` (util/disk.h), so the listing rules can be tested on a directory held in memory
// (tests/memory_disk.h, as ninja tests on its VirtualFileSystem). input/dump_dir.h's ListDump is this one
// on RealDisk(), and every caller but the listing tests uses that.
#pragma once

#include <string>
#include <vector>

#include "input/dump_dir.h"
#include "util/disk.h"

namespace irtrace {

// As ListDump(dir, codegen_dirs), every name of `dir` listed and stat'ed through `disk`. The frontend's
// first MiB (the title), phases.txt and the --codegen directories are still read from the real disk: a
// listing test gives no phases.txt and no --codegen.
DumpListing ListDump(const std::string& dir, const std::vector<std::string>& codegen_dirs, const Disk& disk);

}  // namespace irtrace
