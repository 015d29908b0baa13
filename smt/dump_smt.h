// `cairn emit --dump=smt`: the SMT encoding of every function of the project as SMT-LIB2 text, deterministic.
#pragma once
#include <cstdint>
#include <string>

#include "semantics/ir.h"

namespace cairn::smt {

// For each function of the project's own files (not tests, templates, instances or dependencies), in the IR's
// order: a comment naming it and the terms asked for, then one SMT-LIB2 script (smtlib_text) that asserts the
// entry guards of its inputs and asks the value of `trapped`, `past_bound`, and of each observed part (a
// scalar's value; an array's length). A function outside the modeled fragment is one comment saying why.
std::string dump_smt(const ir::Module& m, uint32_t own_files_begin);

}  // namespace cairn::smt
