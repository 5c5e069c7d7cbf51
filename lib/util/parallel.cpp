#include "util/parallel.h"

#include <atomic>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace irtrace {

void ParallelFor(size_t n, unsigned threads, const std::function<void(size_t)>& task) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  if (threads > n) threads = static_cast<unsigned>(n);
  std::atomic<size_t> next{0};
  std::mutex mu;
  size_t failed_index = n;
  std::exception_ptr failure;
  auto work = [&] {
    for (size_t i = next++; i < n; i = next++) {
      try {
        task(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu);
        if (i < failed_index) {
          failed_index = i;
          failure = std::current_exception();
        }
      }
    }
  };
  if (threads <= 1) {
    work();
  } else {
    std::vector<std::thread> pool;
    pool.reserve(threads - 1);
    for (unsigned t = 1; t < threads; ++t) {
      // A thread the system cannot start (EAGAIN: no resources) leaves its share to the others: the tasks'
      // results do not depend on how many run them, and no started thread is left unjoined.
      try {
        pool.emplace_back(work);
      } catch (const std::system_error&) {
        break;
      }
    }
    work();
    for (auto& t : pool) t.join();
  }
  if (failure) std::rethrow_exception(failure);
}

}  // namespace irtrace
