// One side of a diff, checked and lowered once by this cairn (tools.md §4.1): its functions by qualified name
// with their IR, emission, canonical text and receipt; its own types; its tests.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diff/sides.h"
#include "lower/lower.h"
#include "verify/load.h"

namespace cairn::diff {

// Where a function is written: its file relative to the repository root (base/repo_path.h; for a revision
// side, the path in the repository at that revision), its first line and column and its last line and the
// column just past its last token. Columns count Unicode code points. `file` is "" when unknown.
struct SourceAt {
  std::string file;
  uint32_t line = 0, column = 0, end_line = 0, end_column = 0;
};

// A function of the program's own code as the diff sees it.
struct FnView {
  std::string name;                        // qualified ("geo.scale[4]", "clamp")
  const check::FnInfo* info = nullptr;
  const ir::Function* ir = nullptr;        // nullptr for an uninstantiated template
  const lower::Function* low = nullptr;    // nullptr for an uninstantiated template
  bool is_template = false;                // a generic that nothing instantiates (§4.4)
  bool is_public = false;
  std::vector<std::string> param_types;    // types by position (a view's extent by parameter position)
  std::string result_type;
  nlohmann::ordered_json receipt;          // targets::function_receipt
  nlohmann::ordered_json signature;        // {params: [[name, type]], returns, public}
  std::string source_tokens;               // a template's tokens, one space apart
  SourceAt at;
};

struct Version {
  ResolvedSide side;
  smt::Side checked;                       // the front end's run and the IR (as verify holds a side)
  lower::Lowered low;
  std::map<std::string, FnView> fns;       // compared functions and templates, by name
  std::map<std::string, FnView> tests;     // test blocks, by name
  std::map<std::string, std::string> types;      // own records and sums: name -> canonical description
  std::map<std::string, bool> type_public;       // own types: name -> public
  std::map<std::string, const lower::Function*> by_symbol;  // every emitted function by C++ symbol
  std::map<const check::FnInfo*, const lower::Function*> low_of;  // every emitted function by its info
};

// Checks and lowers `side`. A refusal comes back in `refusal` (the side did not check); `version` is then
// only partly filled.
std::unique_ptr<Version> load_version(const ResolvedSide& side, std::optional<diag::Refusal>& refusal);

}  // namespace cairn::diff
