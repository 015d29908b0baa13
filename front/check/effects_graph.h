// The call graph of the checked functions (§13.3): direct calls, indirect calls to every function of the
// called type whose address is taken, and (optionally) reference -> implementation edges (§17.2).
#pragma once
#include <cstdint>
#include <map>
#include <vector>

#include "front/check/sema.h"

namespace cairn::check {

struct CallGraph {
  struct Edge {
    uint32_t to = 0;
    const CallEdge* call = nullptr;  // nullptr: a reference -> implementation edge (same parameters)
  };
  std::vector<FnInfo*> nodes;  // program.body_order
  std::map<const FnInfo*, uint32_t> index;
  std::vector<std::vector<Edge>> out;
  std::map<const Type*, std::vector<uint32_t>> address_taken;  // function type -> nodes, in node order
};

// The type of a function used as a value: fn(param types) -> result.
const Type* fn_value_type(Program& program, const FnInfo& fn);

CallGraph build_call_graph(Program& program, bool with_implementations);

// Strongly connected components, callees before callers (reverse topological order); each sorted.
std::vector<std::vector<uint32_t>> call_graph_sccs(const CallGraph& g);

// Whether a component is a cycle (more than one node, or a node calling itself).
bool is_cyclic(const CallGraph& g, const std::vector<uint32_t>& comp);

}  // namespace cairn::check
