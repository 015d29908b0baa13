// A function's emission: its signature, names of locals and temporaries, lines, guard sites and the facts
// that let a guard be left out (§16.3), and the dispatcher of a planned reference (§17.3).
#include <cctype>
#include <cinttypes>
#include <cstdio>

#include "lower/emit_fn.h"
#include "lower/names.h"

namespace cairn::lower {

using IK = ir::Kind;
using ir::Node;

std::string function_symbol(const ir::Function& f) {
  const check::FnInfo* i = f.info;
  std::string q = i->qualified.empty() ? i->name : i->qualified;
  return (i->is_test ? "t_" : "f_") + mangle(q);
}

FnEmitter::FnEmitter(Context& cx, uint32_t index) : cx_(cx), index_(index), f_(cx.m.fns[index]) {
  symbol_ = cx_.symbols[index];
  site_symbol = "K_" + symbol_.substr(2) + (f_.info->is_test ? "_t" : "");
}

std::string FnEmitter::local(uint32_t slot) {
  auto it = local_names_.find(slot);
  if (it != local_names_.end()) return it->second;
  std::string n = "l" + std::to_string(next_local_++);
  local_names_[slot] = n;
  return n;
}

std::string FnEmitter::temp() { return "t" + std::to_string(next_temp_++); }

void FnEmitter::line(const std::string& text) { lines.push_back(EmittedLine{indent_, text, pos_}); }

std::vector<EmittedLine> FnEmitter::capture_begin() {
  std::vector<EmittedLine> saved;
  saved.swap(lines);
  return saved;
}

std::vector<EmittedLine> FnEmitter::capture_end(std::vector<EmittedLine> saved) {
  std::vector<EmittedLine> got;
  got.swap(lines);
  lines.swap(saved);
  return got;
}

void FnEmitter::append(const std::vector<EmittedLine>& captured, int extra_indent) {
  for (EmittedLine l : captured) {
    l.indent += extra_indent;
    lines.push_back(std::move(l));
  }
}

std::string FnEmitter::site(Pos p) {
  std::string file = p.file < cx_.sources.size() ? cx_.sources.file(p.file).display_name : "?";
  auto key = std::make_pair(file, p.line);
  auto it = site_index_.find(key);
  uint32_t k;
  if (it == site_index_.end()) {
    k = static_cast<uint32_t>(site_list_.size());
    site_index_[key] = k;
    site_list_.push_back(key);
  } else {
    k = it->second;
  }
  deps.insert(site_symbol);
  return "&" + site_symbol + "[" + std::to_string(k) + "]";
}

bool FnEmitter::elide(const Node* n) const { return !cx_.options.keep_guards && n->proven_safe; }

const check::Type* FnEmitter::slot_type(uint32_t slot) const {
  const auto& locals = f_.info->body->locals;
  return slot < locals.size() ? locals[slot]->type : nullptr;
}

std::string FnEmitter::literal(check::Scalar sc, uint64_t bits) const {
  using check::Scalar;
  char buf[64];
  switch (sc) {
    case Scalar::Bool: return bits ? "true" : "false";
    case Scalar::F32: std::snprintf(buf, sizeof buf, "cr::f32_from(0x%08" PRIX64 "u)", bits & 0xFFFFFFFFu); return buf;
    case Scalar::F64: std::snprintf(buf, sizeof buf, "cr::f64_from(0x%016" PRIX64 "ull)", bits); return buf;
    case Scalar::U8: case Scalar::U16: case Scalar::U32: case Scalar::U64: case Scalar::Usize:
    case Scalar::I8: case Scalar::I16: case Scalar::I32: case Scalar::I64: break;
  }
  std::string t = TypeNamer::scalar(sc);
  if (!check::scalar_is_signed(sc)) {
    unsigned w = check::scalar_bits(sc);
    if (w < 64) bits &= (uint64_t{1} << w) - 1;
    return t + "(" + std::to_string(bits) + "ull)";
  }
  int64_t v = static_cast<int64_t>(bits);
  if (v == INT64_MIN) return t + "(-9223372036854775807ll - 1)";
  return t + "(" + std::to_string(v) + "ll)";
}

std::string FnEmitter::signature(const std::string& sym) {
  const check::FnInfo& info = *f_.info;
  // Internal linkage: the compiler sees every caller, so it may inline a kernel into its one call site.
  std::string s = "static " + tname(info.result) + " " + sym + "(";
  for (size_t i = 0; i < info.params.size(); ++i) {
    if (i) s += ", ";
    uint32_t slot = i < f_.param_slots.size() ? f_.param_slots[i] : ir::kNoSlot;
    std::string nm = slot != ir::kNoSlot ? local(slot) : "l" + std::to_string(next_local_++);
    s += tname(info.params[i].type) + " " + nm;
  }
  return s + ")";
}

// A planned reference: the condition of its implementation picks the body (§17.3).
void FnEmitter::dispatcher() {
  const check::FnInfo& info = *f_.info;
  const ir::Function* g = f_.planned != ir::kNoSlot ? &cx_.m.fns[f_.planned] : nullptr;
  std::string args;
  for (size_t i = 0; i < info.params.size(); ++i) {
    if (i) args += ", ";
    const check::Type* t = info.params[i].type;
    std::string nm = "l" + std::to_string(i);
    bool by_move = t->kind != check::TypeKind::Borrow && t->kind != check::TypeKind::View &&
                   check::type_kind(t) != check::Kind::Copy;
    args += by_move ? "std::move(" + nm + ")" : nm;
  }
  pos_ = info.name_pos;
  indent_ = 0;
  line(signature(symbol_) + " {");
  indent_ = 1;
  std::string body_sym = symbol_ + "_r";
  if (g) {
    std::string gsym = cx_.symbols[f_.planned];
    deps.insert(gsym);
    if (g->when) {
      // the condition reads the implementation's parameter slots: name them as this function's parameters
      std::map<uint32_t, std::string> saved = local_names_;
      for (size_t i = 0; i < g->param_slots.size(); ++i)
        if (g->param_slots[i] != ir::kNoSlot) local_names_[g->param_slots[i]] = "l" + std::to_string(i);
      std::string c = ex(g->when);
      local_names_ = saved;
      line("if (" + c + ") return " + gsym + "(" + args + ");");
      line("return " + body_sym + "(" + args + ");");
    } else {
      line("return " + gsym + "(" + args + ");");
    }
  } else {
    line("return " + body_sym + "(" + args + ");");
  }
  indent_ = 0;
  line("}");
}

// A parameter the body never names is declared [[maybe_unused]] (-Wunused-parameter stays quiet).
void FnEmitter::mark_unused_params(size_t first_line) {
  std::string body;
  for (size_t i = first_line + 1; i < lines.size(); ++i) body += lines[i].text + "\n";
  auto named = [&body](const std::string& id) {
    for (size_t at = body.find(id); at != std::string::npos; at = body.find(id, at + 1)) {
      bool left = at == 0 || !(std::isalnum(static_cast<unsigned char>(body[at - 1])) || body[at - 1] == '_');
      size_t end = at + id.size();
      bool right = end >= body.size() || !(std::isalnum(static_cast<unsigned char>(body[end])) || body[end] == '_');
      if (left && right) return true;
    }
    return false;
  };
  std::string& sig = lines[first_line].text;
  for (size_t i = 0; i < f_.info->params.size(); ++i) {
    std::string id = "l" + std::to_string(i);
    if (named(id)) continue;
    size_t at = sig.rfind(" " + id + (i + 1 < f_.info->params.size() ? "," : ")"));
    size_t start = sig.rfind(i == 0 ? "(" : ", ", at);
    if (at == std::string::npos || start == std::string::npos) continue;
    sig.insert(start + (i == 0 ? 1 : 2), "[[maybe_unused]] ");
  }
}

void FnEmitter::emit() {
  const check::FnInfo& info = *f_.info;
  bool planned = info.planned != nullptr;
  std::string sym = planned ? symbol_ + "_r" : symbol_;
  if (planned) {
    dispatcher();
    local_names_.clear();
    next_local_ = 0;
    next_temp_ = 0;
  }
  pos_ = info.name_pos;
  indent_ = 0;
  size_t first_line = lines.size();
  line(signature(sym) + " {");
  indent_ = 1;
  if (f_.body) statements(f_.body);
  indent_ = 0;
  pos_ = info.name_pos;
  line("}");
  mark_unused_params(first_line);
  if (!site_list_.empty()) {
    sites = "static const cr::Site " + site_symbol + "[] = {";
    for (size_t i = 0; i < site_list_.size(); ++i)
      sites += std::string(i ? ", " : "") + "{" + cpp_string(site_list_[i].first) + ", " +
               std::to_string(site_list_[i].second) + "}";
    sites += "};\n";
  }
}

}  // namespace cairn::lower
