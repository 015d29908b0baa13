// The fixed ceiling of a collector's operands (§8.16): no write:, alloc or io in any call's row there, and
// no take, swap or format. Also the builtin rows (§7.1) the phase 5 flow rules share.
#include "front/check/flow_order.h"

#include "front/check/flow_rows.h"

namespace cairn::check::flow {

const EffectRow* call_row(const ast::Expr* call, EffectRow& scratch, bool* writes) {
  *writes = false;
  const ExprInfo* in = info_of(call);
  if (!in) return nullptr;
  scratch = EffectRow{};
  switch (in->call) {
    case CallKind::Direct:
      if (!in->fn || in->fn->row_unknown || in->fn->body_refused) return nullptr;
      *writes = !in->fn->row.writes.empty();
      return &in->fn->row;
    case CallKind::Indirect:
      scratch.add(Effect::IndirectCall);
      scratch.add(Effect::Trap);
      return &scratch;
    case CallKind::BufNew:
      scratch.add(Effect::Alloc);
      scratch.add(Effect::ZeroInit);
      scratch.add(Effect::Trap);
      return &scratch;
    case CallKind::ArrayNew: scratch.add(Effect::ZeroInit); return &scratch;
    case CallKind::Builtin:
      switch (in->builtin) {
        case Builtin::Take:
        case Builtin::Swap: *writes = true; return &scratch;
        case Builtin::Format:
          *writes = true;
          scratch.add(Effect::Alloc);
          scratch.add(Effect::Free);
          scratch.add(Effect::Trap);
          return &scratch;
        case Builtin::Print:
        case Builtin::Println:
        case Builtin::Eprint:
        case Builtin::Eprintln: scratch.add(Effect::Io); return &scratch;
        default: return &scratch;
      }
    case CallKind::None:
    case CallKind::Record:
    case CallKind::Variant:
    case CallKind::Conversion: return &scratch;
  }
  return &scratch;
}

namespace {

void visit(const ast::Expr* e, const std::string& prefix, DiagSink& sink) {
  if (!e) return;
  if (e->kind == ast::ExprKind::Call) {
    const ExprInfo* in = info_of(e);
    EffectRow scratch;
    bool writes = false;
    const EffectRow* row = call_row(e, scratch, &writes);
    std::string name;
    if (in && in->call == CallKind::Direct && in->fn) name = in->fn->name;
    else if (in && in->call == CallKind::Builtin) name = builtin_name(in->builtin);
    else if (in && in->call == CallKind::BufNew) name = "Buf";
    const char* label = nullptr;
    if (in && in->call == CallKind::Builtin &&
        (in->builtin == Builtin::Take || in->builtin == Builtin::Swap || in->builtin == Builtin::Format))
      label = "write";
    else if (row && writes) label = "write";
    else if (row && row->has(Effect::Alloc)) label = "alloc";
    else if (row && row->has(Effect::Io)) label = "io";
    if (label) {
      std::string what = std::string(label);
      if (row && writes && in && in->fn && !row->writes.empty()) {
        uint32_t p = row->writes[0];
        what = "write:" + (p < in->fn->params.size() ? in->fn->params[p].name : std::to_string(p));
      }
      sink.report(Code::EffectCeiling, callee_name_pos(e),
                  prefix + "A collector's operands may not write, allocate or print: " + name + " has effect " +
                      what + ".",
                  Phase::WholeProgram);
    }
  }
  visit(e->a, prefix, sink);
  visit(e->b, prefix, sink);
  visit(e->c, prefix, sink);
  visit(e->d, prefix, sink);
  visit(e->e, prefix, sink);
  for (const ast::Expr* a : e->args) visit(a, prefix, sink);
}

}  // namespace

void check_collector_operand(const ast::Expr* operand, const std::string& prefix, DiagSink& sink) {
  visit(operand, prefix, sink);
}

}  // namespace cairn::check::flow
