// Solver-independent SMT terms: interned sorts and a hash-consed term DAG owned by a Context.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace cairn::smt {

enum class TermKind : uint8_t {
#define TERM(k, symbol, params) k,
#include "smt/term_kinds.def"
#undef TERM
};
const char* term_name(TermKind k);    // "BvAdd"
const char* term_symbol(TermKind k);  // "bvadd" ("" for leaves and FpToBits)
bool term_has_rounding(TermKind k);   // the FP operations whose p0 is a rounding mode

enum class Rounding : uint8_t {
#define ROUNDING(k, symbol) k,
#include "smt/rounding.def"
#undef ROUNDING
};
const char* rounding_symbol(Rounding r);  // "RNE"

enum class SortKind : uint8_t { Bool, BitVec, Float, Array };

// A sort interned in its Context: equal sorts have equal ids.
struct Sort {
  uint32_t id = 0;
  friend bool operator==(Sort, Sort) = default;
};
// BitVec: a = width. Float: a = exponent bits, b = significand bits (hidden bit included: 8/24, 11/53).
// Array: a, b = the ids of the index and element sorts.
struct SortInfo {
  SortKind kind = SortKind::Bool;
  uint32_t a = 0, b = 0;
};

class Context;

// A handle on an immutable node of a Context: copied freely, compared by id (hash-consing makes
// structurally equal terms the same node). The builders of term_ops.h make code read like arithmetic.
class Term {
 public:
  Term() = default;
  bool is_null() const { return ctx_ == nullptr; }
  Context& ctx() const { return *ctx_; }
  uint32_t id() const { return id_; }
  TermKind kind() const;
  Sort sort() const;
  size_t num_args() const;
  Term arg(size_t i) const;
  uint64_t p0() const;
  uint64_t p1() const;
  const std::string& name() const;  // a Var's name, "" otherwise
  unsigned width() const;           // a BitVec term's width
  bool is_bool() const;
  bool is_true() const;   // the literal true
  bool is_false() const;  // the literal false
  friend bool same(Term a, Term b) { return a.ctx_ == b.ctx_ && a.id_ == b.id_; }

 private:
  friend class Context;
  Term(Context* c, uint32_t id) : ctx_(c), id_(id) {}
  Context* ctx_ = nullptr;
  uint32_t id_ = 0;
};

// Owns sorts and terms. Ill-sorted construction is an internal fault: std::logic_error ("smt: ...").
// Node ids are creation order, so a deterministic construction gives a deterministic DAG.
class Context {
 public:
  Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  Sort bool_sort();
  Sort bv_sort(unsigned width);
  Sort fp_sort(unsigned exponent_bits, unsigned significand_bits);
  Sort array_sort(Sort index, Sort element);
  const SortInfo& info(Sort s) const { return sorts_[s.id]; }
  unsigned bv_width(Sort s) const;
  std::string sort_text(Sort s) const;  // SMT-LIB: "(_ BitVec 32)"

  // A named constant: the same name gives the same term (with another sort it is a fault). Names are
  // the encoder's; "!" is reserved for fresh names.
  Term var(const std::string& name, Sort s);
  Term fresh(const std::string& prefix, Sort s);  // "prefix!N", never equal to another variable
  Term boolean(bool v);
  Term bv(unsigned width, uint64_t bits);  // width 1..64; bits above the width are dropped

  // The one generic builder: checks the argument sorts of `k`, computes the result sort (conversions
  // give it in `result`), folds boolean constants and to_fp of FpToBits, and interns the node.
  Term make(TermKind k, const std::vector<Term>& args, uint64_t p0 = 0, uint64_t p1 = 0, Sort result = {});

  size_t size() const { return nodes_.size(); }

 private:
  friend class Term;
  struct Node {
    TermKind kind;
    Sort sort;
    uint32_t args_begin, nargs;
    uint64_t p0, p1;
    uint32_t name;  // index into names_ (0 = "")
  };
  Sort intern_sort(SortInfo info);
  Sort result_sort(TermKind k, const std::vector<Term>& args, uint64_t p0, uint64_t p1, Sort result);
  Term simplify(TermKind k, const std::vector<Term>& args, Sort s, uint64_t p1);
  Term fold_resize(TermKind k, Term a, Sort s, uint64_t lo);
  Term fold_ite(Term c, Term t, Term e);
  Term fold_bv(TermKind k, const std::vector<Term>& args);
  Term fold_array(TermKind k, const std::vector<Term>& args);
  Term intern(TermKind k, Sort s, const std::vector<Term>& args, uint64_t p0, uint64_t p1, uint32_t name);
  uint64_t hash_node(TermKind k, Sort s, const std::vector<Term>& args, uint64_t p0, uint64_t p1,
                     uint32_t name) const;
  const Node& node(uint32_t id) const { return nodes_[id]; }

  std::vector<SortInfo> sorts_;
  std::map<std::tuple<int, uint32_t, uint32_t>, uint32_t> sort_index_;
  std::vector<Node> nodes_;
  std::vector<uint32_t> args_;
  std::vector<std::string> names_;
  std::unordered_multimap<uint64_t, uint32_t> node_index_;
  std::map<std::string, uint32_t> var_index_;  // name -> node
  uint32_t fresh_count_ = 0;
};

inline TermKind Term::kind() const { return ctx_->node(id_).kind; }
inline Sort Term::sort() const { return ctx_->node(id_).sort; }
inline size_t Term::num_args() const { return ctx_->node(id_).nargs; }
inline Term Term::arg(size_t i) const { return Term(ctx_, ctx_->args_[ctx_->node(id_).args_begin + i]); }
inline uint64_t Term::p0() const { return ctx_->node(id_).p0; }
inline uint64_t Term::p1() const { return ctx_->node(id_).p1; }
inline const std::string& Term::name() const { return ctx_->names_[ctx_->node(id_).name]; }
inline unsigned Term::width() const { return ctx_->bv_width(sort()); }
inline bool Term::is_bool() const { return ctx_->info(sort()).kind == SortKind::Bool; }
inline bool Term::is_true() const { return kind() == TermKind::BoolConst && p0() == 1; }
inline bool Term::is_false() const { return kind() == TermKind::BoolConst && p0() == 0; }

// Every node reachable from `roots`, once, children before parents, in a deterministic order (roots
// left to right, arguments left to right). Iterative: deep terms do not grow the C++ stack.
std::vector<Term> post_order(const std::vector<Term>& roots);

}  // namespace cairn::smt
