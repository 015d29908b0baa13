// Helpers of the scaling tests: generated programs with many variants, fields, parameters or match arms, and a
// check of one program that lists every refusal with its code, line, column and message.
#pragma once
#include <string>
#include <vector>

namespace cairn::test {

// "E-CODE LINE:COL message" of every refusal of the program, in report order (empty when accepted).
std::vector<std::string> check_refusals(const std::string& text);

// `enum Big { V0; V1; ... }` of n variants on one line, then `extra` and a main that binds V{n-1}.
std::string enum_program(int n, const std::string& extra_variants = "");
// `struct Wide { f0:u8; ... }` of n fields on one line, then `extra` fields, and a function reading f{n-1}.
std::string record_program(int n, const std::string& extra_fields = "");
// `fn many(p0:u8, ...)` of n parameters on one line, then `extra` parameters, and main calling it.
std::string params_program(int n, const std::string& extra_params = "", int extra_args = 0);
// An enum of n variants and, one per line, a match of one arm per variant; `extra` arms are added at the end.
std::string match_program(int n, const std::string& extra_arms = "");
// A record of n u8 fields built with n arguments and unpacked into n binders b0..b{n-1}; with `repeat` >= 0 the
// last binder is named b{repeat} instead.
std::string unpack_program(int n, int repeat = -1);

}  // namespace cairn::test
