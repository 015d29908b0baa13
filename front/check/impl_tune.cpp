// tune lists: one list of distinct literals >= 1 per natural parameter, in order, at most 16 instances.
#include "front/check/impl_tune.h"

#include <algorithm>
#include <set>

namespace cairn::check {

namespace {
TuneCheck bad(Pos pos, std::string msg) {
  TuneCheck t;
  t.pos = pos;
  t.message = std::move(msg);
  return t;
}
}  // namespace

TuneCheck check_tune(const ast::Item& fn) {
  const auto& nats = fn.nat_params;
  if (nats.empty()) {
    if (!fn.tune.empty()) return bad(fn.tune[0].name.pos, "A tune clause needs natural parameters to tune.");
    TuneCheck t;
    t.ok = true;
    return t;
  }
  if (fn.tune.empty())
    return bad(fn.name.pos, "An implementation with natural parameters needs a tune clause listing their values.");
  for (size_t i = 0; i < fn.tune.size(); ++i) {
    if (i >= nats.size())
      return bad(fn.tune[i].name.pos, "The tune clause names " + fn.tune[i].name.name + ", which is not a natural parameter.");
    if (fn.tune[i].name.name != nats[i].name.name)
      return bad(fn.tune[i].name.pos, "The tune clause names every natural parameter once, in declaration order; expected " +
                                          nats[i].name.name + ".");
  }
  if (fn.tune.size() < nats.size())
    return bad(fn.tune.back().name.pos, "The tune clause must list the natural parameter " + nats[fn.tune.size()].name.name + ".");
  TuneCheck t;
  uint64_t count = 1;
  for (const ast::TuneList& l : fn.tune) {
    if (l.values.empty()) return bad(l.name.pos, "A tune list holds one or more values.");
    std::set<uint64_t> seen;
    std::vector<uint64_t> vals;
    for (const ast::NatArg& v : l.values) {
      if (!v.is_int) return bad(v.pos, "A tune list holds integer literals.");
      if (v.value < 1) return bad(v.pos, "A tune value must be at least 1.");
      if (!seen.insert(v.value).second) return bad(v.pos, "A tune list holds distinct values.");
      vals.push_back(v.value);
    }
    count *= vals.size();
    if (count > 16) return bad(l.name.pos, "The tune lists make more than 16 instances.");
    std::sort(vals.begin(), vals.end());
    t.lists.push_back(vals);
  }
  t.ok = true;
  return t;
}

std::vector<std::vector<uint64_t>> tune_combinations(const TuneCheck& t) {
  std::vector<std::vector<uint64_t>> out;
  if (!t.ok || t.lists.empty()) return out;
  out.push_back({});
  for (const auto& list : t.lists) {
    std::vector<std::vector<uint64_t>> next;
    for (const auto& prefix : out)
      for (uint64_t v : list) {
        auto c = prefix;
        c.push_back(v);
        next.push_back(std::move(c));
      }
    out = std::move(next);
  }
  return out;
}

bool in_tune(const TuneCheck& t, const std::vector<uint64_t>& values) {
  if (!t.ok || values.size() != t.lists.size()) return false;
  for (size_t i = 0; i < values.size(); ++i)
    if (!std::binary_search(t.lists[i].begin(), t.lists[i].end(), values[i])) return false;
  return true;
}

}  // namespace cairn::check
