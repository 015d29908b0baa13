// The loop corpus against the interpreter: every pair of tests/verify/loops/ whose expected answer is smt-equivalent
// (which e2e_verify_loops checks cairn verify gives, for every trip count) agrees on random inputs of every length
// 0..200, well past the unrolling bound; and every pair expected to be a counterexample or unknown because it differs
// past the bound shows a difference on some input the same way. A proof that says "equivalent" wrongly fails here.
// The recursion corpus (tests/verify/recursion/) likewise, on drawn scalar inputs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "semantics/embed.h"
#include "verify/load.h"
#include "verify/replay.h"

namespace cairn::smt {
namespace {

namespace fs = std::filesystem;

struct Loaded {
  Side ref, cand;
  std::unique_ptr<sem::Engine> ref_engine, cand_engine;
  const check::FnInfo* ref_fn = nullptr;
  const check::FnInfo* cand_fn = nullptr;
};

bool load(const fs::path& dir, const std::string& symbol, Loaded& l, std::string& error) {
  if (!read_side((dir / "ref.cairn").string(), l.ref, error) || !read_side((dir / "cand.cairn").string(), l.cand, error))
    return false;
  check_side(l.ref);
  check_side(l.cand);
  if (l.ref.refusal || l.cand.refusal) {
    error = "a side does not check";
    return false;
  }
  l.ref_fn = find_function(l.ref, symbol);
  l.cand_fn = find_function(l.cand, symbol);
  if (!l.ref_fn || !l.cand_fn) {
    error = "no function " + symbol;
    return false;
  }
  l.ref_engine = sem::Engine::compile(*l.ref.run.program, l.ref.run.sources);
  l.cand_engine = sem::Engine::compile(*l.cand.run.program, l.cand.run.sources);
  return true;
}

// Elements drawn small or at the edges, so comparisons, equalities and wraps all happen; `sparse`: mostly zero.
uint64_t draw(std::mt19937_64& rng, check::Scalar s, bool sparse = false) {
  if (sparse && rng() % 10 != 0) return 0;
  uint64_t pick = rng() % 8;
  uint64_t v = pick < 3 ? rng() % 4 : pick < 5 ? rng() % 300 : pick < 6 ? ~uint64_t{0} - rng() % 3 : rng();
  unsigned w = check::scalar_bits(s);
  if (w < 64) v &= (uint64_t{1} << w) - 1;
  if (check::scalar_is_signed(s) && w < 64 && (v >> (w - 1)) != 0) v |= ~uint64_t{0} << w;  // sign-extended
  return v;
}

// The arguments of (n: usize, views of extent n..., scalars...) for a length `len`.
std::vector<sem::ArgValue> arguments(const check::FnInfo& fn, uint64_t len, std::mt19937_64& rng, bool sparse = false) {
  std::vector<sem::ArgValue> args;
  for (const check::ParamSig& p : fn.params) {
    sem::ArgValue a;
    if (p.type->kind == check::TypeKind::View) {
      a.is_view = true;
      for (uint64_t k = 0; k < len; ++k) a.elems.push_back(draw(rng, p.type->elem->scalar, sparse));
    } else if (p.type->scalar == check::Scalar::Usize) {
      a.bits = len;  // the corpus's usize parameters are the views' extent
    } else {
      a.bits = draw(rng, p.type->scalar);
    }
    args.push_back(std::move(a));
  }
  return args;
}

std::vector<std::pair<fs::path, nlohmann::json>> corpus(const char* name = "loops") {
  std::vector<std::pair<fs::path, nlohmann::json>> out;
  fs::path root = fs::path(CAIRN_SOURCE_DIR) / "tests" / "verify" / name;
  for (const auto& e : fs::directory_iterator(root)) {
    std::ifstream in(e.path() / "expect.json");
    if (!in) continue;
    out.emplace_back(e.path(), nlohmann::json::parse(in));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

TEST(LoopCorpus, ProvedPairsAgreeOnLongInputs) {
  auto pairs = corpus();
  ASSERT_GE(pairs.size(), 80u);
  size_t proved = 0;
  for (const auto& [dir, exp] : pairs) {
    if (exp["status"] != "smt-equivalent") continue;
    ++proved;
    Loaded l;
    std::string error;
    ASSERT_TRUE(load(dir, exp["symbol"], l, error)) << dir << ": " << error;
    std::mt19937_64 rng(std::hash<std::string>{}(dir.filename().string()));
    for (uint64_t len = 0; len <= 200; ++len) {
      for (int draw_round = 0; draw_round < 2; ++draw_round) {
        std::vector<sem::ArgValue> args = arguments(*l.ref_fn, len, rng, draw_round == 1);
        sem::CallOutcome r = l.ref_engine->call(*l.ref_fn, args, sem::Limits{});
        sem::CallOutcome c = l.cand_engine->call(*l.cand_fn, args, sem::Limits{});
        ASSERT_TRUE(outcomes_agree(r, c)) << dir.filename() << " disagrees at length " << len;
      }
    }
  }
  EXPECT_GE(proved, 40u);
}

// The twins that differ only past the unrolling bound really differ (so their unknown or counterexample is
// about a real difference): some input from the length expect.json names up to 200 tells them apart.
TEST(LoopCorpus, PastBoundTwinsDiffer) {
  size_t twins = 0;
  for (const auto& [dir, exp] : corpus()) {
    if (dir.filename().string().find("_past16_") == std::string::npos) continue;
    uint64_t from = exp.value("first_differing_length", uint64_t{17});
    if (from > 200) continue;  // differs only on inputs longer than the test draws
    ++twins;
    Loaded l;
    std::string error;
    ASSERT_TRUE(load(dir, exp["symbol"], l, error)) << dir << ": " << error;
    std::mt19937_64 rng(7);
    bool differs = false;
    for (uint64_t len = from; len <= 200 && !differs; ++len)
      for (int round = 0; round < 20 && !differs; ++round) {
        std::vector<sem::ArgValue> args = arguments(*l.ref_fn, len, rng, round % 2 == 1);
        differs = !outcomes_agree(l.ref_engine->call(*l.ref_fn, args, sem::Limits{}),
                                  l.cand_engine->call(*l.cand_fn, args, sem::Limits{}));
      }
    EXPECT_TRUE(differs) << dir.filename() << ": no input up to length 200 tells the twins apart";
  }
  EXPECT_GE(twins, 8u);
}

// The recursion corpus against the interpreter: every pair expected smt-equivalent agrees on drawn scalar inputs
// (mostly small, so the recursions end; a run that reaches the step budget or the stack counts for nothing, as a
// proof "where both terminate" says nothing there), and every pair whose truth is "different" differs on some.
TEST(RecursionCorpus, ProvedPairsAgreeAndDifferentPairsDiffer) {
  auto pairs = corpus("recursion");
  ASSERT_GE(pairs.size(), 15u);
  sem::Limits limits;
  limits.max_steps = 100'000;
  auto ended = [&](const sem::Engine& e, const sem::CallOutcome& o) {
    return !e.out_of_steps() && (o.defined || o.trap != check::TrapKind::Stack);
  };
  size_t proved = 0, different = 0;
  for (const auto& [dir, exp] : pairs) {
    bool equivalent = exp["status"] == "smt-equivalent";
    bool differs_truly = exp.value("truth", "") == "different";
    if (!equivalent && !differs_truly) continue;
    Loaded l;
    std::string error;
    ASSERT_TRUE(load(dir, exp["symbol"], l, error)) << dir << ": " << error;
    std::mt19937_64 rng(std::hash<std::string>{}(dir.filename().string()));
    size_t compared = 0;
    bool differs = false;
    for (int round = 0; round < 300 && !differs; ++round) {
      std::vector<sem::ArgValue> args;
      for (const check::ParamSig& p : l.ref_fn->params) {
        sem::ArgValue a;
        a.bits = round % 3 == 0 ? draw(rng, p.type->scalar) : rng() % (round % 3 == 1 ? 5 : 120);
        args.push_back(a);
      }
      sem::CallOutcome r = l.ref_engine->call(*l.ref_fn, args, limits);
      bool r_ended = ended(*l.ref_engine, r);
      sem::CallOutcome c = l.cand_engine->call(*l.cand_fn, args, limits);
      if (!r_ended || !ended(*l.cand_engine, c)) continue;
      ++compared;
      if (!outcomes_agree(r, c)) {
        differs = true;
        EXPECT_FALSE(equivalent) << dir.filename() << " is proved but disagrees on a drawn input";
      }
    }
    if (equivalent) {
      ++proved;
      EXPECT_GE(compared, 50u) << dir.filename() << ": too few drawn inputs ended in both versions";
    } else {
      ++different;
      EXPECT_TRUE(differs) << dir.filename() << ": no drawn input tells the versions apart";
    }
  }
  EXPECT_GE(proved, 8u);
  EXPECT_GE(different, 5u);
}

}  // namespace
}  // namespace cairn::smt
