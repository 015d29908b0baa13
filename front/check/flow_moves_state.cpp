// Scopes, per-local hold states, joins of paths and scope exits for the move walk (§12.2, §12.4, §12.5).
#include "front/check/flow_moves.h"

namespace cairn::check::flow {

MoveFlow::MoveFlow(Program& program, FnInfo& fn, DiagSink& sink, std::string prefix)
    : program_(program), fn_(fn), sink_(sink), prefix_(std::move(prefix)), rows_(program, fn) {
  size_t n = fn.body ? fn.body->locals.size() : 0;
  hold_.assign(n, Hold::Live);
  cur_.assign(n, Hold::Live);
  tmp_.assign(n, Hold::Live);
  differ_.assign(n, false);
  stamp_.assign(n, 0);
  decl_depth_.assign(n, 0);
  poisoned_.assign(n, false);
  leak_reported_.assign(n, false);
  in_scope_.assign(n, false);
}

void MoveFlow::report(Code code, Pos pos, const std::string& msg, LocalVar* poison) {
  sink_.report(code, pos, prefix_ + msg, Phase::Bodies);
  ++refusals_;
  if (poison && poison->id < poisoned_.size()) poisoned_[poison->id] = true;
}

bool MoveFlow::poisoned(const LocalVar* v) const { return v && v->id < poisoned_.size() && poisoned_[v->id]; }

bool MoveFlow::tracked(const LocalVar* v) const {
  if (!v || !v->type || v->id >= hold_.size()) return false;
  switch (v->type->kind) {
    case TypeKind::View:
    case TypeKind::Borrow:
    case TypeKind::Error: return false;
    default: return type_kind(v->type) != Kind::Copy;
  }
}

void MoveFlow::set_hold(const LocalVar* v, Hold h) {
  if (hold_[v->id] == h) return;
  journal_.emplace_back(v->id, hold_[v->id]);
  hold_[v->id] = h;
}

PathEnd MoveFlow::capture(size_t from) {
  PathEnd end;
  end.dead = dead_;
  if (dead_) return end;
  ++stamp_now_;
  for (size_t i = from; i < journal_.size(); ++i) {
    uint32_t id = journal_[i].first;
    if (stamp_[id] == stamp_now_) continue;
    stamp_[id] = stamp_now_;
    end.diff.emplace_back(id, hold_[id]);
  }
  return end;
}

void MoveFlow::undo(size_t to) {
  while (journal_.size() > to) {
    hold_[journal_.back().first] = journal_.back().second;
    journal_.pop_back();
  }
  dead_ = false;
}

void MoveFlow::push_scope() { scopes_.emplace_back(); }

void MoveFlow::declare(LocalVar* v, Pos) {
  if (!v || v->id >= hold_.size()) return;
  set_hold(v, Hold::Live);
  decl_depth_[v->id] = depth_;
  in_scope_[v->id] = true;
  Scope& sc = scopes_.back();
  sc.locals.push_back(v);
  if (tracked(v) && type_kind(v->type) == Kind::Linear) sc.linear.push_back(v);
  else if (tracked(v) || v->origin == LocalVar::Origin::Buffer || v->origin == LocalVar::Origin::Stack)
    sc.releases.push_back(v);
}

void MoveFlow::release_local(const LocalVar* v, bool at_body_end) {
  if (v->origin == LocalVar::Origin::Buffer) rows_.label(Effect::Free);
  if (v->origin == LocalVar::Origin::Stack && v->type && v->type->elem && type_kind(v->type->elem) != Kind::Copy)
    rows_.label(Effect::Free);
  if (!tracked(v)) return;
  Hold h = hold(v);
  bool pending = false;
  for (const PendingMove& m : pending_) pending |= m.local == v;
  if (h == Hold::Moved || h == Hold::Deferred || pending) return;
  if (type_kind(v->type) == Kind::Linear) {
    if (at_body_end && v->param_index) return;  // a by-value parameter may end with the body (§12.5)
    if (at_body_end && refusals_ > 0) return;   // found where the body ends: waits for the next check
    if (leak_reported_[v->id] || poisoned(v)) return;
    leak_reported_[v->id] = true;
    report(Code::LinearLeak, v->pos, v->name + " is a linear value that is not consumed on every path.",
           const_cast<LocalVar*>(v));
    return;
  }
  rows_.label(Effect::Free);
}

void MoveFlow::pop_scope(bool falls_off_body) {
  Scope& sc = scopes_.back();
  if (!dead_) {
    for (LocalVar* v : sc.deferred) set_hold(v, Hold::Moved);
    for (LocalVar* v : sc.linear) release_local(v, falls_off_body);
    for (LocalVar* v : sc.releases) release_local(v, falls_off_body);
  }
  for (LocalVar* v : sc.locals) in_scope_[v->id] = false;
  scopes_.pop_back();
}

void MoveFlow::leave_scopes(size_t from) {
  if (dead_) return;
  for (size_t i = from; i < scopes_.size(); ++i)
    for (LocalVar* v : scopes_[i].linear) release_local(v, false);
  // Releases only add `free`: once it is in the row, the rest cannot add anything (keeps exits linear).
  for (size_t i = from; i < scopes_.size() && !fn_.own_row.has(Effect::Free); ++i)
    for (LocalVar* v : scopes_[i].releases) {
      release_local(v, false);
      if (fn_.own_row.has(Effect::Free)) break;
    }
}

void MoveFlow::drop_value(const Type* t, Pos at, const std::string& what) {
  if (!t) return;
  Kind k = value_kind(t);
  if (k == Kind::Linear)
    report(Code::LinearLeak, at, "A linear value cannot be dropped: " + what + " must be consumed.");
  else if (k == Kind::Affine)
    rows_.label(Effect::Free);
}

void MoveFlow::settle() {
  for (const PendingMove& m : pending_) set_hold(m.local, Hold::Moved);
  pending_.clear();
}

void MoveFlow::join(const std::vector<PathEnd>& ends, Pos keyword) {
  std::vector<const PathEnd*> live;
  for (const PathEnd& e : ends)
    if (!e.dead) live.push_back(&e);
  if (live.empty()) {
    dead_ = true;
    return;
  }
  // Every id some live path changed; a path that did not change it holds the branch point's value.
  ++stamp_now_;
  std::vector<uint32_t> ids;
  for (const PathEnd* e : live)
    for (const auto& [id, h] : e->diff)
      if (stamp_[id] != stamp_now_) {
        stamp_[id] = stamp_now_;
        ids.push_back(id);
      }
  // cur_: the first live path's value; each further path is laid over the base in tmp_ and compared.
  for (uint32_t id : ids) {
    cur_[id] = hold_[id];
    differ_[id] = false;
  }
  for (const auto& [id, h] : live[0]->diff) cur_[id] = h;
  for (size_t k = 1; k < live.size(); ++k) {
    for (uint32_t id : ids) tmp_[id] = hold_[id];
    for (const auto& [id, h] : live[k]->diff) tmp_[id] = h;
    for (uint32_t id : ids) differ_[id] = differ_[id] || tmp_[id] != cur_[id];
  }
  for (uint32_t id : ids) {
    bool same = !differ_[id];
    LocalVar* v = fn_.body->locals[id].get();
    if (same) {
      set_hold(v, cur_[id]);
      continue;
    }
    bool linear = in_scope_[id] && tracked(v) && type_kind(v->type) == Kind::Linear;
    if (linear && !poisoned(v) && !leak_reported_[id]) {
      leak_reported_[id] = true;
      report(Code::LinearBranch, keyword, v->name + " is consumed on some paths that join here and not on others.", v);
    }
    set_hold(v, linear ? Hold::Moved : Hold::Maybe);
  }
}

bool MoveFlow::leased(const Place& p, Pos pos, const char* action) {
  if (!p || poisoned(p.root)) return false;
  for (const Scope& sc : scopes_)
    for (const Lease& l : sc.leases)
      if (places_overlap(p, l.place)) {
        report(Code::Leased, pos,
               p.root->name + " is leased to a deferred call until the end of its block; it cannot be " + action +
                   ".",
               p.root);
        return true;
      }
  return false;
}

}  // namespace cairn::check::flow
