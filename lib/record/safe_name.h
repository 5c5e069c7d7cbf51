// Names from the compiler (kernel, pass, extension, phase) made into file names and file lines that cannot
// leave the trace directory, hide, or break the dump contract. Sanitised, never refused: every name gives a
// usable one, and different names give different ones (escaping, not replacement), except the extension.
#pragma once

#include <string>
#include <string_view>

namespace irtrace {

// One directory name for a session's `name`: '/', '%', '\\', control bytes (0x00-0x1F, 0x7F) and a leading
// '.' (".", "..", hidden names) are written %XX (upper-case hex); "" is "%00". Over 200 bytes, the first 183
// (never cutting a %XX) + "~" + 16 hex digits of FNV-1a 64 of `name`. Never empty, never has '/'.
std::string SafeDirName(std::string_view name);

// A pass name for NN_after_<name>.<ext>: escaped as SafeDirName, except that a leading '.' is kept (the
// number comes first). At most 200 bytes the same way, so the file name stays within NAME_MAX.
std::string SafePassName(std::string_view name);

// A generated source's file name (Session::Codegen) for the working copy <name dir>/<name> and its siblings
// <name>.original, <name>.latest, <name>.bak.N, <name>.original.bak.N: escaped as SafeDirName, and a name
// that would be another's sibling (ending in ".original", ".latest" or ".bak.<digits>") or one of the name
// directory's own files ("report.html") has that last '.' written %2E, so no two names share a file.
// At most 200 bytes the same way, so every sibling and its temporary name stay within NAME_MAX.
std::string SafeSourceName(std::string_view name);

// A snapshot extension as the dump contract reads it: [A-Za-z0-9], 1 to 16 characters. Anything else
// (empty, a dot, "log", which names diagnostics) gives "txt".
std::string SafeExtension(std::string_view ext);

// A phase name for one line of phases.txt: control bytes (tab and line breaks among them) become ' ', at
// most 200 bytes (cut before a UTF-8 continuation byte).
std::string SafePhaseName(std::string_view name);

// `text` for one line on stderr: control bytes (0x00-0x1F, 0x7F) and '\\' written \xNN, so that a name
// can neither colour the terminal nor forge a line; other bytes as they are.
std::string PrintableText(std::string_view text);

}  // namespace irtrace
