// The deterministic syntax-tree dump (`cairn emit --dump=ast`): one node per line, children indented.
#include <string>
#include <vector>

#include "front/parse/parse.h"
#include "front/syntax/ast.h"

namespace cairn {

namespace {

using namespace ast;

const char* expr_kind_name(ExprKind k) {
  switch (k) {
#define EXPR(e, name) case ExprKind::e: return name;
#include "front/syntax/ast_kinds.def"
#undef EXPR
  }
  return "?";
}
const char* stmt_kind_name(StmtKind k) {
  switch (k) {
#define STMT(e, name) case StmtKind::e: return name;
#include "front/syntax/ast_kinds.def"
#undef STMT
  }
  return "?";
}
const char* item_kind_name(ItemKind k) {
  switch (k) {
#define ITEM(e, name) case ItemKind::e: return name;
#include "front/syntax/ast_kinds.def"
#undef ITEM
  }
  return "?";
}
const char* type_kind_name(TypeKind k) {
  switch (k) {
#define TYPE(e, name) case TypeKind::e: return name;
#include "front/syntax/ast_kinds.def"
#undef TYPE
  }
  return "?";
}

std::string at(Pos p) { return std::to_string(p.line) + ":" + std::to_string(p.col); }
std::string ident(const Ident& i) { return i.name + "@" + at(i.pos); }
std::string path_text(const Path& p) {
  std::string s;
  for (size_t k = 0; k < p.size(); ++k) s += (k ? "." : "") + p[k].name;
  return s;
}
std::string path_at(const Path& p) { return p.empty() ? "?" : path_text(p) + "@" + at(p.front().pos); }
std::string nat(const NatArg& a) { return a.is_int ? std::to_string(a.value) : path_text(a.path); }

// Bytes as a one-line quoted string: printable ASCII as is, everything else escaped.
std::string quoted_bytes(std::string_view s) {
  static const char* kHex = "0123456789abcdef";
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out + "\"";
}

// Walks the tree with an explicit stack, so a deep tree (a long operator chain) costs no C++ stack.
class Dumper {
 public:
  std::string out;

  void file(const File& f) {
    for (auto it = f.items.rbegin(); it != f.items.rend(); ++it) stack_.push_back({W::Item, *it, 0, ""});
    run();
  }

 private:
  enum class W : uint8_t { Item, Expr, Stmt, Type, Block, Arm, Text };
  struct Work {
    W kind;
    const void* node;
    int depth;
    std::string label;  // "lo: " and such; for Text, the whole line
  };
  std::vector<Work> stack_;
  std::vector<Work> kids_;  // children of the node being emitted, in order

  void line(int depth, const std::string& label, const std::string& text) {
    out.append(static_cast<size_t>(std::min(depth, 100)) * 2, ' ');
    out += label;
    out += text;
    out += '\n';
  }
  void kid(W k, const void* n, int depth, std::string label = "") {
    if (n || k == W::Text) kids_.push_back({k, n, depth, std::move(label)});
  }
  void text(int depth, std::string s) { kids_.push_back({W::Text, nullptr, depth, std::move(s)}); }

  void run() {
    while (!stack_.empty()) {
      Work w = std::move(stack_.back());
      stack_.pop_back();
      kids_.clear();
      switch (w.kind) {
        case W::Item: item(*static_cast<const Item*>(w.node), w.depth); break;
        case W::Expr: expr(*static_cast<const Expr*>(w.node), w.depth, w.label); break;
        case W::Stmt: stmt(*static_cast<const Stmt*>(w.node), w.depth, w.label); break;
        case W::Type: type(*static_cast<const TypeExpr*>(w.node), w.depth, w.label); break;
        case W::Block: block(*static_cast<const Block*>(w.node), w.depth, w.label); break;
        case W::Arm: arm(*static_cast<const MatchArm*>(w.node), w.depth); break;
        case W::Text: line(w.depth, "", w.label); break;
      }
      for (auto it = kids_.rbegin(); it != kids_.rend(); ++it) stack_.push_back(std::move(*it));
    }
  }

