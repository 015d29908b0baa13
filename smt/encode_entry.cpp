// encode_call: one call's inputs bound to the parameters, the body encoded, and what a caller observes.
#include <stdexcept>

#include "smt/encode_state.h"
#include "core/closed_set.h"

namespace cairn::smt {

using check::Scalar;
using enc::SVal;

namespace {

struct Bound {
  std::vector<SVal> args;
  std::vector<uint32_t> cells;  // per parameter: the cell of a view's storage or a borrow's target
};

// A by-value record, sum or array from its leaves p.parts[at...] (the order make_inputs made them in).
SVal value_of(enc::Encoder& e, const check::Type* t, const Inputs& in, const ParamInput& p, size_t& at) {
  auto next = [&] { return in.leaves.at(p.parts.at(at++)).term; };
  SVal v;
  switch (t->kind) {
    case check::TypeKind::Scalar: return enc::scalar_val(next());
    case check::TypeKind::Record:
      v.k = SVal::K::Record;
      for (const auto& f : t->record->fields) v.parts.push_back(value_of(e, f.type, in, p, at));
      return v;
    case check::TypeKind::Sum:
      v.k = SVal::K::Sum;
      v.t = next();
      for (size_t k = 0; k < t->sum->variants.size(); ++k) {
        const check::Type* pt = enc::payload_type(e.prog, t, k);
        v.parts.push_back(pt ? value_of(e, pt, in, p, at) : SVal{});
      }
      return v;
    case check::TypeKind::Array: {
      if (!t->elem || t->elem->kind != check::TypeKind::Scalar) enc::refuse("an array parameter of non-scalar elements");
      v.k = SVal::K::Store;
      v.elem = t->elem;
      v.t = e.c.bv(64, t->length);
      Term a = const_array(e.c.array_sort(e.c.bv_sort(64), scalar_sort(e.c, t->elem->scalar)),
                           e.dom.lit(t->elem->scalar, 0));
      for (uint64_t k = 0; k < t->length; ++k) a = store(a, e.c.bv(64, k), next());
      v.arrays = {a};
      return v;
    }
    case check::TypeKind::Error: case check::TypeKind::Void: case check::TypeKind::Buf:
    case check::TypeKind::View: case check::TypeKind::Borrow: case check::TypeKind::Fn:
    case check::TypeKind::Param: enc::refuse("internal: a by-value input of type " + check::type_name(t));
  }
  outside_closed_set("TypeKind");
}

Bound bind_inputs(enc::Encoder& e, const ir::Function& fn, const Inputs& in) {
  const check::FnInfo& info = *fn.info;
  if (info.params.size() != in.params.size()) enc::refuse("internal: the signature does not match the inputs");
  Bound b;
  for (size_t i = 0; i < in.params.size(); ++i) {
    const ParamInput& p = in.params[i];
    const check::Type* t = info.params[i].type;
    b.cells.push_back(0);
    if (p.is_value) {
      size_t at = 0;
      b.args.push_back(value_of(e, t, in, p, at));
      if (at != p.parts.size()) enc::refuse("internal: a by-value input's leaves do not match its type");
      continue;
    }
    Term leaf = in.leaves.at(p.leaf).term;
    if (p.is_buf) {
      SVal s;
      s.k = SVal::K::Store;
      s.elem = t->elem;
      s.t = leaf;
      s.arrays = {p.array};
      b.args.push_back(std::move(s));
      continue;
    }
    if (p.is_view) {
      if (!t || t->kind != check::TypeKind::View) enc::refuse("internal: a view input for a non-view parameter");
      SVal s;
      s.k = SVal::K::Store;
      s.elem = t->elem;
      s.t = leaf;
      s.arrays = {p.array};
      SVal v;
      v.k = SVal::K::View;
      v.loc = enc::Loc{e.new_cell(std::move(s)), {}};
      v.t = e.c.bv(64, 0);
      v.len = leaf;
      b.cells.back() = v.loc.cell;
      b.args.push_back(std::move(v));
    } else if (p.is_borrow) {
      SVal v;
      v.k = SVal::K::Borrow;
      v.loc = enc::Loc{e.new_cell(enc::scalar_val(leaf)), {}};
      b.cells.back() = v.loc.cell;
      b.args.push_back(std::move(v));
    } else {
      b.args.push_back(enc::scalar_val(leaf));
    }
  }
  return b;
}

class Observer {
 public:
  Observer(enc::Encoder& e, std::vector<Observed>& out) : e_(e), out_(out) {}

