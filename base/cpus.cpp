// available_cpus: the affinity mask, else what the standard library reports.
#include "base/cpus.h"

#include <sched.h>

#include <thread>

namespace cairn {

unsigned available_cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return static_cast<unsigned>(CPU_COUNT(&set));
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

}  // namespace cairn
