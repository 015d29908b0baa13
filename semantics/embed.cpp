// The embedding API (embed.h) over the core IR and the reference interpreter.
#include <pthread.h>
#include <unistd.h>

#include <functional>

#include "semantics/embed.h"
#include "core/closed_set.h"
#include "semantics/interp.h"

namespace cairn::sem {
namespace {

// The stack run_entry gives main: the interpreter recurses on the C++ stack (to max_call_depth, and the
// stack floor traps `stack` before an overflow).
constexpr size_t kEntryStackBytes = size_t{1} << 30;

// The size of the calling thread's stack, found once per thread (reading the main thread's is slow).
size_t this_thread_stack_bytes() {
  thread_local bool known = false;
  thread_local size_t bytes = 0;
  if (known) return bytes;
  known = true;
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return bytes;
  void* low = nullptr;
  size_t size = 0;
  if (pthread_attr_getstack(&attr, &low, &size) == 0 && low) bytes = size;
  pthread_attr_destroy(&attr);
  return bytes;
}

class EngineImpl : public Engine {
 public:
  EngineImpl(const check::Program& p, const SourceSet& s) : program_(p), mod_(ir::build_ir(p)), interp_(mod_, s) {}

  const check::FnInfo* find(std::string_view name) const override {
    for (const auto& f : program_.fns)
      if (f.qualified == name && mod_.find(&f)) return &f;
    for (const auto& f : program_.fns)
      if (f.name == name && mod_.find(&f)) return &f;
    return nullptr;
  }

