// Hand-written C++ version of checksum.cairn (the native baseline).
#include <cstdint>
#include <cstdio>
#include <vector>
int main() {
  const size_t n = 10000000;
  std::vector<uint8_t> data(n);
  for (size_t i = 0; i < n; ++i) data[i] = uint8_t(i % 251);
  uint64_t h = 0;
  for (uint8_t b : data) h = h * 31 + b;
  std::printf("%llu\n", (unsigned long long)h);
}
