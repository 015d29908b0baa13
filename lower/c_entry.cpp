// C entries of a library header: what crosses, the header's declaration, and the checked definition.
#include "lower/c_entry.h"

#include "front/driver/check_record.h"
#include "lower/names.h"

namespace cairn::lower {

using check::Type;
using check::TypeKind;

namespace {

std::string comment_text(std::string line) {
  for (size_t at = line.find("*/"); at != std::string::npos; at = line.find("*/", at)) line.replace(at, 2, "* /");
  size_t first = line.find_first_not_of(' ');
  return first == std::string::npos ? "" : " " + line.substr(first);
}

bool is_struct(const Type* t) {
  return t && (t->kind == TypeKind::Record || (t->kind == TypeKind::Sum && TypeNamer::is_payload_sum(t)));
}

// The parameter's length in the library's definition (parameters are a0, a1, ... there).
std::string library_length(const CParam& p, const check::ParamSig& sig) {
  if (sig.extent.kind == check::ExtentSpec::Kind::Param) return "a" + std::to_string(sig.extent.value);
  return "uint64_t{" + p.length + "}";
}

}  // namespace

std::string c_entry_name(const check::FnInfo& fn) {
  std::string out = "cf_";
  for (char c : fn.full_name()) {
    if (c == '.' || c == '[' || c == ',') out += '_';
    else if (c != ']' && c != ' ') out += c;
  }
  return out;
}

std::string plan_entry(const check::FnInfo& fn, const std::string& body, CTypes& types, CEntry& e) {
  e.info = &fn;
  e.body = body;
  e.name = c_entry_name(fn);
  std::string list;
  for (const check::ParamSig& sig : fn.params) {
    CParam p;
    p.name = sig.name;
    p.type = sig.type;
    if (c_reserved(sig.name)) return "its parameter " + sig.name + " is named by a reserved word of C or C++";
    const Type* t = sig.type;
    if (t->kind == TypeKind::View || t->kind == TypeKind::Borrow) {
      std::string why = types.refusal(t->elem);
      if (!why.empty()) return "its parameter " + sig.name + " borrows " + why;
      p.how = t->kind == TypeKind::View ? CParam::How::View : CParam::How::Borrow;
      p.c_decl = std::string(t->rw ? "" : "const ") + types.c_name(t->elem) + " *" + sig.name;
      if (p.how == CParam::How::View) {
        if (sig.extent.kind == check::ExtentSpec::Kind::Param && sig.extent.value < fn.params.size())
          p.length = fn.params[sig.extent.value].name;
        else if (sig.extent.kind == check::ExtentSpec::Kind::Value)
          p.length = std::to_string(sig.extent.value);
        else
          return "its view " + sig.name + " has no extent a C caller can give";
      }
    } else {
      std::string why = types.refusal(t);
      if (!why.empty()) return "its parameter " + sig.name + " is " + why;
      p.c_decl = types.c_name(t) + " " + sig.name;
    }
    list += (list.empty() ? "" : ", ") + p.c_decl;
    e.params.push_back(std::move(p));
  }
  e.result = "void";
  if (fn.result && fn.result->kind != TypeKind::Void) {
    std::string why = types.refusal(fn.result);
    if (!why.empty()) return "its result is " + why;
    e.result = types.c_name(fn.result);
  }
  e.prototype = e.result + " " + e.name + "(" + (list.empty() ? "void" : list) + ")";
  return "";
}

std::string entry_declaration(const CEntry& e) {
  const check::FnInfo& fn = *e.info;
  std::string s = "/*\n";
  if (fn.decl)
    for (const std::string& line : fn.decl->doc) s += " *" + comment_text(line) + "\n";
  s += " * CAIRN: " + driver::signature_text(fn) + "\n";
  for (const CParam& p : e.params) {
    if (p.how == CParam::How::Value) continue;
    std::string use = p.type->rw ? "read and written" : "read";
    if (p.how == CParam::How::View)
      s += " * " + p.name + ": " + p.length + " elements, " + use + "; null only when empty.\n";
    else
      s += " * " + p.name + ": one " + check::type_name(p.type->elem) + ", " + use + "; never null.\n";
  }
  std::vector<std::string> names;
  for (const check::ParamSig& p : fn.params) names.push_back(p.name);
  std::string effects;
  for (const std::string& l : check::row_labels(fn.row, names)) effects += (effects.empty() ? "" : ", ") + l;
  s += " * Effects: " + (effects.empty() ? std::string("none (pure)") : effects) + ".\n */\n";
  return s + e.prototype + ";\n";
}

std::string entry_definition(const CEntry& e, const SourceSet& sources, CTypes& types) {
  const check::FnInfo& fn = *e.info;
  TypeNamer& lib = types.library();
  std::string params, checks, spans, values, args, after;
  uint32_t nspans = 0;
  bool writes = false;
  for (size_t j = 0; j < e.params.size(); ++j) {
    const CParam& p = e.params[j];
    const check::ParamSig& sig = fn.params[j];
    std::string a = "a" + std::to_string(j), v = "v" + std::to_string(j);
    std::string c_decl = p.c_decl.substr(0, p.c_decl.size() - p.name.size()) + a;
    params += (j ? ", " : "") + c_decl;
    args += (j ? ", " : "") + v;
    if (p.how == CParam::How::Value) {
      std::string lt = lib.name(p.type);
      values += "  " + lt + " " + v + " = " + (is_struct(p.type) ? types.from_c(p.type, a) : a) + ";\n";
      if (p.type->kind != TypeKind::Scalar) values += types.tag_checks(p.type, v, "  ");  // a scalar came in a register
      continue;
    }
    const Type* elem = p.type->elem;
    std::string le = lib.name(elem), ce = types.c_name(elem);
    std::string ptr = "reinterpret_cast<" + le + "*>(const_cast<" + ce + "*>(" + a + "))";
    writes = writes || p.type->rw;
    ++nspans;
    // An element whose library layout is not its C layout (a payload sum, a record holding one) is converted into
    // storage of the library's own (counted against the memory cap) and, when written, converted back after the call.
    bool convert = !types.same_layout(elem);
    std::string copy = "t" + std::to_string(j);
    if (p.how == CParam::How::View) {
      std::string len = library_length(p, sig);
      checks += "  cr::entry_view(" + a + ", " + len + ", sizeof(" + ce + "), alignof(" + ce + "), &cairn_site);\n";
      spans += "{" + a + ", " + len + " * sizeof(" + ce + "), " + (p.type->rw ? "true" : "false") + "}, ";
      if (convert) {
        values += "  cr::Buf<" + le + "> " + copy + " = cr::buf_new<" + le + ">(" + len + ", sizeof(" + le +
                  "), &cairn_site);\n";
        values += "  for (uint64_t i = 0; i < " + len + "; ++i) " + copy + ".p[i] = " + types.from_c(elem, a + "[i]") + ";\n";
        values += "  cr::View<" + le + "> " + v + "{" + copy + ".p, " + len + "};\n";
        if (p.type->rw)
          after += "  for (uint64_t i = 0; i < " + len + "; ++i) " + a + "[i] = " + types.to_c(elem, copy + ".p[i]") + ";\n";
      } else {
        values += "  cr::View<" + le + "> " + v + "{" + ptr + ", " + len + "};\n";
      }
      std::string inner = types.tag_checks(elem, v + ".p[i]", "    ");
      if (!inner.empty()) values += "  for (uint64_t i = 0; i < " + v + ".n; ++i) {\n" + inner + "  }\n";
    } else {
      checks += "  cr::entry_one(" + a + ", alignof(" + ce + "), &cairn_site);\n";
      spans += "{" + a + ", sizeof(" + ce + "), " + (p.type->rw ? "true" : "false") + "}, ";
      if (convert) {
        values += "  " + le + " " + copy + " = " + types.from_c(elem, "*" + a) + ";\n";
        values += "  " + le + "& " + v + " = " + copy + ";\n";
        if (p.type->rw) after += "  *" + a + " = " + types.to_c(elem, copy) + ";\n";
      } else {
        values += "  " + le + "& " + v + " = *" + ptr + ";\n";
      }
      values += types.tag_checks(elem, v, "  ");
    }
  }
  if (nspans > 1 && writes)
    checks += "  const cr::Span cairn_spans[] = {" + spans + "};\n  cr::entry_disjoint(cairn_spans, " +
              std::to_string(nspans) + ", &cairn_site);\n";
  Pos at = fn.name_pos;
  std::string file = at.file < sources.size() ? sources.file(at.file).display_name : "?";
  std::string s = "extern \"C\" " + e.result + " " + e.name + "(" + params + ") {\n";
  s += "  static const cr::Site cairn_site = {" + cpp_string(file) + ", " + std::to_string(at.line) + "};\n";
  s += checks + values;
  std::string call = e.body + "(" + args + ")";
  // The result in the header's form; with written-back arguments it is held while they are converted.
  auto result = [&](const std::string& v) { return is_struct(fn.result) ? types.to_c(fn.result, v) : v; };
  if (e.result == "void") s += "  " + call + ";\n" + after;
  else if (after.empty()) s += "  return " + result(call) + ";\n";
  else s += "  auto cairn_r = " + call + ";\n" + after + "  return " + result("cairn_r") + ";\n";
  return s + "}\n";
}

}  // namespace cairn::lower
