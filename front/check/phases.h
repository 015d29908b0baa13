// The checker's phases (language.md §0.4), each one entry function; check.cpp runs them in order.
#pragma once
#include <vector>

#include "front/check/check.h"
#include "front/check/sema.h"

namespace cairn::check {

// Phase 3 (decl_*.cpp): modules, imports, names, types, records, sums, constants, signatures, natural
// parameters, families and instances, test items. Fills `program`. Returns false when a refused type,
// signature or constant ends the check (tools.md §2.1).
bool declare_program(Program& program, std::vector<ast::File>& files, ast::Arena& arena,
                     const CheckOptions& options, DiagSink& sink);

// Phase 4 (body_*.cpp): types every expression and statement of one function or test body, fills
// fn.body (BodyFacts), the ast annotations, fn.own_row and the guard sites; sets fn.body_refused.
void check_body(Program& program, FnInfo& fn, ast::Arena& arena, DiagSink& sink);

// Phase 4 (flow_*.cpp), on a body check_body accepted: completion (E-RETURN, E-UNREACHABLE,
// E-LOOP-CONTROL), moves (E-MOVED, E-PARTIAL-MOVE, E-MOVE-IN-LOOP, E-MOVE-BORROW), linear values and
// defer (E-LINEAR-LEAK, E-LINEAR-BRANCH, E-DEFER, E-LEASED).
void check_flow(Program& program, FnInfo& fn, DiagSink& sink);

// Phase 5 (effects_*.cpp): rows as the least fixed point over the call graph, then ceilings.
void infer_effects(Program& program, DiagSink& sink);
// Phase 5 (flow_effect_order.cpp): operand order (§13.5), once rows are known.
void check_effect_order(Program& program, FnInfo& fn, DiagSink& sink);
// Phase 5 (impl_*.cpp): implementations, tune lists, plans (§17) and main (§15.5).
void check_whole_program(Program& program, const CheckOptions& options, DiagSink& sink);

}  // namespace cairn::check
