// Shared by the verifier tests: two small programs built to IR, nodes found by kind, one corruption per case.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "semantics/ir.h"

namespace cairn::irtest {

extern const char* const kProgram;  // scalars, control flow, sums, records, views, calls, defer
extern const char* const kOwners;   // Option and try, compact, storage, take/swap, format and lends
extern const char* const kPlan;     // an implementation with its condition, and a plan

// What a corruption works on: the built module, the function and the node picked for it.
struct Scene {
  const check::Program& program;
  ir::Module& m;
  ir::Function& f;
  ir::Node* n;
  const check::Type* scalar(check::Scalar s) const { return program.types.scalar(s); }
  ir::Node* make(ir::Kind k, const check::Type* t = nullptr) const;  // a fresh node at n's position
  ir::Node* constant(check::Scalar s) const;                          // a fresh Const 0 of type s
  ir::Function& fn(const std::string& name) const;
  size_t index_of(const std::string& name) const;
};

using Pred = std::function<bool(const ir::Node&)>;
Pred op_is(sem::Op op);
Pred slot_is(uint32_t slot);
Pred calls(const std::string& fn);
Pred typed(check::Scalar s);

struct Case {
  const char* name;                     // the test's name
  const char* const* program;           // &kProgram, &kOwners or &kPlan
  const char* fn;                       // the function corrupted
  ir::Kind kind;                        // the kind of the node picked
  int nth;                              // the nth such node in preorder (with unwinds) that satisfies pred
  Pred pred;                            // empty: any
  std::function<void(Scene&)> corrupt;  // the one thing broken
  std::optional<ir::Kind> fault_kind;   // the kind the fault names (nullopt: a fault of the whole function)
  const char* why;                      // a part of the fault's text; nullptr: the change is allowed
};

// Builds the IR, checks it verifies clean, corrupts it and expects a fault naming function, kind and why.
void run_case(const Case& c);

// The programs under `dirs` (relative to the source tree): .cairn files and project folders, sorted.
std::vector<std::string> program_paths(const std::vector<std::string>& dirs);
std::string source_dir();

}  // namespace cairn::irtest
