// The freestanding profile: main's row against the refused labels, and the function to name when it fails.
#include "targets/board_profile.h"

#include <set>
#include <vector>

namespace cairn::targets {

namespace {

// The labels §14.7 refuses, in its order. `io` is admitted: in the core only the print family produces it.
constexpr check::Effect kRefused[] = {check::Effect::Alloc, check::Effect::Free, check::Effect::IndirectCall};

const check::Effect* first_refused(const check::EffectRow& row) {
  for (const check::Effect& e : kRefused)
    if (row.has(e)) return &e;
  return nullptr;
}

// Every function main may reach: direct callees, functions used as values, and the implementations (and the
// planned one) of every reference among them (§13.3, §17.2).
std::set<const check::FnInfo*> reached_from(const check::FnInfo* main) {
  std::set<const check::FnInfo*> seen;
  std::vector<const check::FnInfo*> work = {main};
  auto visit = [&](const check::FnInfo* f) {
    if (f && seen.insert(f).second) work.push_back(f);
  };
  seen.insert(main);
  while (!work.empty()) {
    const check::FnInfo* f = work.back();
    work.pop_back();
    for (const check::CallEdge& c : f->calls) visit(c.callee);
    for (const check::FnValueUse& u : f->value_uses) visit(u.fn);
    for (const check::FnInfo* i : f->implementations) visit(i);
    visit(f->planned);
  }
  return seen;
}

std::string message(const check::FnInfo& fn, check::Effect e) {
  return "A freestanding target has no hosted runtime: " + fn.full_name() + " has effect '" +
         check::effect_label(e) + "'.";
}

}  // namespace

std::string board_profile_refusal(const check::Program& program) {
  const check::FnInfo* main = program.main;
  if (!main) return "A freestanding target builds an executable: the program has no main.";
  const check::Effect* in_row = first_refused(main->row);
  if (!in_row) return "";
  std::set<const check::FnInfo*> reached = reached_from(main);
  for (const check::FnInfo& fn : program.fns) {  // source order
    if (!reached.count(&fn)) continue;
    if (const check::Effect* e = first_refused(fn.own_row)) return message(fn, *e);
  }
  return message(*main, *in_row);
}

}  // namespace cairn::targets
