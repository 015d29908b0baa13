// dump_ir: the deterministic text form of the core IR (`cairn emit --dump=ir`).
#include "semantics/ir.h"

namespace cairn::ir {

const char* kind_name(Kind k) {
  switch (k) {
#define IR(e, name) case Kind::e: return name;
#include "semantics/ir_kinds.def"
#undef IR
  }
  return "?";
}

static void dump_node(const Node* n, int depth, std::string& out) {
  out.append(static_cast<size_t>(depth) * 2, ' ');
  out += kind_name(n->kind);
  if (n->type) out += " :" + check::type_name(n->type);
  switch (n->kind) {
    case Kind::Const: out += " " + std::to_string(n->bits); break;
    case Kind::Local: case Kind::Deref: case Kind::Let: case Kind::Storage: case Kind::Release:
      out += " %" + std::to_string(n->slot);
      if (n->kind == Kind::Local && n->moves) out += " move";
      break;
    case Kind::Field: out += " ." + std::to_string(n->index); break;
    case Kind::Unary: case Kind::Binary: case Kind::Builtin: case Kind::Compound:
      out += std::string(" ") + sem::op_row(n->op).name + "." + check::scalar_name(n->sc);
      break;
    case Kind::Convert:
      out += std::string(" ") + check::scalar_name(n->sc2) + "->" + check::scalar_name(n->sc);
      break;
    case Kind::Call: case Kind::FnRef: out += " " + (n->fn ? n->fn->qualified : std::string("?")); break;
    case Kind::Variant: case Kind::Arm: out += " #" + std::to_string(n->index); break;
    case Kind::String: out += " \"" + n->text + "\""; break;
    case Kind::Extent: out += " of-arg " + std::to_string(n->index); break;
    case Kind::Unwind: out += " leaves " + std::to_string(n->leaves); break;
    case Kind::Index: case Kind::And: case Kind::Or: case Kind::CallIndirect:
    case Kind::Record: case Kind::BufNew: case Kind::ArrayNew: case Kind::Part: case Kind::Lend:
    case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format: case Kind::Assert:
    case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try: case Kind::ArgRef:
    case Kind::ArgTemp: case Kind::ArgView: case Kind::Block: case Kind::Drop:
    case Kind::Unpack: case Kind::Assign: case Kind::If: case Kind::While: case Kind::ForRange:
    case Kind::ForEach: case Kind::Match: case Kind::Return: case Kind::Break: case Kind::Continue:
    case Kind::Defer: case Kind::Eval: break;
  }
  if (n->has_guard)
    out += std::string(" guard ") + check::trap_name(n->trap) + "@" + std::to_string(n->pos.line) + ":" +
           std::to_string(n->pos.col) + (n->proven_safe ? " safe" : "");
  if (!n->slots.empty()) {
    out += n->kind == Kind::Block ? " scope" : " binds";
    for (uint32_t s : n->slots) out += " %" + (s == kNoSlot ? std::string("_") : std::to_string(s));
  }
  out += "\n";
  for (const Node* k : n->kids) dump_node(k, depth + 1, out);
  if (n->unwind) dump_node(n->unwind, depth + 1, out);
}

std::string dump_ir(const Module& m) {
  std::string out;
  for (const Function& f : m.fns) {
    out += "fn " + f.info->qualified + " slots " + std::to_string(f.slots) + " params";
    for (uint32_t s : f.param_slots) out += " %" + std::to_string(s);
    out += "\n";
    if (f.body) dump_node(f.body, 1, out);
  }
  return out;
}

}  // namespace cairn::ir
