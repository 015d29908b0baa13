// The progress line of a long validation on a terminal (issue: "a progress line on a terminal for long runs"):
// one line on standard error, redrawn in place, shown only once the run has lasted a second, and erased at the
// end so the claims that follow start on a clean line.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace cairn::validate {

class Progress {
 public:
  using Clock = std::function<double()>;             // seconds since some fixed point
  using Writer = std::function<void(std::string_view)>;
  // Disabled: every call does nothing. Enabled without a writer or clock: standard error and the steady clock.
  explicit Progress(bool enabled, Writer writer = nullptr, Clock clock = nullptr, double show_after_s = 1.0);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // "validate g: cases 120/256"; `total` 0 leaves the count out ("validate g: smt part").
  void update(std::string_view stage, uint64_t done = 0, uint64_t total = 0);
  void clear();
  std::string name;  // the implementation, once known

 private:
  bool enabled_;
  Writer write_;
  Clock clock_;
  double start_ = 0, last_ = -1, show_after_s_;
  size_t shown_ = 0;  // width of the line on screen (0: none)
  std::string stage_;
};

}  // namespace cairn::validate
