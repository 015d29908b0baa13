// Building the call graph and its strongly connected components (iterative Tarjan).
#include "front/check/effects_graph.h"

#include <algorithm>

namespace cairn::check {

const Type* fn_value_type(Program& program, const FnInfo& fn) {
  std::vector<const Type*> params;
  for (const ParamSig& p : fn.params) params.push_back(p.type);
  return program.types.fn(std::move(params), fn.result ? fn.result : program.types.void_type());
}

CallGraph build_call_graph(Program& program, bool with_implementations) {
  CallGraph g;
  g.nodes = program.body_order;
  for (uint32_t i = 0; i < g.nodes.size(); ++i) g.index[g.nodes[i]] = i;
  g.out.resize(g.nodes.size());
  // address-taken functions, in node order, without repeats
  std::vector<bool> taken(g.nodes.size(), false);
  for (FnInfo* fn : g.nodes)
    for (const FnValueUse& u : fn->value_uses) {
      auto it = g.index.find(u.fn);
      if (it != g.index.end()) taken[it->second] = true;
    }
  for (uint32_t i = 0; i < g.nodes.size(); ++i)
    if (taken[i]) g.address_taken[fn_value_type(program, *g.nodes[i])].push_back(i);
  for (uint32_t i = 0; i < g.nodes.size(); ++i) {
    for (const CallEdge& c : g.nodes[i]->calls) {
      if (c.callee) {
        auto it = g.index.find(c.callee);
        if (it != g.index.end()) g.out[i].push_back({it->second, &c});
        continue;
      }
      auto at = g.address_taken.find(c.fn_type);
      if (at == g.address_taken.end()) continue;
      for (uint32_t t : at->second) g.out[i].push_back({t, &c});
    }
    if (with_implementations)
      for (FnInfo* impl : g.nodes[i]->implementations) {
        auto it = g.index.find(impl);
        if (it != g.index.end()) g.out[i].push_back({it->second, nullptr});
      }
  }
  return g;
}

std::vector<std::vector<uint32_t>> call_graph_sccs(const CallGraph& g) {
  const uint32_t n = static_cast<uint32_t>(g.nodes.size());
  std::vector<int64_t> index(n, -1), low(n, 0);
  std::vector<bool> on_stack(n, false);
  std::vector<uint32_t> stack;
  std::vector<std::vector<uint32_t>> comps;
  int64_t counter = 0;
  for (uint32_t root = 0; root < n; ++root) {
    if (index[root] >= 0) continue;
    std::vector<std::pair<uint32_t, size_t>> work{{root, 0}};
    index[root] = low[root] = counter++;
    stack.push_back(root);
    on_stack[root] = true;
    while (!work.empty()) {
      uint32_t v = work.back().first;
      size_t& ei = work.back().second;
      if (ei < g.out[v].size()) {
        uint32_t w = g.out[v][ei++].to;
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack.push_back(w);
          on_stack[w] = true;
          work.push_back({w, 0});
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      if (low[v] == index[v]) {
        std::vector<uint32_t> comp;
        uint32_t w;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[w] = false;
          comp.push_back(w);
        } while (w != v);
        std::sort(comp.begin(), comp.end());
        comps.push_back(std::move(comp));
      }
      work.pop_back();
      if (!work.empty()) low[work.back().first] = std::min(low[work.back().first], low[v]);
    }
  }
  return comps;
}

bool is_cyclic(const CallGraph& g, const std::vector<uint32_t>& comp) {
  if (comp.size() > 1) return true;
  for (const CallGraph::Edge& e : g.out[comp[0]])
    if (e.to == comp[0]) return true;
  return false;
}

}  // namespace cairn::check
