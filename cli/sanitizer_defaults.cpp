// Defaults read by the sanitizer runtimes when cairn is built with them (ignored otherwise).
// libcln (linked by cvc5) keeps one allocation from its static initialisation: not a leak of ours.
extern "C" const char* __lsan_default_suppressions() { return "leak:libcln.so\n"; }
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }

// Leak checking starts with our own code. Allocations the shared libraries make while they start (libcln keeps one)
// are not tracked: they run between the executable's .preinit_array, which turns tracking off, and its first
// constructor, which turns it back on. Without this the suppression above matches at every exit, and matching it
// symbolizes the allocation's stack, about 0.15 s per process under ASan (docs/fuzzing.md).
#if defined(__SANITIZE_ADDRESS__)
#define CAIRN_LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CAIRN_LEAK_CHECKED 1
#endif
#endif
#ifdef CAIRN_LEAK_CHECKED
#include <sanitizer/lsan_interface.h>
namespace {
void untracked_while_libraries_start() { __lsan_disable(); }
__attribute__((constructor(101))) void tracked_from_our_code_on() { __lsan_enable(); }
}  // namespace
__attribute__((section(".preinit_array"), used)) static void (*const cairn_preinit_leaks_off)() =
    untracked_while_libraries_start;
#endif
