// Agreement of two outcomes of one case under `cairn.agreement/1` (tools.md §5.3): the outcome ends, then the
// return value and the rw contents, floats by the four rules and everything else bit for bit.
#include "validate/agreement.h"

#include <cmath>

#include "base/sha256.h"
#include "core/float_bits.h"
#include "core/value_format.h"
#include "semantics/observed_values.h"

namespace cairn::validate {

namespace {

using check::Scalar;
using check::Type;
using check::TypeKind;
using End = targets::IsolatedOutcome::End;

double widened(Scalar type, uint64_t bits) {
  return type == Scalar::F32 ? static_cast<double>(sem::f32_of(bits)) : sem::f64_of(bits);
}

uint64_t at_width(Scalar type, uint64_t bits) {
  unsigned w = check::scalar_bits(type);
  return w >= 64 ? bits : bits & ((uint64_t{1} << w) - 1);
}

bool scalars_agree(Scalar type, uint64_t r, uint64_t c, const Policy& p) {
  if (check::scalar_is_float(type)) return floats_agree(type, r, c, p.absolute, p.relative);
  return at_width(type, r) == at_width(type, c);
}

// How one side ended, as the phrases say it.
enum class Ended : uint8_t { Returned, Trapped, Crashed, Undecided };

Ended ended(const targets::IsolatedOutcome& o) {
  switch (o.end) {
    case End::Returned: return o.outcome.defined ? Ended::Returned : Ended::Trapped;
    case End::Crashed: return Ended::Crashed;
    case End::TimedOut:
    case End::NotRun: return Ended::Undecided;
  }
  return Ended::Undecided;
}

bool elements_agree(Scalar type, const std::vector<uint64_t>& r, const std::vector<uint64_t>& c, const Policy& p,
                    size_t* first_bad) {
  if (r.size() != c.size()) return false;
  for (size_t i = 0; i < r.size(); ++i)
    if (!scalars_agree(type, r[i], c[i], p)) {
      if (first_bad) *first_bad = i;
      return false;
    }
  return true;
}

bool leaves_agree(const Type* t, const std::vector<sem::ObservedLeaf>& r, const std::vector<sem::ObservedLeaf>& c,
                  const Policy& p) {
  std::vector<Scalar> types;
  sem::leaf_types(t, types);
  if (r.size() != c.size() || r.size() != types.size()) return false;
  for (size_t i = 0; i < r.size(); ++i) {
    if (r[i].relevant != c[i].relevant || r[i].is_array != c[i].is_array) return false;
    if (!r[i].relevant) continue;
    bool same = r[i].is_array ? elements_agree(types[i], r[i].elems, c[i].elems, p, nullptr)
                              : scalars_agree(types[i], r[i].bits, c[i].bits, p);
    if (!same) return false;
  }
  return true;
}

// The returned value as a CAIRN literal ("nothing" when a non-void call reported none).
std::string value_text(const check::FnInfo& fn, const sem::CallOutcome& o) {
  if (fn.result->kind == TypeKind::Scalar) return o.ret ? sem::scalar_literal(fn.result->scalar, *o.ret) : "nothing";
  if (!o.ret_leaves.empty()) return sem::leaves_to_text(fn.result, o.ret_leaves);
  return o.ret ? std::to_string(*o.ret) : "nothing";
}

std::string returned_text(const check::FnInfo& fn, const sem::CallOutcome& o) {
  if (!fn.result || fn.result->kind == TypeKind::Void) return "returns";
  return "returns " + value_text(fn, o);
}

std::string end_text(const check::FnInfo& fn, const targets::IsolatedOutcome& o) {
  switch (ended(o)) {
    case Ended::Returned: return returned_text(fn, o.outcome);
    case Ended::Trapped: return "traps";
    case Ended::Crashed: return "crashes";
    case Ended::Undecided: return o.end == End::TimedOut ? "times out" : "does not run";
  }
  return "";
}

bool returns_agree(const check::FnInfo& fn, const sem::CallOutcome& r, const sem::CallOutcome& c, const Policy& p) {
  if (!fn.result || fn.result->kind == TypeKind::Void) return true;
  if (fn.result->kind == TypeKind::Scalar) {
    if (!r.ret || !c.ret) return r.ret.has_value() == c.ret.has_value();
    return scalars_agree(fn.result->scalar, *r.ret, *c.ret, p);
  }
  if (r.ret_leaves.empty() && c.ret_leaves.empty()) return r.ret == c.ret;  // not flattened: the raw bits
  return leaves_agree(fn.result, r.ret_leaves, c.ret_leaves, p);
}

const std::vector<uint64_t>& written_of(const sem::CallOutcome& o, size_t i) {
  static const std::vector<uint64_t> kNone;
  return i < o.written.size() ? o.written[i] : kNone;
}

// The first rw parameter whose final contents disagree, with its phrase.
bool written_agree(const check::FnInfo& fn, const sem::CallOutcome& r, const sem::CallOutcome& c, const Policy& p,
                   std::string& why) {
  for (size_t i = 0; i < fn.params.size(); ++i) {
    const Type* t = fn.params[i].type;
    if (!t || !t->rw || (t->kind != TypeKind::View && t->kind != TypeKind::Borrow)) continue;
    Scalar type = t->elem && t->elem->kind == TypeKind::Scalar ? t->elem->scalar : Scalar::U64;
    const std::vector<uint64_t>& rw = written_of(r, i);
    const std::vector<uint64_t>& cw = written_of(c, i);
    const std::string& name = fn.params[i].name;
    if (rw.size() != cw.size()) {
      why = "rw " + name + ": length " + std::to_string(rw.size()) + " against " + std::to_string(cw.size());
      return false;
    }
    size_t k = 0;
    if (elements_agree(type, rw, cw, p, &k)) continue;
    std::string place = t->kind == TypeKind::View ? name + "[" + std::to_string(k) + "]" : name;
    why = "rw " + place + ": " + sem::scalar_literal(type, rw[k]) + " against " + sem::scalar_literal(type, cw[k]);
    return false;
  }
  return true;
}

Verdict disagree(std::string* why, std::string text) {
  if (why) *why = std::move(text);
  return Verdict::Disagree;
}

}  // namespace

bool floats_agree(Scalar type, uint64_t r, uint64_t c, double absolute, double relative) {
  double rd = widened(type, r), cd = widened(type, c);
  if (std::isnan(rd) || std::isnan(cd)) return std::isnan(rd) && std::isnan(cd);                // rule 1
  if (rd == cd) return at_width(type, r) == at_width(type, c) || absolute != 0 || relative != 0;  // rule 2
  if (std::isinf(rd) || std::isinf(cd)) return false;                                           // rule 3
  return std::fabs(rd - cd) <= absolute + relative * std::fabs(rd);                             // rule 4
}

Verdict agree(const check::FnInfo& fn, const targets::IsolatedOutcome& r, const targets::IsolatedOutcome& c,
              const Policy& policy, std::string* why) {
  Ended re = ended(r), ce = ended(c);
  if (re == Ended::Undecided || ce == Ended::Undecided) {
    if (why) *why = (re == Ended::Undecided ? "the reference " + end_text(fn, r) : "the candidate " + end_text(fn, c));
    return Verdict::TimedOut;
  }
  if (re != Ended::Returned || ce != Ended::Returned) {
    if (re == Ended::Trapped && ce == Ended::Trapped) return Verdict::Agree;
    return disagree(why, end_text(fn, r) + " against " + end_text(fn, c));
  }
  if (!returns_agree(fn, r.outcome, c.outcome, policy))
    return disagree(why, returned_text(fn, r.outcome) + " against " + value_text(fn, c.outcome));
  std::string text;
  if (!written_agree(fn, r.outcome, c.outcome, policy, text)) return disagree(why, text);
  return Verdict::Agree;
}

const std::string& agreement_rules_text() {
  static const std::string kText =
      "cairn.agreement/1\n"
      "Two outcomes of one case agree by these rules. A timeout on either side decides nothing (the case counts "
      "as timed out). If either side did not return, they agree only if both trapped (trap and crash disagree, as "
      "do return and trap). Integers and bools agree bit for bit; rw views need the same length and agreeing "
      "elements. Floats are widened exactly to binary64, and the first rule that applies decides:\n"
      "1. either is NaN: they agree if both are NaN, whatever the sign or payload;\n"
      "2. they compare equal: they agree if their bits are identical, or if a nonzero tolerance (absolute or "
      "relative) is given, so -0.0 against 0.0 fails at zero tolerance and passes under any other;\n"
      "3. either is infinite: they disagree (equal infinities were settled by rule 2): an infinity agrees only "
      "with itself;\n"
      "4. otherwise they agree when |r - c| <= absolute + relative * |r|, r being the reference's value, "
      "computed in binary64.\n";
  return kText;
}

nlohmann::ordered_json agreement_json(const Policy& policy) {
  nlohmann::ordered_json j;
  j["version"] = "cairn.agreement/1";
  j["sha256"] = sha256_hex(agreement_rules_text());
  j["tolerance"]["absolute"] = policy.absolute;
  j["tolerance"]["relative"] = policy.relative;
  j["relative_to"] = "the reference";
  j["computes_in"] = "f64";
  return j;
}

}  // namespace cairn::validate
