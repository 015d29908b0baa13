// prove_loops (induction.h): per loop pair, candidates from both states, Houdini pruning on one solver, then one
// obligation (reached together, initiation, lockstep, consecution) asked of every chosen solver.
#include "verify/induction.h"

#include <algorithm>

#include "verify/houdini.h"
#include "verify/induction_horn.h"
#include "verify/side_query.h"

namespace cairn::smt {

namespace {

constexpr size_t kMaxCandidates = 400;

enum class Shape : uint8_t {
  Equal,      // a (reference) == b (candidate)
  Offset,     // a - b keeps its entry value
  Unchanged,  // a == a at entry
  Counter,    // a == a at entry + mul * k
  Counted,    // a - a at entry <= mul * k (unsigned)
  Bounded,    // k <= span (the pair's own loop, a side)
};

struct Candidate {
  Shape shape = Shape::Equal;
  int side = 0;        // Unchanged, Counter, Counted, Bounded: 0 reference, 1 candidate
  size_t a = 0, b = 0;  // leaf indices (b: the candidate's, for Equal and Offset)
  uint64_t mul = 1;     // Counter, Counted: the leaf's steps per summarized step
};

struct Pair {
  Context& c;
  const LoopSummary& r;
  const LoopSummary& k;
  const LoopSummary& side(int s) const { return s == 0 ? r : k; }
  Term leaf(int s, size_t i, At at) const {
    const LoopSummary::Leaf& l = side(s).leaves.at(i);
    return at == At::Entry ? l.entry : at == At::Head ? l.head : l.post;
  }
  Term count(At at, uint64_t mul) const {
    if (at == At::Entry) return c.bv(64, 0);
    Term steps = at == At::Head ? r.k : r.k + c.bv(64, 1);
    return mul == 1 ? steps : steps * c.bv(64, mul);
  }
  Term holds(const Candidate& x, At at) const {
    switch (x.shape) {
      case Shape::Equal: return eq(leaf(0, x.a, at), leaf(1, x.b, at));
      case Shape::Offset:
        return eq(leaf(0, x.a, at) - leaf(1, x.b, at), leaf(0, x.a, At::Entry) - leaf(1, x.b, At::Entry));
      case Shape::Unchanged: return eq(leaf(x.side, x.a, at), leaf(x.side, x.a, At::Entry));
      case Shape::Counter: return eq(leaf(x.side, x.a, at), leaf(x.side, x.a, At::Entry) + count(at, x.mul));
      case Shape::Counted: return ule(leaf(x.side, x.a, at) - leaf(x.side, x.a, At::Entry), count(at, x.mul));
      case Shape::Bounded: {
        // k steps of `factor` iterations: factor * (k - 1) < span (factor * k <= span where each step runs all of
        // them), written wide so that nothing wraps.
        const LoopSummary& l = side(x.side);
        if (l.factor == 1) return ule(count(at, 1), l.span);
        Term steps = zext(count(at, 1), 4), span = zext(l.span, 4);
        return ule(steps * zext(c.bv(64, l.factor), 4), span + zext(c.bv(64, l.strict ? 0 : l.factor - 1), 4));
      }
    }
    return c.boolean(false);
  }
  static std::string steps(uint64_t mul) { return mul == 1 ? "k" : std::to_string(mul) + " * k"; }
  std::string text(const Candidate& x) const {
    auto name = [&](int s, size_t i) {
      return std::string(s == 0 ? "reference." : "candidate.") + side(s).leaves.at(i).name;
    };
    switch (x.shape) {
      case Shape::Equal: return name(0, x.a) + " == " + name(1, x.b);
      case Shape::Offset:
        return name(0, x.a) + " - " + name(1, x.b) + " == " + name(0, x.a) + "@entry - " + name(1, x.b) + "@entry";
      case Shape::Unchanged: return name(x.side, x.a) + " == " + name(x.side, x.a) + "@entry";
      case Shape::Counter: return name(x.side, x.a) + " == " + name(x.side, x.a) + "@entry + " + steps(x.mul);
      case Shape::Counted: return name(x.side, x.a) + " - " + name(x.side, x.a) + "@entry <= " + steps(x.mul);
      case Shape::Bounded: {
        const LoopSummary& l = side(x.side);
        std::string t = l.factor == 1 ? "k <= " : std::to_string(l.factor) + " * k <= ";
        t += x.side == 0 ? "reference" : "candidate";
        return t + " trip count" + (l.factor == 1 || l.strict ? "" : " + " + std::to_string(l.factor - 1));
      }
    }
    return "";
  }
};

bool is_bv(const Context& c, Term t) { return c.info(t.sort()).kind == SortKind::BitVec; }

std::vector<Candidate> candidates(Context& c, const Pair& p) {
  std::vector<Candidate> out;
  // Steps per summarized step a counter may take: one iteration, or as many as either side's step holds.
  std::vector<uint64_t> muls{1};
  for (unsigned f : {p.r.factor, p.k.factor})
    if (f > 1 && std::find(muls.begin(), muls.end(), f) == muls.end()) muls.push_back(f);
  for (size_t a = 0; a < p.r.leaves.size(); ++a)
    for (size_t b = 0; b < p.k.leaves.size(); ++b) {
      Term x = p.r.leaves[a].head, y = p.k.leaves[b].head;
      if (x.sort().id != y.sort().id) continue;
      out.push_back({Shape::Equal, 0, a, b});
      if (is_bv(c, x) && !same(p.r.leaves[a].entry, p.k.leaves[b].entry)) out.push_back({Shape::Offset, 0, a, b});
    }
  for (int s = 0; s < 2; ++s) {
    const LoopSummary& l = p.side(s);
    for (size_t a = 0; a < l.leaves.size(); ++a) {
      out.push_back({Shape::Unchanged, s, a, 0});
      Term h = l.leaves[a].head;
      if (is_bv(c, h) && h.width() == 64)
        for (uint64_t mul : muls) {
          out.push_back({Shape::Counter, s, a, 0, mul});
          out.push_back({Shape::Counted, s, a, 0, mul});
        }
    }
    if (!l.span.is_null()) out.push_back({Shape::Bounded, s, 0, 0});
  }
  if (out.size() > kMaxCandidates) out.resize(kMaxCandidates);
  return out;
}

// Each candidate as its terms at entry, head and after the step, with its text.
std::vector<Held> held(const Pair& p, const std::vector<Candidate>& set) {
  std::vector<Held> out;
  for (const Candidate& x : set) out.push_back({p.holds(x, At::Entry), p.holds(x, At::Head), p.holds(x, At::Post), p.text(x)});
  return out;
}

std::string where(const LoopSummary& r, const LoopSummary& k) {
  return std::string("the ") + r.kind + " loop at line " + std::to_string(r.line) + " of the reference and the " +
         k.kind + " loop at line " + std::to_string(k.line) + " of the candidate";
}

// "lockstep", or "2-to-1" where a summarized step of the reference holds two iterations to the candidate's one.
std::string alignment(const LoopSummary& r, const LoopSummary& k) {
  if (r.factor == 1 && k.factor == 1) return "lockstep";
  return std::to_string(r.factor) + "-to-" + std::to_string(k.factor);
}

std::string lines_of(const std::vector<LoopSummary>& loops) {
  std::string t;
  for (const LoopSummary& l : loops) t += (t.empty() ? "" : ", ") + std::to_string(l.line);
  return loops.empty() ? "none" : "line" + std::string(loops.size() > 1 ? "s " : " ") + t;
}

// post is head + F (F a literal), possibly under conditions whose other arm keeps head; 0 otherwise.
uint64_t step_of(Term head, Term post) {
  while (post.kind() == TermKind::Ite) {
    if (same(post.arg(2), head)) post = post.arg(1);
    else if (same(post.arg(1), head)) post = post.arg(2);
    else return 0;
  }
  if (post.kind() != TermKind::BvAdd) return 0;
  if (same(post.arg(0), head) && post.arg(1).kind() == TermKind::BvConst) return post.arg(1).p0();
  if (same(post.arg(1), head) && post.arg(0).kind() == TermKind::BvConst) return post.arg(0).p0();
  return 0;
}

struct Invariant {
  Term entry, head, post;
  std::string text;
};

// Every solver: the loops are reached together; the invariant holds at entry; from a head state where it holds,
// both iterations continue or neither does (lockstep); and where both continue, it holds again.
bool obligations_hold(const LoopProofJob& job, const LoopSummary& r, const LoopSummary& k, Term base,
                      const Invariant& inv, std::string& answers) {
  Term reach = r.reach && k.reach;
  Term broken = bxor(r.reach, k.reach) || (reach && !inv.entry) || (reach && inv.head && bxor(r.cont, k.cont)) ||
                (reach && inv.head && r.cont && k.cont && !inv.post);
  Answers a = ask_side({base, broken}, {}, job.solvers, job.timeout_ms, "loop-induction", job.queries);
  return all_unsat(a, job.solvers, answers);
}

}  // namespace

unsigned literal_stride(const LoopSummary& l) {
  uint64_t best = 1;
  for (const LoopSummary::Leaf& leaf : l.leaves) {
    if (leaf.head.is_null() || leaf.post.is_null() || !is_bv(leaf.head.ctx(), leaf.head) || leaf.head.width() != 64)
      continue;
    uint64_t f = step_of(leaf.head, leaf.post);
    if (f >= 2 && f <= 16 && f > best) best = f;
  }
  return static_cast<unsigned>(best);
}

LoopProof prove_loops(const LoopProofJob& job) {
  Context& c = *job.ctx;
  LoopProof out;
  out.assumption = c.boolean(true);
  const auto& rl = job.ref->loops;
  const auto& kl = job.cand->loops;
  if (rl.empty() || rl.size() != kl.size()) {
    out.reason = "The loops could not be related: the reference has " + std::to_string(rl.size()) + " top-level loop" +
                 (rl.size() == 1 ? "" : "s") + " (" + lines_of(rl) + "), the candidate " + std::to_string(kl.size()) +
                 " (" + lines_of(kl) + "); a proof for every trip count pairs them in order";
    return out;
  }
  Solver infer = first_chosen(job.solvers);
  // What the encodings say of every run they stand for (a loop run twice leaves one state) holds from the start.
  Term assumed = job.ref->loop_facts && job.cand->loop_facts;
  for (size_t j = 0; j < rl.size(); ++j) {
    Pair p{c, rl[j], kl[j]};
    Term base = job.domain && assumed;
    Term reach = rl[j].reach && kl[j].reach;
    std::vector<Held> set = held(p, candidates(c, p));
    std::string why;
    Pruning how{infer, job.timeout_ms, job.queries, kMaxCandidates + 1};
    bool ok = prune(c, how, set, {base, reach}, false, At::Entry, why) &&
              prune(c, how, set, {base, reach, rl[j].cont, kl[j].cont}, true, At::Post, why);
    Invariant inv;
    if (ok) {
      inv = {conjunction(c, set, At::Entry), conjunction(c, set, At::Head), conjunction(c, set, At::Post), ""};
      for (const Held& x : set) inv.text += (inv.text.empty() ? "" : " && ") + x.text;
    }
    Term goal = rl.size() == 1 ? job.goal : Term{};
    std::string answers;
    auto out_of_lockstep = [&] {
      if (why.empty()) why = "the loops do not run in lockstep under the invariant found (" + answers + ")";
    };
    if (ok && goal.is_null()) ok = obligations_hold(job, rl[j], kl[j], base, inv, answers);
    if (!ok) out_of_lockstep();
    if (!ok || !goal.is_null()) {
      // Spacer: a pair Houdini did not relate, or (a goal) an invariant strong enough for what follows.
      HornInvariant h = horn_invariant(job, rl[j], kl[j], base, goal);
      if (h.found) {
        if (ok) inv = {inv.entry && h.entry, inv.head && h.head, inv.post && h.post, inv.text + " && " + h.text};
        else inv = {h.entry, h.head, h.post, h.text};
        ok = obligations_hold(job, rl[j], kl[j], base, inv, answers);
        if (!ok) why = "Spacer's invariant (" + h.text + ") is not confirmed by every solver (" + answers + ")";
      } else {
        if (ok) ok = obligations_hold(job, rl[j], kl[j], base, inv, answers);
        if (!ok) {
          out_of_lockstep();
          why += "; " + h.reason;
        }
      }
    }
    if (!ok) {
      out.failed_pair = static_cast<int>(j);
      out.reason = "The loops could not be related: no invariant relates " + where(rl[j], kl[j]) + ": " + why;
      return out;
    }
    nlohmann::ordered_json entry;
    entry["reference_line"] = rl[j].line;
    entry["candidate_line"] = kl[j].line;
    entry["alignment"] = alignment(rl[j], kl[j]);
    entry["invariant"] = inv.text.empty() ? "true" : inv.text;
    out.invariants.push_back(entry);
    // What follows the loops is encoded from one iteration: the last one, from a head state where the invariant
    // holds. The inputs that would go on to another iteration have no meaning after it.
    assumed = assumed && (!rl[j].reach || inv.head) && !rl[j].cont && !kl[j].cont;
  }
  out.proved = true;
  out.assumption = assumed;
  return out;
}

}  // namespace cairn::smt
