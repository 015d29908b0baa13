// The encoder's loops and collectors: kUnrollBound iterations each, exits merged per iteration, and the
// residual `past_bound` where an input would start one more (tools.md §3.3 "Loops").
#include "smt/encode_state.h"

namespace cairn::smt::enc {

using check::Scalar;

namespace {

// Collects the inputs that leave a loop normally, iteration by iteration. The condition of iteration
// kUnrollBound (the 17th) is evaluated as the program does (a trap there is exactly modeled): where it holds,
// the input would run past the bound (`past_bound`) and leaves the encoding.
struct Unroll {
  Encoder& e;
  Term exits;
  explicit Unroll(Encoder& enc) : e(enc), exits(enc.c.boolean(false)) {}
  // Enters iteration k where `cnd` holds, the others leave; false: no iteration k is encoded.
  bool enter(Term cnd, unsigned k) {
    exits = exits || (e.active && !cnd);
    e.active = e.active && cnd;
    if (k < e.unroll) return true;
    e.past_bound = e.past_bound || e.active;
    e.active = e.c.boolean(false);
    return false;
  }
};

Term iteration_lit(Context& c, unsigned k) { return usize_lit(c, k); }

}  // namespace

// One iteration's body: a continue ends the iteration, not the loop.
void Encoder::loop_body(const Node* body) {
  frames.back().loops.back().cont = c.boolean(false);
  if (!active.is_false()) exec(body);
  active = active || frames.back().loops.back().cont;
}

// What a loop evaluates once, before its first iteration: a range's bounds, the view a for-each walks.
LoopHead Encoder::loop_head(const Node* n) {
  LoopHead h;
  if (n->kind == Kind::ForRange) {
    Term lo = scalar(n->kids[0]);
    Term hi = scalar(n->kids[1]);
    // Iteration k runs when lo + k < hi, written without the wrap of lo + k.
    h.lo = lo;
    h.nonempty = k_ult(lo, hi);
    h.span = k_sub(hi, lo);
  } else if (n->kind == Kind::ForEach) {
    h.view = view(n->kids[0]);
  }
  return h;
}

// Whether iteration k (a usize term) runs, evaluated as the program does at the start of that iteration.
Term Encoder::loop_condition(const Node* n, const LoopHead& h, Term k) {
  if (n->kind == Kind::ForRange) return h.nonempty && k_ult(k, h.span);
  if (n->kind == Kind::ForEach) return k_ult(k, h.view.len);
  return scalar(n->kids[0]);  // while
}

// The bindings of iteration k (entered): a range's variable, a for-each's element and index.
void Encoder::loop_bind(const Node* n, const LoopHead& h, Term k) {
  if (n->kind == Kind::ForRange) {
    set_slot(n->slot, scalar_val(k_add(h.lo, k)));
  } else if (n->kind == Kind::ForEach) {
    const SVal& v = h.view;
    SVal store = read(v.loc);
    Term at = k_add(v.t, k);
    // The element read's own guard: the storage must hold the element (true of every view the model builds,
    // so it is skipped where that is syntactic).
    bool whole = v.t.kind() == TermKind::BvConst && v.t.p0() == 0 && same(store.t, v.len);
    if (!whole) guard(!ult(at, store.t), check::TrapKind::Bounds);
    set_slot(n->slot2, scalar_val(k));
    set_slot(n->slot, read_elem(store, at));
  }
}

const Node* loop_body_of(const Node* n) { return n->kind == Kind::ForRange ? n->kids[2] : n->kids[1]; }

// A while, for or for-each loop: unrolled kUnrollBound iterations, or, for a top-level loop of the function
// a relational proof compares, one symbolic iteration from a havocked state (encode_summary.cpp).
void Encoder::exec_loop(const Node* n) {
  if (summarize && frames.size() == 1 && frames.back().loops.empty()) return summarize_loop(n);
  LoopHead h = loop_head(n);
  frames.back().loops.push_back({c.boolean(false), c.boolean(false)});
  Unroll u(*this);
  for (unsigned k = 0; k <= unroll && !active.is_false(); ++k) {
    Term i = iteration_lit(c, k);
    if (!u.enter(loop_condition(n, h, i), k)) break;
    loop_bind(n, h, i);
    loop_body(loop_body_of(n));
  }
  active = u.exits || frames.back().loops.back().brk;
  frames.back().loops.pop_back();
}

SVal Encoder::eval_reduce(const Node* n) {
  Term lo = scalar(n->kids[0]);
  Term hi = scalar(n->kids[1]);
  Scalar sc = n->sc;
  const sem::FoldRow& fold = sem::fold_row(n->fold);
  Term acc = dom.lit(fold.logical ? Scalar::Bool : sc, sem::reduce_identity(n->fold, sc));
  Term nonempty = k_ult(lo, hi), span = k_sub(hi, lo);
  Unroll u(*this);
  for (unsigned k = 0; k <= unroll && !active.is_false(); ++k) {
    if (!u.enter(nonempty && k_ult(iteration_lit(c, k), span), k)) break;
    set_slot(n->slot, scalar_val(k_add(lo, iteration_lit(c, k))));
    Term e = scalar(n->kids[2]);
    Term next = n->fold == sem::Fold::And  ? (acc && e)
                : n->fold == sem::Fold::Or ? (acc || e)
                                           : apply(n->op, sc, sc, acc, e);
    acc = ite(active, next, acc);
  }
  active = u.exits;
  return scalar_val(acc);
}

// compact: the predicate once per index, the projection and the store (at the running count) only where it
// selects, the count returned (§3.3 "Collectors").
SVal Encoder::eval_compact(const Node* n) {
  Loc out = place(n->kids[0]);
  bool out_is_view = n->kids[0]->type && n->kids[0]->type->kind == TypeKind::View;
  Term lo = scalar(n->kids[1]);
  Term hi = scalar(n->kids[2]);
  Term count = usize_lit(c, 0);
  Term nonempty = k_ult(lo, hi), span = k_sub(hi, lo);
  Unroll u(*this);
  for (unsigned k = 0; k <= unroll && !active.is_false(); ++k) {
    if (!u.enter(nonempty && k_ult(iteration_lit(c, k), span), k)) break;
    set_slot(n->slot, scalar_val(k_add(lo, iteration_lit(c, k))));
    Term selects = scalar(n->kids[3]);
    Term before = active;
    active = before && selects;
    if (!active.is_false()) {
      SVal v = eval(n->kids[4]);
      SVal o = read(out);
      guard(!ult(count, out_is_view ? o.len : o.t), check::TrapKind::Bounds);
      Loc dst = out;
      if (out_is_view) dst = element_of(o, count);
      else dst.steps.push_back(Step{true, 0, count});
      write(dst, v);
      count = ite(active, k_add(count, usize_lit(c, 1)), count);
    }
    active = (before && !selects) || active;
  }
  active = u.exits;
  return scalar_val(count);
}

}  // namespace cairn::smt::enc
