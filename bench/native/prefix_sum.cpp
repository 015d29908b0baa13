// Hand-written C++ of prefix_sum.cairn.
#include <cstdint>
#include <cstdio>
#include <vector>

static void prefix_sum(size_t n, uint64_t* xs) {
  uint64_t s = 0;
  for (size_t i = 0; i < n; ++i) {
    s += xs[i];
    xs[i] = s;
  }
}

int main() {
  const size_t n = 10000000;
  std::vector<uint64_t> xs(n);
  for (size_t i = 0; i < n; ++i) xs[i] = i % 13;
  for (int pass = 0; pass < 10; ++pass) prefix_sum(n, xs.data());
  std::printf("%llu\n", (unsigned long long)xs[n - 1]);
}
