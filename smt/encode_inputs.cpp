// The symbolic inputs of a signature (scalars, scalar views, scalar single borrows, by-value records, sums,
// arrays and Bufs of scalars) and a model's values back into embedding-API arguments.
#include <algorithm>
#include <stdexcept>

#include "smt/encode.h"
#include "core/closed_set.h"

namespace cairn::smt {

using check::Scalar;
using check::Type;
using check::TypeKind;

namespace {

uint32_t add_leaf(Context& c, Inputs& in, const std::string& name, Scalar t) {
  in.leaves.push_back({name, t, c.var(name, scalar_sort(c, t))});
  return static_cast<uint32_t>(in.leaves.size() - 1);
}

std::string outside(const char* what, const check::ParamSig& p) {
  return std::string(what) + " (" + p.name + ": " + check::type_name(p.type) +
         ") is outside the modeled inputs";
}

const char* kind_words(const Type* t) {
  switch (t ? t->kind : TypeKind::Error) {
    case TypeKind::Record: return "a record parameter";
    case TypeKind::Sum: return "a sum parameter";
    case TypeKind::Buf: return "a Buf parameter";
    case TypeKind::Array: return "an array parameter";
    case TypeKind::Fn: return "a function-value parameter";
    case TypeKind::View: return "a view parameter of non-scalar elements";
    case TypeKind::Borrow: return "a single borrow parameter of a non-scalar";
    case TypeKind::Error: case TypeKind::Void: case TypeKind::Scalar: case TypeKind::Param: return "a parameter";
  }
  outside_closed_set("TypeKind");
}

// A view's or buffer's elements are bytes of one allocation or address space: fewer than 2^63 of them (no
// 64-bit machine maps more, and an allocation of more traps `alloc`), so its length is admitted below that.
void admit_storage(Context& c, Inputs& in, const ParamInput& pi) {
  uint64_t bytes = std::max(1u, check::scalar_bits(pi.scalar) / 8);
  in.admitted = in.admitted && ule(in.leaves[pi.leaf].term, c.bv(64, kMaxStorageBytes / bytes));
}

// A view: its length leaf, its first kWitnessElements elements as named leaves stored over an unnamed rest
// (so a model carries storage), its length the extent's term.
void add_view(Context& c, Inputs& in, ParamInput& pi, const check::ParamSig& p) {
  pi.is_view = true;
  pi.rw = p.type->rw;
  pi.scalar = p.type->elem->scalar;
  // Views with the same extent share one length term (§3.3): a literal extent is the literal itself and an
  // earlier usize parameter's is that parameter's term, so loops over the view unroll to a known trip count
  // instead of carrying a free length that only the final assertion pins down.
  const check::ExtentSpec& x = p.extent;
  Term extent;
  if (x.kind == check::ExtentSpec::Kind::Value) {
    extent = c.bv(64, x.value);
  } else if (x.kind == check::ExtentSpec::Kind::Param && x.value < in.params.size()) {
    const ParamInput& n = in.params[x.value];
    if (n.is_view || n.is_borrow || n.scalar != Scalar::Usize)
      in.unsupported = "the extent of " + p.name + " is not a usize parameter";
    else
      extent = in.leaves[n.leaf].term;
  } else if (x.kind != check::ExtentSpec::Kind::None) {
    in.unsupported = "the extent of " + p.name + " is outside the modeled inputs";
  }
  if (extent.is_null()) {
    pi.leaf = add_leaf(c, in, p.name + ".len", Scalar::Usize);
  } else {
    in.leaves.push_back({p.name + ".len", Scalar::Usize, extent});
    pi.leaf = static_cast<uint32_t>(in.leaves.size() - 1);
  }
  admit_storage(c, in, pi);
  Sort index = c.bv_sort(64);
  Term array = c.var(p.name + ".rest", c.array_sort(index, scalar_sort(c, pi.scalar)));
  for (unsigned k = 0; k < in.named; ++k) {
    uint32_t e = add_leaf(c, in, p.name + "[" + std::to_string(k) + "]", pi.scalar);
    pi.elements.push_back(e);
    array = store(array, c.bv(64, k), in.leaves[e].term);
  }
  pi.array = array;
}

// A std sum's payload names its type parameter: the instance's argument (as semantics/observed_values.cpp reads it).
const Type* payload_of(const Type* sum, size_t k) {
  const Type* p = sum->sum->variants[k].payload;
  if (p && p->kind == TypeKind::Param && p->length < sum->args.size()) return sum->args[p->length];
  return p;
}

// The leaves of a by-value value of type t named `name`, in the flattening order of §3.3; false for a type
// outside the modeled inputs (an owner, a view, a function value, an array of non-scalars).
bool add_value(Context& c, Inputs& in, ParamInput& pi, const Type* t, const std::string& name, bool top) {
  if (pi.parts.size() > kMaxLeaves) return true;  // the caller refuses the size
  switch (t ? t->kind : TypeKind::Error) {
    case TypeKind::Scalar: pi.parts.push_back(add_leaf(c, in, name, t->scalar)); return true;
    case TypeKind::Record:
      for (const check::FieldInfo& f : t->record->fields)
        if (!add_value(c, in, pi, f.type, name + "." + f.name, false)) return false;
      return true;
    case TypeKind::Sum: {
      uint32_t tag = add_leaf(c, in, name + ".tag", Scalar::U32);
      pi.parts.push_back(tag);
      if (top) in.admitted = in.admitted && ult(in.leaves[tag].term, c.bv(32, t->sum->variants.size()));
      for (size_t k = 0; k < t->sum->variants.size(); ++k)
        if (const Type* pt = payload_of(t, k))
          if (!add_value(c, in, pi, pt, name + "." + t->sum->variants[k].name, false)) return false;
      return true;
    }
    case TypeKind::Array:
      if (!t->elem || t->elem->kind != TypeKind::Scalar) return false;
      for (uint64_t k = 0; k < t->length && pi.parts.size() <= kMaxLeaves; ++k)
        pi.parts.push_back(add_leaf(c, in, name + "[" + std::to_string(k) + "]", t->elem->scalar));
      return true;
    case TypeKind::Error: case TypeKind::Void: case TypeKind::Buf: case TypeKind::View: case TypeKind::Borrow:
    case TypeKind::Fn: case TypeKind::Param: return false;
  }
  outside_closed_set("TypeKind");
}

// The embedding-API argument of a by-value value of type t from its leaves p.parts[at...].
sem::ArgValue value_arg(const Type* t, const ParamInput& p, const std::vector<uint64_t>& values, size_t& at) {
  sem::ArgValue a;
  switch (t->kind) {
    case TypeKind::Record:
      for (const check::FieldInfo& f : t->record->fields) a.parts.push_back(value_arg(f.type, p, values, at));
      return a;
    case TypeKind::Sum:
      a.bits = interp_bits(Scalar::U32, values.at(p.parts.at(at++)));
      for (size_t k = 0; k < t->sum->variants.size(); ++k)
        if (const Type* pt = payload_of(t, k)) {
          sem::ArgValue v = value_arg(pt, p, values, at);  // every variant's leaves are consumed
          if (k == a.bits) a.parts.push_back(std::move(v));
        }
      return a;
    case TypeKind::Array:
      for (uint64_t k = 0; k < t->length; ++k) a.parts.push_back(value_arg(t->elem, p, values, at));
      return a;
    case TypeKind::Scalar: a.bits = interp_bits(t->scalar, values.at(p.parts.at(at++))); return a;
    case TypeKind::Error: case TypeKind::Void: case TypeKind::Buf: case TypeKind::View: case TypeKind::Borrow:
    case TypeKind::Fn: case TypeKind::Param: throw std::logic_error("smt: args_from_values: a by-value " + check::type_name(t));
  }
  outside_closed_set("TypeKind");
}

}  // namespace

Inputs make_inputs(Context& c, const check::FnInfo& fn, unsigned named) {
  Inputs in;
  in.named = named;
  in.admitted = c.boolean(true);
  for (const check::ParamSig& p : fn.params) {
    ParamInput pi;
    pi.name = p.name;
    pi.type = p.type;
    const Type* t = p.type;
    bool scalar_elem = t && t->elem && t->elem->kind == TypeKind::Scalar;
    if (t && t->kind == TypeKind::Scalar) {
      pi.scalar = t->scalar;
      pi.leaf = add_leaf(c, in, p.name, t->scalar);
    } else if (t && t->kind == TypeKind::View && scalar_elem) {
      add_view(c, in, pi, p);
    } else if (t && t->kind == TypeKind::Borrow && scalar_elem) {
      pi.is_borrow = true;
      pi.rw = t->rw;
      pi.scalar = t->elem->scalar;
      pi.leaf = add_leaf(c, in, p.name, pi.scalar);
    } else if (t && (t->kind == TypeKind::Record || t->kind == TypeKind::Sum || t->kind == TypeKind::Array)) {
      pi.is_value = true;
      size_t first = in.leaves.size();
      if (!add_value(c, in, pi, t, p.name, true)) {
        const char* what = t->kind == TypeKind::Array ? "an array parameter of non-scalar elements"
                           : t->kind == TypeKind::Record
                               ? "a record parameter holding an owner, view, function value or array of non-scalars"
                               : "a sum parameter holding an owner, view, function value or array of non-scalars";
        in.unsupported = outside(what, p);
      } else if (in.leaves.size() - first > kMaxLeaves) {
        in.unsupported = outside("a parameter of more than 64 scalar leaves", p);
      }
    } else if (t && t->kind == TypeKind::Buf && scalar_elem) {
      pi.is_buf = true;
      pi.scalar = t->elem->scalar;
      pi.leaf = add_leaf(c, in, p.name + ".len", Scalar::Usize);
      admit_storage(c, in, pi);
      Term array = c.var(p.name + ".rest", c.array_sort(c.bv_sort(64), scalar_sort(c, pi.scalar)));
      for (unsigned k = 0; k < in.named; ++k) {
        uint32_t e = add_leaf(c, in, p.name + "[" + std::to_string(k) + "]", pi.scalar);
        pi.elements.push_back(e);
        array = store(array, c.bv(64, k), in.leaves[e].term);
      }
      pi.array = array;
    } else {
      in.unsupported = outside(kind_words(t), p);
    }
    in.params.push_back(std::move(pi));
    if (in.unsupported) break;
  }
  return in;
}

uint64_t interp_bits(Scalar t, uint64_t model_bits) {
  unsigned w = check::scalar_bits(t);
  if (t == Scalar::Bool) return model_bits & 1;
  if (w >= 64) return model_bits;
  uint64_t low = model_bits & ((uint64_t{1} << w) - 1);
  bool negative = check::scalar_is_int(t) && check::scalar_is_signed(t) && (low >> (w - 1)) != 0;
  return negative ? low | (~uint64_t{0} << w) : low;
}

std::vector<sem::ArgValue> args_from_values(const Inputs& in, const std::vector<uint64_t>& values) {
  if (values.size() != in.leaves.size()) throw std::logic_error("smt: args_from_values: one value per leaf expected");
  std::vector<sem::ArgValue> args;
  for (const ParamInput& p : in.params) {
    sem::ArgValue a;
    if (p.is_view) {
      uint64_t len = values[p.leaf];
      if (len > p.elements.size())
        throw std::logic_error("smt: args_from_values: view " + p.name + " has more than its named elements");
      a.is_view = true;
      for (uint64_t k = 0; k < len; ++k) a.elems.push_back(interp_bits(p.scalar, values[p.elements[k]]));
    } else if (p.is_buf) {
      uint64_t len = values[p.leaf];
      if (len > p.elements.size())
        throw std::logic_error("smt: args_from_values: Buf " + p.name + " has more than its named elements");
      for (uint64_t k = 0; k < len; ++k) a.elems.push_back(interp_bits(p.scalar, values[p.elements[k]]));
    } else if (p.is_value) {
      size_t at = 0;
      a = value_arg(p.type, p, values, at);
    } else {
      a.bits = interp_bits(p.scalar, values[p.leaf]);
    }
    args.push_back(std::move(a));
  }
  return args;
}

}  // namespace cairn::smt
