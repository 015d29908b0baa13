// Writing one function body: the context's function-level state saved, a fresh scope, the body's lines in `code`.
#pragma once
#include "fuzz/gen/context.h"

namespace cairn::fuzz {

class BodyScope {
 public:
  BodyScope(Ctx& c, Code& code, Ty ret);
  ~BodyScope();
  BodyScope(const BodyScope&) = delete;
  BodyScope& operator=(const BodyScope&) = delete;

 private:
  Ctx& c_;
  std::vector<std::vector<Var>> scopes_;
  Code* out_;
  bool in_main_;
  Ty ret_;
  Interval ret_iv_;
  bool early_;
  int loop_depth_;
  int block_depth_;
};

// A random sub-interval of full(t) (sometimes full(t) itself): the invariant of a parameter, field or element.
Interval random_interval(Ctx& c, Ty t);
// The spelling of a scalar type.
std::string ty(Ty t);
// The statement folding integer expression `e` into the u64 accumulator `acc`: acc = fold(acc, ...).
std::string fold_stmt(const std::string& acc, const std::string& e, Ty t);

}  // namespace cairn::fuzz
