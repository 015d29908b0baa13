// The header of a kept smt case: writing and reading it.
#include "fuzz/smt/smt_case.h"

#include "fuzz/reduce/header_fields.h"

#include <sstream>

namespace cairn::fuzz {

namespace {

// "seed S index I, kind smt KIND[, SOLVER]"
bool parse_found(const std::string& s, SmtCaseHeader& h) {
  std::istringstream in(s);
  std::string w_seed, seed, w_index, index, w_kind, w_smt, kind, solver;
  if (!(in >> w_seed >> seed >> w_index >> index >> w_kind >> w_smt >> kind)) return false;
  if (w_seed != "seed" || w_index != "index" || w_kind != "kind" || w_smt != "smt") return false;
  if (index.empty() || index.back() != ',') return false;
  index.pop_back();
  if (!kind.empty() && kind.back() == ',') {
    kind.pop_back();
    if (!(in >> solver) || (solver != "z3" && solver != "cvc5")) return false;
  }
  h.kind = kind;
  h.solver = solver;
  return parse_u64(seed, h.seed) && parse_u64(index, h.index);
}

bool parse_leaves(const std::string& s, std::vector<uint64_t>& leaves) {
  leaves.clear();
  if (s == "none") return true;
  std::istringstream in(s);
  std::string word;
  while (in >> word) {
    uint64_t v = 0;
    if (!parse_u64(word, v)) return false;
    leaves.push_back(v);
  }
  return !leaves.empty();
}

}  // namespace

std::string SmtCaseHeader::function() const { return signature.substr(0, signature.find('(')); }

std::string render_smt_case(const SmtCaseHeader& h, const std::string& program) {
  std::string leaves;
  for (uint64_t v : h.leaves) leaves += (leaves.empty() ? "" : " ") + std::to_string(v);
  std::string s = "// cairn-fuzz regression " + h.hash + "\n";
  s += "// found: seed " + std::to_string(h.seed) + " index " + std::to_string(h.index) + ", kind smt " + h.kind +
       (h.solver.empty() ? "" : ", " + h.solver) + "\n";
  s += "// smt call: " + h.signature + "\n";
  s += "// smt leaves: " + (leaves.empty() ? std::string("none") : leaves) + "\n";
  s += "// expect smt: " + h.expect + "\n";
  return s + program;
}

bool parse_smt_case(const std::string& file_text, SmtCaseHeader& h, std::string& error) {
  std::istringstream in(file_text);
  std::string line, rest;
  bool have_hash = false, have_found = false, have_call = false, have_leaves = false, have_expect = false;
  for (int n = 0; n < kSmtHeaderLines && std::getline(in, line); ++n) {
    if (take_prefix(line, "// cairn-fuzz regression ", rest)) {
      h.hash = rest;
      have_hash = !rest.empty();
    } else if (take_prefix(line, "// found: ", rest)) {
      have_found = parse_found(rest, h);
    } else if (take_prefix(line, "// smt call: ", rest)) {
      h.signature = rest;
      size_t open = rest.find('(');
      have_call = open != std::string::npos && open > 0 && rest.find(") -> ") != std::string::npos;
    } else if (take_prefix(line, "// smt leaves: ", rest)) {
      have_leaves = parse_leaves(rest, h.leaves);
    } else if (take_prefix(line, "// expect smt: ", rest)) {
      h.expect = rest;
      have_expect = !rest.empty();
    }
  }
  if (!have_hash) error = "The file does not start with \"// cairn-fuzz regression HASH\".";
  else if (!have_found)
    error = "The header has no well-formed \"// found: seed S index I, kind smt KIND, SOLVER\" line.";
  else if (!have_call) error = "The header has no well-formed \"// smt call: f(x:T) -> R\" line.";
  else if (!have_leaves) error = "The header has no well-formed \"// smt leaves:\" line (whole numbers, or none).";
  else if (!have_expect) error = "The header has no \"// expect smt:\" line.";
  else if (h.expect.rfind(h.function() + "(", 0) != 0)
    error = "The \"// expect smt:\" line does not call " + h.function() +
            ", the function of the \"// smt call:\" line.";
  else return true;
  return false;
}

}  // namespace cairn::fuzz
