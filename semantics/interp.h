// The reference interpreter: frames, traps, the compiled form it runs (interp_code.h) and the IR walker.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "front/source/source.h"
#include "semantics/embed.h"
#include "semantics/interp_value.h"
#include "semantics/ir.h"
#include "core/value_format.h"

namespace cairn::sem {

struct TrapEx {
  check::TrapKind kind;
  Pos pos;
};
// Thrown when Limits::max_steps is reached: not a trap of the program, so no TrapEx handler takes it.
struct OutOfSteps {};

struct Code;  // the compiled form of the module (interp_code.h)

// How a sum value holds the payload of one of its variants. The variant's declared payload type decides (never
// the sum's type arguments), so every value of a sum type agrees on it wherever it is built or read:
// None: no payload. Boxed: component 0 of the sum's store. Scalar: the payload's bits in Value::n, no store.
// Record: a flat Copy record payload (interp_last_use.cpp) is held as its own store, the sum's store.
enum class PayloadRep : uint8_t { None, Boxed, Scalar, Record };
PayloadRep payload_rep(const check::Type* sum, uint64_t tag);
// The payload of sum value v (of a variant with that representation), moved out of it.
inline Value take_payload(Value& v, PayloadRep rep) {
  Value p;
  switch (rep) {
    case PayloadRep::Scalar: p.b = v.n; break;
    case PayloadRep::Record: p.s.take(v.s); break;
    case PayloadRep::Boxed:
      if (v.s && !v.s->e.empty()) p = std::move(v.s->e[0]);
      break;
    case PayloadRep::None: break;
  }
  return p;
}
// Payload p placed into sum value v, which holds its tag and nothing else yet.
inline void put_payload(Value& v, PayloadRep rep, Value&& p) {
  switch (rep) {
    case PayloadRep::Scalar: v.n = p.b; break;
    case PayloadRep::Record: v.s.take(p.s); break;
    case PayloadRep::Boxed: {
      StoreRef st = make_store();
      v.s.take(st);
      v.s->e.push_back(std::move(p));
      break;
    }
    case PayloadRep::None: break;
  }
}

class Interp {
 public:
  Interp(const ir::Module& m, const SourceSet& sources);
  ~Interp();
  // Runs function `f` with argument values (borrow parameters given as pointers in Value::p).
  Value invoke(const ir::Function& f, std::vector<Value>& args, Pos call_pos);
  Value invoke(const ir::Function& f, Value* args, size_t nargs, Pos call_pos);
  Limits limits;
  bool walk = false;  // run every body on the IR walker instead of the compiled form (differential tests)
  uint64_t live_bytes = 0;
  uint32_t depth = 0;
  // Loop iterations and calls left before the run stops (Limits::max_steps; all ones: no limit in practice).
  uint64_t steps_left = ~uint64_t{0};
  void tick() {
    if (__builtin_expect(--steps_left == 0, 0)) out_of_steps();
  }
  [[noreturn, gnu::cold, gnu::noinline]] static void out_of_steps();
  // A call whose frame would lie below this address traps `stack` (§16), so a deep recursion stops cleanly
  // on whatever thread runs the interpreter (set by set_stack_floor; null: only max_call_depth counts).
  const char* stack_floor = nullptr;
  void set_stack_floor();
  // The call-depth limit and the thread's stack: a call at `depth` cannot be made.
  bool too_deep(uint32_t at) const {
    return at >= limits.max_call_depth || static_cast<const char*>(__builtin_frame_address(0)) < stack_floor;
  }
  const ir::Module& mod;
  const SourceSet& sources;
  Value zero(const check::Type* t);
  std::string file_name(Pos p) const;
  void write_out(int fd, const std::string& bytes);

  // Engine state the compiled closures (interp_code.h) read and write directly.
  //
  // Frames are windows of one slot stack: a call's frame starts at top_, the end of the caller's frame, so a
  // call bumps a pointer; the caller's state is saved on the C++ stack and restored when the call ends. The
  // stack is a list of chunks that never move (a borrow's Value::p may point into a caller's frame); a frame
  // that does not fit in the rest of its chunk starts the next one. Slots at rest (above top_) hold no store:
  // a popped frame's slots are empty, except that a compiled call leaves its scalar-only slots' bits
  // (interp_frame_slots.cpp).
  enum class Flow : uint8_t { Normal, Break, Continue, Return };
  StorePool pool_;                // released small stores (declared before anything holding values)
  std::unique_ptr<Code> code_;    // every function compiled once, at construction
  Value* sl_ = nullptr;   // the current frame's slots
  Value* top_ = nullptr;  // the end of the current frame: the next call's frame (null: no frame yet)
  Value* lim_ = nullptr;  // the end of the chunk top_ lies in
  Value* ret_ = nullptr;  // where the running function's result goes (the caller's, on the C++ stack)
  // Where a compiled call with a scalar result has its callee write it (read back as soon as the call ends;
  // only scalar results are written here, so it never holds a store).
  Value scalar_ret_;
  // Temporaries of every frame, each with the slots of the frame it belongs to (a frame has at least one slot,
  // so no two live frames share their slots' address); tlast_: the owner of the last one (null: none).
  struct Temp {
    Value v;
    const Value* owner;
  };
  std::deque<Temp> temps_;
  size_t ntemps_ = 0;
  const Value* tlast_ = nullptr;
  struct Chunk {
    std::unique_ptr<Value[]> v;
    size_t size = 0;
  };
  std::vector<Chunk> chunks_;     // the slot stack

