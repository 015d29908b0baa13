// The receipt: hashes of the manifest, sources, runtime headers, emitted C++ and artifact, and per function
// the checker's facts beside what the lowering emitted.
#include "targets/build_receipt.h"

#include "front/check/expr_info.h"
#include "front/driver/check_record.h"
#include "base/atomic_file.h"
#include "base/sha256.h"
#include "targets/board.h"
#include "targets/native_build.h"
#include "targets/runtime_files.h"

namespace cairn::targets {

namespace {

// Heap allocations a body writes: Buf constructions and `buffer` statements.
uint32_t heap_allocations(const ir::Node* n) {
  if (!n) return 0;
  uint32_t count = n->kind == ir::Kind::BufNew || (n->kind == ir::Kind::Storage && n->buffer) ? 1 : 0;
  for (const ir::Node* k : n->kids) count += heap_allocations(k);
  return count;
}

std::string hash_of_file(const std::string& path) {
  std::string bytes;
  return read_file(path, bytes) ? sha256_hex(bytes) : "";
}

}  // namespace

nlohmann::ordered_json function_receipt(const check::FnInfo& fn, const ir::Function* irf, const lower::Function* lf) {
  nlohmann::ordered_json f;
  std::vector<std::string> names;
  for (const check::ParamSig& p : fn.params) names.push_back(p.name);
  f["name"] = fn.qualified;
  f["signature"] = driver::signature_text(fn);
  f["effects"] = check::row_labels(fn.row, names);
  uint32_t sites = 0, discharged = 0;
  if (fn.body)
    for (const check::GuardSite& g : fn.body->guards) {
      ++sites;
      discharged += g.proven_safe ? 1 : 0;
    }
  f["syntactic_check_sites"] = sites;
  f["discharged_check_sites"] = discharged;
  f["emitted_guards"] = lf ? lf->emitted_guards : 0;
  f["heap_allocations"] = irf ? heap_allocations(irf->body) : 0;
  f["implicit_synchronization"] = 0;  // the core language has no parallel constructs
  f["local_storage"] = fn.body ? fn.body->stack_bytes : 0;
  f["census"] = {{"spawn", 0}, {"unsafe", 0}};
  nlohmann::ordered_json impls = nlohmann::ordered_json::array();
  for (const check::FnInfo* i : fn.implementations) impls.push_back(i->qualified);
  f["implementations"] = impls;
  return f;
}

nlohmann::ordered_json build_receipt(const driver::CheckRun& run, const ir::Module& mod, const lower::Lowered& low,
                                     const BuildResult& r) {
  nlohmann::ordered_json j;
  j["protocol"] = "cairn.receipt/1";
  j["project"] = run.project.name;
  j["command"] = r.command;
  j["compiler"] = {{"name", r.compiler.name}, {"path", r.compiler.path}, {"version", r.compiler.version}};
  if (r.target != "hosted") {
    j["target"] = r.target;
    j["size"] = {{"text", r.image_size.text}, {"data", r.image_size.data}, {"bss", r.image_size.bss}};
  }
  nlohmann::ordered_json hashes;
  if (!run.project.manifest_display.empty())
    hashes["manifest"] = {{"file", run.project.manifest_display}, {"sha256", hash_of_file(r.manifest_path)}};
  nlohmann::ordered_json sources = nlohmann::ordered_json::array();
  for (uint32_t id = 0; id < run.sources.size(); ++id) {
    const SourceFile& f = run.sources.file(id);
    sources.push_back({{"file", f.display_name}, {"sha256", sha256_hex(f.text)}});
  }
  hashes["sources"] = sources;
  nlohmann::ordered_json rt = nlohmann::ordered_json::array();
  for (const RuntimeFile& f : runtime_files())
    rt.push_back({{"file", std::string(f.name)}, {"sha256", sha256_hex(f.bytes)}});
  hashes["runtime_headers"] = rt;
  if (r.target != "hosted") {  // the board's start-up code, support routines and linker script
    nlohmann::ordered_json tf = nlohmann::ordered_json::array();
    for (const RuntimeFile& f : board_files(r.target))
      tf.push_back({{"file", std::string(f.name)}, {"sha256", sha256_hex(f.bytes)}});
    hashes["target_files"] = tf;
  }
  hashes["cpp"] = sha256_hex(low.cpp);
  hashes["artifact"] = r.artifact_sha256;
  if (!low.header.text.empty()) hashes["header"] = sha256_hex(low.header.text);
  j["hashes"] = hashes;
  if (!low.header.text.empty()) {  // --header: the C interface, its hash, what crosses and what was left out
    nlohmann::ordered_json left = nlohmann::ordered_json::array();
    for (const auto& [name, why] : low.header.left_out) left.push_back({{"function", name}, {"reason", why}});
    j["header"] = {{"file", r.header}, {"interface_hash", low.header.hash}, {"entries", low.header.entries},
                   {"left_out", left}};
  }
  nlohmann::ordered_json fns = nlohmann::ordered_json::array();
  for (size_t i = 0; i < mod.fns.size(); ++i) {
    const check::FnInfo& fn = *mod.fns[i].info;
    if (fn.is_test) continue;
    const lower::Function* lf = nullptr;
    for (const lower::Function& c : low.functions)
      if (c.name == fn.qualified) lf = &c;
    fns.push_back(function_receipt(fn, &mod.fns[i], lf));
  }
  j["functions"] = fns;
  return j;
}

}  // namespace cairn::targets
