// The interpreter's last-use pass (semantics/interp_last_use.cpp), which finds the reads of record and sum locals
// that may move: it was quadratic in a body's size (each read scanned every later sibling; 40,000 lets took
// minutes before `--timeout` applied). It is now linear; this test holds it to the quadratic definition it
// replaced, written here as the oracle, on every function of every program in the tree that checks, and on
// generated bodies with many lets, defers and calls. A large body (100,000 lets) is found in one pass.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <unordered_set>
#include <vector>

#include "front/driver/driver.h"
#include "semantics/interp_code.h"
#include "semantics/ir.h"
#include "tests/unit/interp/interp_test_support.h"

namespace {

using cairn::ir::Kind;
using cairn::ir::Node;
namespace fs = std::filesystem;

// The definition, as the quadratic pass computed it.
struct Oracle {
  std::unordered_set<const Node*>& out;
  std::vector<std::pair<const Node*, size_t>> path;

  static bool mentions(const Node* n, uint32_t slot) {
    if (n->slot == slot || n->slot2 == slot) return true;
    for (uint32_t s : n->slots)
      if (s == slot) return true;
    for (const Node* k : n->kids)
      if (mentions(k, slot)) return true;
    return false;
  }
  static bool is_loop(Kind k) {
    return k == Kind::While || k == Kind::ForRange || k == Kind::ForEach || k == Kind::Compact || k == Kind::Reduce;
  }
  static bool value_context(const Node* parent, size_t i) {
    switch (parent->kind) {
      case Kind::Let: case Kind::Return: case Kind::Record: case Kind::Variant: case Kind::Call:
      case Kind::Drop: case Kind::Eval: return true;
      case Kind::Match: return i == 0;
      case Kind::Assign: return i == 1;
      default: return false;
    }
  }
  void walk(const Node* n) {
    if (n->kind == Kind::Local && !n->moves && !path.empty() && cairn::sem::flat_copy_type(n->type) &&
        value_context(path.back().first, path.back().second) && last_use(n->slot))
      out.insert(n);
    for (size_t i = 0; i < n->kids.size(); ++i) {
      path.emplace_back(n, i);
      walk(n->kids[i]);
      path.pop_back();
    }
  }
  bool last_use(uint32_t slot) {
    for (size_t d = path.size(); d-- > 0;) {
      const Node* a = path[d].first;
      size_t i = path[d].second;
      if (is_loop(a->kind)) return false;
      bool whole = a->kind == Kind::Call || a->kind == Kind::CallIndirect;
      for (size_t j = 0; j < a->kids.size(); ++j) {
        if (j == i) continue;
        const Node* k = a->kids[j];
        bool place = (a->kind == Kind::Assign || a->kind == Kind::Compound) && j == 0;
        bool later = j > i || whole || place || k->kind == Kind::Defer;
        if (later && mentions(k, slot)) return false;
      }
      if (a->kind == Kind::Block)
        for (uint32_t s : a->slots)
          if (s == slot) return true;
    }
    return true;
  }
};

// Both passes over every function of `path`; the number of functions compared (0 when it does not check).
size_t compare_file(const std::string& path, size_t& moves) {
  auto r = cairn::driver::run(path);
  if (r.outcome != cairn::driver::Outcome::Typed || !r.program) return 0;
  cairn::ir::Module m = cairn::ir::build_ir(*r.program);
  size_t compared = 0;
  cairn::test::on_thread_stack([&] {
    for (const cairn::ir::Function& f : m.fns) {
      if (!f.body) continue;
      std::unordered_set<const Node*> fast, slow;
      cairn::sem::find_last_uses(f, fast);
      Oracle o{slow, {}};
      o.walk(f.body);
      EXPECT_EQ(fast, slow) << path << ": " << f.info->name;
      moves += fast.size();
      ++compared;
    }
  });
  return compared;
}

TEST(LastUse, AgreesWithTheQuadraticDefinitionOnEveryProgramInTheTree) {
  size_t files = 0, fns = 0, moves = 0;
  for (const char* dir : {"examples", "tests"}) {
    for (const auto& e : fs::recursive_directory_iterator(cairn::test::source_dir() + "/" + dir)) {
      if (!e.is_regular_file() || e.path().extension() != ".cairn") continue;
      size_t n = compare_file(e.path().string(), moves);
      files += n > 0;
      fns += n;
    }
  }
  EXPECT_GT(files, 100u);
  EXPECT_GT(moves, 20u);  // the comparison met reads that move, not only reads that copy
  std::printf("compared %zu functions of %zu programs; %zu last uses\n", fns, files, moves);
}

fs::path write_program(const std::string& name, const std::string& text) {
  fs::path p = fs::temp_directory_path() / (name + "_" + std::to_string(getpid()) + ".cairn");
  FILE* f = std::fopen(p.c_str(), "w");
  std::fputs(text.c_str(), f);
  std::fclose(f);
  return p;
}

// Lets, a defer and calls that read records in turn, so each read's later siblings decide.
std::string chain_program(int lets) {
  std::string s = "struct P { x:i64; y:i64; }\nfn keep(p:P) -> i64 = p.x;\nfn note(p:P) { let _ = p.y; }\n";
  s += "fn chain(k:i64) -> i64 {\n  let p0 = P(k, 1);\n  defer note(p0);\n";
  for (int i = 1; i <= lets; ++i) {
    s += "  let p" + std::to_string(i) + " = p" + std::to_string(i - 1) + ";\n";
    if (i % 7 == 0) s += "  let q" + std::to_string(i) + " = keep(p" + std::to_string(i - 3) + ");\n";
  }
  s += "  return keep(p" + std::to_string(lets) + ");\n}\n";
  return s;
}

TEST(LastUse, AgreesOnGeneratedBodies) {
  for (int lets : {1, 2, 7, 20, 200}) {
    fs::path p = write_program("cairn_last_use_chain", chain_program(lets));
    size_t moves = 0;
    EXPECT_EQ(compare_file(p.string(), moves), 3u) << lets;
    fs::remove(p);
  }
}

TEST(LastUse, ALargeBodyIsOnePass) {
  // 100,000 lets: the quadratic pass made ~5e9 subtree scans here; the linear one is a fraction of a second.
  // No time is asserted: ctest's limit catches a return to the quadratic pass.
  fs::path p = write_program("cairn_last_use_large", chain_program(100000));
  auto r = cairn::driver::run(p.string());
  fs::remove(p);
  ASSERT_EQ(r.outcome, cairn::driver::Outcome::Typed);
  cairn::ir::Module m = cairn::ir::build_ir(*r.program);
  cairn::test::on_thread_stack([&] {
    for (const cairn::ir::Function& f : m.fns) {
      if (f.info->name != "chain") continue;
      std::unordered_set<const Node*> moves;
      cairn::sem::find_last_uses(f, moves);
      // every `let pI = pJ;` read but those of the p(I-3) read again later by keep, and p0 (the defer reads it)
      EXPECT_GT(moves.size(), 90000u);
    }
  });
}

}  // namespace
