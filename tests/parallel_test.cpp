// Running tasks on all cores (lib/parallel.h): every index once, and the lowest failing task's error.
#include "util/parallel.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

namespace irtrace {
namespace {

TEST_CASE("parallel: every index runs exactly once", "[parallel]") {
  for (unsigned threads : {0u, 1u, 2u, 7u, 64u}) {
    for (size_t n : {size_t{0}, size_t{1}, size_t{5}, size_t{1000}}) {
      std::vector<std::atomic<int>> hits(n);
      ParallelFor(n, threads, [&](size_t i) { hits[i]++; });
      INFO(threads << " threads, " << n << " tasks");
      for (size_t i = 0; i < n; ++i) CHECK(hits[i].load() == 1);
    }
  }
}

TEST_CASE("parallel: the lowest-numbered failure is rethrown after all tasks ran", "[parallel]") {
  for (unsigned threads : {1u, 4u}) {
    std::atomic<int> ran{0};
    try {
      ParallelFor(100, threads, [&](size_t i) {
        ++ran;
        if (i == 90 || i == 17 || i == 55) throw std::runtime_error("task " + std::to_string(i));
      });
      FAIL("no exception");
    } catch (const std::runtime_error& e) {
      CHECK(std::string(e.what()) == "task 17");
    }
    CHECK(ran.load() == 100);
  }
}

}  // namespace
}  // namespace irtrace
