// How many CPUs this process may run on: the default of every --jobs.
#pragma once

namespace cairn {

// The CPUs of this process's affinity mask (at least 1).
unsigned available_cpus();

}  // namespace cairn
