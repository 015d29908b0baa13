// The process's current address-space size, read from /proc/self/status.
#include "base/address_space.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cairn {

uint64_t current_vm_bytes() {
  FILE* f = std::fopen("/proc/self/status", "r");
  if (!f) return 0;
  char line[256];
  uint64_t kb = 0;
  while (std::fgets(line, sizeof line, f))
    if (std::strncmp(line, "VmSize:", 7) == 0) {
      kb = std::strtoull(line + 7, nullptr, 10);
      break;
    }
  std::fclose(f);
  return kb * 1024;
}

}  // namespace cairn
