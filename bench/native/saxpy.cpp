// Hand-written C++ of saxpy.cairn.
#include <cstdio>
#include <vector>

static void saxpy(size_t n, float a, const float* x, float* y) {
  for (size_t i = 0; i < n; ++i) y[i] = a * x[i] + y[i];
}

int main() {
  const size_t n = 1000000;
  std::vector<float> x(n), y(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i % 100) * 0.01f;
    y[i] = 1.0f;
  }
  for (int pass = 0; pass < 500; ++pass) saxpy(n, 0.5f, x.data(), y.data());
  std::printf("%.9g %.9g\n", y[0], y[999999]);
}
