// One case as tools.md §5.4 runs it: the condition predicate, the reference in base, the dispatch in selected,
// the implementation in base where the condition held; dispatch and implementation each compared with the
// reference under the policy.
#include "validate/session.h"

namespace cairn::validate {

targets::IsolatedOutcome Built::call(const check::FnInfo& fn, const Case& c) {
  if (server) return server->call(fn, c.args, c.offsets);
  return targets::native_call(harness, fn, c.args, c.offsets);
}

const check::FnInfo* Built::find(const std::string& name) const {
  if (!run.program) return nullptr;
  for (const check::FnInfo& f : run.program->fns)
    if (!f.is_test && !f.is_template && f.full_name() == name) return &f;
  return nullptr;
}

Beside::Beside() { thread_ = std::thread([this] { loop(); }); }

Beside::~Beside() {
  {
    std::lock_guard<std::mutex> lock(m_);
    quit_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void Beside::start(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lock(m_);
    job_ = std::move(job);
    busy_ = true;
  }
  cv_.notify_all();
}

void Beside::wait() {
  std::unique_lock<std::mutex> lock(m_);
  cv_.wait(lock, [this] { return !busy_; });
}

void Beside::loop() {
  std::unique_lock<std::mutex> lock(m_);
  for (;;) {
    cv_.wait(lock, [this] { return quit_ || (busy_ && job_); });
    if (quit_) return;
    std::function<void()> job = std::move(job_);
    job_ = nullptr;
    lock.unlock();
    job();
    lock.lock();
    busy_ = false;
    cv_.notify_all();
  }
}

CaseRun Session::run_case(const Case& c) {
  CaseRun r;
  // The dispatch runs in `selected` beside the base program's calls when both are served.
  if (beside) beside->start([&] { r.dispatch = selected.call(*selected_ref, c); });
  if (base_pred) {
    targets::IsolatedOutcome p = base.call(*base_pred, c);
    r.condition = p.end == targets::IsolatedOutcome::End::Returned && p.outcome.defined && p.outcome.ret &&
                  *p.outcome.ret != 0;
  }
  r.reference = base.call(*base_ref, c);
  if (r.condition) r.implementation = base.call(*base_impl, c);
  if (beside) beside->wait();
  else r.dispatch = selected.call(*selected_ref, c);
  std::string why;
  Verdict d = agree(*ref, r.reference, r.dispatch, policy, &why);
  if (d == Verdict::Disagree) {
    r.failed = true;
    r.why = "the reference against the dispatch: " + why;
  }
  r.timed_out = d == Verdict::TimedOut;
  if (r.condition) {
    r.implementation_ran = true;
    Verdict v = agree(*ref, r.reference, r.implementation, policy, &why);
    if (v == Verdict::Disagree && !r.failed) {
      r.failed = true;
      r.why = "the reference against the implementation: " + why;
    }
    r.timed_out = r.timed_out || v == Verdict::TimedOut;
  }
  if (r.failed) r.timed_out = false;
  return r;
}

}  // namespace cairn::validate
