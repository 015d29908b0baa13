// Loop summaries for relational proofs (encode.h LoopSummary): a top-level loop of the encoded function becomes one
// iteration from a havocked head state. The leaves an iteration may change are found by running the iteration and
// comparing, until the set settles: a leaf left out would be assumed equal to its entry value in every iteration.
#include <map>
#include <set>

#include "front/check/expr_info.h"
#include "smt/encode_state.h"
#include "smt/planted_defect.h"

namespace cairn::smt::enc {

namespace {

constexpr int kSettleRounds = 6;

// The scalar and array leaves of a value, as pointers into it, in a fixed order.
void leaf_slots(SVal& v, std::vector<Term*>& out, std::vector<std::string>& names, const std::string& name) {
  switch (v.k) {
    case SVal::K::None:
    case SVal::K::Borrow: return;
    case SVal::K::Scalar:
      out.push_back(&v.t);
      names.push_back(name);
      return;
    case SVal::K::Record:
      for (size_t i = 0; i < v.parts.size(); ++i) leaf_slots(v.parts[i], out, names, name + "." + std::to_string(i));
      return;
    case SVal::K::Sum:
      out.push_back(&v.t);
      names.push_back(name + ".tag");
      for (size_t i = 0; i < v.parts.size(); ++i) leaf_slots(v.parts[i], out, names, name + "." + std::to_string(i));
      return;
    case SVal::K::Store:
      out.push_back(&v.t);
      names.push_back(name + ".len");
      for (size_t i = 0; i < v.arrays.size(); ++i) {
        out.push_back(&v.arrays[i]);
        names.push_back(v.arrays.size() == 1 ? name + "[*]" : name + "#" + std::to_string(i) + "[*]");
      }
      return;
    case SVal::K::View:
      out.push_back(&v.t);
      names.push_back(name + ".offset");
      out.push_back(&v.len);
      names.push_back(name + ".len");
      return;
  }
}

bool same_loc(const Loc& a, const Loc& b) {
  if (a.cell != b.cell || a.steps.size() != b.steps.size()) return false;
  for (size_t i = 0; i < a.steps.size(); ++i) {
    const Step& x = a.steps[i];
    const Step& y = b.steps[i];
    if (x.is_index != y.is_index || x.field != y.field || (x.is_index && !same(x.at, y.at))) return false;
  }
  return true;
}

// Two values of one cell have the same shape (the kinds, part counts and places of views and borrows).
bool same_shape(const SVal& a, const SVal& b) {
  if (a.k != b.k || a.parts.size() != b.parts.size() || a.arrays.size() != b.arrays.size()) return false;
  if ((a.k == SVal::K::View || a.k == SVal::K::Borrow) && !same_loc(a.loc, b.loc)) return false;
  for (size_t i = 0; i < a.parts.size(); ++i)
    if (!same_shape(a.parts[i], b.parts[i])) return false;
  return true;
}

}  // namespace

// A top-level loop: one summary, or (a split plan) two over the same loop: steps of `factor` iterations while that
// many remain, then single iterations from where the first left off.
void Encoder::summarize_loop(const Node* n) {
  LoopHead h = loop_head(n);  // evaluated once, before the first iteration, as the program does
  const size_t source = source_loops++;
  LoopPlan plan = source < loop_plans.size() ? loop_plans[source] : LoopPlan{};
  if (plan.factor < 2) plan.factor = 1;
  if (plan.twice) return summarize_twice(n, h, source);
  if (!plan.split || plan.factor == 1) {
    summarize_phase(n, h, Phase{source, plan.factor, false, usize_lit(c, 0)});
    return;
  }
  if (n->kind == Kind::While) refuse("a while loop split into steps (its iterations have no number to plan by)");
  Phase first{source, plan.factor, true, usize_lit(c, 0)};
  Term returned = frames.back().returned;
  PhaseEnd end = summarize_phase(n, h, first);
  // The second phase's head state stands for every input's cells after the first; one that left by break or
  // return would keep its own, so such loops are not split.
  if (!end.brk.is_false() || !same(returned, frames.back().returned))
    refuse("a loop split into steps that breaks or returns");
  active = end.exits;
  PhaseEnd rest = summarize_phase(n, h, Phase{source, 1, false, end.k * usize_lit(c, plan.factor)});
  active = rest.exits || rest.brk;
}

// LoopPlan::twice: the loop, then the loop again from the state it started in; where both leave, their states are
// equal leaf by leaf (a fact of the program, which is deterministic, recorded in loop_facts).
void Encoder::summarize_twice(const Node* n, const LoopHead& h, size_t source) {
  const std::vector<SVal> at_entry = cells;
  Term returned = frames.back().returned;
  PhaseEnd first = summarize_phase(n, h, Phase{source, 1, false, usize_lit(c, 0)});
  if (!first.brk.is_false() || !same(returned, frames.back().returned))
    refuse("a loop run twice that breaks or returns");
  const std::vector<SVal> after_first = cells;
  for (size_t cell = 0; cell < at_entry.size(); ++cell) cells[cell] = at_entry[cell];
  active = first.exits;
  PhaseEnd second = summarize_phase(n, h, Phase{source, 1, false, usize_lit(c, 0)});
  Term equal = c.boolean(true);
  for (size_t cell = 0; cell < at_entry.size(); ++cell) {
    if (at_entry[cell].k == SVal::K::None) continue;
    SVal a = after_first[cell], b = cells[cell];
    if (!same_shape(a, b)) refuse("a loop run twice whose values change shape");
    std::vector<Term*> x, y;
    std::vector<std::string> names;
    leaf_slots(a, x, names, "");
    leaf_slots(b, y, names, "");
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) equal = equal && eq(*x[i], *y[i]);
  }
  Term fact = implies(first.exits && second.exits, equal);
  loop_facts = loop_facts.is_null() ? fact : loop_facts && fact;
  active = second.exits || second.brk;
}

