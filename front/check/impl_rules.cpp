// Phase 5: implementations (§17.2, §17.5): reference, signature, when, effects, numerics, where they may
// be named; and check_whole_program, which runs the whole-program rules in order.
#include <algorithm>
#include <deque>
#include <set>
#include <tuple>

#include "front/check/effects_graph.h"
#include "front/check/impl_reference.h"
#include "front/check/impl_rules.h"
#include "front/check/impl_tune.h"
#include "front/check/phases.h"

namespace cairn::check {

namespace {

using Key = std::tuple<int, uint32_t, uint32_t, uint32_t>;

class ImplChecker {
 public:
  ImplChecker(Program& p, DiagSink& sink) : p_(p), sink_(sink), graph_(build_call_graph(p, false)) {}

  void run() {
    for (FnInfo& fn : p_.fns) {
      if (fn.template_of || fn.is_test || !fn.decl || !fn.decl->has_implements) continue;
      implementation(fn);
    }
    named_outside_tests();
  }

 private:
  void refuse(Code c, Pos pos, const FnInfo* unit, std::string msg) {
    if (!seen_.insert({static_cast<int>(c), pos.file, pos.line, pos.col}).second) return;
    if (unit && unit->template_of) msg = "in " + unit->name + ": " + msg;
    sink_.report(c, pos, std::move(msg), Phase::WholeProgram);
  }

  void implementation(FnInfo& fn) {
    ReferenceCheck rc = find_reference(p_, fn);
    if (!rc.ref) {
      refuse(Code::Implements, rc.pos, nullptr, rc.message);
      return;
    }
    TuneCheck tc = check_tune(*fn.decl);
    if (!tc.ok) refuse(Code::ImplParam, tc.pos, nullptr, tc.message);
    if (fn.is_template) {
      for (FnInfo* inst : fn.instances) unit(*inst, *rc.ref);
    } else {
      unit(fn, *rc.ref);
    }
  }

  void unit(FnInfo& g, FnInfo& f) {
    if (!same_signature(g, f)) {
      refuse(Code::ImplSignature, g.name_pos, &g,
             g.name + " must have the parameters and result of " + f.name + ": names, types, modes and extents.");
      return;
    }
    check_when(p_, g, sink_);
    // Reaching the reference closes a cycle through dispatch: its diverge is not a second fault.
    if (reaches(g, f)) {
      refuse(Code::ImplCall, g.name_pos, &g, g.name + " reaches its reference " + f.name + ".");
      return;
    }
    if (!g.row_unknown && !f.row_unknown) effects(g, f);
    if (g.body_checked && f.body_checked) numerics(g, f);
  }

  static bool same_signature(const FnInfo& g, const FnInfo& f) {
    if (g.params.size() != f.params.size() || g.result != f.result) return false;
    for (size_t i = 0; i < g.params.size(); ++i) {
      const ParamSig &a = g.params[i], &b = f.params[i];
      if (a.name != b.name || a.type != b.type || a.extent.kind != b.extent.kind || a.extent.value != b.extent.value)
        return false;
    }
    return true;
  }

  void effects(const FnInfo& g, const FnInfo& f) {
    EffectRow over;
    if (f.ceiling != Ceiling::None) {
      over.fixed = g.row.fixed & ~f.ceiling_row.fixed;
      if (!f.ceiling_has_pure)
        for (uint32_t r : g.row.reads)
          if (!std::binary_search(f.ceiling_row.reads.begin(), f.ceiling_row.reads.end(), r)) over.add_read(r);
      for (uint32_t w : g.row.writes)
        if (!std::binary_search(f.ceiling_row.writes.begin(), f.ceiling_row.writes.end(), w)) over.add_write(w);
    } else {
      over.fixed = g.row.fixed & ~f.body_row.fixed;
      for (uint32_t r : g.row.reads)
        if (!std::binary_search(f.body_row.reads.begin(), f.body_row.reads.end(), r)) over.add_read(r);
      for (uint32_t w : g.row.writes)
        if (!std::binary_search(f.body_row.writes.begin(), f.body_row.writes.end(), w)) over.add_write(w);
    }
    if (over == EffectRow{}) return;
    std::vector<std::string> names;
    for (const ParamSig& p : g.params) names.push_back(p.name);
    std::string labels;
    for (const std::string& l : row_labels(over, names)) labels += (labels.empty() ? "" : ", ") + l;
    refuse(Code::ImplEffect, g.name_pos, &g,
           g.name + " exceeds the effects of " + f.name + (f.ceiling != Ceiling::None ? "'s ceiling" : "") + ": " + labels + ".");
  }

