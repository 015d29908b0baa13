// Phase 3: records and sums (§3.2-§3.4, §3.7, §9.2): fields, extents, lends, align, kinds, by-value cycles.
#include <algorithm>
#include <functional>

#include "front/check/decl_context.h"
#include "front/check/resolve_type.h"

namespace cairn::check {

namespace {

// A by-value containment graph node: a record or a user sum.
struct Node {
  RecordInfo* record = nullptr;
  SumInfo* sum = nullptr;
  const ast::Item* decl() const { return record ? record->decl : sum->decl; }
  std::vector<std::pair<uint32_t, uint32_t>> edges;  // (target node, field or variant index)
};

class RecordDeclarer {
 public:
  explicit RecordDeclarer(DeclContext& cx) : cx_(cx), p_(cx.program) {}

  void run() {
    // Pass 1 resolves field and payload types quietly (kinds unknown), pass 2 again with kinds known, so
    // that E-LINEAR-STORAGE is judged and every refusal is reported once.
    DiagSink quiet;
    resolve_all(quiet, false);
    bool cyclic = find_cycles();
    if (!cyclic) {
      compute_kinds();
      p_.kinds_ready = true;
    }
    resolve_all(cx_.sink, true);
  }

 private:
  void resolve_all(DiagSink& sink, bool report) {
    for (RecordInfo& r : p_.records) record(r, sink, report);
    for (SumInfo& s : p_.sums)
      if (s.decl) sum(s, sink, report);
  }

  const Type* field_type(const ModuleInfo& m, const ast::TypeExpr* te, DiagSink& sink, TypeUse use, bool report) {
    size_t before = sink.count();
    const Type* t = resolve_type(p_, m, te, TypeScope{}, sink, Phase::Declarations, use);
    if (report && sink.count() != before) cx_.fatal = true;
    return t;
  }

  void refuse(bool report, Code c, Pos pos, std::string msg) {
    if (report) cx_.refuse(c, pos, std::move(msg));
  }

  void record(RecordInfo& r, DiagSink& sink, bool report) {
    const ast::Item& it = *r.decl;
    if (!it.type_params.empty())
      refuse(report, Code::Unsupported, it.type_params[0].pos, "generics are a Stage 2 feature and are not supported yet.");
    if (it.fields.empty()) refuse(report, Code::Record, it.name.pos, "A record needs at least one field.");
    r.clear_fields();
    for (const ast::FieldDecl& fd : it.fields) {
      if (r.field_index(fd.name.name))
        refuse(report, Code::Duplicate, fd.name.pos, "A field named " + fd.name.name + " is already declared in " + r.name + ".");
      FieldInfo fi;
      fi.name = fd.name.name;
      fi.pos = fd.name.pos;
      fi.type = field_type(*r.module, fd.type, sink, TypeUse::Field, report);
      if (fd.extent) fi.extent_field = field_extent(r, fi, *fd.extent, report);
      r.add_field(std::move(fi));
    }
    alignment(r, report);
    lends(r, report);
  }

  std::optional<uint32_t> field_extent(const RecordInfo& r, const FieldInfo& fi, const ast::Ident& ext, bool report) {
    if (fi.type->kind == TypeKind::Error) return std::nullopt;
    if (fi.type->kind != TypeKind::Buf) {
      refuse(report, Code::Extent, ext.pos, "A field extent belongs on a Buf field; " + fi.name + " is " + type_name(fi.type) + ".");
      return std::nullopt;
    }
    if (std::optional<uint32_t> i = r.field_index(ext.name)) {  // r.fields holds the earlier fields only
      const Type* t = r.fields[*i].type;
      if (t->kind == TypeKind::Scalar && t->scalar == Scalar::Usize) return i;
      if (t->kind == TypeKind::Error) return std::nullopt;
    }
    refuse(report, Code::Extent, ext.pos, "A field extent names an earlier usize field of the record; " + ext.name + " is not one.");
    return std::nullopt;
  }

