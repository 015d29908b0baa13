// Reading flattened returned values: one walk over the type in the flattening order of semantics/embed.cpp
// (record fields, a sum's u32 tag then every variant's payload, inline array elements; a Buf's elements as
// one array per scalar leaf of its element).
#include "semantics/observed_values.h"

#include "front/check/sema.h"
#include "core/value_format.h"
#include "core/float_bits.h"
#include "core/value_json.h"
#include "core/closed_set.h"

namespace cairn::sem {

namespace {

using check::Type;
using check::TypeKind;

// A std sum's payload names its type parameter: the instance's argument.
const Type* payload_type(const Type* sum, size_t k) {
  const Type* p = sum->sum->variants[k].payload;
  if (p && p->kind == TypeKind::Param && p->length < sum->args.size()) return sum->args[p->length];
  return p;
}

// Reads one value of `t` from leaves[i...] where `at(leaf)` gives a leaf's bits (an element of a Buf's array
// leaves, or the leaf's own bits), building JSON (`as_json`) or text.
struct Reader {
  const std::vector<sem::ObservedLeaf>& leaves;
  long element = -1;  // >= 0: read the element of each array leaf
  size_t i = 0;

  bool next(uint64_t& bits) {
    if (i >= leaves.size()) return false;
    const sem::ObservedLeaf& l = leaves[i++];
    if (element < 0) bits = l.bits;
    else bits = static_cast<size_t>(element) < l.elems.size() ? l.elems[static_cast<size_t>(element)] : 0;
    return true;
  }

  nlohmann::ordered_json json(const Type* t) {
    uint64_t bits = 0;
    switch (t->kind) {
      case TypeKind::Record: {
        nlohmann::ordered_json o = nlohmann::ordered_json::object();
        for (const check::FieldInfo& f : t->record->fields) o[f.name] = json(f.type);
        return o;
      }
      case TypeKind::Sum: {
        if (!next(bits)) return nullptr;
        nlohmann::ordered_json o;
        if (bits < t->sum->variants.size()) o["variant"] = t->sum->variants[bits].name;
        else o["tag"] = bits;
        for (size_t k = 0; k < t->sum->variants.size(); ++k)
          if (const Type* p = payload_type(t, k)) {
            nlohmann::ordered_json v = json(p);
            if (k == bits) o["value"] = v;
          }
        return o;
      }
      case TypeKind::Array: {
        nlohmann::ordered_json a = nlohmann::ordered_json::array();
        for (uint64_t k = 0; k < t->length; ++k) a.push_back(json(t->elem));
        return a;
      }
      case TypeKind::Scalar:
        if (!next(bits)) return nullptr;
        return nlohmann::ordered_json(sem::scalar_to_json(t->scalar, bits));
      case TypeKind::Error: case TypeKind::Void: case TypeKind::Buf: case TypeKind::View:
      case TypeKind::Borrow: case TypeKind::Fn: case TypeKind::Param:
        if (!next(bits)) return nullptr;
        return bits;
    }
    outside_closed_set("TypeKind");
  }

