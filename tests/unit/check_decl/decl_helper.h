// Test helper: parse one source text and run the checker over it.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "front/check/check.h"
#include "front/parse/parse.h"

namespace cairn::testing {

struct Checked {
  SourceSet sources;
  std::unique_ptr<ast::Arena> arena = std::make_unique<ast::Arena>();
  std::vector<ast::File> files;
  DiagSink sink;
  check::CheckResult result;
  check::Program& program() { return *result.program; }
  // "E-CODE LINE" of each refusal in order ("" when accepted).
  std::vector<std::string> refusals() const;
  check::FnInfo* fn(const std::string& qualified);
};

std::unique_ptr<Checked> check_text(const std::string& text, bool library = false);
// Several files (dependencies first); `options` as the driver would set them.
std::unique_ptr<Checked> check_files(const std::vector<std::string>& texts, const check::CheckOptions& options);

}  // namespace cairn::testing