  void expr(const Expr& e, int d, const std::string& label) {
    std::string s = std::string(expr_kind_name(e.kind)) + " " + at(e.pos);
    if (!(e.begin == e.pos)) s += " begin=" + at(e.begin);
    switch (e.kind) {
      case ExprKind::IntLit: s += std::string(" ") + (e.negative ? "-" : "") + std::to_string(e.int_value) + (e.hex ? " hex" : ""); break;
      case ExprKind::FloatLit: s += std::string(" ") + (e.negative ? "-" : "") + e.text; break;
      case ExprKind::CharLit: s += " " + std::to_string(e.int_value); break;
      case ExprKind::StringLit: s += " " + quoted_bytes(e.text); break;
      case ExprKind::BoolLit: s += e.bool_value ? " true" : " false"; break;
      case ExprKind::Name: s += " " + e.text; break;
      case ExprKind::Unary: s += std::string(" ") + unop_spelling(e.un); break;
      case ExprKind::Binary: s += std::string(" ") + binop_spelling(e.bin); break;
      case ExprKind::Field: s += " " + e.binder.name; break;
      case ExprKind::Compact: s += " " + ident(e.binder); break;
      case ExprKind::Reduce:
        s += " " + (e.reduce_is_binop ? std::string(binop_spelling(e.bin)) : e.text) + " " + ident(e.binder);
        break;
      case ExprKind::Unsupported: s += " " + e.text; break;
      case ExprKind::Paren: case ExprKind::Try: case ExprKind::Call: case ExprKind::Index: case ExprKind::Part:
        break;
    }
    line(d, label, s);
    switch (e.kind) {
      case ExprKind::Binary: kid(W::Expr, e.a, d + 1); kid(W::Expr, e.b, d + 1); break;
      case ExprKind::Part: kid(W::Expr, e.a, d + 1); kid(W::Expr, e.b, d + 1, "lo: "); kid(W::Expr, e.c, d + 1, "hi: "); break;
      case ExprKind::Compact:
        kid(W::Expr, e.a, d + 1, "target: ");
        kid(W::Expr, e.b, d + 1, "lo: ");
        kid(W::Expr, e.c, d + 1, e.b ? "hi: " : "count: ");
        kid(W::Expr, e.d, d + 1, "where: ");
        kid(W::Expr, e.e, d + 1, "yield: ");
        break;
      case ExprKind::Reduce:
        kid(W::Expr, e.b, d + 1, "lo: ");
        kid(W::Expr, e.c, d + 1, e.b ? "hi: " : "count: ");
        kid(W::Expr, e.e, d + 1, "yield: ");
        break;
      default:
        kid(W::Expr, e.a, d + 1);
        for (const Expr* a : e.args) kid(W::Expr, a, d + 1, "arg: ");
        break;
    }
  }

  void block(const Block& b, int d, const std::string& label) {
    line(d, label, "block " + at(b.lbrace) + ".." + at(b.rbrace));
    for (const Stmt* s : b.stmts) kid(W::Stmt, s, d + 1);
  }

  void arm(const MatchArm& a, int d) {
    std::string s = "arm " + at(a.pos) + " " + path_text(a.pattern);
    if (a.has_binder) s += "(" + ident(a.binder) + ")";
    line(d, "", s);
    kid(W::Block, a.block, d + 1);
    kid(W::Stmt, a.stmt, d + 1);
  }

