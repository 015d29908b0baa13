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
#include "semantics/value_format.h"

namespace cairn::sem {

struct TrapEx {
  check::TrapKind kind;
  Pos pos;
};

struct Code;  // the compiled form of the module (interp_code.h)

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
  struct Frame {
    std::vector<Value> slots;
    uint32_t cap = 0;  // slots.size()
    // A compiled call's caller state, restored when the frame is popped.
    uint32_t caller_depth = 0;
    Frame* caller = nullptr;
    Value* caller_slots = nullptr;
    Value ret;
    std::deque<Value> temps;
  };
  enum class Flow : uint8_t { Normal, Break, Continue, Return };
  Frame* fr_ = nullptr;
  Value* sl_ = nullptr;           // fr_->slots.data(): the current frame's slots
  StorePool pool_;                // released small stores (declared before anything holding values)
  std::unique_ptr<Code> code_;    // every function compiled once, at construction
  std::vector<std::unique_ptr<Frame>> frames_;  // frame pool, one per active invocation (reused)
  std::vector<Frame*> fptrs_;                    // the same frames, unowned
  Frame* const* fbase_ = nullptr;                // fptrs_.data()
  size_t fcount_ = 0;                            // fptrs_.size()
  size_t ftop_ = 0;

  // A frame of at least `nslots` slots for a call. Frames at rest hold no store: a popped frame's slots are
  // empty, except that a compiled call leaves its scalar-only slots' bits (interp_frame_slots.cpp).
  Frame& push_frame(uint32_t nslots) {
    if (__builtin_expect(ftop_ < fcount_, 1)) {
      Frame& fr = *fbase_[ftop_];
      if (__builtin_expect(fr.cap >= nslots, 1)) {
        ++ftop_;
        return fr;
      }
    }
    return push_frame_grow(nslots);
  }
  Frame& push_frame_grow(uint32_t nslots);  // a new frame, or more slots (interp.cpp)
  // Releases the frame's values (as the destruction of a per-call frame would) and pops it.
  void pop_frame(Frame& fr, uint32_t nslots) {
    Value* v = fr.slots.data();
    for (uint32_t i = 0; i < nslots; ++i) clear_value(v[i]);
    pop_frame_rest(fr);
  }
  // The same after the slots: the temporaries and the result released, the frame popped.
  void pop_frame_rest(Frame& fr) {
    if (__builtin_expect(!fr.temps.empty(), 0)) clear_temps(fr);
    clear_value(fr.ret);
    --ftop_;
  }
  static void clear_temps(Frame& fr);  // out of line (interp.cpp): callers keep their registers
  std::vector<uint64_t> idx_;     // index stack of Assign/Compound places (pre_indexes / resolve)
  std::unordered_map<const ir::Node*, StoreRef> strings_;  // string literals, built once (ro)

  void set_frame(Frame* f) {
    fr_ = f;
    sl_ = f ? f->slots.data() : nullptr;
  }
  [[noreturn]] void trap(check::TrapKind k, Pos p) { throw TrapEx{k, p}; }
  Value copy(const Value& v, const check::Type* t);
  bool copies_deeply(const Value& v, const check::Type* t);  // copy(v, t) would clone v's store
  Value copy_component(const Value& x);  // component x as copy() clones it inside its store
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
