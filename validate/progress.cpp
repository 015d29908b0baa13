// The progress line: "\r" + text + spaces over what the last line left, at most five redraws a second within a
// stage (a new stage is drawn at once).
#include "validate/progress.h"

#include <unistd.h>

#include <chrono>

namespace cairn::validate {

namespace {
constexpr double kRedrawS = 0.2;
}  // namespace

Progress::Progress(bool enabled, Writer writer, Clock clock, double show_after_s)
    : enabled_(enabled), write_(std::move(writer)), clock_(std::move(clock)), show_after_s_(show_after_s) {
  if (!write_)
    write_ = [](std::string_view s) {
      while (!s.empty()) {
        ssize_t n = ::write(STDERR_FILENO, s.data(), s.size());
        if (n <= 0) return;
        s.remove_prefix(static_cast<size_t>(n));
      }
    };
  if (!clock_)
    clock_ = [] { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); };
  if (enabled_) start_ = clock_();
}

Progress::~Progress() { clear(); }

void Progress::update(std::string_view stage, uint64_t done, uint64_t total) {
  if (!enabled_) return;
  double now = clock_();
  bool new_stage = stage != stage_;
  if (new_stage) stage_ = stage;
  if (now - start_ < show_after_s_ || (!new_stage && last_ >= 0 && now - last_ < kRedrawS)) return;
  last_ = now;
  std::string text = "validate" + (name.empty() ? "" : " " + name) + ": " + std::string(stage);
  if (total) text += " " + std::to_string(done) + "/" + std::to_string(total);
  char secs[32];
  std::snprintf(secs, sizeof secs, ", %.0f s", now - start_);
  text += secs;
  std::string line = "\r" + text;
  if (text.size() < shown_) line += std::string(shown_ - text.size(), ' ');
  shown_ = text.size();
  write_(line);
}

void Progress::clear() {
  if (!enabled_ || shown_ == 0) return;
  write_("\r" + std::string(shown_, ' ') + "\r");
  shown_ = 0;
}

}  // namespace cairn::validate
