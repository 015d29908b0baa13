// C++ spellings of CAIRN types and the struct definitions of records and payload sums (§3.3, §3.4, §3.9).
#include "lower/types.h"

#include "lower/names.h"

namespace cairn::lower {

using check::Type;
using check::TypeKind;

std::string TypeNamer::scalar(check::Scalar s) {
  using check::Scalar;
  switch (s) {
    case Scalar::Bool: return "bool";
    case Scalar::U8: return "uint8_t";
    case Scalar::U16: return "uint16_t";
    case Scalar::U32: return "uint32_t";
    case Scalar::U64:
    case Scalar::Usize: return "uint64_t";
    case Scalar::I8: return "int8_t";
    case Scalar::I16: return "int16_t";
    case Scalar::I32: return "int32_t";
    case Scalar::I64: return "int64_t";
    case Scalar::F32: return "float";
    case Scalar::F64: return "double";
  }
  return "uint64_t";
}

bool TypeNamer::is_payload_sum(const Type* t) {
  if (!t || t->kind != TypeKind::Sum) return false;
  for (const auto& v : t->sum->variants)
    if (v.payload) return true;
  return false;
}

const Type* TypeNamer::payload(const Type* t, uint32_t v) const {
  if (!t || t->kind != TypeKind::Sum || v >= t->sum->variants.size()) return nullptr;
  const Type* p = t->sum->variants[v].payload;
  if (p && !t->args.empty()) p = const_cast<check::TypeTable&>(program_.types).substitute(p, t->args);
  return p;
}

std::string TypeNamer::struct_symbol(const Type* t) {
  if (t->kind == TypeKind::Record) return "R_" + mangle(t->record->qualified.empty() ? t->record->name : t->record->qualified);
  return "S_" + mangle(check::type_name(t));
}

std::string TypeNamer::name(const Type* t, Deps* deps) {
  if (!t) return "void";
  switch (t->kind) {
    case TypeKind::Error:
    case TypeKind::Void:
    case TypeKind::Param: return "void";
    case TypeKind::Scalar: return scalar(t->scalar);
    case TypeKind::Record: {
      std::string s = struct_symbol(t);
      if (deps) deps->insert(s);
      return s;
    }
    case TypeKind::Sum: {
      if (!is_payload_sum(t)) return "uint32_t";
      std::string s = struct_symbol(t);
      if (deps) deps->insert(s);
      return s;
    }
    case TypeKind::Buf: return "cr::Buf<" + name(t->elem, deps) + ">";
    case TypeKind::Array: return "cr::Array<" + name(t->elem, deps) + ", " + std::to_string(t->length) + ">";
    case TypeKind::View: return "cr::View<" + name(t->elem, deps) + ">";
    case TypeKind::Borrow: return name(t->elem, deps) + "&";
    case TypeKind::Fn: {
      std::string s = "cr::Fn<" + name(t->elem, deps);
      for (const Type* a : t->args) s += ", " + name(a, deps);
      return s + ">";
    }
  }
  return "void";
}

void TypeNamer::use(const Type* t) {
  if (!t) return;
  switch (t->kind) {
    case TypeKind::Record: {
      std::string s = struct_symbol(t);
      if (structs_.count(s)) return;
      structs_[s] = t;
      for (const auto& f : t->record->fields) use(f.type);
      return;
    }
    case TypeKind::Sum: {
      if (!is_payload_sum(t)) return;
      std::string s = struct_symbol(t);
      if (structs_.count(s)) return;
      structs_[s] = t;
      for (uint32_t v = 0; v < t->sum->variants.size(); ++v) use(payload(t, v));
      return;
    }
    case TypeKind::Buf:
    case TypeKind::Array:
    case TypeKind::View:
    case TypeKind::Borrow: use(t->elem); return;
    case TypeKind::Fn:
      use(t->elem);
      for (const Type* a : t->args) use(a);
      return;
    case TypeKind::Error: case TypeKind::Void: case TypeKind::Scalar: case TypeKind::Param: return;
  }
}

std::string TypeNamer::define(const Type* t) {
  std::string sym = struct_symbol(t);
  std::string s = "struct " + sym + " {\n";
  if (t->kind == TypeKind::Record) {
    for (const auto& f : t->record->fields) s += "  " + name(f.type) + " f_" + f.name + ";\n";
  } else {
    s += "  uint32_t tag;\n";
    for (uint32_t v = 0; v < t->sum->variants.size(); ++v)
      if (const Type* p = payload(t, v)) s += "  " + name(p) + " p" + std::to_string(v) + ";\n";
    s += "  static " + sym + " mk(uint32_t t) {\n    " + sym + " s{};\n    s.tag = t;\n    return s;\n  }\n";
    for (uint32_t v = 0; v < t->sum->variants.size(); ++v)
      if (const Type* p = payload(t, v)) {
        std::string k = std::to_string(v);
        s += "  static " + sym + " mk" + k + "(" + name(p) + " v) {\n    " + sym + " s{};\n    s.tag = " + k +
             ";\n    s.p" + k + " = static_cast<" + name(p) + "&&>(v);\n    return s;\n  }\n";
      }
  }
  return s + "};\n";
}

// Defines t after every struct it holds by value (a Buf element needs only the forward declaration).
void TypeNamer::require(const Type* t, std::set<std::string>& done, std::string& out) {
  if (!t) return;
  switch (t->kind) {
    case TypeKind::Array: require(t->elem, done, out); return;
    case TypeKind::Record:
    case TypeKind::Sum: {
      if (t->kind == TypeKind::Sum && !is_payload_sum(t)) return;
      std::string sym = struct_symbol(t);
      if (!done.insert(sym).second) return;
      if (t->kind == TypeKind::Record) {
        for (const auto& f : t->record->fields) require(f.type, done, out);
      } else {
        for (uint32_t v = 0; v < t->sum->variants.size(); ++v) require(payload(t, v), done, out);
      }
      std::string text = define(t);
      texts_[sym] = text;
      out += text;
      return;
    }
    case TypeKind::Error: case TypeKind::Void: case TypeKind::Scalar: case TypeKind::Buf: case TypeKind::View:
    case TypeKind::Borrow: case TypeKind::Fn: case TypeKind::Param: return;
  }
}

std::string TypeNamer::definitions() {
  std::string out;
  for (const auto& [sym, t] : structs_) out += "struct " + sym + ";\n";
  std::set<std::string> done;
  for (const auto& [sym, t] : structs_) require(t, done, out);
  return out;
}

}  // namespace cairn::lower
