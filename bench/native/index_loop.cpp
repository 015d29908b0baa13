// Hand-written C++ of index_loop.cairn.
#include <cstdint>
#include <cstdio>
#include <vector>

static uint64_t sum(size_t n, const uint32_t* xs) {
  uint64_t s = 0;
  for (size_t i = 0; i < n; ++i) s += xs[i];
  return s;
}

int main() {
  const size_t n = 10000000;
  std::vector<uint32_t> xs(n);
  for (size_t i = 0; i < n; ++i) xs[i] = uint32_t(i % 1000);
  uint64_t total = 0;
  for (size_t pass = 0; pass < 100; ++pass) {
    xs[pass] = uint32_t(pass);
    total += sum(n, xs.data());
  }
  std::printf("%llu\n", (unsigned long long)total);
}
