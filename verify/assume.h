// `--assume SYM=EXPR`: the host precondition of one function, checked and encoded as a synthesized function.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "front/check/sema.h"

namespace cairn::smt {

struct AssumeArg {
  std::string symbol;
  std::string expr;
};

// Splits "SYM=EXPR" at the first '=' only. False with `error` (one sentence) for a missing '=', an empty
// side, or a symbol that is not a plain name.
bool parse_assume(const std::string& text, AssumeArg& out, std::string& error);

// Parses every --assume; a function named twice is an error (at most once per function).
bool parse_assumes(const std::vector<std::string>& texts, std::vector<AssumeArg>& out, std::string& error);

// The precondition text of `symbol` ("true" when none is given).
std::string assume_text(const std::vector<AssumeArg>& assumes, const std::string& symbol);
const AssumeArg* find_assume(const std::vector<AssumeArg>& assumes, const std::string& symbol);

// The source appended to the reference to check and encode a precondition: a function of a fresh name
// with `fn`'s parameter list as written, returning the expression:
//   \nfn NAME(PARAMS) -> bool {\n  return (EXPR);\n}\n
// `source` is the reference's text; `taken` tells whether a name is already declared. Nothing when the
// parameter list cannot be found in the source (a function the reference does not write out).
struct Precondition {
  std::string name;
  std::string source;
};
std::optional<Precondition> precondition_source(const std::string& source, const check::FnInfo& fn,
                                                const std::string& expr,
                                                const std::vector<const check::FnInfo*>& taken);

}  // namespace cairn::smt
