// The isolation of a child process that runs user code or a solver: a process group of its own (so one kill ends
// it and everything it started), death with the thread that forked it (PR_SET_PDEATHSIG: a `kill -9` of cairn
// takes it along), and limits that hold without the parent (RLIMIT_AS, RLIMIT_CPU, no core file). The process
// runner (targets/process.cpp), the call servers (targets/call_server.cpp) and the verify child
// (verify/child.cpp) all isolate their children through these functions.
#pragma once
#include <sys/resource.h>
#include <sys/types.h>

#include <cstdint>

namespace cairn {

// In the child, first thing after fork: its own process group and SIGKILL when the forking thread ends; a parent
// already gone before that was armed ends the child with `code_if_orphaned`. Allocates nothing.
void isolate_child(pid_t parent, int code_if_orphaned);
// In the parent, right after fork: the child's group is set here too, so a kill of the group cannot race it.
void isolate_in_parent(pid_t child);

// In the child: RLIMIT_AS of `bytes` (nothing when 0, or in a sanitizer build, whose shadow memory no cap fits).
void cap_address_space(uint64_t bytes);
// In the child: RLIMIT_CPU, SIGXCPU at `soft` seconds and SIGKILL at `hard`.
void cap_cpu_seconds(rlim_t soft, rlim_t hard);
// In the child: no core file.
void no_core_file();

}  // namespace cairn