  // Where a frame of `nslots` slots starts: top_, or the start of the next chunk when the rest of top_'s chunk
  // is too small (lim_ then that chunk's end). The caller sets top_ past the frame.
  Value* frame_base(uint32_t nslots) {
    if (__builtin_expect(nslots <= static_cast<size_t>(lim_ - top_), 1)) return top_;
    return frame_base_chunk(nslots);
  }
  Value* frame_base_chunk(uint32_t nslots);  // interp.cpp
  // A temporary of the current frame, held until the end of its statement (at a stable address).
  Value* push_temp(Value&& v) {
    temps_.push_back(Temp{std::move(v), sl_});
    ++ntemps_;
    tlast_ = sl_;
    return &temps_.back().v;
  }
  bool has_temps() const { return tlast_ == sl_; }  // the current frame holds temporaries
  void drop_temps() { drop_temps_of(sl_); }        // releases them
  void drop_temps_of(const Value* owner);           // out of line: callers keep their registers (interp.cpp)

  // A frame for a call of a function with `nslots` slots (invoke, plan dispatch): taken at top_ and, when it
  // ends, all its slots and temporaries released and the caller's state restored. It does not switch to the
  // frame: the owner sets sl_ (and ret_, depth) once the arguments are in it.
  struct FrameScope {
    Interp& in;
    Value* saved_sl;
    Value* saved_top;
    Value* saved_lim;
    Value* saved_ret;
    uint32_t saved_depth;
    uint32_t nslots;
    Value* slots;  // after the saved state: frame_base may move lim_
    FrameScope(Interp& i, uint32_t n)
        : in(i), saved_sl(i.sl_), saved_top(i.top_), saved_lim(i.lim_), saved_ret(i.ret_), saved_depth(i.depth),
          nslots(n > 0 ? n : 1), slots(i.frame_base(nslots)) {
      i.top_ = slots + nslots;
    }
    void enter() { in.sl_ = slots; }  // switches to the frame
    ~FrameScope() {
      for (uint32_t k = 0; k < nslots; ++k) clear_value(slots[k]);
      if (in.tlast_ == slots) in.drop_temps_of(slots);
      in.sl_ = saved_sl;
      in.top_ = saved_top;
      in.lim_ = saved_lim;
      in.ret_ = saved_ret;
      in.depth = saved_depth;
    }
    FrameScope(const FrameScope&) = delete;
    FrameScope& operator=(const FrameScope&) = delete;
  };

  std::vector<uint64_t> idx_;     // index stack of Assign/Compound places (pre_indexes / resolve)
  std::unordered_map<const ir::Node*, StoreRef> strings_;  // string literals, built once (ro)
  std::unordered_map<const ir::Node*, const check::Type*> try_result_;  // each Try: its function's result type

  // Out of line and cold: a closure with a guard then needs no registers saved for the throw on its hot path.
  [[noreturn, gnu::cold, gnu::noinline]] void trap(check::TrapKind k, Pos p);
  Value copy(const Value& v, const check::Type* t);
  bool copies_deeply(const Value& v, const check::Type* t);  // copy(v, t) would clone v's store
  Value copy_component(const Value& x);  // component x as copy() clones it inside its store
  Value copy_payload(const Value& sum, PayloadRep rep);  // the payload, cloned as copy() would clone it
  Value buf_new(const check::Type* elem, uint64_t count, Pos pos);

  // The walker over the IR tree: the generic path the compiled closures fall back to for rare node kinds.
  Flow exec(const ir::Node* n);
  Flow exec_block(const ir::Node* n);
  void exec_unwind(const ir::Node* exit);
  Value eval(const ir::Node* n);
  uint64_t scalar(const ir::Node* n);  // eval(n).b without building a Value where that is equivalent
  const Value* view_ref(const ir::Node* n);  // the view value view(n) would copy, when it is held in a slot
  Value* place(const ir::Node* n);
  void pre_indexes(const ir::Node* n);
  Value* resolve(const ir::Node* n, size_t& k);
  Value view(const ir::Node* n);  // a view value of a view-shaped expression
  Value call(const ir::Node* n);
  // A call's callee after the plan dispatch (§17.3) of `f` on the argument values.
  const ir::Function* dispatch(const ir::Function* f, Value* args, size_t nargs);
  // A call once its arguments are evaluated: extents, part guards, depth, dispatch, invoke (interp_eval.cpp).
  Value finish_call(const ir::Node* n, const ir::Function* f, Value* args, size_t nargs, size_t first);
  void render(const ir::Node* arg, const Value& v, std::string& out, bool assert_form);
  Value format(const ir::Node* n);
  Value assert_node(const ir::Node* n);
  Value compact(const ir::Node* n);
  Value reduce(const ir::Node* n);
  uint64_t op(const ir::Node* n, sem::Op o, check::Scalar sc, check::Scalar res, uint64_t a, uint64_t b);
};

// Thrown by `try` on failure after the function's result is stored and its unwind has run.
struct TryReturn {};

}  // namespace cairn::sem