  void alignment(RecordInfo& r, bool report) {
    const ast::Expr* a = r.decl->align;
    if (!a) return;
    if (a->kind != ast::ExprKind::IntLit || a->negative) {
      refuse(report, Code::Static, a->begin, "align needs an integer literal.");
      return;
    }
    uint64_t n = a->int_value;
    if (n < 8 || n > 65536 || (n & (n - 1)) != 0) {
      refuse(report, Code::Align, a->pos, "align(" + std::to_string(n) + ") needs a power of two from 8 to 65536.");
      return;
    }
    r.align = n;
  }

  // A lends bound: an integer literal or a usize field.
  bool lends_bound(const RecordInfo& r, const ast::NatArg& b, bool* is_field, uint64_t* v) {
    if (b.is_int) {
      *is_field = false;
      *v = b.value;
      return true;
    }
    if (b.path.size() != 1) return false;
    std::optional<uint32_t> i = r.field_index(b.path[0].name);
    if (!i) return false;
    const Type* t = r.fields[*i].type;
    if (t->kind != TypeKind::Scalar || t->scalar != Scalar::Usize) return false;
    *is_field = true;
    *v = *i;
    return true;
  }

  void lends(RecordInfo& r, bool report) {
    const auto& ls = r.decl->lends;
    if (ls.empty()) return;
    if (ls.size() > 1) refuse(report, Code::Lends, ls[1].pos, "A record lends at most one field.");
    const ast::LendsDecl& l = ls[0];
    LendsInfo info;
    bool found = false;
    for (uint32_t i = 0; i < r.fields.size(); ++i)
      if (r.fields[i].name == l.field.name) {
        found = true;
        info.field = i;
        if (r.fields[i].type->kind != TypeKind::Buf) {
          if (r.fields[i].type->kind != TypeKind::Error)
            refuse(report, Code::Lends, l.field.pos, "lends needs a Buf field; " + l.field.name + " is " + type_name(r.fields[i].type) + ".");
          return;
        }
      }
    if (!found) {
      refuse(report, Code::Lends, l.field.pos, r.name + " has no field " + l.field.name + " to lend.");
      return;
    }
    if (!lends_bound(r, l.lo, &info.lo_is_field, &info.lo)) {
      refuse(report, Code::Lends, l.lo.pos, "A lends bound is an integer literal or a usize field.");
      return;
    }
    if (!lends_bound(r, l.hi, &info.hi_is_field, &info.hi)) {
      refuse(report, Code::Lends, l.hi.pos, "A lends bound is an integer literal or a usize field.");
      return;
    }
    if (!info.lo_is_field && !info.hi_is_field && info.lo > info.hi) {
      refuse(report, Code::Lends, l.lo.pos, "lends needs lo <= hi.");
      return;
    }
    r.lends = info;
  }

  void sum(SumInfo& s, DiagSink& sink, bool report) {
    const ast::Item& it = *s.decl;
    if (!it.type_params.empty())
      refuse(report, Code::Unsupported, it.type_params[0].pos, "generics are a Stage 2 feature and are not supported yet.");
    if (it.variants.empty()) refuse(report, Code::Enum, it.name.pos, "A sum needs at least one variant.");
    s.clear_variants();
    for (const ast::VariantDecl& vd : it.variants) {
      if (s.variant_index(vd.name.name))
        refuse(report, Code::Enum, vd.name.pos, "A variant named " + vd.name.name + " is already declared in " + s.name + ".");
      VariantInfo v;
      v.name = vd.name.name;
      v.pos = vd.name.pos;
      if (vd.payload) v.payload = field_type(*s.module, vd.payload, sink, TypeUse::Payload, report);
      s.add_variant(std::move(v));
    }
  }

  // ---- by-value cycles (§3.3): records, sums and Arrays; Buf breaks a cycle ----
  void by_value_targets(const Type* t, std::vector<uint32_t>& out) {
    switch (t->kind) {
      case TypeKind::Record: out.push_back(node_of_record_.at(t->record)); return;
      case TypeKind::Sum:
        if (t->sum->decl) out.push_back(node_of_sum_.at(t->sum));
        for (const Type* a : t->args) by_value_targets(a, out);
        return;
      case TypeKind::Array: by_value_targets(t->elem, out); return;
      default: return;
    }
  }

