// What an interrupted cairn removes before it exits: the temporary file of an atomic write under way
// (base/atomic_file.h) and the scratch directories of the tools. The registry is fixed slots filled
// beforehand, so the signal handler (targets/process.h, install_interrupt_handlers) reads it without allocating
// or locking. Registering and forgetting are safe from several threads.
#pragma once
#include <string>
#include <string_view>

namespace cairn {

enum class Cleanup : unsigned char {
  File,  // unlinked
  Tree,  // a directory removed with everything under it (symbolic links removed, never followed)
};

// Registers `path` (absolute, or relative to a working directory that does not change) to be removed should
// cairn be interrupted. At most 32 paths at once; a path of 4,096 bytes or more, or one more, is not registered
// (what is left is swept by the next run, see sweep_dead_temp_dirs and write_file_atomic).
void remove_on_interrupt(const std::string& path, Cleanup kind);

// Takes `path` off once the tool removed (or renamed) it itself.
void forget_on_interrupt(const std::string& path);

// Async-signal-safe (only system calls, no allocation): removes every registered path. True when none of them
// is left. A handler calls it, possibly again after the children it killed are gone.
bool run_interrupt_cleanup();

// Whether the process `pid` is gone (kill(pid, 0) fails with ESRCH). A live process, one of another user, or
// a PID that is not a number of a process (0, negative) is not gone.
bool process_gone(long pid);

// The number a name's part `digits` spells when it is a process ID written the way cairn writes it (1 to 10
// decimal digits, no sign, no leading zero, at most 2^31 - 1); -1 otherwise.
long pid_in_name(std::string_view digits);

}  // namespace cairn
