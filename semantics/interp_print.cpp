// The interpreter's output: the print family, format into byte builders, assert and assert_eq.
#include <unistd.h>

#include <algorithm>

#include "semantics/interp.h"

namespace cairn::sem {

using ir::Kind;
using ir::Node;
using check::TypeKind;

void Interp::render(const Node* arg, const Value& v, std::string& out, bool assert_form) {
  const check::Type* t = arg->type;
  if (t && t->kind == TypeKind::Scalar) {
    if (!assert_form && arg->kind == Kind::Const && arg->index == 1) {
      out.push_back(static_cast<char>(v.b));
      return;
    }
    if (t->scalar == check::Scalar::Bool) {
      out += v.b ? "true" : "false";
      return;
    }
    out += assert_form ? format_assert_operand(t->scalar, v.b) : format_scalar(t->scalar, v.b);
    return;
  }
  // bytes of a u8 view, Buf, Array, string, part or lending record
  for (uint64_t i = 0; i < v.n; ++i) out.push_back(static_cast<char>(v.s->e[v.b + i].b));
}

Value Interp::format(const Node* n) {
  std::vector<Value> vals;
  for (size_t i = 1; i < n->kids.size(); ++i) {
    const Node* k = n->kids[i];
    bool scalar = k->type && k->type->kind == TypeKind::Scalar;
    vals.push_back(scalar ? eval(k) : view(k));
  }
  std::string bytes;
  for (size_t i = 1; i < n->kids.size(); ++i) render(n->kids[i], vals[i - 1], bytes, false);
  Value* r = place(n->kids[0]);
  const check::Type* t = n->kids[0]->type;
  while (t->kind == TypeKind::Borrow) t = t->elem;
  const check::LendsInfo& L = *t->record->lends;
  Value& d = r->s->e[L.field];
  Value& l = r->s->e[L.hi];
  uint64_t len = d.s ? d.s->e.size() : 0;
  if (l.b > len) trap(check::TrapKind::Part, n->pos);
  uint64_t k = bytes.size();
  if (l.b + k > len) {
    uint64_t nl = std::max<uint64_t>({l.b + k, 2 * len, 16});
    Value nb = buf_new(t->record->fields[L.field].type->elem, nl, n->pos);
    for (uint64_t i = 0; i < l.b; ++i) nb.s->e[i] = d.s->e[i];
    d = std::move(nb);
  }
  for (uint64_t i = 0; i < k; ++i) d.s->e[l.b + i].b = static_cast<uint8_t>(bytes[i]);
  l.b += k;
  return Value{};
}

Value Interp::assert_node(const Node* n) {
  if (n->kind == Kind::Assert) {
    if (eval(n->kids[0]).b) return Value{};
    std::string line = "assertion failed at " + file_name(n->pos) + ":" + std::to_string(n->pos.line);
    if (n->has_message) line += ": " + n->text;
    line += "\n";
    (void)!::write(2, line.data(), line.size());
    trap(check::TrapKind::Assert, n->pos);
  }
  Value a = eval(n->kids[0]);
  Value b = eval(n->kids[1]);
  if (eval_op(sem::Op::Eq, n->sc, check::Scalar::Bool, a.b, b.b).bits) return Value{};
  std::string line = "assertion failed at " + file_name(n->pos) + ":" + std::to_string(n->pos.line) + ": ";
  if (n->has_message) line += n->text + ": ";
  line += "left ";
  render(n->kids[0], a, line, true);
  line += ", right ";
  render(n->kids[1], b, line, true);
  line += "\n";
  (void)!::write(2, line.data(), line.size());
  trap(check::TrapKind::Assert, n->pos);
}

}  // namespace cairn::sem