  bool find_cycles() {
    for (RecordInfo& r : p_.records) {
      node_of_record_[&r] = static_cast<uint32_t>(nodes_.size());
      nodes_.push_back(Node{&r, nullptr, {}});
    }
    for (SumInfo& s : p_.sums)
      if (s.decl) {
        node_of_sum_[&s] = static_cast<uint32_t>(nodes_.size());
        nodes_.push_back(Node{nullptr, &s, {}});
      }
    for (Node& n : nodes_) {
      std::vector<const Type*> parts;
      if (n.record)
        for (const FieldInfo& f : n.record->fields) parts.push_back(f.type);
      else
        for (const VariantInfo& v : n.sum->variants) parts.push_back(v.payload ? v.payload : p_.types.void_type());
      for (uint32_t i = 0; i < parts.size(); ++i) {
        std::vector<uint32_t> ts;
        by_value_targets(parts[i], ts);
        for (uint32_t t : ts) n.edges.push_back({t, i});
      }
    }
    return report_cycles();
  }

  // Tarjan's strongly connected components, iteratively (deep type chains must not overflow the stack).
  bool report_cycles() {
    const uint32_t n = static_cast<uint32_t>(nodes_.size());
    std::vector<int64_t> index(n, -1), low(n, 0);
    std::vector<bool> on_stack(n, false);
    std::vector<uint32_t> stack, comp(n, 0);
    int64_t counter = 0;
    uint32_t ncomp = 0;
    for (uint32_t root = 0; root < n; ++root) {
      if (index[root] >= 0) continue;
      std::vector<std::pair<uint32_t, size_t>> work{{root, 0}};
      while (!work.empty()) {
        auto& [v, ei] = work.back();
        if (ei == 0 && index[v] < 0) {
          index[v] = low[v] = counter++;
          stack.push_back(v);
          on_stack[v] = true;
        }
        if (ei < nodes_[v].edges.size()) {
          uint32_t w = nodes_[v].edges[ei++].first;
          if (index[w] < 0) {
            work.push_back({w, 0});
          } else if (on_stack[w]) {
            low[v] = std::min(low[v], index[w]);
          }
          continue;
        }
        if (low[v] == index[v]) {
          uint32_t w;
          do {
            w = stack.back();
            stack.pop_back();
            on_stack[w] = false;
            comp[w] = ncomp;
          } while (w != v);
          ++ncomp;
        }
        uint32_t done = v;
        work.pop_back();
        if (!work.empty()) low[work.back().first] = std::min(low[work.back().first], low[done]);
      }
    }
    bool any = false;
    std::vector<bool> reported(ncomp, false);
    // Nodes in source order of their declarations: the first declaration of each cycle reports it.
    std::vector<uint32_t> order(n);
    for (uint32_t i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return nodes_[a].decl()->pos < nodes_[b].decl()->pos; });
    for (uint32_t v : order) {
      for (const auto& [w, part] : nodes_[v].edges) {
        if (comp[w] != comp[v] || reported[comp[v]]) continue;
        reported[comp[v]] = true;
        any = true;
        const Node& nd = nodes_[v];
        Pos at = nd.record ? nd.decl()->fields[part].type->pos : nd.decl()->variants[part].payload->pos;
        std::string name = nd.record ? nd.record->name : nd.sum->name;
        cx_.refuse(Code::RecordType, at,
                   name + " contains itself by value; recursion must go through a Buf.");
      }
    }
    return any;
  }

  void compute_kinds() {
    bool changed = true;
    while (changed) {
      changed = false;
      for (RecordInfo& r : p_.records) {
        Kind k = r.is_linear ? Kind::Linear : Kind::Copy;
        for (const FieldInfo& f : r.fields) k = std::max(k, type_kind(f.type));
        if (k != r.kind) {
          r.kind = k;
          changed = true;
        }
      }
    }
  }

  DeclContext& cx_;
  Program& p_;
  std::vector<Node> nodes_;
  std::map<const RecordInfo*, uint32_t> node_of_record_;
  std::map<const SumInfo*, uint32_t> node_of_sum_;
};

}  // namespace

void declare_records_and_sums(DeclContext& cx) { RecordDeclarer(cx).run(); }

}  // namespace cairn::check
