// The verifier tests' programs and harness: build, check clean, corrupt one thing, expect the fault named.
#include "ir_verify_support.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include "../scratch_dir.h"

namespace cairn::irtest {

namespace fs = std::filesystem;
using ir::Kind;
using ir::Node;

const char* const kProgram = R"(struct Point { x:i64; y:i64; }
enum Shape { Dot; Circle(u64); Square(u64); }
enum Color { Red; Green; }
linear struct Ticket { id:u64; }

fn open(id:u64) -> Ticket = Ticket(id);
fn close(t:Ticket) {
  let Ticket(id) = t;
  println(id);
}
fn twice(x:u64) -> u64 = x * 2;

fn arith(a:u64, b:u64, c:i32, f:f64) -> u64 {
  let s = a + b;
  let q = a / b;
  let n = -c;
  let k:u8 = u8(a);
  let w = u64(k);
  let g = f < 1.5;
  let h = g && a > b;
  let sh = shl_wrap(a, 3);
  let m = min(a, b);
  let bits = to_bits(f);
  let mut t:u64 = 0;
  t += s;
  if h || n < 0 {
    t = q;
  } else {
    t = w;
  }
  while t > 10 {
    t = t / 2;
    if t == 7 {
      break;
    }
    continue;
  }
  return t + sh + m + bits;
}

fn shapes(s:Shape, p:ro<Point>, c:Color) -> u64 {
  let mut r:u64 = 0;
  match s {
    Dot => r = 1;
    Circle(d) => r = d;
    Square(e) => r = e * e;
  }
  if c == Red {
    r += 1;
  }
  let q = Point(p.x, 3);
  let Point(qx, qy) = q;
  if qx > qy {
    r += 2;
  }
  return r;
}

fn views(n:usize, xs:rw<u64>[n], f:fn(u64) -> u64) -> u64 {
  let mut total:u64 = 0;
  for i in 0..n {
    xs[i] = f(u64(i));
  }
  for x in xs {
    total += x;
  }
  let t = open(total);
  defer close(t);
  let b = Buf[u64](4);
  let s = reduce + for i in 0..len(b) yield b[i];
  return total + s + twice(xs[0]) + views2(4, xs[0..4]);
}

fn views2(n:usize, ys:ro<u64>[n]) -> u64 {
  assert(n > 0);
  return ys[0];
}

fn main() -> i32 {
  let mut a = Array[u64, 4]();
  let v = views(a, twice);
  println(arith(1, 2, 3, 1.0), shapes(Circle(2), Point(1, 2), Green), v);
  return 0;
}
)";

const char* const kOwners = R"(import std.core (Option);
struct Text { data:Buf[u8]; used:usize; lends data[0..used]; }

fn maybe(x:u64) -> Option[u64] {
  if x == 0 {
    return None;
  }
  return Some(x);
}

fn use_try(x:u64) -> Option[u64] {
  let v = try maybe(x);
  return Some(v + 1);
}

fn pick(n:usize, out:rw<u64>[n], xs:ro<u64>[n]) -> usize {
  let k = compact out for i in 0..n where xs[i] > 2 yield xs[i];
  return k;
}

fn owners(t:rw<Text>) -> usize {
  buffer scratch:u8[16] = zeroed;
  stack small:u64[4] = zeroed;
  let mut left = Buf[u8](2);
  let mut right = Buf[u8](3);
  swap(left, right);
  let got = take(left);
  format(t, "n=", len(got), '\n');
  print(t);
  assert_eq(len(right), 2);
  return len(scratch) + len(small);
}

fn main() -> i32 {
  let mut t = Text(Buf[u8](0), 0);
  let n = owners(t);
  let o = use_try(u64(n));
  match o {
    Some(v) => println(v);
    None => println("none");
  }
  return 0;
}
)";

const char* const kPlan = R"(fn dbl(x:u64) -> u64 = x + x;
fn dbl_fast(x:u64) -> u64 implements dbl when x < 100 {
  return x * 2;
}
plan dbl use dbl_fast;
fn main() -> i32 {
  println(dbl(3));
  return 0;
}
)";

std::string source_dir() {
  if (const char* s = std::getenv("CAIRN_SOURCE_DIR")) return s;
  return CAIRN_SOURCE_DIR;
}

