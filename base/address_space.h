// The process's address space, for the runners that cap a child's (RLIMIT_AS): whether a sanitizer reserves a
// huge one (then no cap can be set), and its current size (a cap is this size at fork plus an allowance).
#pragma once
#include <cstdint>

namespace cairn {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitizerBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
inline constexpr bool kSanitizerBuild = true;
#else
inline constexpr bool kSanitizerBuild = false;
#endif
#else
inline constexpr bool kSanitizerBuild = false;
#endif

// ThreadSanitizer alone: its runtime makes a fork beside other threads safe for a child that execs at once.
#if defined(__SANITIZE_THREAD__)
inline constexpr bool kThreadSanitizerBuild = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr bool kThreadSanitizerBuild = true;
#else
inline constexpr bool kThreadSanitizerBuild = false;
#endif
#else
inline constexpr bool kThreadSanitizerBuild = false;
#endif

// VmSize of this process in bytes (0 when /proc cannot be read).
uint64_t current_vm_bytes();

}  // namespace cairn
