// A thread that works through items in the order they are given, a bounded number behind the thread that
// gives them: how a job overlaps a sequential step (writing the payload, compressing it) with the rest.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

namespace irtrace {

template <typename T>
class SerialWorker {
 public:
  // Starts the thread, which calls `work` on each item Push gives, in order. At most `max_queued` items
  // wait besides the one being worked on.
  SerialWorker(size_t max_queued, std::function<void(T&)> work)
      : max_queued_(max_queued), work_(std::move(work)), thread_([this] { Run(); }) {}

  // Drops what is still queued, lets the item being worked on finish, and joins.
  ~SerialWorker() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      ending_ = true;
      queue_.clear();
    }
    changed_.notify_all();
    thread_.join();
  }
  SerialWorker(const SerialWorker&) = delete;
  SerialWorker& operator=(const SerialWorker&) = delete;

  // Queues `item`, waiting while `max_queued` are waiting. Rethrows what `work` threw (then nothing more is
  // worked on).
  void Push(T item) {
    std::unique_lock<std::mutex> lock(mu_);
    changed_.wait(lock, [&] { return queue_.size() < max_queued_ || failure_; });
    if (failure_) std::rethrow_exception(failure_);
    queue_.push_back(std::move(item));
    lock.unlock();
    changed_.notify_all();
  }

  // Waits until every item given is worked on. Rethrows what `work` threw.
  void Drain() {
    std::unique_lock<std::mutex> lock(mu_);
    changed_.wait(lock, [&] { return (queue_.empty() && !busy_) || failure_; });
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  void Run() {
    for (;;) {
      T item;
      {
        std::unique_lock<std::mutex> lock(mu_);
        changed_.wait(lock, [&] { return !queue_.empty() || ending_; });
        if (queue_.empty()) return;
        item = std::move(queue_.front());
        queue_.pop_front();
        busy_ = true;
      }
      changed_.notify_all();
      std::exception_ptr failure;
      try {
        work_(item);
      } catch (...) {
        failure = std::current_exception();
      }
      {
        std::lock_guard<std::mutex> lock(mu_);
        busy_ = false;
        if (failure) {
          failure_ = failure;
          queue_.clear();
        }
      }
      changed_.notify_all();
      if (failure) return;
    }
  }

  size_t max_queued_;
  std::function<void(T&)> work_;
  std::mutex mu_;
  std::condition_variable changed_;
  std::deque<T> queue_;
  bool ending_ = false, busy_ = false;
  std::exception_ptr failure_;
  std::thread thread_;  // last: starts when the rest is ready
};

}  // namespace irtrace
