// The validation policy (tools.md §5.9): tolerance, domain, budget, seed, probes, seconds per call. Strict JSON
// of at most 200,000 bytes; every default written out when the policy is pinned in a regressions file.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "front/diag/diagnostic.h"

namespace cairn::validate {

constexpr size_t kMaxPolicyBytes = 200000;

// A closed range [lo, hi] of a parameter's values or extents, as the file writes it (integers exactly, or floats).
struct Range {
  bool is_float = false;
  // Integers: exact over the whole signed and unsigned 64-bit range.
  bool lo_negative = false, hi_negative = false;  // lo/hi below zero (then `lo`/`hi` hold the two's complement)
  uint64_t lo = 0, hi = 0;
  double flo = 0, fhi = 0;  // floats
};

struct Policy {
  double absolute = 0.0, relative = 0.0;         // tolerance: finite, >= 0
  uint64_t largest_extent = 4096;                // domain.largest_extent
  std::map<std::string, Range> extents;          // domain.extents: parameter -> [lo, hi]
  std::map<std::string, Range> values;           // domain.values: parameter -> [lo, hi]
  uint32_t budget = 256;                         // 1..4096
  uint64_t seed = 0;                             // splitmix64 seed
  uint32_t probes = 300;                         // 0..4096
  uint32_t seconds = 5;                          // per call, 1..60
};

// A refusal of a policy: the code (E-VALIDATION for a malformed file or an unknown key, E-TOLERANCE or E-DOMAIN
// for a value out of range) and one sentence naming the key.
struct PolicyError {
  Code code;
  std::string message;
};

// Strict JSON (RFC 8259): one value, nothing after it, no duplicate key in any object, valid UTF-8, arrays and
// objects nested at most 64 deep. On failure `error` holds one clause ("a duplicate key \"budget\"", or the
// parser's "parse error at line 1, column 4: ..."). Never throws.
bool parse_json_strict(const std::string& text, nlohmann::json& out, std::string& error);

// Parses a policy document (`text` is the file's bytes; `file` names it in messages). Missing keys take
// their defaults. Never throws.
std::optional<Policy> parse_policy(const std::string& text, const std::string& file, PolicyError& error);
// The same from an already parsed object (a regressions file's pinned `policy`).
std::optional<Policy> policy_from_json(const nlohmann::json& j, const std::string& file, PolicyError& error);

// Every key with its value, defaults written out, keys in a fixed order (what a regressions file pins).
nlohmann::ordered_json policy_json(const Policy& p);

// Whether `a` is weaker than `b` (fewer cases, a looser tolerance, or a domain admitting less); a different
// seed is not weaker.
bool weaker(const Policy& a, const Policy& b);

}  // namespace cairn::validate
