// The state one program's generation carries: the random stream, the names in scope with their proven value
// intervals, the functions expressions may call, the lines being written and the constructs used.
#pragma once
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "fuzz/gen/generate.h"
#include "fuzz/gen/rng.h"
#include "fuzz/gen/types.h"

namespace cairn::fuzz {

// A readable scalar place: a local, parameter, binder, field path or natural parameter. `iv` is an invariant: every
// write to a mutable place keeps the value inside it (integers only).
struct Var {
  std::string name;
  Ty ty = Ty::U32;
  Interval iv;
  bool assignable = false;
};

// A function an expression may call: scalar parameters, whose arguments the caller fits into `params_iv`, no
// writes through parameters, no allocation, no printing (so E-EFFECT-ORDER never applies).
struct Helper {
  std::string name;  // "h3", "g2[4]", "fam1_2"
  std::vector<Ty> params;
  std::vector<Interval> params_iv;
  Ty ret = Ty::U32;
  Interval ret_iv;
};

// Lines of source with two-space indentation, one statement per line.
class Code {
 public:
  void line(const std::string& text) { lines_.push_back(std::string(2 * depth_, ' ') + text); }
  void open(const std::string& head) {
    line(head + " {");
    ++depth_;
  }
  void close() {
    --depth_;
    line("}");
  }
  // `} else {` / `} else if c {`: closes one block and opens the next at the same depth.
  void reopen(const std::string& head) {
    --depth_;
    line("} " + head + " {");
    ++depth_;
  }
  int depth() const { return depth_; }
  std::string text() const;

 private:
  std::vector<std::string> lines_;
  int depth_ = 0;
};

struct Ctx {
  explicit Ctx(uint64_t seed) : rng(seed) {}
  Rng rng;
  std::vector<std::vector<Var>> scopes;  // innermost last
  std::vector<Var> constants;            // item-level constants, visible in every function
  std::vector<Helper> helpers;
  std::set<Construct> used;
  std::vector<std::string> items;  // finished items, in order
  Code* out = nullptr;            // the body being written
  int loop_depth = 0;              // enclosing loops of the statement being written
  int block_depth = 0;             // nested blocks below the function body
  Ty ret_ty = Ty::U32;             // the function being written returns this...
  bool ret_int = false;            // ...when it returns an integer that early returns may produce
  Interval ret_iv;                 // the hull of the values returned so far
  bool early_return_ok = false;
  bool in_main = false;            // main prints and folds; helpers never print
  int counter = 0;
  bool need_std_core = false;

  std::string fresh(const char* prefix) { return prefix + std::to_string(counter++); }
  void use(Construct c) { used.insert(c); }
  void push() { scopes.emplace_back(); }
  void pop() { scopes.pop_back(); }
  void add(const Var& v) { scopes.back().push_back(v); }
  // Every var in scope of type t (any type when `any`), assignable ones only when asked.
  std::vector<const Var*> vars(Ty t, bool assignable_only = false) const;
  std::vector<const Var*> all_vars(bool assignable_only = false) const;
  std::vector<const Helper*> helpers_returning(Ty t) const;
};

}  // namespace cairn::fuzz
