// The checker's one entry: a parsed program in, the checked program (or refusals) out.
#pragma once
#include <memory>
#include <vector>

#include "front/check/sema.h"
#include "front/diag/diagnostic.h"
#include "front/source/source.h"
#include "front/syntax/ast.h"

namespace cairn::check {

enum class Target : uint8_t { Hosted, Aarch64Virt };

struct CheckOptions {
  Target target = Target::Hosted;
  bool is_library = false;  // a project whose kind is "library": no main required (§14.4)
  // Files [0, own_files_begin) are dependencies: every declaration inside a module, main/tests ignored.
  uint32_t own_files_begin = 0;
};

struct CheckResult {
  std::unique_ptr<Program> program;  // always present; complete only when the sink stayed empty
  uint32_t not_judged = 0;           // functions without a verdict because of a refusal
};

// Runs phases 3-5 of §0.4 over parsed files (lexing and parsing are done by the caller).
CheckResult check_program(std::vector<ast::File>& files, ast::Arena& arena, const SourceSet& sources,
                          const CheckOptions& options, DiagSink& sink);

}  // namespace cairn::check
