// CAIRN runtime: the one place the runtime meets what lies beneath it: a hosted process (POSIX write, the C
// heap, the environment, abort) or, with CAIRN_FREESTANDING, a bare board (language.md §14.7): the UART the
// target's start-up code drives, no heap, no environment, and cr_exit carrying the exit status out.
#pragma once
#include <cstddef>
#include <cstdint>

#ifndef CAIRN_FREESTANDING
#include <unistd.h>

#include <cstdlib>
#else
// Defined by the target's start.S (targets/<name>/): the exit path and the byte sink of the board's UART.
extern "C" [[noreturn]] void cr_exit(int status);
extern "C" void cr_uart_putc(int byte);
#endif

namespace cr {

#ifndef CAIRN_FREESTANDING

// One write(); the count written, or <= 0 when it failed.
inline long sys_write(int fd, const char* p, size_t n) { return static_cast<long>(::write(fd, p, n)); }
inline const char* sys_getenv(const char* name) { return std::getenv(name); }
inline void* sys_malloc(size_t n) { return std::malloc(n); }
inline void* sys_calloc(size_t count, size_t elem) { return std::calloc(count, elem); }
inline void sys_free(void* p) { std::free(p); }
[[noreturn]] inline void sys_abort() { std::abort(); }

#else

// Standard output is the UART, byte by byte (start.S waits while its FIFO is full); standard error is
// nothing (§14.7). Every byte is taken.
inline long sys_write(int fd, const char* p, size_t n) {
  if (fd == 1)
    for (size_t i = 0; i < n; ++i) cr_uart_putc(static_cast<unsigned char>(p[i]));
  return static_cast<long>(n);
}
// No environment: the hooks that read one (CAIRN_MEMORY_MIB) keep their defaults.
inline const char* sys_getenv(const char*) { return nullptr; }
// No heap: an allocation the profile let through (none reaches main) fails as a full heap would.
inline void* sys_malloc(size_t) { return nullptr; }
inline void* sys_calloc(size_t, size_t) { return nullptr; }
inline void sys_free(void*) {}
// A trap's exit status, as a hosted SIGABRT reports it.
[[noreturn]] inline void sys_abort() { cr_exit(134); }

#endif

}  // namespace cr
