// Hand-written C++ version of matmul.cairn (the native baseline).
#include <cstdint>
#include <cstdio>
#include <vector>
int main() {
  const size_t N = 160;
  std::vector<uint64_t> a(N * N), b(N * N), c(N * N);
  for (size_t i = 0; i < N * N; ++i) { a[i] = i % 7; b[i] = i % 5; }
  for (size_t i = 0; i < N; ++i)
    for (size_t j = 0; j < N; ++j) {
      uint64_t s = 0;
      for (size_t k = 0; k < N; ++k) s += a[i * N + k] * b[k * N + j];
      c[i * N + j] = s;
    }
  std::printf("%llu %llu\n", (unsigned long long)c[0], (unsigned long long)c[N * N - 1]);
}
