// A fresh scratch directory under the temporary directory, for tools that check or build copies of a program.
#pragma once
#include <string>

namespace cairn {

// The temporary directory: $TMPDIR when set and not empty, else /tmp, made absolute.
std::string temp_root();

// Makes TEMP/PREFIX-XXXXXX (mkdtemp: never an existing name) and returns its path; "" with `error` (one
// sentence naming the directory and the reason) when it cannot.
std::string make_temp_dir(const std::string& prefix, std::string& error);

}  // namespace cairn
