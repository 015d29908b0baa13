// One thread with a big stack, made once and reused: it runs the jobs it is handed, one at a time, while the
// caller waits (the libFuzzer targets run every input on it instead of making a thread per input).
#pragma once
#include <pthread.h>

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>

namespace cairn::fuzzing {

class BigStackWorker {
 public:
  // Starts the thread; `started()` is false when it could not be made (jobs then run on the caller's thread).
  explicit BigStackWorker(size_t stack_bytes) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return;
    started_ = pthread_attr_setstacksize(&attr, stack_bytes) == 0 && pthread_create(&thread_, &attr, &loop, this) == 0;
    pthread_attr_destroy(&attr);
  }
  BigStackWorker(const BigStackWorker&) = delete;
  BigStackWorker& operator=(const BigStackWorker&) = delete;
  // Ends the thread once its job is done (on_big_stack's worker is never destroyed: the process may end on it).
  ~BigStackWorker() {
    if (!started_) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_one();
    pthread_join(thread_, nullptr);
  }

  bool started() const { return started_; }

  // Runs `job` on the worker's stack and returns when it has finished. A job that throws ends the process
  // (std::terminate), as an exception leaving a thread's start routine does. Called from the worker itself
  // (a job that hands on another job), it runs the job in place: it is on the big stack already.
  void run(const std::function<void()>& job) {
    if (!started_ || pthread_equal(pthread_self(), thread_)) {
      job();
      return;
    }
    std::lock_guard<std::mutex> one_caller(callers_);
    std::unique_lock<std::mutex> lock(mutex_);
    job_ = &job;
    wake_.notify_one();
    done_.wait(lock, [this] { return job_ == nullptr; });
  }

 private:
  static void* loop(void* self) {
    auto* w = static_cast<BigStackWorker*>(self);
    std::unique_lock<std::mutex> lock(w->mutex_);
    for (;;) {
      w->wake_.wait(lock, [w] { return w->job_ != nullptr || w->stop_; });
      if (!w->job_) return nullptr;
      const std::function<void()>* job = w->job_;
      lock.unlock();
      (*job)();
      lock.lock();
      w->job_ = nullptr;
      w->done_.notify_one();
    }
  }

  pthread_t thread_{};
  bool started_ = false;
  std::mutex callers_;  // one job at a time when several threads hand jobs over
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const std::function<void()>* job_ = nullptr;  // the job handed over and not yet finished
  bool stop_ = false;                            // set by the destructor
};

}  // namespace cairn::fuzzing
