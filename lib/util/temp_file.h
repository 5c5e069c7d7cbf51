// An unnamed temporary file: where a job keeps bytes it cannot hold in memory (a report on its way to a
// device; standard input to read again).
#pragma once

#include <string>

namespace irtrace {

// Opens an unnamed file for reading and writing in $TMPDIR (else /tmp): O_TMPFILE, else a named file
// removed at once. Returns its descriptor (close-on-exec; the caller owns it). Throws WriteError
// "cannot write <what>: temporary file in '<dir>': <errno's words>".
int OpenUnnamedTempFd(const std::string& what);

}  // namespace irtrace