// One summary of loop `n` (encode.h LoopSummary), from the iteration number `ph.offset` on.
Encoder::PhaseEnd Encoder::summarize_phase(const Node* n, const LoopHead& h, const Phase& ph) {
  const size_t entry_cells = cells.size();
  const std::vector<SVal> at_entry = cells;
  const Term entry_active = active, entry_past = past_bound;
  const std::vector<Frame> entry_frames = frames;
  const size_t entry_guards = dom.guards.size();
  const size_t j = summaries.size();
  Term k = c.var("loop" + std::to_string(j) + ".k", c.bv_sort(64));
  const unsigned factor = ph.factor;
  const bool ranged = n->kind != Kind::While;
  // Iteration factor * k + m of this phase, and whether it runs: a range's iteration numbers are below its span
  // (a usize), so where the number would wrap no such iteration runs (that head is unreachable). A while loop's
  // condition does not read k.
  auto number = [&](unsigned m) {
    Term at = factor == 1 ? k : k_add(k * usize_lit(c, factor), usize_lit(c, m));
    return k_add(ph.offset, at);
  };
  auto runs = [&](unsigned m) {
    Term cnd = loop_condition(n, h, number(m));
    if (ranged && factor > 1) cnd = cnd && ule(k, usize_lit(c, (~uint64_t{0} - m) / factor));
    if (ranged && !(ph.offset.kind() == TermKind::BvConst && ph.offset.p0() == 0)) cnd = cnd && ule(ph.offset, number(m));
    return cnd;
  };

  const ir::Function* fn = frames.back().fn;
  auto name_of = [&](size_t cell) {
    auto it = cell_names.find(static_cast<uint32_t>(cell));
    if (it != cell_names.end()) return it->second;
    uint32_t base = frames.back().base;
    if (cell >= base && fn && fn->info && fn->info->body) {
      size_t slot = cell - base;
      for (const auto& l : fn->info->body->locals)
        if (l && l->id == slot) return l->name;
    }
    return "cell" + std::to_string(cell);
  };

  std::set<std::pair<size_t, size_t>> state;  // (cell, leaf) an iteration may change
  std::set<std::pair<size_t, size_t>> dropped;  // the planted defect's (tests only)
  for (int round = 0; round < kSettleRounds; ++round) {
    const size_t round_start = c.size();
    cells = at_entry;
    active = entry_active;
    past_bound = entry_past;
    frames = entry_frames;
    dom.guards.resize(entry_guards);
    // The head state: the leaves found so far, fresh.
    LoopSummary sum;
    sum.line = n->pos.line;
    sum.kind = n->kind == Kind::While ? "while" : n->kind == Kind::ForRange ? "for" : "for-each";
    sum.reach = entry_active;
    sum.k = k;
    sum.source = static_cast<uint32_t>(ph.source);
    if (n->kind == Kind::ForRange) sum.span = k_sub(ite(h.nonempty, h.span, usize_lit(c, 0)), ph.offset);
    if (n->kind == Kind::ForEach) sum.span = k_sub(h.view.len, ph.offset);
    std::map<std::pair<size_t, size_t>, size_t> leaf_at;
    for (const auto& [cell, leaf] : state) {
      std::vector<Term*> slots;
      std::vector<std::string> names;
      leaf_slots(cells[cell], slots, names, name_of(cell));
      LoopSummary::Leaf l;
      l.entry = *slots.at(leaf);
      l.head = c.fresh("loop" + std::to_string(j) + "." + names.at(leaf), l.entry.sort());
      l.name = names.at(leaf);
      *slots.at(leaf) = l.head;
      leaf_at[{cell, leaf}] = sum.leaves.size();
      sum.leaves.push_back(std::move(l));
    }
    const std::vector<SVal> at_head = cells;
    // One step from the head, as exec_loop's unrolled iterations run: its first iteration where the loop's
    // condition holds, each further one (factor > 1) where it still does; once it does not, the step idles. A
    // strict step (the first phase of a split) runs only where all `factor` iterations do, and leaves otherwise.
    frames.back().loops.push_back({c.boolean(false), c.boolean(false)});
    sum.factor = factor;
    sum.strict = ph.strict;
    Term exits, idle = c.boolean(false);
    if (ph.strict) {
      Term all = c.boolean(true);
      for (unsigned m = 0; m < factor; ++m) all = all && runs(m);
      exits = active && !all;
      active = active && all;
    }
    for (unsigned m = 0; m < factor; ++m) {
      if (!ph.strict) {
        Term cnd = runs(m);
        if (m == 0) exits = active && !cnd;
        else idle = idle || (active && !cnd);
        active = active && cnd;
      }
      if (active.is_false()) break;
      loop_bind(n, h, number(m));
      loop_body(loop_body_of(n));
    }
    sum.cont = active || idle;
    Term brk = frames.back().loops.back().brk;
    frames.back().loops.pop_back();
    // Which leaves of the cells that existed at entry changed; cells made in the iteration are its own.
    bool settled = true;
    for (size_t cell = 0; cell < entry_cells; ++cell) {
      SVal& now = cells[cell];
      const SVal& head = at_head[cell];
      if (head.k == SVal::K::None) continue;  // bound in the iteration (a let inside the body): not state
      if (!same_shape(head, now)) refuse("a loop changes the shape of a value it holds (" + name_of(cell) + ")");
      SVal head_copy = head;
      std::vector<Term*> before, after;
      std::vector<std::string> names, ignored;
      leaf_slots(head_copy, before, names, name_of(cell));
      leaf_slots(now, after, ignored, name_of(cell));
      for (size_t leaf = 0; leaf < before.size(); ++leaf) {
        auto key = std::make_pair(cell, leaf);
        auto it = leaf_at.find(key);
        if (it != leaf_at.end()) {
          sum.leaves[it->second].post = *after[leaf];
        } else if (!same(*before[leaf], *after[leaf])) {
          // The planted defect (tests only): the first changed value is not havocked, as if unchanged.
          if (active_test_defect() == TestDefect::SummaryDropsLeaf && state.empty() && !dropped.count(key)) {
            dropped.insert(key);
            continue;
          }
          if (dropped.count(key)) continue;
          state.insert(key);
          settled = false;
        }
      }
    }
    if (!settled) {
      term_base += c.size() - round_start;  // a discarded round's terms are not the encoding's
      continue;
    }
    // Execution goes on after the loop from this iteration, under the inputs that leave the loop in it.
    active = exits || brk;
    summaries.push_back(std::move(sum));
    return PhaseEnd{k, exits, brk};
  }
  refuse("a loop whose changed state does not settle in " + std::to_string(kSettleRounds) + " rounds");
}

}  // namespace cairn::smt::enc