  void stmt(const Stmt& s, int d, const std::string& label) {
    std::string h = std::string(stmt_kind_name(s.kind)) + " " + at(s.pos);
    switch (s.kind) {
      case StmtKind::Let:
        h += " " + ident(s.name) + (s.is_mut ? " mut" : "") + (s.legacy ? " reg" : "");
        break;
      case StmtKind::Unpack: {
        h += std::string(s.is_mut ? " mut " : " ") + path_at(s.record) + "(";
        for (size_t k = 0; k < s.binders.size(); ++k) h += (k ? ", " : "") + ident(s.binders[k]);
        h += ")";
        break;
      }
      case StmtKind::Storage:
        h += std::string(s.is_stack ? " stack " : " buffer ") + ident(s.name);
        if (s.placement) h += " @" + ident(*s.placement);
        break;
      case StmtKind::ForRange: h += " " + ident(s.name) + (s.legacy ? " each" : ""); break;
      case StmtKind::ForEach:
        h += " " + (s.index_name ? ident(*s.index_name) + ", " : std::string()) + ident(s.name);
        break;
      case StmtKind::Assign: h += std::string(" ") + assignop_spelling(s.assign) + " " + at(s.op_pos); break;
      case StmtKind::Unsupported: h += " " + s.feature; break;
      default: break;
    }
    line(d, label, h);
    int c = d + 1;
    switch (s.kind) {
      case StmtKind::Let: kid(W::Type, s.type, c, "type: "); kid(W::Expr, s.expr, c, "init: "); break;
      case StmtKind::Unpack: kid(W::Expr, s.expr, c, "init: "); break;
      case StmtKind::Storage: kid(W::Type, s.type, c, "element: "); kid(W::Expr, s.expr, c, "capacity: "); break;
      case StmtKind::If:
        kid(W::Expr, s.expr, c, "cond: ");
        kid(W::Block, s.body, c, "then: ");
        kid(W::Stmt, s.else_stmt, c, "else: ");
        break;
      case StmtKind::While: kid(W::Expr, s.expr, c, "cond: "); kid(W::Block, s.body, c); break;
      case StmtKind::ForRange:
        kid(W::Expr, s.expr, c, "lo: ");
        kid(W::Expr, s.expr2, c, "hi: ");
        kid(W::Block, s.body, c);
        break;
      case StmtKind::ForEach: kid(W::Expr, s.expr, c, "in: "); kid(W::Block, s.body, c); break;
      case StmtKind::Match:
        kid(W::Expr, s.expr, c, "subject: ");
        for (const MatchArm& a : s.arms) kid(W::Arm, &a, c);
        break;
      case StmtKind::Assign: kid(W::Expr, s.expr, c, "place: "); kid(W::Expr, s.expr2, c, "value: "); break;
      case StmtKind::Block: kid(W::Block, s.body, c); break;
      default: kid(W::Expr, s.expr, c); break;
    }
  }

  void type(const TypeExpr& t, int d, const std::string& label) {
    std::string h = std::string(type_kind_name(t.kind)) + " " + at(t.pos);
    switch (t.kind) {
      case TypeKind::Named: h += " " + path_text(t.path); break;
      case TypeKind::IntArg: h += " " + std::to_string(t.int_value); break;
      case TypeKind::Borrow:
        h += t.rw ? " rw" : " ro";
        if (t.has_extent) h += " [" + nat(t.extent) + "]";
        if (t.placement) h += " @" + ident(*t.placement);
        break;
      case TypeKind::Unsupported: h += " " + t.feature; break;
      case TypeKind::Fn: break;
    }
    line(d, label, h);
    for (const TypeExpr* a : t.args) kid(W::Type, a, d + 1);
    kid(W::Type, t.inner, d + 1);
    for (const TypeExpr* p : t.params) kid(W::Type, p, d + 1, "param: ");
    kid(W::Type, t.result, d + 1, "result: ");
  }

