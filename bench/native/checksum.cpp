// Hand-written C++ of checksum.cairn: the same algorithm, the same passes.
#include <cstdint>
#include <cstdio>
#include <vector>

static uint64_t checksum(const uint8_t* data, size_t n) {
  uint64_t h = 0;
  for (size_t i = 0; i < n; ++i) h = h * 31 + data[i];
  return h;
}

int main() {
  const size_t n = 10000000;
  std::vector<uint8_t> data(n);
  for (size_t i = 0; i < n; ++i) data[i] = uint8_t(i % 251);
  uint64_t total = 0;
  for (size_t pass = 0; pass < 20; ++pass) {
    data[pass] = uint8_t(pass);
    total += checksum(data.data(), n);
  }
  std::printf("%llu\n", (unsigned long long)total);
}
