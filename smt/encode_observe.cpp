// Comparing two encodings' observations as data, and asking whether an observed float can be NaN (§3.4).
#include <stdexcept>

#include "smt/encode.h"

namespace cairn::smt {

namespace {

// Some element below the length differs: an existential over a fresh index (a satisfiable difference has a
// witness index; the query only ever asks for satisfiability of a difference).
Term arrays_differ(Context& c, const Observed& a, const Observed& b) {
  Term k = c.fresh("k", c.bv_sort(64));
  return ne(a.length, b.length) || (ult(k, a.length) && ne(select(a.array, k), select(b.array, k)));
}

Term is_nan_bits(Context& c, check::Scalar t, Term bits) { return fp_is_nan(fp_from_bits(bits, float_sort(c, t))); }

}  // namespace

Term observations_differ(Context& c, const Encoded& a, const Encoded& b) {
  if (a.observed.size() != b.observed.size())
    throw std::logic_error("smt: observations_differ: the two encodings have different shapes");
  std::vector<Term> diffs;
  for (size_t i = 0; i < a.observed.size(); ++i) {
    const Observed& x = a.observed[i];
    const Observed& y = b.observed[i];
    if (x.is_array != y.is_array || x.type != y.type)
      throw std::logic_error("smt: observations_differ: " + x.name + " differs in shape");
    // A sum payload counts where both tags name its variant (a differing tag is itself a difference).
    Term differs = x.is_array ? arrays_differ(c, x, y) : ne(x.value, y.value);
    diffs.push_back(x.relevant && y.relevant && differs);
  }
  return any_of(c, diffs);
}

Term observes_nan(Context& c, const Encoded& e) {
  std::vector<Term> nans;
  for (const Observed& o : e.observed) {
    if (!check::scalar_is_float(o.type)) continue;
    if (!o.is_array) {
      nans.push_back(o.relevant && is_nan_bits(c, o.type, o.value));
      continue;
    }
    Term k = c.fresh("k", c.bv_sort(64));
    nans.push_back(o.relevant && ult(k, o.length) && is_nan_bits(c, o.type, select(o.array, k)));
  }
  return any_of(c, nans);
}

}  // namespace cairn::smt
