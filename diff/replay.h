// Native replay of a behavior-changed witness (tools.md §4.5): each side built as the call harness under every
// C++ compiler present, the witness run as one isolated call, and each result judged against the value model:
// "agrees", "disagrees: STATUS" or "not replayed: WHY".
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "diff/version.h"
#include "verify/compare.h"
#include "targets/native_call.h"

namespace cairn::diff {

class Replayer {
 public:
  Replayer(const Version& old_v, const Version& new_v);
  ~Replayer();  // removes the scratch build directory
  Replayer(const Replayer&) = delete;
  Replayer& operator=(const Replayer&) = delete;

  // Builds every side's harness under every compiler, `jobs` builds at once, each in a child process (the
  // compiler's time dominates a diff with witnesses; the builds are independent).
  // Each harness holds only `names` and their callees.
  void prepare(unsigned jobs, const std::set<std::string>& names);
  // `witness.native` for function `name`: {"clang++": {"before": R, "after": R}, "g++": {...}}.
  nlohmann::ordered_json replay(const std::string& name, const smt::Witness& witness);
  // The same object when the replay was not made (the --replays count or the budget is spent).
  nlohmann::ordered_json not_replayed(const std::string& why) const;
  // Some compiler's result on some side is "disagrees: ...".
  static bool disagrees(const nlohmann::ordered_json& native);
  // Compilers found on PATH, as the record names them ("clang++", "g++").
  const std::vector<std::string>& compilers() const { return names_; }
  double seconds() const { return seconds_; }

 private:
  struct Harness;
  const Version& old_v_;
  const Version& new_v_;
  std::vector<std::string> names_;     // record names
  std::vector<std::string> cc_;        // --cc names, same order
  std::string scratch_;                // where the harnesses are built
  std::map<std::string, std::unique_ptr<Harness>> built_;  // "side/cc" -> harness
  double seconds_ = 0;
  Harness& harness(const Version& v, const std::string& side, size_t compiler);
  std::set<std::string> only_;          // the functions harnesses hold (empty: all)
  targets::BuildResult build(const Version& v, const std::string& side, size_t compiler);
  Harness& keep(const Version& v, const std::string& key, targets::BuildResult b);
  std::string judge(const Version& v, const std::string& side, size_t compiler, const std::string& name,
                    const smt::Witness& w, const std::optional<sem::CallOutcome>& model);
};

namespace testing {
// Test-only: called on every native outcome before it is judged, so a test can inject a disagreement between
// the value model and a native build. Empty (the default) in the product.
using NativeHook = std::function<void(const std::string& compiler, const std::string& side, sem::CallOutcome& native)>;
void set_native_hook(NativeHook hook);
}  // namespace testing

}  // namespace cairn::diff
