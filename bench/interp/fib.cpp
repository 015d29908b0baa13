// Hand-written C++ version of fib.cairn (the native baseline).
#include <cstdint>
#include <cstdio>
static uint64_t fib(uint64_t n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(int argc, char**) { std::printf("%llu\n", (unsigned long long)fib(26 + argc)); }
