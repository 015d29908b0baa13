// Child isolation: process group, death signal, resource limits (isolate.h).
#include "base/isolate.h"

#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>

#include "base/address_space.h"

namespace cairn {

void isolate_child(pid_t parent, int code_if_orphaned) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(code_if_orphaned);
}

void isolate_in_parent(pid_t child) { setpgid(child, child); }

void cap_address_space(uint64_t bytes) {
  if (!bytes || kSanitizerBuild) return;
  rlimit as{bytes, bytes};
  setrlimit(RLIMIT_AS, &as);
}

void cap_cpu_seconds(rlim_t soft, rlim_t hard) {
  rlimit cpu{soft, hard};
  setrlimit(RLIMIT_CPU, &cpu);
}

void no_core_file() {
  rlimit core{0, 0};
  setrlimit(RLIMIT_CORE, &core);
}

}  // namespace cairn
