// The type table: interning, names, kinds, sizes.
#include "front/check/types.h"

#include "front/check/sema.h"

namespace cairn::check {

bool scalar_from_name(const std::string& name, Scalar* out) {
  for (size_t i = 0; i < std::size(kScalarRows); ++i)
    if (name == kScalarRows[i].name) {
      *out = static_cast<Scalar>(i);
      return true;
    }
  return false;
}

TypeTable::TypeTable() {
  Type e;
  e.kind = TypeKind::Error;
  error_ = intern(e);
  Type v;
  v.kind = TypeKind::Void;
  void_ = intern(v);
  for (size_t i = 0; i < std::size(kScalarRows); ++i) {
    Type s;
    s.kind = TypeKind::Scalar;
    s.scalar = static_cast<Scalar>(i);
    scalars_.push_back(intern(s));
  }
}

const Type* TypeTable::intern(Type t) {
  auto key = std::make_tuple(static_cast<int>(t.kind), static_cast<int>(t.scalar),
                             t.record ? static_cast<const void*>(t.record) : static_cast<const void*>(t.sum),
                             static_cast<const void*>(t.elem), t.args, t.length, t.rw);
  auto it = index_.find(key);
  if (it != index_.end()) return it->second;
  storage_.push_back(std::move(t));
  const Type* p = &storage_.back();
  index_.emplace(std::move(key), p);
  return p;
}

const Type* TypeTable::record(const RecordInfo* r) {
  Type t;
  t.kind = TypeKind::Record;
  t.record = r;
  return intern(t);
}
const Type* TypeTable::sum(const SumInfo* s, std::vector<const Type*> args) {
  Type t;
  t.kind = TypeKind::Sum;
  t.sum = s;
  t.args = std::move(args);
  return intern(t);
}
const Type* TypeTable::buf(const Type* elem) {
  Type t;
  t.kind = TypeKind::Buf;
  t.elem = elem;
  return intern(t);
}
const Type* TypeTable::array(const Type* elem, uint64_t length) {
  Type t;
  t.kind = TypeKind::Array;
  t.elem = elem;
  t.length = length;
  return intern(t);
}
const Type* TypeTable::view(const Type* elem, bool rw) {
  Type t;
  t.kind = TypeKind::View;
  t.elem = elem;
  t.rw = rw;
  return intern(t);
}
const Type* TypeTable::borrow(const Type* elem, bool rw) {
  Type t;
  t.kind = TypeKind::Borrow;
  t.elem = elem;
  t.rw = rw;
  return intern(t);
}
const Type* TypeTable::fn(std::vector<const Type*> params, const Type* result) {
  Type t;
  t.kind = TypeKind::Fn;
  t.args = std::move(params);
  t.elem = result;
  return intern(t);
}
const Type* TypeTable::param(uint64_t index) {
  Type t;
  t.kind = TypeKind::Param;
  t.length = index;
  return intern(t);
}

const Type* TypeTable::substitute(const Type* t, const std::vector<const Type*>& args) {
  switch (t->kind) {
    case TypeKind::Param: return t->length < args.size() ? args[t->length] : error_;
    case TypeKind::Sum: {
      std::vector<const Type*> a;
      for (auto* x : t->args) a.push_back(substitute(x, args));
      return sum(t->sum, std::move(a));
    }
    case TypeKind::Buf: return buf(substitute(t->elem, args));
    case TypeKind::Array: return array(substitute(t->elem, args), t->length);
    case TypeKind::View: return view(substitute(t->elem, args), t->rw);
    case TypeKind::Borrow: return borrow(substitute(t->elem, args), t->rw);
    case TypeKind::Fn: {
      std::vector<const Type*> a;
      for (auto* x : t->args) a.push_back(substitute(x, args));
      return fn(std::move(a), substitute(t->elem, args));
    }
    case TypeKind::Error:
    case TypeKind::Void:
    case TypeKind::Scalar:
    case TypeKind::Record: return t;
  }
  return t;
}

std::string type_name(const Type* t) {
  switch (t->kind) {
    case TypeKind::Error: return "<error>";
    case TypeKind::Void: return "void";
    case TypeKind::Scalar: return scalar_name(t->scalar);
    case TypeKind::Record: return t->record->qualified;
    case TypeKind::Sum: {
      std::string s = t->sum->qualified;
      if (!t->args.empty()) {
        s += "[";
        for (size_t i = 0; i < t->args.size(); ++i) s += (i ? ", " : "") + type_name(t->args[i]);
        s += "]";
      }
      return s;
    }
    case TypeKind::Buf: return "Buf[" + type_name(t->elem) + "]";
    case TypeKind::Array: return "Array[" + type_name(t->elem) + ", " + std::to_string(t->length) + "]";
    case TypeKind::View:
    case TypeKind::Borrow: return std::string(t->rw ? "rw<" : "ro<") + type_name(t->elem) + ">";
    case TypeKind::Fn: {
      std::string s = "fn(";
      for (size_t i = 0; i < t->args.size(); ++i) s += (i ? ", " : "") + type_name(t->args[i]);
      s += ")";
      if (t->elem && t->elem->kind != TypeKind::Void) s += " -> " + type_name(t->elem);
      return s;
    }
    case TypeKind::Param: return "T" + std::to_string(t->length);
  }
  return "?";
}

Kind type_kind(const Type* t) {
  switch (t->kind) {
    case TypeKind::Buf: return Kind::Affine;
    case TypeKind::Array: return type_kind(t->elem);
    case TypeKind::Record: return t->record->kind;
    case TypeKind::Sum: {
      Kind k = Kind::Copy;
      for (const auto& v : t->sum->variants)
        if (v.payload) {
          // payloads may mention the sum's type parameters
          const Type* p = v.payload;
          if (p->kind == TypeKind::Param && p->length < t->args.size()) p = t->args[p->length];
          Kind pk = p->kind == TypeKind::Param ? Kind::Copy : type_kind(p);
          if (pk > k) k = pk;
        }
      return k;
    }
    case TypeKind::Error:
    case TypeKind::Void:
    case TypeKind::Scalar:
    case TypeKind::View:
    case TypeKind::Borrow:
    case TypeKind::Fn:
    case TypeKind::Param: return Kind::Copy;
  }
  return Kind::Copy;
}

bool is_int(const Type* t) { return t->kind == TypeKind::Scalar && scalar_is_int(t->scalar); }
bool is_unsigned(const Type* t) { return t->kind == TypeKind::Scalar && scalar_is_unsigned(t->scalar); }
bool is_signed_int(const Type* t) { return is_int(t) && scalar_is_signed(t->scalar); }
bool is_float(const Type* t) { return t->kind == TypeKind::Scalar && scalar_is_float(t->scalar); }
bool is_bool(const Type* t) { return t->kind == TypeKind::Scalar && t->scalar == Scalar::Bool; }

bool is_tag_only_enum(const Type* t) {
  if (t->kind != TypeKind::Sum) return false;
  for (const auto& v : t->sum->variants)
    if (v.payload) return false;
  return true;
}

bool is_outcome_sum(const Type* t) {
  return t->kind == TypeKind::Sum && t->sum->variants.size() == 2 && !is_tag_only_enum(t);
}

uint64_t type_align(const Type* t) {
  switch (t->kind) {
    case TypeKind::Scalar: return scalar_size(t->scalar);
    case TypeKind::Record: {
      if (t->record->packed) return 1;
      uint64_t a = 1;
      for (const auto& f : t->record->fields) a = std::max(a, type_align(f.type));
      return std::max(a, t->record->align);
    }
    case TypeKind::Sum: {
      uint64_t a = 4;
      for (const auto& v : t->sum->variants)
        if (v.payload) a = std::max(a, type_align(v.payload->kind == TypeKind::Param
                                                      ? t->args.at(v.payload->length)
                                                      : v.payload));
      return a;
    }
    case TypeKind::Array: return type_align(t->elem);
    case TypeKind::Buf:
    case TypeKind::Fn: return 8;
    case TypeKind::Error:
    case TypeKind::Void:
    case TypeKind::View:
    case TypeKind::Borrow:
    case TypeKind::Param: return 1;
  }
  return 1;
}

namespace {
uint64_t round_up(uint64_t n, uint64_t a) { return a ? (n + a - 1) / a * a : n; }
}  // namespace

uint64_t type_size(const Type* t) {
  switch (t->kind) {
    case TypeKind::Scalar: return scalar_size(t->scalar);
    case TypeKind::Record: {
      uint64_t off = 0;
      bool packed = t->record->packed;
      for (const auto& f : t->record->fields) {
        if (!packed) off = round_up(off, type_align(f.type));
        off += type_size(f.type);
      }
      return round_up(off, type_align(t));
    }
    case TypeKind::Sum: {
      if (is_tag_only_enum(t)) return 4;
      uint64_t payload = 0, palign = 1;
      for (const auto& v : t->sum->variants)
        if (v.payload) {
          const Type* p = v.payload->kind == TypeKind::Param ? t->args.at(v.payload->length) : v.payload;
          payload = std::max(payload, type_size(p));
          palign = std::max(palign, type_align(p));
        }
      return round_up(round_up(4, palign) + payload, type_align(t));
    }
    case TypeKind::Array: {
      uint64_t e = type_size(t->elem);
      // saturate instead of wrapping: sizes only feed limits
      if (e && t->length > UINT64_MAX / e) return UINT64_MAX;
      return e * t->length;
    }
    case TypeKind::Buf: return 16;
    case TypeKind::Fn: return 8;
    case TypeKind::Error:
    case TypeKind::Void:
    case TypeKind::View:
    case TypeKind::Borrow:
    case TypeKind::Param: return 0;
  }
  return 0;
}

}  // namespace cairn::check
