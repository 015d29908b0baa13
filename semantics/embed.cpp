// The embedding API (embed.h) over the core IR and the reference interpreter.
#include <pthread.h>
#include <unistd.h>

#include <functional>

#include "semantics/embed.h"
#include "semantics/interp.h"

namespace cairn::sem {
namespace {

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
    interp_.limits = limits;
    interp_.depth = 0;
    interp_.set_stack_floor();  // the caller's thread: a deep recursion traps `stack` before it overflows
    std::vector<Value> vals(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i].is_view) {
        auto s = make_store();
        s->e.resize(args[i].elems.size());
        for (size_t k = 0; k < args[i].elems.size(); ++k) s->e[k].b = args[i].elems[k];
        vals[i].s = std::move(s);
        vals[i].n = args[i].elems.size();
      } else {
        vals[i].b = args[i].bits;
      }
    }
    std::vector<Value> keep = vals;  // views share their stores: read back after the call
    try {
      Value r = interp_.invoke(*f, vals, fn.name_pos);
      out.defined = true;
      if (fn.result && fn.result->kind != check::TypeKind::Void) out.ret = r.b;
      out.written.resize(args.size());
      for (size_t i = 0; i < args.size(); ++i) {
        const check::Type* t = i < fn.params.size() ? fn.params[i].type : nullptr;
        if (args[i].is_view && t && t->rw)
          for (const Value& e : keep[i].s->e) out.written[i].push_back(e.b);
      }
    } catch (const TrapEx& t) {
      out.defined = false;
      out.trap = t.kind;
      out.trap_pos = t.pos;
    }
    return out;
  }

  int run_entry(const check::FnInfo& entry, const Limits& limits, int trap_fd) override {
    int status = 0;
    std::function<void()> job = [&] { status = run_here(entry, limits, trap_fd); };
    pthread_attr_t attr;
    pthread_t th;
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, size_t{1} << 30) == 0 &&
        pthread_create(&th, &attr, &EngineImpl::thunk, &job) == 0) {
      pthread_attr_destroy(&attr);
      pthread_join(th, nullptr);
      return status;
    }
    return run_here(entry, limits, trap_fd);
  }

 private:
  static void* thunk(void* p) {
    (*static_cast<std::function<void()>*>(p))();
    return nullptr;
  }

  int run_here(const check::FnInfo& entry, const Limits& limits, int trap_fd) {
    const ir::Function* f = mod_.find(&entry);
    if (!f) return 2;
    interp_.limits = limits;
    interp_.depth = 0;
    interp_.set_stack_floor();
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
    }
  }

  const check::Program& program_;
  ir::Module mod_;
  Interp interp_;
};

}  // namespace

std::unique_ptr<Engine> Engine::compile(const check::Program& program, const SourceSet& sources) {
  return std::make_unique<EngineImpl>(program, sources);
}

}  // namespace cairn::sem