  CallOutcome call(const check::FnInfo& fn, const std::vector<ArgValue>& args, const Limits& limits) override {
    CallOutcome out;
    const ir::Function* f = mod_.find(&fn);
    if (!f) return out;
    start(limits);
    std::vector<Value> vals(args.size());
    std::vector<Value> held(args.size());  // the values single borrow parameters point to
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i].is_view) {
        auto s = make_store();
        s->e.resize(args[i].elems.size());
        for (size_t k = 0; k < args[i].elems.size(); ++k) s->e[k].b = args[i].elems[k];
        vals[i].s = std::move(s);
        vals[i].n = args[i].elems.size();
      } else if (i < f->param_borrow.size() && f->param_borrow[i]) {
        held[i].b = args[i].bits;
        vals[i].p = &held[i];
      } else if (i < fn.params.size() && fn.params[i].type && fn.params[i].type->kind != check::TypeKind::Scalar) {
        try {
          vals[i] = build(fn.params[i].type, args[i], fn.name_pos);
        } catch (const TrapEx& t) {  // a by-value Buf beyond the memory limit
          out.trap = t.kind;
          out.trap_pos = t.pos;
          return out;
        }
      } else {
        vals[i].b = args[i].bits;
      }
    }
    std::vector<Value> keep = vals;  // views share their stores: read back after the call
    try {
      Value r = interp_.invoke(*f, vals, fn.name_pos);
      out.defined = true;
      if (fn.result && fn.result->kind != check::TypeKind::Void) {
        out.ret = r.b;
        flatten_result(r, fn.result, out.ret_leaves);
      }
      out.written.resize(args.size());
      for (size_t i = 0; i < args.size(); ++i) {
        const check::Type* t = i < fn.params.size() ? fn.params[i].type : nullptr;
        if (!t || !t->rw) continue;
        if (args[i].is_view)
          for (const Value& e : keep[i].s->e) out.written[i].push_back(e.b);
        else if (keep[i].p)
          out.written[i].push_back(held[i].b);
      }
    } catch (const TrapEx& t) {
      out.defined = false;
      out.trap = t.kind;
      out.trap_pos = t.pos;
    } catch (const OutOfSteps&) {
      out.defined = false;
      out.trap = check::TrapKind::Stack;
      out.trap_pos = fn.name_pos;
      out_of_steps_ = true;
    }
    return out;
  }

  bool out_of_steps() const override { return out_of_steps_; }

  int run_entry(const check::FnInfo& entry, const Limits& limits, int trap_fd) override {
    // Already on a stack as big as the thread below would have (a libFuzzer target's worker): run here, with
    // the same stack floor, and spare the making of a 1 GiB thread.
    if (this_thread_stack_bytes() >= kEntryStackBytes) return run_here(entry, limits, trap_fd);
    int status = 0;
    std::function<void()> job = [&] { status = run_here(entry, limits, trap_fd); };
    pthread_attr_t attr;
    pthread_t th;
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, kEntryStackBytes) == 0 &&
        pthread_create(&th, &attr, &EngineImpl::thunk, &job) == 0) {
      pthread_attr_destroy(&attr);
      pthread_join(th, nullptr);
      return status;
    }
    return run_here(entry, limits, trap_fd);
  }

 private:
  const check::Type* payload(const check::Type* sum, size_t k) const {
    const check::Type* pt = sum->sum->variants[k].payload;
    if (pt && !sum->args.empty()) pt = const_cast<check::TypeTable&>(program_.types).substitute(pt, sum->args);
    return pt;
  }

  // A by-value argument of type t as the interpreter holds it (records and arrays in a store of their parts, a
  // sum's tag in `b` and its payload where payload_rep puts it, a Buf as an owner of live bytes).
  Value build(const check::Type* t, const ArgValue& a, Pos pos) {
    Value v;
    switch (t->kind) {
      case check::TypeKind::Record:
        v.s = make_store();
        for (size_t k = 0; k < t->record->fields.size(); ++k)
          v.s->e.push_back(k < a.parts.size() ? build(t->record->fields[k].type, a.parts[k], pos) : Value{});
        return v;
      case check::TypeKind::Array:
        v.s = make_store();
        for (uint64_t k = 0; k < t->length; ++k)
          v.s->e.push_back(k < a.parts.size() ? build(t->elem, a.parts[k], pos) : Value{});
        return v;
      case check::TypeKind::Sum:
        v.b = a.bits;
        if (a.bits < t->sum->variants.size() && !a.parts.empty())
          if (const check::Type* pt = payload(t, a.bits)) put_payload(v, payload_rep(t, a.bits), build(pt, a.parts[0], pos));
        return v;
      case check::TypeKind::Buf:
        v = interp_.buf_new(t->elem, a.elems.size(), pos);
        for (size_t k = 0; k < a.elems.size(); ++k) v.s->e[k].b = a.elems[k];
        return v;
      case check::TypeKind::Error: case check::TypeKind::Void: case check::TypeKind::Scalar:
      case check::TypeKind::View: case check::TypeKind::Borrow: case check::TypeKind::Fn:
      case check::TypeKind::Param: v.b = a.bits; return v;
    }
    outside_closed_set("TypeKind");
  }

  // The payload of sum value v as take_payload (interp.h) finds it, without moving it out.
  static Value payload_copy(const Value& v, PayloadRep rep) {
    Value p;
    switch (rep) {
      case PayloadRep::Scalar: p.b = v.n; break;
      case PayloadRep::Record: p.s = v.s; break;
      case PayloadRep::Boxed:
        if (v.s && !v.s->e.empty()) p = v.s->e[0];
        break;
      case PayloadRep::None: break;
    }
    return p;
  }

  // `v` (nullptr: a payload the tag does not name, flattened as zeros) in the order of smt::Observed.
  void flatten(const Value* v, const check::Type* t, bool relevant, std::vector<ObservedLeaf>& out) const {
    auto part = [&](size_t i) -> const Value* {
      return v && v->s && i < v->s->e.size() ? &v->s->e[i] : nullptr;
    };
    switch (t->kind) {
      case check::TypeKind::Record:
        for (size_t i = 0; i < t->record->fields.size(); ++i)
          flatten(part(i), t->record->fields[i].type, relevant, out);
        return;
      case check::TypeKind::Sum:
        out.push_back({relevant, false, v ? v->b : 0, {}});
        for (size_t k = 0; k < t->sum->variants.size(); ++k)
          if (const check::Type* pt = payload(t, k)) {
            bool named = v && v->b == k;
            Value p = named ? payload_copy(*v, payload_rep(t, k)) : Value{};
            flatten(named ? &p : nullptr, pt, relevant && named, out);
          }
        return;
      case check::TypeKind::Array:
        for (uint64_t i = 0; i < t->length; ++i) flatten(part(i), t->elem, relevant, out);
        return;
      case check::TypeKind::Error: case check::TypeKind::Void: case check::TypeKind::Scalar:
      case check::TypeKind::Buf: case check::TypeKind::View: case check::TypeKind::Borrow:
      case check::TypeKind::Fn: case check::TypeKind::Param: out.push_back({relevant, false, v ? v->b : 0, {}}); return;
    }
  }

  // The returned value: a Buf as one array per scalar leaf of its element, anything else flattened.
  void flatten_result(const Value& r, const check::Type* t, std::vector<ObservedLeaf>& out) const {
    if (t->kind != check::TypeKind::Buf) return flatten(&r, t, true, out);
    size_t first = out.size();
    size_t count = r.s ? r.s->e.size() : 0;
    for (size_t i = 0; i < count; ++i) {
      std::vector<ObservedLeaf> elem;
      flatten(&r.s->e[i], t->elem, true, elem);
      if (out.size() == first)
        for (size_t j = 0; j < elem.size(); ++j) out.push_back({true, true, 0, {}});
      for (size_t j = 0; j < elem.size(); ++j) out[first + j].elems.push_back(elem[j].bits);
    }
    if (count == 0) {  // the leaf structure of an empty Buf: zero leaves' worth of empty arrays
      std::vector<ObservedLeaf> shape;
      flatten(nullptr, t->elem, true, shape);
      for (size_t j = 0; j < shape.size(); ++j) out.push_back({true, true, 0, {}});
    }
  }

  static void* thunk(void* p) {
    (*static_cast<std::function<void()>*>(p))();
    return nullptr;
  }

  int run_here(const check::FnInfo& entry, const Limits& limits, int trap_fd) {
    const ir::Function* f = mod_.find(&entry);
    if (!f) return 2;
    start(limits);
    try {
      std::vector<Value> none;
      Value r = interp_.invoke(*f, none, entry.name_pos);
      if (entry.result && entry.result->kind == check::TypeKind::Scalar) return static_cast<int>(r.b & 0xFF);
      return 0;
    } catch (const TrapEx& t) {
      if (trap_fd >= 0) {
        std::string line = std::string("trap: ") + check::trap_name(t.kind) + " at " + interp_.file_name(t.pos) +
                           ":" + std::to_string(t.pos.line) + "\n";
        (void)!::write(trap_fd, line.data(), line.size());
      }
      return 134;
    } catch (const OutOfSteps&) {
      out_of_steps_ = true;
      return kOutOfStepsStatus;
    }
  }

  // The state of one run: its limits, depth 0, the caller's thread's stack (a deep recursion traps `stack`
  // before it overflows), its step budget.
  void start(const Limits& limits) {
    interp_.limits = limits;
    interp_.depth = 0;
    interp_.set_stack_floor();
    interp_.steps_left = limits.max_steps ? limits.max_steps : ~uint64_t{0};
    out_of_steps_ = false;
  }

  const check::Program& program_;
  ir::Module mod_;
  Interp interp_;
  bool out_of_steps_ = false;
};

}  // namespace

std::unique_ptr<Engine> Engine::compile(const check::Program& program, const SourceSet& sources) {
  return std::make_unique<EngineImpl>(program, sources);
}

}  // namespace cairn::sem
