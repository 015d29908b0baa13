// Phase 5: effect rows as the least fixed point over the call graph (§13.3), with renaming at calls,
// indirect calls, recursion (diverge) and implementations joined into their reference (§17.2).
#include <set>
#include <tuple>

#include "front/check/effects_graph.h"
#include "front/check/effects_rules.h"
#include "front/check/phases.h"

namespace cairn::check {

namespace {

bool is_borrow_param(const FnInfo& fn, uint32_t p) {
  if (p >= fn.params.size() || !fn.params[p].type) return false;
  TypeKind k = fn.params[p].type->kind;
  return k == TypeKind::View || k == TypeKind::Borrow;
}

void rename_label(EffectRow& into, const FnInfo& caller, const CallEdge& call, uint32_t q, bool write) {
  if (q >= call.roots.size()) return;
  const ArgRoot& root = call.roots[q];
  switch (root.kind) {
    case ArgRoot::Kind::Param:
      if (is_borrow_param(caller, root.param)) {
        if (write) into.add_write(root.param);
        else into.add_read(root.param);
        return;
      }
      into.add(write ? Effect::LocalWrite : Effect::LocalRead);
      return;
    case ArgRoot::Kind::Local: into.add(write ? Effect::LocalWrite : Effect::LocalRead); return;
    case ArgRoot::Kind::Temp: return;
  }
}

// The callee's row as the caller sees it (§13.3); an implementation edge keeps parameters as they are.
void join_renamed(EffectRow& into, const EffectRow& callee, const CallGraph::Edge& e, const FnInfo& caller) {
  EffectRow r;
  r.fixed = callee.fixed;
  if (!e.call) {
    r.reads = callee.reads;
    r.writes = callee.writes;
  } else {
    for (uint32_t q : callee.reads) rename_label(r, caller, *e.call, q, false);
    for (uint32_t q : callee.writes) rename_label(r, caller, *e.call, q, true);
    if (!e.call->callee) {
      r.add(Effect::IndirectCall);
      r.add(Effect::Trap);
    }
  }
  into.join(r);
}

struct Solution {
  std::vector<EffectRow> rows;
  std::vector<bool> unknown;
  std::vector<uint8_t> rounds;
};

Solution solve(const CallGraph& g, const std::vector<uint8_t>& own_rounds, bool refs_unknown) {
  const size_t n = g.nodes.size();
  Solution s{std::vector<EffectRow>(n), std::vector<bool>(n, false), own_rounds};
  for (const std::vector<uint32_t>& comp : call_graph_sccs(g)) {
    bool cyclic = is_cyclic(g, comp);
    bool unknown = false;
    for (uint32_t v : comp) {
      const FnInfo& fn = *g.nodes[v];
      unknown |= !fn.body_checked || fn.body_refused || (refs_unknown && !fn.implementations.empty());
      for (const CallGraph::Edge& e : g.out[v]) unknown |= s.unknown[e.to];
      s.rows[v] = fn.own_row;
      if (cyclic) s.rows[v].add(Effect::Diverge);
      for (const CallEdge& c : fn.calls)
        if (!c.callee) {  // through a function value: indirect_call and the null-fn guard (§13.2)
          s.rows[v].add(Effect::IndirectCall);
          s.rows[v].add(Effect::Trap);
        }
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t v : comp) {
        for (const CallGraph::Edge& e : g.out[v]) {
          EffectRow before = s.rows[v];
          join_renamed(s.rows[v], s.rows[e.to], e, *g.nodes[v]);
          changed |= !(before == s.rows[v]);
          uint8_t r = s.rounds[v] | s.rounds[e.to];
          changed |= r != s.rounds[v];
          s.rounds[v] = r;
        }
      }
    }
    for (uint32_t v : comp) s.unknown[v] = unknown;
  }
  return s;
}

size_t label_count(const EffectRow& r) {
  return static_cast<size_t>(__builtin_popcount(r.fixed)) + r.reads.size() + r.writes.size();
}

}  // namespace

void infer_effects(Program& program, DiagSink& sink) {
  const bool refused_before = !sink.empty();
  std::vector<uint8_t> own_rounds;
  for (FnInfo* fn : program.body_order) own_rounds.push_back(own_float_rounding(*fn));
  CallGraph plain = build_call_graph(program, false);
  Solution body = solve(plain, own_rounds, false);
  CallGraph full = build_call_graph(program, true);
  Solution all = solve(full, own_rounds, refused_before);
  for (size_t i = 0; i < program.body_order.size(); ++i) {
    FnInfo& fn = *program.body_order[i];
    fn.body_row = body.rows[i];
    fn.rounds = body.rounds[i];
    fn.row = all.rows[i];
    fn.row_unknown = all.unknown[i];
  }
  std::set<std::tuple<int, uint32_t, uint32_t, uint32_t>> seen;
  for (FnInfo* fn : program.body_order) {
    if (fn->row_unknown) continue;
    if (label_count(fn->row) > 1024) {
      if (seen.insert({static_cast<int>(Code::EffectLimit), fn->name_pos.file, fn->name_pos.line, fn->name_pos.col}).second)
        sink.report(Code::EffectLimit, fn->name_pos, "The effect row of " + fn->name + " passes 1,024 labels.",
                    Phase::WholeProgram);
      continue;
    }
  }
  check_ceilings(program, sink);
}

}  // namespace cairn::check
