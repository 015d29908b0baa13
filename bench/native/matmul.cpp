// Hand-written C++ of matmul.cairn.
#include <cstdio>
#include <vector>

constexpr size_t N = 300;

static void matmul(const double* a, const double* b, double* c) {
  for (size_t i = 0; i < N; ++i)
    for (size_t j = 0; j < N; ++j) {
      double s = 0.0;
      for (size_t k = 0; k < N; ++k) s = s + a[i * N + k] * b[k * N + j];
      c[i * N + j] = s;
    }
}

int main() {
  std::vector<double> a(90000), b(90000), c(90000);
  for (size_t i = 0; i < 90000; ++i) {
    a[i] = double(i % 7) * 0.5;
    b[i] = double(i % 5) * 0.25;
  }
  for (size_t pass = 0; pass < 20; ++pass) {
    a[pass] = double(pass);
    matmul(a.data(), b.data(), c.data());
  }
  std::printf("%.17g %.17g\n", c[0], c[89999]);
}
