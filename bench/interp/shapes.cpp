// Hand-written C++ version of shapes.cairn (the native baseline).
#include <cstdint>
#include <cstdio>
struct Point { int64_t x, y; };
struct Shape { int tag; int64_t r; Point p; };
static Shape make(int64_t i) {
  int64_t k = i % 3;
  if (k == 0) return Shape{0, i % 100, {}};
  if (k == 1) return Shape{1, 0, {i % 10, i % 13}};
  return Shape{2, 0, {}};
}
static int64_t area(const Shape& s) {
  switch (s.tag) { case 0: return 3 * s.r * s.r; case 1: return s.p.x * s.p.y; default: return 0; }
}
int main() {
  int64_t total = 0;
  for (int64_t i = 0; i < 2000000; ++i) total += area(make(i));
  std::printf("%lld\n", (long long)total);
}
