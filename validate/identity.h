// The identity of a validation (tools.md §5.10): digests of what it depends on, so a later reader (a history, a
// tuner) can tell whether a recorded result still holds.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "front/driver/driver.h"
#include "validate/policy.h"

namespace cairn::validate {

// `source`: the reference and the implementation as written, with every function they call (transitively),
// each as its item's text under its qualified name.
std::string source_digest(const driver::CheckRun& run, const check::FnInfo& ref, const check::FnInfo& impl);
// `contract`: the pinned policy and the agreement rules.
std::string contract_digest(const Policy& policy);
// `compiler`: this cairn (version and commit, which fix the translator), the runtime headers, and the C++
// compiler's name and version.
std::string compiler_digest(const std::string& cairn_id, const std::string& cxx, const std::string& cxx_version);
// `target`: the target's description.
std::string target_digest(const nlohmann::ordered_json& target);
// `artifact`: the two built programs.
std::string artifact_digest(const std::string& base_sha256, const std::string& selected_sha256);

}  // namespace cairn::validate
