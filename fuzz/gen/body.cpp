// The function-body scope of the generator and small shared spellings.
#include "fuzz/gen/body.h"

#include "fuzz/gen/expr.h"

namespace cairn::fuzz {

BodyScope::BodyScope(Ctx& c, Code& code, Ty ret)
    : c_(c), scopes_(std::move(c.scopes)), out_(c.out), in_main_(c.in_main), ret_(c.ret_ty), ret_iv_(c.ret_iv),
      early_(c.early_return_ok), loop_depth_(c.loop_depth), block_depth_(c.block_depth) {
  c.scopes.clear();
  c.push();
  c.out = &code;
  c.in_main = false;
  c.ret_ty = ret;
  c.ret_iv = Interval{1, 0};  // empty: the first return sets it
  c.early_return_ok = is_int(ret);
  c.loop_depth = 0;
  c.block_depth = 0;
}

BodyScope::~BodyScope() {
  c_.scopes = std::move(scopes_);
  c_.out = out_;
  c_.in_main = in_main_;
  c_.ret_ty = ret_;
  c_.ret_iv = ret_iv_;
  c_.early_return_ok = early_;
  c_.loop_depth = loop_depth_;
  c_.block_depth = block_depth_;
}

Interval random_interval(Ctx& c, Ty t) {
  if (c.rng.chance(35)) return full(t);
  Expr a = int_literal(c, t, full(t));
  Expr b = int_literal(c, t, full(t));
  return hull(a.iv, b.iv);
}

std::string ty(Ty t) { return std::string(ty_name(t)); }

std::string fold_stmt(const std::string& acc, const std::string& e, Ty t) {
  if (is_unsigned(t)) return acc + " = fold(" + acc + ", u64(" + e + "));";
  return acc + " = folds(" + acc + ", i64(" + e + "));";
}

}  // namespace cairn::fuzz
