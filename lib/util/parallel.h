// Running independent tasks on all cores.
#pragma once

#include <cstddef>
#include <functional>

namespace irtrace {

// Calls task(0) .. task(n - 1), each exactly once, on up to `threads` threads (0: the machine's
// hardware concurrency; fewer when the system cannot start more). Returns when all are done. If tasks
// throw, rethrows the exception of the lowest-numbered failing task (so errors do not depend on
// scheduling).
void ParallelFor(size_t n, unsigned threads, const std::function<void(size_t)>& task);

}  // namespace irtrace
