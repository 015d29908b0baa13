// The expectation header of a kept case: writing, reading and checking it.
#include "fuzz/reduce/case_file.h"

#include <filesystem>
#include <sstream>

#include "base/atomic_file.h"
#include "base/sha256.h"
#include "fuzz/reduce/header_fields.h"

namespace cairn::fuzz {

namespace fs = std::filesystem;

namespace {

// "seed S index I, kind K, interp vs E"
bool parse_found(const std::string& s, CaseHeader& h) {
  std::istringstream in(s);
  std::string w_seed, seed, w_index, index, w_kind, kind, ref, vs, engine;
  if (!(in >> w_seed >> seed >> w_index >> index >> w_kind >> kind >> ref >> vs >> engine)) return false;
  if (w_seed != "seed" || w_index != "index" || w_kind != "kind" || ref != "interp" || vs != "vs") return false;
  if (index.empty() || index.back() != ',' || kind.empty() || kind.back() != ',') return false;
  index.pop_back();
  kind.pop_back();
  h.kind = kind;
  h.engine = engine;
  return parse_u64(seed, h.seed) && parse_u64(index, h.index);
}

}  // namespace

std::string case_hash(const std::string& program) { return sha256_hex(program).substr(0, 16); }

void set_expectation(CaseHeader& h, const Outcome& reference) {
  h.expect_exit = reference.exit;
  h.expect_trap = reference.end == Outcome::End::Trapped ? reference.trap : "none";
  h.expect_stdout.reset();
  h.expect_stdout_sha256.reset();
  if (reference.out.size() > kStdoutInline) h.expect_stdout_sha256 = sha256_hex(reference.out);
  else h.expect_stdout = reference.out;
}

std::string render_case(const CaseHeader& h, const std::string& program) {
  std::string s = "// cairn-fuzz regression " + h.hash + "\n";
  s += "// found: seed " + std::to_string(h.seed) + " index " + std::to_string(h.index) + ", kind " + h.kind +
       ", interp vs " + h.engine + "\n";
  s += "// observed " + h.engine + ": " + h.observed + "\n";
  s += "// expect exit: " + std::to_string(h.expect_exit) + "\n";
  s += "// expect trap: " + h.expect_trap + "\n";
  if (h.expect_stdout_sha256) s += "// expect stdout-sha256: " + *h.expect_stdout_sha256 + "\n";
  else s += "// expect stdout: " + json_string(h.expect_stdout.value_or("")) + "\n";
  return s + program;
}

bool parse_case(const std::string& file_text, CaseHeader& h, std::string& error) {
  std::istringstream in(file_text);
  std::string line, rest;
  bool have_hash = false, have_found = false, have_exit = false, have_trap = false;
  for (int n = 0; n < 12 && std::getline(in, line); ++n) {
    if (take_prefix(line, "// cairn-fuzz regression ", rest)) {
      h.hash = rest;
      have_hash = true;
    } else if (take_prefix(line, "// found: ", rest)) {
      have_found = parse_found(rest, h);
    } else if (take_prefix(line, "// observed ", rest)) {
      size_t colon = rest.find(": ");
      if (colon != std::string::npos) h.observed = rest.substr(colon + 2);
    } else if (take_prefix(line, "// expect exit: ", rest)) {
      uint64_t v = 0;
      have_exit = parse_u64(rest, v) && v <= 255;
      h.expect_exit = static_cast<int>(v);
    } else if (take_prefix(line, "// expect trap: ", rest)) {
      h.expect_trap = rest;
      have_trap = !rest.empty();
    } else if (take_prefix(line, "// expect stdout-sha256: ", rest)) {
      h.expect_stdout_sha256 = rest;
    } else if (take_prefix(line, "// expect stdout: ", rest)) {
      try {
        nlohmann::json j = nlohmann::json::parse(rest);
        if (j.is_string()) h.expect_stdout = j.get<std::string>();
      } catch (...) {
      }
    }
  }
  if (!have_hash) error = "The file does not start with \"// cairn-fuzz regression HASH\".";
  else if (!have_found) error = "The header has no well-formed \"// found:\" line.";
  else if (!have_exit) error = "The header has no well-formed \"// expect exit:\" line.";
  else if (!have_trap) error = "The header has no \"// expect trap:\" line.";
  else if (!h.expect_stdout && !h.expect_stdout_sha256) error = "The header has no well-formed \"// expect stdout:\" line.";
  else return true;
  return false;
}

bool meets_expectation(const CaseHeader& h, const Outcome& o, std::string& why) {
  std::string trap = o.end == Outcome::End::Trapped ? o.trap : "none";
  if (o.end != Outcome::End::Exited && o.end != Outcome::End::Trapped) {
    why = outcome_line(o);
    return false;
  }
  bool out_ok = h.expect_stdout_sha256 ? sha256_hex(o.out) == *h.expect_stdout_sha256 : o.out == h.expect_stdout;
  if (!out_ok) why = "stdout " + json_string(o.out);
  else if (o.exit != h.expect_exit) why = "exit " + std::to_string(o.exit);
  else if (trap != h.expect_trap) why = "trap " + trap;
  else return true;
  return false;
}

KeptCase keep_case(const std::string& dir, CaseHeader h, const std::string& program) {
  KeptCase k;
  h.hash = case_hash(program);
  k.id = h.hash;
  k.path = (fs::path(dir) / (h.hash + ".cairn")).string();
  std::error_code ec;
  if (fs::exists(k.path, ec)) {
    k.duplicate = true;
    return k;
  }
  fs::create_directories(dir, ec);
  if (!write_file_atomic(k.path, render_case(h, program), k.error)) k.path.clear();
  return k;
}

}  // namespace cairn::fuzz
