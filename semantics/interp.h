// The reference interpreter over the core IR: values, frames, traps and the executor.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "front/source/source.h"
#include "semantics/embed.h"
#include "semantics/ir.h"
#include "semantics/value_format.h"

namespace cairn::sem {

struct Store;

// A run-time value. Scalars in `b` (ops.h bits); records, sums' payloads and Arrays in a Store of their
// components (copied deeply when copied); a Buf in a heap Store; a view: store `s`, offset `b`, length `n`;
// a sum's tag in `b`; a function value: program function index + 1 in `b` (0: null); a single borrow
// parameter: `p`.
struct Value {
  uint64_t b = 0;
  uint64_t n = 0;
  std::shared_ptr<Store> s;
  Value* p = nullptr;
};

struct Store {
  std::vector<Value> e;
  uint64_t bytes = 0;       // live heap bytes this store counts (Buf, buffer)
  uint64_t* live = nullptr; // the counter to give them back to
  ~Store() {
    if (live) *live -= bytes;
  }
};

struct TrapEx {
  check::TrapKind kind;
  Pos pos;
};

class Interp {
 public:
  Interp(const ir::Module& m, const SourceSet& sources);
  // Runs function `f` with argument values (borrow parameters given as pointers in Value::p).
  Value invoke(const ir::Function& f, std::vector<Value>& args, Pos call_pos);
  Value invoke(const ir::Function& f, Value* args, size_t nargs, Pos call_pos);
  Limits limits;
  uint64_t live_bytes = 0;
  uint32_t depth = 0;
  const ir::Module& mod;
  const SourceSet& sources;
  Value zero(const check::Type* t);
  std::string file_name(Pos p) const;
  void write_out(int fd, const std::string& bytes);

 private:
  struct Frame {
    std::vector<Value> slots;
    Value ret;
    std::deque<Value> temps;
  };
  enum class Flow : uint8_t { Normal, Break, Continue, Return };
  Frame* fr_ = nullptr;
  std::deque<Frame> frames_;      // frame pool, one per active invocation (reused: no per-call allocation)
  size_t ftop_ = 0;
  std::vector<uint64_t> idx_;
  std::unordered_map<const ir::Node*, std::shared_ptr<Store>> strings_;  // string literals, built once (ro)     // index stack of Assign/Compound places (pre_indexes / resolve)

  Flow exec(const ir::Node* n);
  Flow exec_block(const ir::Node* n);
  Value eval(const ir::Node* n);
  uint64_t scalar(const ir::Node* n);  // eval(n).b without building a Value where that is equivalent
  const Value* view_ref(const ir::Node* n);  // the view value view(n) would copy, when it is held in a slot
  Value* place(const ir::Node* n);
  void pre_indexes(const ir::Node* n);
  Value* resolve(const ir::Node* n, size_t& k);
  Value view(const ir::Node* n);  // a view value of a view-shaped expression
  Value copy(const Value& v, const check::Type* t);
  bool copies_deeply(const Value& v, const check::Type* t);  // copy(v, t) would clone v's store
  Value copy_component(const Value& x);  // component x as copy() clones it inside its store
  Value call(const ir::Node* n);
  Value builtin(const ir::Node* n);
  void render(const ir::Node* arg, const Value& v, std::string& out, bool assert_form);
  Value format(const ir::Node* n);
  Value assert_node(const ir::Node* n);
  Value compact(const ir::Node* n);
  Value reduce(const ir::Node* n);
  Value buf_new(const check::Type* elem, uint64_t count, Pos pos);
  [[noreturn]] void trap(check::TrapKind k, Pos p) { throw TrapEx{k, p}; }
  uint64_t op(const ir::Node* n, sem::Op o, check::Scalar sc, check::Scalar res, uint64_t a, uint64_t b);
  friend struct TryReturn;
};

// Thrown by `try` on failure after the function's result is stored: blocks run their defers on the way out.
struct TryReturn {};


}  // namespace cairn::sem
