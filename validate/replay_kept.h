// `cairn test` on a kept regressions file (tools.md §2.7, §5.8): every kept case against every implementation of
// the reference, in the interpreter and (for the native engine) natively, each call isolated, agreement judged
// under the file's pinned policy.
#pragma once
#include <string>

#include "front/driver/driver.h"
#include "targets/suite_report.h"
#include "targets/native_build.h"

namespace cairn::validate {

struct KeptOptions {
  std::string path;               // the program's PATH as `cairn test` got it
  bool native = true;             // also replay natively
  targets::BuildOptions build;    // the native compiler
  double timeout_s = 60;          // per call
};

targets::FileOutcome replay_kept(const driver::CheckRun& run, const std::string& fs_path, const KeptOptions& o);

}  // namespace cairn::validate
