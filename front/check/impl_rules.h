// Phase 5 whole-program rules: implementations, tune lists and plans (§17), main (§15.5).
#pragma once
#include "front/check/check.h"
#include "front/check/sema.h"

namespace cairn::check {

void check_implementations(Program& program, DiagSink& sink);  // impl_rules.cpp
void check_plans(Program& program, DiagSink& sink);            // impl_plans.cpp
void check_main(Program& program, const CheckOptions& options, DiagSink& sink);  // main_rule.cpp

// E-IMPL-WHEN: the `when` condition of an implementation (or one instance of one) is a trap-free integer
// condition over the reference's parameters (§17.2). Reports at the offending token; returns false then.
bool check_when(const Program& program, const FnInfo& impl, DiagSink& sink);  // impl_when.cpp

}  // namespace cairn::check
