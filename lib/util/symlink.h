// Following symbolic links by hand, where the kernel's own following is not enough: to find the name a
// rename must replace (the end of a link chain, which may not exist yet) and to tell a dangling link from a
// missing file.
#pragma once

#include <string>

namespace irtrace {

// The name that `path`'s chain of symbolic links ends at: `path` itself when it is not a link, else each
// link's target in turn (a relative target read against the link's own directory, never normalised, so
// ".." means what the kernel makes of it). The result may not exist (a dangling chain ends at the missing
// name). Stops after 40 links (the kernel's limit), returning where it got to. Never throws.
std::string FollowLinks(const std::string& path);

// True when `path` is a symbolic link whose chain ends at a name that does not exist (ls lists it, open(2)
// says "No such file or directory"). False for anything else, including a link loop. Never throws.
bool IsDanglingLink(const std::string& path);

}  // namespace irtrace
