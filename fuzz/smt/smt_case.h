// A kept smt case (tools.md §6.3-6.4): DIR/smt/HASH.cairn, five header lines then the reduced program. The
// header names the mismatch, the fixed call (signature and input leaves) and the interpreter's outcome:
//   // cairn-fuzz regression 3f9c0a1b2d4e5f60
//   // found: seed 9127 index 4410, kind smt value, z3
//   // smt call: f(x:i32) -> i32
//   // smt leaves: 3
//   // expect smt: f(x = 3) returns 7
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cairn::fuzz {

struct SmtCaseHeader {
  std::string hash;               // first 16 hex digits of the program's SHA-256 (case_hash)
  uint64_t seed = 0, index = 0;
  std::string kind;               // smt_mismatch_name
  std::string solver;             // "z3", "cvc5", or "" (an encoder fault: no solver is named)
  std::string signature;          // signature_text of the function
  std::vector<uint64_t> leaves;   // the input's model bits, one per leaf
  std::string expect;             // "f(x = 3) returns 7": the interpreter's outcome, which is the right answer
  std::string function() const;   // the signature's name
};

constexpr int kSmtHeaderLines = 5;

std::string render_smt_case(const SmtCaseHeader& h, const std::string& program);

// Reads the header of a kept smt case; false with `error` (one sentence) when a line is missing or malformed.
bool parse_smt_case(const std::string& file_text, SmtCaseHeader& h, std::string& error);

}  // namespace cairn::fuzz