namespace {

// One front-end run per program text (the IR is rebuilt for every case; the checked program is not changed).
const driver::CheckRun& checked(const char* text) {
  static std::map<const char*, std::unique_ptr<driver::CheckRun>> runs;
  auto& slot = runs[text];
  if (!slot) {
    fs::path dir = fs::temp_directory_path() / ("cairn_irverify_" + std::to_string(getpid()));
    fs::create_directories(dir);
    fs::path path = dir / ("p" + std::to_string(runs.size()) + ".cairn");
    std::ofstream(path) << text;
    slot = std::make_unique<driver::CheckRun>(driver::run(path.string()));
  }
  return *slot;
}

void preorder(Node* n, std::vector<Node*>& out) {
  out.push_back(n);
  for (Node* k : n->kids)
    if (k) preorder(k, out);
  if (n->unwind) preorder(n->unwind, out);
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += "  " + x + "\n";
  return s;
}

}  // namespace

Node* Scene::make(Kind k, const check::Type* t) const {
  Node* x = m.make(k, t, n->pos);
  return x;
}
Node* Scene::constant(check::Scalar s) const {
  Node* x = make(Kind::Const, scalar(s));
  x->sc = s;
  return x;
}
ir::Function& Scene::fn(const std::string& name) const { return m.fns[index_of(name)]; }
size_t Scene::index_of(const std::string& name) const {
  for (size_t i = 0; i < m.fns.size(); ++i)
    if (m.fns[i].info->qualified == name) return i;
  ADD_FAILURE() << "no function " << name;
  return 0;
}

Pred op_is(sem::Op op) {
  return [op](const Node& n) { return n.op == op; };
}
Pred slot_is(uint32_t slot) {
  return [slot](const Node& n) { return n.slot == slot; };
}
Pred calls(const std::string& fn) {
  return [fn](const Node& n) { return n.fn && n.fn->qualified == fn; };
}
Pred typed(check::Scalar s) {
  return [s](const Node& n) { return n.type && n.type->kind == check::TypeKind::Scalar && n.type->scalar == s; };
}

void run_case(const Case& c) {
  const driver::CheckRun& run = checked(*c.program);
  ASSERT_EQ(run.outcome, driver::Outcome::Typed);
  ir::Module m = ir::build_ir(*run.program);
  std::vector<std::string> before = ir::verify_ir(m);
  ASSERT_TRUE(before.empty()) << "the program must verify clean first:\n" << joined(before);
  auto it = std::find_if(m.fns.begin(), m.fns.end(), [&](const ir::Function& f) { return f.info->qualified == c.fn; });
  ASSERT_NE(it, m.fns.end()) << c.fn;
  std::vector<Node*> nodes;
  preorder(it->body, nodes);
  int seen = 0;
  Node* picked = nullptr;
  for (Node* n : nodes)
    if (n->kind == c.kind && (!c.pred || c.pred(*n)) && seen++ == c.nth) {
      picked = n;
      break;
    }
  ASSERT_NE(picked, nullptr) << "no node " << ir::kind_name(c.kind) << " #" << c.nth << " in " << c.fn;
  Scene scene{*run.program, m, *it, picked};
  c.corrupt(scene);
  std::vector<std::string> faults = ir::verify_ir(m);
  if (!c.why) {
    EXPECT_TRUE(faults.empty()) << "an allowed change was refused:\n" << joined(faults);
    return;
  }
  std::string tag = c.fault_kind ? std::string(": ") + ir::kind_name(*c.fault_kind) + ": " : std::string(": ");
  bool found = std::any_of(faults.begin(), faults.end(), [&](const std::string& f) {
    return f.rfind(std::string(c.fn) + ":", 0) == 0 && f.find(tag) != std::string::npos &&
           f.find(c.why) != std::string::npos;
  });
  EXPECT_TRUE(found) << "expected a fault of " << c.fn << tag << "... " << c.why << "\ngot:\n" << joined(faults);
}

std::vector<std::string> program_paths(const std::vector<std::string>& dirs) {
  std::vector<std::string> out;
  for (const std::string& d : dirs) {
    fs::path dir = source_dir() + "/" + d;
    if (!fs::is_directory(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().extension() == ".cairn") out.push_back(e.path().string());
      else if (e.is_directory() && fs::exists(e.path() / "cairn.toml")) out.push_back(e.path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace cairn::irtest

// The scratch directory named by the process id is removed when the test program ends.
::testing::Environment* const scratch_cleanup_cairn_irverify =
    ::testing::AddGlobalTestEnvironment(new cairn::test::ScratchCleanup("cairn_irverify_"));