  void item(const Item& it, int d) {
    std::string h = std::string(item_kind_name(it.kind)) + " " + at(it.pos);
    if (!it.name.name.empty()) h += " " + ident(it.name);
    if (it.is_pub) h += " pub";
    switch (it.kind) {
      case ItemKind::Module: h += " " + path_at(it.path); break;
      case ItemKind::Import:
        h += " " + path_at(it.path);
        if (it.alias) h += " as " + ident(*it.alias);
        if (!it.names.empty()) {
          h += " (";
          for (size_t k = 0; k < it.names.size(); ++k) h += (k ? ", " : "") + ident(it.names[k]);
          h += ")";
        }
        break;
      case ItemKind::Struct: h += std::string(it.is_linear ? " linear" : "") + (it.packed ? " packed" : ""); break;
      case ItemKind::Family: h += " = " + path_at(it.path) + "[" + nat(it.lo) + ".." + nat(it.hi) + "]"; break;
      case ItemKind::Plan: {
        h += " " + path_at(it.path) + " use " + path_at(it.use_path);
        if (it.has_nat_args) {
          h += "[";
          for (size_t k = 0; k < it.nat_args.size(); ++k) h += (k ? ", " : "") + nat(it.nat_args[k]);
          h += "]";
        }
        break;
      }
      case ItemKind::Test: if (it.has_param_list) h += " with-param-list"; break;
      case ItemKind::Unsupported: h += " " + it.feature; break;
      default: break;
    }
    line(d, "", h);
    int c = d + 1;
    for (const std::string& doc : it.doc) text(c, "doc " + quoted_bytes(doc));
    for (const NatParam& p : it.type_params) text(c, "type-param " + ident(p.name) + (p.is_nat ? " nat" : ""));
    for (const NatParam& p : it.nat_params) text(c, "nat-param " + ident(p.name) + (p.is_nat ? " nat" : " not-nat"));
    kid(W::Type, it.type, c, "type: ");
    kid(W::Expr, it.init, c, "init: ");
    kid(W::Expr, it.align, c, "align: ");
    for (const FieldDecl& f : it.fields) {
      text(c, "field " + ident(f.name) + (f.extent ? " extent " + ident(*f.extent) : ""));
      kid(W::Type, f.type, c + 1);
    }
    for (const LendsDecl& l : it.lends)
      text(c, "lends " + at(l.pos) + " " + ident(l.field) + "[" + nat(l.lo) + ".." + nat(l.hi) + "]");
    for (const VariantDecl& v : it.variants) {
      text(c, "variant " + ident(v.name));
      kid(W::Type, v.payload, c + 1);
    }
    for (const Param& p : it.params) {
      text(c, "param " + ident(p.name));
      kid(W::Type, p.type, c + 1);
    }
    kid(W::Type, it.result, c, "result: ");
    if (it.ceiling != Item::Ceiling::None) {
      std::string s = std::string("ceiling ") + (it.ceiling == Item::Ceiling::Pure ? "pure " : "effects ") + at(it.ceiling_pos);
      for (const CeilingLabel& l : it.ceiling_labels) s += " " + l.text + "@" + at(l.pos);
      text(c, s);
    }
    if (it.has_implements) {
      text(c, "implements " + path_at(it.implements));
      kid(W::Expr, it.when, c + 1, "when: ");
      for (const TuneList& t : it.tune) {
        std::string s = "tune " + ident(t.name) + " in [";
        for (size_t k = 0; k < t.values.size(); ++k) s += (k ? ", " : "") + nat(t.values[k]);
        text(c + 1, s + "]");
      }
    }
    kid(W::Block, it.body, c, "body: ");
    if (it.expr_body) text(c, "expr-body " + at(it.expr_body_pos));
    kid(W::Expr, it.expr_body, c + 1);
  }
};

}  // namespace

std::string dump_ast(const SourceSet&, const ast::File& file) {
  Dumper d;
  d.file(file);
  return std::move(d.out);
}

std::string dump_ast(const SourceSet& sources, const ast::File& file, const DiagSink& sink) {
  return dump_ast(sources, file) + dump_diagnostics(sink);
}

}  // namespace cairn
