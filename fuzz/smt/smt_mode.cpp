// The `--smt` campaign: programs of one seed in index order, examined on `jobs` threads, merged by index.
#include "fuzz/smt/smt_mode.h"

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>

#include "fuzz/gen/generate.h"
#include "fuzz/reduce/case_file.h"
#include "fuzz/smt/smt_case.h"

namespace cairn::fuzz {

namespace {

constexpr uint64_t kDefaultCount = 1000;
// The input stream of program I: its own splitmix64 stream (generate.h), moved off the generator's first
// output so the inputs do not repeat the numbers the program was built from.
constexpr uint64_t kInputStreamSalt = 0x736d742d696e70ULL;  // "smt-inp"

nlohmann::ordered_json counts_json(const SmtCounts& c) {
  nlohmann::ordered_json j;
  j["functions"] = c.functions;
  j["inputs"] = c.inputs;
  j["outside_fragment"] = c.outside_fragment;
  j["beyond_bound"] = c.beyond_bound;
  j["timeouts"] = c.timeouts;
  j["inductive"] = c.inductive;
  return j;
}

}  // namespace

const char* smt_mismatch_name(SmtMismatchKind k) {
  switch (k) {
#define MISMATCH(Id, name) \
  case SmtMismatchKind::Id: return name;
#include "fuzz/smt/mismatch_kinds.def"
#undef MISMATCH
  }
  return "?";
}

void SmtCounts::add(const SmtCounts& o) {
  functions += o.functions;
  inputs += o.inputs;
  outside_fragment += o.outside_fragment;
  beyond_bound += o.beyond_bound;
  timeouts += o.timeouts;
  inductive += o.inductive;
}

nlohmann::ordered_json SmtMismatch::to_json() const {
  nlohmann::ordered_json j;
  j["index"] = index;
  j["function"] = function;
  j["kind"] = smt_mismatch_name(kind);
  j["solver"] = solver;
  j["detail"] = detail;
  j["inputs"] = inputs;
  j["expected"] = expected;
  j["expect"] = expect_line;
  return j;
}

SmtCaseHeader smt_case_header(const SmtMismatch& m, uint64_t seed, const std::string& program) {
  SmtCaseHeader h;
  h.hash = case_hash(program);
  h.seed = seed;
  h.index = m.index;
  h.kind = smt_mismatch_name(m.kind);
  h.solver = m.solver;
  h.signature = m.signature;
  h.leaves = m.leaves;
  return h;
}

std::string smt_case_text(const SmtMismatch& m, uint64_t seed) {
  SmtCaseHeader h = smt_case_header(m, seed, m.program);
  const std::string prefix = "// expect smt: ";
  h.expect = m.expect_line.rfind(prefix, 0) == 0 ? m.expect_line.substr(prefix.size()) : m.expect_line;
  return render_smt_case(h, m.program);
}

SmtCampaign run_smt_mode(const SmtOptions& options) {
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  uint64_t first = options.index ? *options.index : 0;
  uint64_t last = options.index ? first + 1 : options.count ? *options.count : options.seconds ? UINT64_MAX : kDefaultCount;
  std::atomic<uint64_t> next{first};
  std::mutex lock;
  std::map<uint64_t, SmtProgramResult> done;  // by index: the merge does not depend on the threads' order
  auto work = [&] {
    for (;;) {
      if (options.seconds && !options.index && elapsed() >= *options.seconds) return;
      uint64_t i = next.fetch_add(1);
      if (i >= last) return;
      Generated g = generate(options.seed, i);
      SmtProgramResult r = check_program_smt(g.text, i, program_seed(options.seed, i) ^ kInputStreamSalt, options);
      std::lock_guard<std::mutex> hold(lock);
      done.emplace(i, std::move(r));
    }
  };
  unsigned jobs = options.jobs ? options.jobs : 1;
  std::vector<std::thread> threads;
  for (unsigned k = 1; k < jobs; ++k) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();

  SmtCampaign out;
  SmtCounts total;
  for (auto& [i, r] : done) {
    ++out.programs;
    total.add(r.counts);
    if (r.defect) out.generator_defects.push_back({{"index", i}, {"reason", *r.defect}});
    for (SmtMismatch& m : r.mismatches) out.mismatches.push_back(std::move(m));
  }
  out.smt = counts_json(total);
  out.smt["mismatches"] = nlohmann::ordered_json::array();
  for (const SmtMismatch& m : out.mismatches) out.smt["mismatches"].push_back(m.to_json());
  out.seconds = elapsed();
  return out;
}

}  // namespace cairn::fuzz
