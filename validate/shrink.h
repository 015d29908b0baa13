// Shrinking a failing case (tools.md §5.5): greedy passes (extents with views cut to their prefix, then alignment,
// then values toward zero) until a pass changes nothing or the probes are spent.
#pragma once
#include <functional>

#include "validate/regressions.h"

namespace cairn::validate {

enum class Trial : uint8_t { Fails, Passes, TimedOut };

struct Shrunk {
  Case c;              // the last failing case
  unsigned probes = 0; // calls of `still_fails` made
};

// `still_fails` runs one trial (a timeout does not count as failing). Never calls it more than `probes` times.
Shrunk shrink(const check::FnInfo& fn, const Case& failing, const Policy& policy, unsigned probes,
              const std::function<Trial(const Case&)>& still_fails);

}  // namespace cairn::validate