  std::string text(const Type* t) {
    uint64_t bits = 0;
    std::string out;
    switch (t->kind) {
      case TypeKind::Record:
        for (const check::FieldInfo& f : t->record->fields) out += (out.empty() ? "" : ", ") + text(f.type);
        return t->record->name + "(" + out + ")";
      case TypeKind::Sum: {
        if (!next(bits)) return "?";
        std::string name = bits < t->sum->variants.size() ? t->sum->variants[bits].name : "tag " + std::to_string(bits);
        for (size_t k = 0; k < t->sum->variants.size(); ++k)
          if (const Type* p = payload_type(t, k)) {
            std::string v = text(p);
            if (k == bits) out = "(" + v + ")";
          }
        return name + out;
      }
      case TypeKind::Array:
        for (uint64_t k = 0; k < t->length; ++k) out += (k ? ", " : "") + text(t->elem);
        return "[" + out + "]";
      case TypeKind::Scalar:
        return next(bits) ? scalar_literal(t->scalar, bits) : "?";
      case TypeKind::Error: case TypeKind::Void: case TypeKind::Buf: case TypeKind::View:
      case TypeKind::Borrow: case TypeKind::Fn: case TypeKind::Param:
        return next(bits) ? std::to_string(bits) : "?";
    }
    outside_closed_set("TypeKind");
  }
};

size_t buf_length(const std::vector<sem::ObservedLeaf>& leaves) { return leaves.empty() ? 0 : leaves[0].elems.size(); }


void flatten_arg(const Type* t, const sem::ArgValue* a, std::vector<sem::ObservedLeaf>& out) {
  auto part = [&](size_t i) { return a && i < a->parts.size() ? &a->parts[i] : nullptr; };
  switch (t->kind) {
    case TypeKind::Record:
      for (size_t i = 0; i < t->record->fields.size(); ++i) flatten_arg(t->record->fields[i].type, part(i), out);
      return;
    case TypeKind::Sum:
      out.push_back({a != nullptr, false, a ? a->bits : 0, {}});
      for (size_t k = 0; k < t->sum->variants.size(); ++k)
        if (const Type* p = payload_type(t, k)) flatten_arg(p, a && a->bits == k ? part(0) : nullptr, out);
      return;
    case TypeKind::Array:
      for (uint64_t i = 0; i < t->length; ++i) flatten_arg(t->elem, part(i), out);
      return;
    case TypeKind::Error: case TypeKind::Void: case TypeKind::Scalar: case TypeKind::Buf: case TypeKind::View:
    case TypeKind::Borrow: case TypeKind::Fn: case TypeKind::Param: out.push_back({a != nullptr, false, a ? a->bits : 0, {}}); return;
  }
}

}  // namespace

void leaf_types(const Type* t, std::vector<check::Scalar>& out) {
  switch (t->kind) {
    case TypeKind::Record:
      for (const check::FieldInfo& f : t->record->fields) leaf_types(f.type, out);
      return;
    case TypeKind::Sum:
      out.push_back(check::Scalar::U32);
      for (size_t k = 0; k < t->sum->variants.size(); ++k)
        if (const Type* p = payload_type(t, k)) leaf_types(p, out);
      return;
    case TypeKind::Array:
      for (uint64_t k = 0; k < t->length; ++k) leaf_types(t->elem, out);
      return;
    case TypeKind::Buf: leaf_types(t->elem, out); return;
    case TypeKind::Scalar: out.push_back(t->scalar); return;
    case TypeKind::Error: case TypeKind::Void: case TypeKind::View: case TypeKind::Borrow: case TypeKind::Fn:
    case TypeKind::Param: out.push_back(check::Scalar::U64); return;
  }
}

std::vector<sem::ObservedLeaf> arg_leaves(const check::Type* t, const sem::ArgValue& a) {
  std::vector<sem::ObservedLeaf> out;
  flatten_arg(t, &a, out);
  return out;
}

nlohmann::ordered_json leaves_to_json(const check::Type* t, const std::vector<sem::ObservedLeaf>& leaves) {
  if (t->kind != TypeKind::Buf) return Reader{leaves}.json(t);
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (size_t k = 0; k < buf_length(leaves); ++k) a.push_back(Reader{leaves, static_cast<long>(k)}.json(t->elem));
  return a;
}

std::string leaves_to_text(const check::Type* t, const std::vector<sem::ObservedLeaf>& leaves) {
  if (t->kind != TypeKind::Buf) return Reader{leaves}.text(t);
  std::string out;
  for (size_t k = 0; k < buf_length(leaves); ++k) out += (k ? ", " : "") + Reader{leaves, static_cast<long>(k)}.text(t->elem);
  return "[" + out + "]";
}

bool leaves_agree(const std::vector<sem::ObservedLeaf>& a, const std::vector<sem::ObservedLeaf>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].relevant != b[i].relevant || a[i].is_array != b[i].is_array) return false;
    if (!a[i].relevant) continue;
    if (a[i].is_array ? a[i].elems != b[i].elems : a[i].bits != b[i].bits) return false;
  }
  return true;
}

bool leaves_have_nan(const check::Type* t, const std::vector<sem::ObservedLeaf>& leaves) {
  std::vector<check::Scalar> types;
  leaf_types(t, types);
  for (size_t i = 0; i < leaves.size() && i < types.size(); ++i) {
    if (!leaves[i].relevant) continue;
    if (is_nan_bits(types[i], leaves[i].bits)) return true;
    for (uint64_t e : leaves[i].elems)
      if (is_nan_bits(types[i], e)) return true;
  }
  return false;
}

}  // namespace cairn::sem
