// Phase 5: ceilings (§13.4); collector operands (§8.16) are judged by flow_collector_ceiling.cpp.
#include <algorithm>
#include <set>
#include <tuple>

#include "front/check/effects_rules.h"

namespace cairn::check {

namespace {

using Key = std::tuple<int, uint32_t, uint32_t, uint32_t>;
Key key(Code c, Pos p) { return {static_cast<int>(c), p.file, p.line, p.col}; }

std::vector<std::string> param_names(const FnInfo& fn) {
  std::vector<std::string> out;
  for (const ParamSig& p : fn.params) out.push_back(p.name);
  return out;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
  return s;
}

// The labels of `row` that the function's ceiling does not admit.
EffectRow excess(const FnInfo& fn, const EffectRow& row) {
  EffectRow out;
  out.fixed = row.fixed & ~fn.ceiling_row.fixed;
  if (!fn.ceiling_has_pure)
    for (uint32_t r : row.reads)
      if (!std::binary_search(fn.ceiling_row.reads.begin(), fn.ceiling_row.reads.end(), r)) out.add_read(r);
  for (uint32_t w : row.writes)
    if (!std::binary_search(fn.ceiling_row.writes.begin(), fn.ceiling_row.writes.end(), w)) out.add_write(w);
  return out;
}

}  // namespace

void check_ceilings(Program& program, DiagSink& sink) {
  std::set<Key> seen;
  for (FnInfo* fn : program.body_order) {
    if (fn->ceiling == Ceiling::None || fn->row_unknown || !fn->body_checked || fn->body_refused) continue;
    // A reference is judged on its own body; its implementations answer to E-IMPL-EFFECT (§17.2).
    const EffectRow& row = fn->implementations.empty() ? fn->row : fn->body_row;
    EffectRow over = excess(*fn, row);
    if (over == EffectRow{}) continue;
    if (!seen.insert(key(Code::EffectCeiling, fn->name_pos)).second) continue;
    sink.report(Code::EffectCeiling, fn->name_pos,
                fn->name + " exceeds its declared effects: " + join(row_labels(over, param_names(*fn))) + ".",
                Phase::WholeProgram);
  }
}

}  // namespace cairn::check
