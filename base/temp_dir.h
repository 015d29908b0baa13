// A fresh scratch directory under the temporary directory, for tools that check or build copies of a program.
#pragma once
#include <string>

namespace cairn {

// The temporary directory: $TMPDIR when set and not empty, else /tmp, made absolute.
std::string temp_root();

// Makes TEMP/PREFIX-XXXXXX (mkdtemp: never an existing name) and returns its path; "" with `error` (one
// sentence naming the directory and the reason) when it cannot.
std::string make_temp_dir(const std::string& prefix, std::string& error);

// Makes TEMP/PREFIX-PID-XXXXXX, PID this process's ID, so that a later run can tell the directory of a process
// that is gone (killed by SIGKILL, which no handler sees) from one in use, and registers it for removal on an
// interrupt (base/interrupt_cleanup.h; the caller forgets it once it removed it). SIGINT, SIGTERM and
// SIGHUP are held in this thread between the creation and the registration. As make_temp_dir otherwise.
std::string make_scratch_dir(const std::string& prefix, std::string& error);

// Removes the directories TEMP/PREFIX-PID-XXXXXX (exactly that form: PID 1 to 10 digits without a leading zero,
// six letters or digits) that belong to this user and whose process is gone (kill(PID, 0) fails with ESRCH).
// A live process's directory is never touched. Returns how many were removed.
size_t sweep_dead_temp_dirs(const std::string& prefix);

}  // namespace cairn
