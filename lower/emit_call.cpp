// Calls (extents, part checks, null function values), the print family, format, assertions, collectors
// and try: the expressions that emit statements of their own.
#include "lower/emit_fn.h"
#include "lower/names.h"

namespace cairn::lower {

using check::TypeKind;
using IK = ir::Kind;
using ir::Node;

namespace {
const check::Type* strip(const check::Type* t) {
  while (t && t->kind == TypeKind::Borrow) t = t->elem;
  return t;
}
}  // namespace

std::string FnEmitter::call(const Node* n) {
  bool indirect = n->kind == IK::CallIndirect;
  size_t first = indirect ? 1 : 0;
  std::string fnv;
  if (indirect) {
    std::string f = ex(n->kids[0]);
    fnv = temp();
    ++emitted_guards;
    pos_ = n->pos;
    line("auto " + fnv + " = cr::fn_checked(" + f + ", " + site(n->pos) + ");");
  }
  const check::FnInfo* info = indirect ? nullptr : n->fn;
  size_t nargs = n->kids.size() - first;
  std::vector<Item> items;
  std::vector<int> item_of(nargs, -1);
  bool checks = false;
  for (size_t i = 0; i < nargs; ++i) {
    const Node* k = n->kids[first + i];
    switch (k->kind) {
      case IK::ArgRef: item_of[i] = int(items.size()); items.push_back({k->kids[0], How::Place}); break;
      case IK::ArgTemp: item_of[i] = int(items.size()); items.push_back({k->kids[0], How::Value}); break;
      case IK::ArgView:
        item_of[i] = int(items.size());
        items.push_back({k->kids[0], How::View});
        if (info && i < info->params.size() && (k->kids[0]->kind == IK::Part || k->kids[0]->kind == IK::Lend) &&
            info->params[i].extent.kind != check::ExtentSpec::Kind::None)
          checks = true;
        break;
      case IK::Extent: checks = true; break;
      case IK::Const: case IK::Local: case IK::Deref: case IK::Field: case IK::Index:
      case IK::Unary: case IK::Binary: case IK::And: case IK::Or: case IK::Convert: case IK::Call:
      case IK::CallIndirect: case IK::Builtin: case IK::Record: case IK::Variant: case IK::BufNew:
      case IK::ArrayNew: case IK::String: case IK::FnRef: case IK::Part: case IK::Lend: case IK::Len:
      case IK::Take: case IK::Swap: case IK::Print: case IK::Format: case IK::Assert: case IK::AssertEq:
      case IK::Compact: case IK::Reduce: case IK::Try: case IK::Block: case IK::Let:
      case IK::Drop: case IK::Unpack: case IK::Storage: case IK::Assign: case IK::Compound: case IK::If:
      case IK::While: case IK::ForRange: case IK::ForEach: case IK::Match: case IK::Arm: case IK::Return:
      case IK::Break: case IK::Continue: case IK::Defer: case IK::Eval: case IK::Release: case IK::Unwind: item_of[i] = int(items.size()); items.push_back({k, How::Value}); break;
    }
  }
  std::vector<std::string> v;
  if (checks) {  // every argument is held: extents and part checks read them before the call
    for (const Item& it : items) {
      std::string s = item(it);
      if (!is_constant(it.n)) {
        s = hoist(s, it.how);
        if (it.how == How::Value && it.n->type && check::type_kind(it.n->type) != check::Kind::Copy)
          s = "std::move(" + s + ")";
      }
      v.push_back(s);
    }
  } else {
    v = seq(items);
  }
  std::vector<std::string> args(nargs);
  for (size_t i = 0; i < nargs; ++i) {
    const Node* k = n->kids[first + i];
    if (k->kind == IK::Extent) {
      size_t j = k->index;
      args[i] = j < nargs && item_of[j] >= 0 ? v[size_t(item_of[j])] + ".n" : literal(check::Scalar::Usize, 0);
    } else if (k->kind == IK::ArgTemp) {
      const std::string& s = v[size_t(item_of[i])];
      args[i] = s.size() > 1 && s[0] == 't' && s.find_first_not_of("0123456789", 1) == std::string::npos
                    ? s
                    : "cr::lv(" + s + ")";
    } else {
      args[i] = v[size_t(item_of[i])];
    }
  }
  if (info) {
    for (size_t j = 0; j < info->params.size() && j < nargs; ++j) {
      const Node* k = n->kids[first + j];
      if (k->kind != IK::ArgView) continue;
      const Node* w = k->kids[0];
      if (w->kind != IK::Part && w->kind != IK::Lend) continue;
      const check::ExtentSpec& e = info->params[j].extent;
      std::string want;
      if (e.kind == check::ExtentSpec::Kind::Value) want = literal(check::Scalar::Usize, e.value);
      else if (e.kind == check::ExtentSpec::Kind::Param && e.value < nargs) want = args[e.value];
      else continue;
      ++emitted_guards;
      pos_ = w->pos;
      line("cr::extent(" + args[j] + ".n, " + want + ", " + site(w->pos) + ");");
    }
  }
  std::string list;
  for (size_t i = 0; i < nargs; ++i) list += (i ? ", " : "") + args[i];
  pos_ = n->pos;
  if (indirect) return fnv + "(" + list + ")";
  if (n->callee == ir::kNoSlot) {
    line("cr::trap(cr::Trap::NullFn, " + site(n->pos) + ");");
    return n->type && n->type->kind != TypeKind::Void ? tname(n->type) + "{}" : "";
  }
  deps.insert(cx_.symbols[n->callee]);
  return cx_.symbols[n->callee] + "(" + list + ")";
}

void FnEmitter::put_arg(const std::string& out, const Node* k) {
  const check::Type* t = k->type;
  if (t && t->kind == TypeKind::Scalar) {
    std::string s = ex(k);
    bool byte = k->kind == IK::Const && k->index == 1;
    line(std::string(byte ? "cr::put_byte(" : "cr::put(") + out + ", " + s + ");");
    return;
  }
  std::string s = vw(k);
  line("cr::put(" + out + ", " + s + ");");
}

std::string FnEmitter::print(const Node* n) {
  std::string o = temp();
  pos_ = n->pos;
  line("cr::Out " + o + ";");
  for (const Node* k : n->kids) put_arg(o, k);
  pos_ = n->pos;
  line("cr::emit(" + o + ", " + (n->to_stderr ? "2" : "1") + ", " + (n->newline ? "true" : "false") + ");");
  return "";
}

std::string FnEmitter::format(const Node* n) {
  std::string o = temp();
  pos_ = n->pos;
  line("cr::Out " + o + ";");
  for (size_t i = 1; i < n->kids.size(); ++i) put_arg(o, n->kids[i]);
  const Node* target = n->kids[0];
  const check::Type* rt = strip(target->type);
  const check::LendsInfo& L = *rt->record->lends;
  std::string r = hoist(pl(target), How::Place);
  const auto& fields = rt->record->fields;
  ++emitted_guards;
  pos_ = n->pos;
  line("cr::format_into(" + r + ".f_" + fields[L.field].name + ", " + r + ".f_" + fields[L.hi].name + ", " + o +
       ", " + site(n->pos) + ");");
  return "";
}

std::string FnEmitter::assertion(const Node* n) {
  std::string msg = n->has_message ? cpp_string(n->text) + ", " + std::to_string(n->text.size()) : "nullptr, 0";
  ++emitted_guards;
  if (n->kind == IK::Assert) {
    std::string c = ex(n->kids[0]);
    pos_ = n->pos;
    line("cr_assert(" + c + ", " + site(n->pos) + ", " + msg + ");");
    return "";
  }
  std::vector<std::string> v = seq({{n->kids[0], How::Value}, {n->kids[1], How::Value}});
  pos_ = n->pos;
  line("cr_assert_eq<" + TypeNamer::scalar(n->sc) + ">(" + v[0] + ", " + v[1] + ", " + site(n->pos) + ", " + msg + ");");
  return "";
}

std::string FnEmitter::compact(const Node* n) {
  std::string out = hoist(pl(n->kids[0]), How::Place);
  std::vector<std::string> b = seq({{n->kids[1], How::Value}, {n->kids[2], How::Value}});
  std::string c = temp(), i = temp(), h = temp();
  pos_ = n->pos;
  line("uint64_t " + c + " = 0;");
  line("for (uint64_t " + i + " = " + b[0] + ", " + h + " = " + b[1] + "; " + i + " < " + h + "; ++" + i + ") {");
  ++indent_;
  if (n->slot != ir::kNoSlot) line("const uint64_t " + local(n->slot) + " = " + i + ";");
  std::string w = ex(n->kids[3]);
  pos_ = n->pos;
  line("if (" + w + ") {");
  ++indent_;
  std::string y = ex(n->kids[4]);
  std::string v = temp();
  pos_ = n->pos;
  line("auto " + v + " = " + y + ";");
  if (elide(n)) {
    ++elided_guards;
  } else {
    ++emitted_guards;
    line("if (" + c + " >= cr::len(" + out + ")) cr::trap(cr::Trap::Bounds, " + site(n->pos) + ");");
  }
  line(out + "[" + c + "] = std::move(" + v + ");");
  line("++" + c + ";");
  --indent_;
  line("}");
  --indent_;
  line("}");
  return c;
}

std::string FnEmitter::reduce(const Node* n) {
  std::vector<std::string> b = seq({{n->kids[0], How::Value}, {n->kids[1], How::Value}});
  check::Scalar sc = n->sc;
  uint64_t id = sem::reduce_identity(n->fold, sc);
  std::string a = temp(), i = temp(), h = temp();
  pos_ = n->pos;
  line(TypeNamer::scalar(sc) + " " + a + " = " + literal(sc, id) + ";");
  line("for (uint64_t " + i + " = " + b[0] + ", " + h + " = " + b[1] + "; " + i + " < " + h + "; ++" + i + ") {");
  ++indent_;
  if (n->slot != ir::kNoSlot) line("const uint64_t " + local(n->slot) + " = " + i + ";");
  std::string e = ex(n->kids[2]);
  pos_ = n->pos;
  if (sem::fold_row(n->fold).logical) {
    std::string t = temp();
    line("bool " + t + " = " + e + ";");
    line(a + " = " + a + " " + sem::fold_row(n->fold).spelling + " " + t + ";");
  } else {
    line(a + " = " + scalar_op(n, n->op, sc, {a, e}) + ";");
  }
  --indent_;
  line("}");
  return a;
}

std::string FnEmitter::try_expr(const Node* n) {
  std::string v = ex(n->kids[0]);
  std::string t = temp();
  pos_ = n->pos;
  line("auto " + t + " = " + v + ";");
  const check::Type* st = n->kids[0]->type;
  const check::Type* rt = f_.info->result;
  std::string r = tname(rt);
  std::string fail = cx_.types.payload(st, 1) && cx_.types.payload(rt, 1)
                         ? r + "::mk1(std::move(" + t + ".p1))"
                         : r + "::mk(1u)";
  if (runs_defers(n)) {
    line("if (" + t + ".tag != 0u) {");
    ++indent_;
    unwind(n);
    pos_ = n->pos;
    line("return " + fail + ";");
    --indent_;
    line("}");
  } else {
    line("if (" + t + ".tag != 0u) return " + fail + ";");
  }
  if (cx_.types.payload(st, 0)) return "std::move(" + t + ".p0)";
  return "";
}

}  // namespace cairn::lower