  void numerics(const FnInfo& g, const FnInfo& f) {
    uint8_t extra = g.rounds & ~f.rounds;
    if (!extra) return;
    const char* t = (extra & 1) ? "f32" : "f64";
    refuse(Code::ImplNumerics, g.name_pos, &g,
           g.name + " rounds in " + t + ", which its reference " + f.name + " never does.");
  }

  // Whether g reaches f through calls (direct or indirect), implementations not followed.
  bool reaches(const FnInfo& g, const FnInfo& f) {
    auto gi = graph_.index.find(&g), fi = graph_.index.find(&f);
    if (gi == graph_.index.end() || fi == graph_.index.end()) return false;
    std::vector<bool> seen(graph_.nodes.size(), false);
    std::deque<uint32_t> work{gi->second};
    seen[gi->second] = true;
    while (!work.empty()) {
      uint32_t v = work.front();
      work.pop_front();
      for (const CallGraph::Edge& e : graph_.out[v]) {
        if (e.to == fi->second) return true;
        if (!seen[e.to]) {
          seen[e.to] = true;
          work.push_back(e.to);
        }
      }
    }
    return false;
  }

  static bool is_implementation(const FnInfo* fn) { return fn && fn->decl && fn->decl->has_implements; }

  // Calls and values outside test blocks, families of implementations, tests naming untuned instances.
  void named_outside_tests() {
    for (FnInfo* fn : p_.body_order) {
      for (const CallEdge& c : fn->calls)
        if (!fn->is_test && is_implementation(c.callee))
          refuse(Code::ImplCall, c.pos, nullptr,
                 c.callee->name + " is an implementation: only test blocks may call it by name.");
      for (const FnValueUse& u : fn->value_uses)
        if (is_implementation(u.fn))
          refuse(Code::ImplCall, u.pos, nullptr, u.fn->name + " is an implementation and cannot be a function value.");
    }
    for (const Program::InstanceUse& u : p_.instance_uses) {
      if (!is_implementation(u.instance)) continue;
      if (u.via == Program::InstanceUse::Via::Family)
        refuse(Code::ImplCall, u.pos, nullptr, "A family cannot name an implementation (" + u.instance->name + ").");
      if (u.via == Program::InstanceUse::Via::Body && u.user && u.user->is_test && u.instance->template_of) {
        std::vector<uint64_t> values;
        for (const auto& nv : u.instance->naturals) values.push_back(nv.second);
        if (!in_tune(check_tune(*u.instance->template_of->decl), values))
          refuse(Code::ImplParam, u.pos, nullptr, u.instance->name + " is not among the instances its tune lists offer.");
      }
    }
  }

  Program& p_;
  DiagSink& sink_;
  CallGraph graph_;
  std::set<Key> seen_;
};

}  // namespace

void check_implementations(Program& program, DiagSink& sink) { ImplChecker(program, sink).run(); }

void check_whole_program(Program& program, const CheckOptions& options, DiagSink& sink) {
  // Implementation, tune and plan rules run only on a program nothing else refuses (tools.md §2.1).
  if (sink.empty()) {
    check_implementations(program, sink);
    check_plans(program, sink);
  }
  check_main(program, options, sink);
}

}  // namespace cairn::check
