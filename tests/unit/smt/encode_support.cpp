// The encoder tests' shared support: loading sources, the solver as an evaluator, model vs interpreter.
#include "encode_support.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include "../scratch_dir.h"

namespace cairn::smt::test {

std::string source_dir() {
  if (const char* s = std::getenv("CAIRN_SOURCE_DIR")) return s;
  return CAIRN_SOURCE_DIR;
}

const check::FnInfo& Loaded::info(const std::string& name) const {
  const check::FnInfo* f = engine->find(name);
  if (!f) throw std::runtime_error("no function " + name);
  return *f;
}

const ir::Function& Loaded::fn(const std::string& name) const {
  const ir::Function* f = mod.find(&info(name));
  if (!f) throw std::runtime_error("no IR for " + name);
  return *f;
}

std::unique_ptr<Loaded> load_file(const std::string& path) {
  auto p = std::make_unique<Loaded>();
  p->run = driver::run(path);
  if (p->run.outcome != driver::Outcome::Typed) return nullptr;
  p->mod = ir::build_ir(*p->run.program);
  p->engine = sem::Engine::compile(*p->run.program, p->run.sources);
  return p;
}

std::unique_ptr<Loaded> load_source(const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / ("cairn_encode_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / (name + ".cairn");
  std::ofstream(path) << text;
  return load_file(path.string());
}

std::unique_ptr<Encoding> encode(const Loaded& p, const std::string& name) {
  auto enc = std::make_unique<Encoding>();
  enc->in = make_inputs(enc->c, p.info(name));
  enc->e = encode_call(enc->c, p.mod, p.fn(name), enc->in);
  return enc;
}

uint64_t low_bits(check::Scalar t, uint64_t bits) {
  unsigned w = t == check::Scalar::Bool ? 1 : check::scalar_bits(t);
  return w >= 64 ? bits : bits & ((uint64_t{1} << w) - 1);
}

namespace {

Term literal(Context& c, const InputLeaf& leaf, uint64_t v) {
  if (leaf.type == check::Scalar::Bool) return c.boolean((v & 1) != 0);
  return c.bv(check::scalar_bits(leaf.type), v);
}

}  // namespace

ModelOutcome evaluate(Solver s, Encoding& enc, const std::vector<uint64_t>& values, unsigned timeout_ms) {
  Context& c = enc.c;
  Query q;
  q.timeout_ms = timeout_ms;
  q.assertions.push_back(enc.in.admitted);
  for (size_t i = 0; i < enc.in.leaves.size(); ++i)
    q.assertions.push_back(eq(enc.in.leaves[i].term, literal(c, enc.in.leaves[i], values.at(i))));
  q.wanted = {enc.e.trapped, enc.e.trap_kind, enc.e.past_bound};
  for (const Observed& o : enc.e.observed) {
    if (!o.is_array) {
      q.wanted.push_back(o.relevant);
      q.wanted.push_back(o.value);
      continue;
    }
    q.wanted.push_back(o.length);
    for (unsigned k = 0; k < kWitnessElements; ++k) q.wanted.push_back(select(o.array, c.bv(64, k)));
  }
  CheckResult r = check(s, q);
  ModelOutcome m;
  m.milliseconds = r.milliseconds;
  if (r.answer != Answer::Sat) {
    m.answer = std::string(answer_name(r.answer)) + " " + r.reason;
    return m;
  }
  m.sat = true;
  m.trapped = r.values[0] != 0;
  m.kind = r.values[1];
  m.past_bound = r.values[2] != 0;
  size_t at = 3;
  for (const Observed& o : enc.e.observed) {
    sem::ObservedLeaf leaf;
    leaf.is_array = o.is_array;
    if (!o.is_array) {
      leaf.relevant = r.values[at++] != 0;
      leaf.bits = r.values[at++];
    } else {
      uint64_t len = r.values[at++];
      for (unsigned k = 0; k < kWitnessElements; ++k, ++at)
        if (k < len) leaf.elems.push_back(r.values[at]);
      leaf.bits = len;
    }
    m.leaves.push_back(std::move(leaf));
  }
  return m;
}

namespace {

std::string compare_array(const Observed& o, const sem::ObservedLeaf& model, const std::vector<uint64_t>& run) {
  std::ostringstream why;
  if (model.bits != run.size()) {
    why << o.name << ": model length " << model.bits << ", interpreter " << run.size();
    return why.str();
  }
  for (size_t k = 0; k < run.size() && k < model.elems.size(); ++k)
    if (low_bits(o.type, model.elems[k]) != low_bits(o.type, run[k])) {
      why << o.name << "[" << k << "]: model " << model.elems[k] << ", interpreter " << run[k];
      return why.str();
    }
  return "";
}

std::string compare_leaf(const Observed& o, const sem::ObservedLeaf& model, const sem::ObservedLeaf& run) {
  std::ostringstream why;
  if (model.is_array != run.is_array) return o.name + ": shapes differ";
  if (model.relevant != run.relevant) {
    why << o.name << ": relevant in the model " << model.relevant << ", in the interpreter " << run.relevant;
    return why.str();
  }
  if (!model.relevant) return "";
  if (o.is_array) return compare_array(o, model, run.elems);
  if (low_bits(o.type, model.bits) != low_bits(o.type, run.bits)) {
    why << o.name << ": model " << model.bits << ", interpreter " << run.bits;
    return why.str();
  }
  return "";
}

}  // namespace

std::string compare(const Encoding& enc, const ModelOutcome& model, const sem::CallOutcome& run) {
  std::ostringstream why;
  if (model.trapped != !run.defined) {
    why << "model trapped " << model.trapped << ", interpreter defined " << run.defined;
    if (!run.defined) why << " (trap " << check::trap_name(run.trap) << ")";
    return why.str();
  }
  if (model.trapped) {
    if (model.kind != static_cast<uint64_t>(run.trap))
      return std::string("trap kinds differ: interpreter ") + check::trap_name(run.trap) + ", model " +
             check::trap_name(static_cast<check::TrapKind>(model.kind));
    return "";
  }
  size_t rw = 0;
  for (const ParamInput& p : enc.in.params) rw += p.rw ? 1 : 0;
  const auto& obs = enc.e.observed;
  size_t ret_count = obs.size() - rw;
  if (run.ret_leaves.size() != ret_count) {
    why << "returned leaves: model " << ret_count << ", interpreter " << run.ret_leaves.size();
    return why.str();
  }
  for (size_t i = 0; i < ret_count; ++i) {
    std::string d = compare_leaf(obs[i], model.leaves[i], run.ret_leaves[i]);
    if (!d.empty()) return d;
  }
  size_t at = ret_count;
  for (size_t p = 0; p < enc.in.params.size(); ++p) {
    const ParamInput& in = enc.in.params[p];
    if (!in.rw) continue;
    const Observed& o = obs[at];
    const sem::ObservedLeaf& m = model.leaves[at++];
    const std::vector<uint64_t>& w = run.written.at(p);
    std::string d;
    if (in.is_view) {
      d = compare_array(o, m, w);
    } else if (w.size() != 1 || low_bits(o.type, w[0]) != low_bits(o.type, m.bits)) {
      why << o.name << ": model " << m.bits << ", interpreter "
          << (w.empty() ? std::string("none") : std::to_string(w[0]));
      d = why.str();
    }
    if (!d.empty()) return d;
  }
  return "";
}

}  // namespace cairn::smt::test

// The scratch directory named by the process id is removed when the test program ends.
::testing::Environment* const scratch_cleanup_cairn_encode =
    ::testing::AddGlobalTestEnvironment(new cairn::test::ScratchCleanup("cairn_encode_"));
