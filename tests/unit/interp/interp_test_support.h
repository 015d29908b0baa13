// Shared by the interpreter's unit tests: the source tree, and running a job on a large stack.
#pragma once
#include <gtest/gtest.h>
#include <pthread.h>

#include <cstdlib>
#include <functional>
#include <string>

namespace cairn::test {

inline std::string source_dir() {
  if (const char* s = std::getenv("CAIRN_SOURCE_DIR")) return s;
  return CAIRN_SOURCE_DIR;
}

// Runs `job` on a thread with `stack_bytes` of stack (the interpreter recurses on the C++ stack; run_entry
// gives it 1 GiB) and waits for it.
inline void on_thread_stack(const std::function<void()>& job, size_t stack_bytes = size_t{1} << 30) {
  pthread_attr_t attr;
  pthread_t th;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, stack_bytes), 0);
  auto thunk = [](void* p) -> void* {
    (*static_cast<const std::function<void()>*>(p))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&th, &attr, thunk, const_cast<std::function<void()>*>(&job)), 0);
  pthread_attr_destroy(&attr);
  pthread_join(th, nullptr);
}

}  // namespace cairn::test