  void value(const std::string& name, const check::Type* t, const SVal& v, Term relevant) {
    switch (t ? t->kind : check::TypeKind::Error) {
      case check::TypeKind::Void: return;
      case check::TypeKind::Scalar: return leaf(name, t->scalar, relevant, v.t);
      case check::TypeKind::Record:
        for (size_t i = 0; i < t->record->fields.size(); ++i)
          value(name + "." + t->record->fields[i].name, t->record->fields[i].type, v.parts.at(i), relevant);
        return;
      case check::TypeKind::Sum:
        leaf(name, Scalar::U32, relevant, v.t);
        for (size_t k = 0; k < t->sum->variants.size(); ++k)
          if (const check::Type* pt = enc::payload_type(e_.prog, t, k))
            value(name + "." + t->sum->variants[k].name, pt, v.parts.at(k),
                  relevant && eq(v.t, e_.c.bv(32, k)));
        return;
      case check::TypeKind::Array:
        for (uint64_t k = 0; k < t->length; ++k) {
          if (out_.size() > kMaxLeaves) break;
          value(name + "[" + std::to_string(k) + "]", t->elem, e_.read_elem(v, e_.c.bv(64, k)), relevant);
        }
        return;
      case check::TypeKind::Error: case check::TypeKind::Buf: case check::TypeKind::View:
      case check::TypeKind::Borrow: case check::TypeKind::Fn: case check::TypeKind::Param: enc::refuse("an observed value of type " + check::type_name(t));
    }
  }

  // A returned Buf: one array per scalar leaf of its element, below its length.
  void owner(const std::string& name, const check::Type* t, const SVal& v) {
    std::vector<Scalar> leaves;
    enc::leaf_scalars(e_.prog, t->elem, leaves, false);
    for (size_t j = 0; j < leaves.size(); ++j)
      array(leaves.size() == 1 ? name : name + "#" + std::to_string(j), leaves[j], v.arrays.at(j), v.t);
  }

  void leaf(const std::string& name, Scalar s, Term relevant, Term value) {
    if (out_.size() >= kMaxLeaves) enc::refuse("a value of more than 64 scalar leaves");
    Observed o;
    o.name = name;
    o.type = s;
    o.relevant = relevant;
    o.value = value;
    out_.push_back(std::move(o));
  }

  void array(const std::string& name, Scalar s, Term storage, Term length) {
    Observed o;
    o.name = name;
    o.type = s;
    o.is_array = true;
    o.relevant = e_.c.boolean(true);
    o.array = storage;
    o.length = length;
    out_.push_back(std::move(o));
  }

 private:
  enc::Encoder& e_;
  std::vector<Observed>& out_;
};

void observe(enc::Encoder& e, const ir::Function& fn, const Inputs& in, const Bound& b, const SVal& ret,
             std::vector<Observed>& out) {
  Observer ob(e, out);
  const check::Type* rt = fn.info->result;
  bool has_result = rt && rt->kind != check::TypeKind::Void;
  // A function no input returns from (every path traps) still has the shape of its result.
  SVal r = has_result && ret.k == SVal::K::None ? e.zero(rt) : ret;
  if (rt && rt->kind == check::TypeKind::Buf) ob.owner("return", rt, r);
  else ob.value("return", rt, r, e.c.boolean(true));
  for (size_t i = 0; i < in.params.size(); ++i) {
    const ParamInput& p = in.params[i];
    if (!p.rw) continue;
    const SVal& cell = e.cells.at(b.cells[i]);
    if (p.is_view) ob.array(p.name, p.scalar, cell.arrays.at(0), cell.t);
    else ob.leaf(p.name, p.scalar, e.c.boolean(true), cell.t);
  }
}

Encoded refused(Context& c, const std::string& why) {
  Encoded out;
  out.trapped = c.boolean(false);
  out.trap_kind = trap_kind_term(c, check::TrapKind::Overflow);
  out.past_bound = c.boolean(false);
  out.loop_facts = c.boolean(true);
  out.unsupported = why;
  return out;
}

}  // namespace

Encoded encode_call(Context& c, const ir::Module& m, const ir::Function& fn, const Inputs& in,
                    const EncodeOptions& options) {
  if (in.unsupported) return refused(c, *in.unsupported);
  try {
    enc::Encoder e(c, m);
    e.summarize = options.summarize_loops;
    e.loop_plans = options.loop_plans;
    e.unroll = options.unroll;
    e.abstract_recursion = options.abstract_recursion;
    e.recursion_depth = options.recursion_depth;
    Bound b = bind_inputs(e, fn, in);
    for (size_t i = 0; i < in.params.size(); ++i)
      if (in.params[i].is_view || in.params[i].is_borrow) e.cell_names[b.cells[i]] = in.params[i].name;
    std::vector<SVal> args = b.args;
    SVal ret = e.invoke(fn, std::move(args));
    Encoded out;
    TrapOutcome t = first_failing(c, e.dom.guards);
    out.trapped = t.trapped;
    out.trap_kind = t.kind;
    out.past_bound = e.past_bound;
    observe(e, fn, in, b, ret, out.observed);
    e.check_limits();
    out.loops = std::move(e.summaries);
    out.loop_facts = e.loop_facts.is_null() ? c.boolean(true) : e.loop_facts;
    out.calls = std::move(e.abstract_calls);
    return out;
  } catch (const enc::Unsupported& u) {
    return refused(c, u.what);
  } catch (const std::exception& ex) {
    return refused(c, std::string("internal: ") + ex.what());
  }
}

}  // namespace cairn::smt
