// Crossing types of a library header: the rule of what crosses, ct_ spellings, C layouts, layout assertions.
#include "lower/c_types.h"

#include <algorithm>
#include <set>

namespace cairn::lower {

using check::Type;
using check::TypeKind;

namespace {

uint64_t round_up(uint64_t v, uint64_t a) { return a ? (v + a - 1) / a * a : v; }

// "geo.Point" -> "geo_Point", "Option[u64]" -> "Option_u64": letters, digits and single underscores.
std::string c_identifier(const std::string& name) {
  std::string out;
  for (unsigned char c : name) {
    bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (word) out += static_cast<char>(c);
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

std::string comment_lines(const std::vector<std::string>* doc) {
  std::string s;
  if (!doc) return s;
  for (std::string line : *doc) {
    for (size_t at = line.find("*/"); at != std::string::npos; at = line.find("*/", at)) line.replace(at, 2, "* /");
    size_t first = line.find_first_not_of(' ');
    s += " *" + (first == std::string::npos ? std::string() : " " + line.substr(first)) + "\n";
  }
  return s;
}

}  // namespace

const char* c_scalar(check::Scalar s) {
  switch (s) {
#define C_SCALAR(k, c) \
  case check::Scalar::k: return c;
#include "lower/c_scalars.def"
#undef C_SCALAR
  }
  return "uint64_t";
}

bool c_reserved(const std::string& word) {
  static const std::set<std::string> words = {
#define C_RESERVED(w) w,
#include "lower/c_reserved.def"
#undef C_RESERVED
  };
  return words.count(word) > 0;
}

std::string CTypes::refusal(const Type* t) {
  auto it = refusals_.find(t);
  if (it != refusals_.end()) return it->second;
  refusals_[t] = "";  // a cycle goes through Buf, which is refused before it closes
  std::string why = compute_refusal(t);
  refusals_[t] = why;
  if (why.empty()) declare(t);
  return why;
}

std::string CTypes::compute_refusal(const Type* t) {
  if (!t) return "no type";
  std::string shown = check::type_name(t);
  switch (t->kind) {
    case TypeKind::Scalar: return "";
    case TypeKind::Buf: return "an owner (" + shown + "), whose storage only CAIRN may release";
    case TypeKind::Array: return "an array by value (" + shown + "); take a view instead";
    case TypeKind::Fn: return "a function value (" + shown + ")";
    case TypeKind::View:
    case TypeKind::Borrow: return "a borrow inside a value (" + shown + ")";
    case TypeKind::Error:
    case TypeKind::Void:
    case TypeKind::Param: return "not a value type (" + shown + ")";
    case TypeKind::Record: {
      const check::RecordInfo& r = *t->record;
      if (r.is_linear || check::type_kind(t) == check::Kind::Linear)
        return "a linear value (" + shown + "), which must be consumed exactly once";
      if (r.packed) return "a packed record (" + shown + "), whose layout the lowering does not pack yet";
      if (r.align) return "a record with align(" + std::to_string(r.align) + ") (" + shown + "), whose alignment the lowering does not apply yet";
      for (const check::FieldInfo& f : r.fields) {
        if (c_reserved(f.name)) return "a record (" + shown + ") whose field " + f.name + " is a reserved word of C or C++";
        std::string inner = refusal(f.type);
        if (!inner.empty()) return "a record (" + shown + ") whose field " + f.name + " is " + inner;
      }
      break;
    }
    case TypeKind::Sum: {
      if (check::type_kind(t) == check::Kind::Linear) return "a linear value (" + shown + "), which must be consumed exactly once";
      for (uint32_t v = 0; v < t->sum->variants.size(); ++v) {
        const check::VariantInfo& var = t->sum->variants[v];
        const Type* p = library_.payload(t, v);
        if (!p) continue;
        if (var.name == "tag" || c_reserved(var.name))
          return "a sum (" + shown + ") whose variant " + var.name + " cannot name a C member";
        std::string inner = refusal(p);
        if (!inner.empty()) return "a sum (" + shown + ") whose variant " + var.name + " holds " + inner;
      }
      break;
    }
  }
  std::string name = struct_name(t);
  auto taken = names_.find(name);
  if (taken != names_.end() && taken->second != t)
    return "a type (" + shown + ") whose C name " + name + " " + check::type_name(taken->second) + " already has";
  names_[name] = t;
  return "";
}

std::string CTypes::struct_name(const Type* t) {
  if (t->kind == TypeKind::Record) return "ct_" + c_identifier(t->record->qualified.empty() ? t->record->name : t->record->qualified);
  return "ct_" + c_identifier(check::type_name(t));
}

void CTypes::declare(const Type* t) {
  if (t->kind != TypeKind::Record && t->kind != TypeKind::Sum) return;
  if (index_.count(t)) return;
  CStruct s;
  s.type = t;
  s.name = struct_name(t);
  uint64_t offset = 0, align = 4;
  auto add = [&](const std::string& name, const Type* mt, const std::string& lib) {
    offset = round_up(offset, this->align(mt));
    align = std::max(align, this->align(mt));
    s.members.push_back({name, mt, offset, lib});
    offset += size(mt);
  };
  if (t->kind == TypeKind::Record) {
    align = 1;
    s.library_name = library_.name(t);
    for (const check::FieldInfo& f : t->record->fields) add(f.name, f.type, "f_" + f.name);
  } else if (TypeNamer::is_payload_sum(t)) {
    // §3.9: { tag:u32; payload } with the payload a union of the variants' payloads.
    s.library_name = library_.name(t);
    add("tag", program_.types.scalar(check::Scalar::U32), "tag");
    uint64_t payload_align = 1, payload_size = 0;
    for (uint32_t v = 0; v < t->sum->variants.size(); ++v)
      if (const Type* p = library_.payload(t, v)) {
        payload_align = std::max(payload_align, this->align(p));
        payload_size = std::max(payload_size, size(p));
      }
    uint64_t at = round_up(offset, payload_align);
    for (uint32_t v = 0; v < t->sum->variants.size(); ++v)
      if (const Type* p = library_.payload(t, v))
        s.members.push_back({t->sum->variants[v].name, p, at, "p" + std::to_string(v), true});
    align = std::max(align, payload_align);
    offset = at + payload_size;
  } else {
    offset = 4;
  }
  s.size = round_up(offset, align);
  s.align = align;
  index_[t] = structs_.size();
  structs_.push_back(std::move(s));
}

std::string CTypes::c_name(const Type* t) {
  if (t->kind == TypeKind::Scalar) return c_scalar(t->scalar);
  if (t->kind == TypeKind::Record || t->kind == TypeKind::Sum) return struct_name(t);
  return "void";
}

uint64_t CTypes::size(const Type* t) {
  if (t->kind == TypeKind::Scalar) return check::scalar_size(t->scalar);
  auto it = index_.find(t);
  return it == index_.end() ? 0 : structs_[it->second].size;
}

uint64_t CTypes::align(const Type* t) {
  if (t->kind == TypeKind::Scalar) return check::scalar_size(t->scalar);
  auto it = index_.find(t);
  return it == index_.end() ? 1 : structs_[it->second].align;
}

std::string CTypes::declaration(const CStruct& s) const {
  const Type* t = s.type;
  if (t->kind == TypeKind::Sum && !TypeNamer::is_payload_sum(t)) {
    std::string d = "typedef uint32_t " + s.name + ";\nenum {\n";
    for (uint32_t v = 0; v < t->sum->variants.size(); ++v)
      d += "  " + s.name + "_" + t->sum->variants[v].name + " = " + std::to_string(v) + ",\n";
    return d + "};\n";
  }
  std::string d = "typedef struct " + s.name + " {\n";
  bool in_union = false;
  for (const CMember& m : s.members) {
    const Type* mt = m.type;
    std::string c = "void";
    if (mt->kind == TypeKind::Scalar) c = c_scalar(mt->scalar);
    else if (auto it = index_.find(mt); it != index_.end()) c = structs_[it->second].name;
    if (m.in_payload && !in_union) d += "  union {\n";
    in_union = in_union || m.in_payload;
    d += std::string(m.in_payload ? "    " : "  ") + c + " " + m.name + ";\n";
  }
  if (in_union) d += "  } payload;\n";
  d += "} " + s.name + ";\n";
  if (t->kind == TypeKind::Sum) {
    d += "enum {\n";
    for (uint32_t v = 0; v < t->sum->variants.size(); ++v)
      d += "  " + s.name + "_" + t->sum->variants[v].name + " = " + std::to_string(v) + ",\n";
    d += "};\n";
  }
  return d;
}

std::string CTypes::definitions() const {
  std::string out;
  for (const CStruct& s : structs_) {
    const Type* t = s.type;
    const ast::Item* decl = t->kind == TypeKind::Record ? t->record->decl : t->sum->decl;
    std::string about = t->kind == TypeKind::Record ? "record " + check::type_name(t)
                        : TypeNamer::is_payload_sum(t) ? "sum " + check::type_name(t) + ": tag names the variant, payload.NAME holds variant NAME's payload"
                                                        : "enum " + check::type_name(t) + " of tags alone";
    out += "/*\n" + comment_lines(decl ? &decl->doc : nullptr) + " * CAIRN: " + about + ".\n */\n";
    out += declaration(s);
    std::string a = "CAIRN_STATIC_ASSERT";
    out += a + "(sizeof(" + s.name + ") == " + std::to_string(s.size) + ", \"" + s.name + ": size\");\n";
    out += a + "(CAIRN_ALIGNOF(" + s.name + ") == " + std::to_string(s.align) + ", \"" + s.name + ": alignment\");\n";
    for (const CMember& m : s.members)
      out += a + "(offsetof(" + s.name + ", " + m.designator() + ") == " + std::to_string(m.offset) + ", \"" +
             s.name + "." + m.designator() + ": offset\");\n";
    out += "\n";
  }
  return out;
}

std::string CTypes::interface_text() const {
  std::string out;
  for (const CStruct& s : structs_) out += declaration(s);
  return out;
}

std::string CTypes::library_asserts() const {
  std::string out;
  for (const CStruct& s : structs_) {
    if (s.library_name.empty()) {
      out += "static_assert(sizeof(" + s.name + ") == sizeof(uint32_t), \"" + s.name + ": the library's tag\");\n";
      continue;
    }
    if (!same_layout(s.type)) continue;  // crosses through conversions()
    out += "static_assert(sizeof(" + s.name + ") == sizeof(" + s.library_name + ") && alignof(" + s.name +
           ") == alignof(" + s.library_name + "), \"" + s.name + ": the library's layout\");\n";
    for (const CMember& m : s.members)
      out += "static_assert(offsetof(" + s.name + ", " + m.name + ") == offsetof(" + s.library_name + ", " +
             m.library_member + "), \"" + s.name + "." + m.name + ": the library's offset\");\n";
  }
  return out;
}

std::string CTypes::tag_checks(const Type* t, const std::string& expr, const std::string& indent) {
  if (!t) return "";
  if (t->kind == TypeKind::Scalar && t->scalar == check::Scalar::Bool)
    return indent + "cr::entry_bool(&" + expr + ", &cairn_site);\n";
  if (t->kind == TypeKind::Record) {
    std::string s;
    for (const check::FieldInfo& f : t->record->fields) s += tag_checks(f.type, expr + ".f_" + f.name, indent);
    return s;
  }
  if (t->kind != TypeKind::Sum) return "";
  std::string n = std::to_string(t->sum->variants.size());
  if (!TypeNamer::is_payload_sum(t)) return indent + "cr::entry_tag(" + expr + ", " + n + ", &cairn_site);\n";
  std::string s = indent + "cr::entry_tag(" + expr + ".tag, " + n + ", &cairn_site);\n";
  for (uint32_t v = 0; v < t->sum->variants.size(); ++v) {
    const Type* p = library_.payload(t, v);
    std::string inner = p ? tag_checks(p, expr + ".p" + std::to_string(v), indent + "  ") : "";
    if (!inner.empty()) s += indent + "if (" + expr + ".tag == " + std::to_string(v) + ") {\n" + inner + indent + "}\n";
  }
  return s;
}

bool CTypes::same_layout(const Type* t) const {
  if (!t || t->kind == TypeKind::Scalar) return true;
  if (t->kind == TypeKind::Sum) return !TypeNamer::is_payload_sum(t);
  if (t->kind != TypeKind::Record) return false;
  for (const check::FieldInfo& f : t->record->fields)
    if (!same_layout(f.type)) return false;
  return true;
}

std::string CTypes::from_c(const Type* t, const std::string& expr) {
  auto it = index_.find(t);
  if (same_layout(t) || it == index_.end())
    return "cr::same_bytes<" + library_.name(t) + ">(" + expr + ")";
  return "cairn_in_" + structs_[it->second].name + "(" + expr + ")";
}

std::string CTypes::to_c(const Type* t, const std::string& expr) {
  auto it = index_.find(t);
  if (t->kind == TypeKind::Scalar || it == index_.end()) return expr;
  if (same_layout(t)) return "cr::same_bytes<" + structs_[it->second].name + ">(" + expr + ")";
  return "cairn_out_" + structs_[it->second].name + "(" + expr + ")";
}

// Member by member; a sum converts only the payload its tag names (a tag naming no variant is kept, for the
// entry's tag check to refuse). The C side starts as zero bytes, so that no byte of it is left unset.
std::string CTypes::conversions() {
  std::string out;
  for (const CStruct& s : structs_) {
    if (s.library_name.empty() || same_layout(s.type)) continue;
    std::string in = "static " + s.library_name + " cairn_in_" + s.name + "(const " + s.name + "& c) {\n  " +
                     s.library_name + " v{};\n";
    std::string back = "static " + s.name + " cairn_out_" + s.name + "(const " + s.library_name + "& v) {\n  " +
                       s.name + " c;\n  std::memset(&c, 0, sizeof c);\n";
    bool sum = s.type->kind == TypeKind::Sum;
    if (sum) {
      in += "  v.tag = c.tag;\n  switch (c.tag) {\n";
      back += "  c.tag = v.tag;\n  switch (v.tag) {\n";
    }
    for (const CMember& m : s.members) {
      if (m.name == "tag" && !m.in_payload && sum) continue;
      std::string c = "c." + m.designator(), v = "v." + m.library_member;
      std::string indent = sum ? "    " : "  ";
      std::string open = sum ? "    case " + m.library_member.substr(1) + ": " : indent;
      std::string close = sum ? " break;\n" : "\n";
      in += open + v + " = " + from_c(m.type, c) + ";" + close;
      back += open + c + " = " + to_c(m.type, v) + ";" + close;
    }
    if (sum) {
      in += "    default: break;\n  }\n";
      back += "    default: break;\n  }\n";
    }
    out += in + "  return v;\n}\n" + back + "  return c;\n}\n";
  }
  return out;
}

}  // namespace cairn::lower
