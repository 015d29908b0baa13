// What the checker knows about a program: modules, items, signatures, rows and per-function facts.
// Filled by the declaration phase (decl_*.cpp), read and extended by the body checker (body_*.cpp),
// the flow checks (flow_*.cpp) and the whole-program rules (effects_*.cpp, impl_*.cpp).
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/trap.h"
#include "front/check/types.h"
#include "front/diag/diagnostic.h"
#include "front/syntax/ast.h"

namespace cairn::check {


enum class Effect : uint8_t {
#define EFFECT(k, label, pure_ok) k,
#include "front/check/effects.def"
#undef EFFECT
};
const char* effect_label(Effect e);

// An effect row (§13): fixed labels as a bit set, read:p / write:p by parameter index.
struct EffectRow {
  uint32_t fixed = 0;
  std::vector<uint32_t> reads;   // parameter indexes, sorted, unique
  std::vector<uint32_t> writes;  // parameter indexes, sorted, unique
  bool has(Effect e) const { return fixed & (1u << static_cast<unsigned>(e)); }
  void add(Effect e) { fixed |= 1u << static_cast<unsigned>(e); }
  void add_read(uint32_t param);
  void add_write(uint32_t param);
  bool join(const EffectRow& other);  // returns true when this row grew
  bool operator==(const EffectRow&) const = default;
};
// Sorted, deterministic label list: "alloc", "io", "read:xs", ... (parameter names from the signature).
std::vector<std::string> row_labels(const EffectRow& row, const std::vector<std::string>& param_names);

// The extent a view parameter (or a Buf field) demands (§3.7).
struct ExtentSpec {
  enum class Kind : uint8_t { None, Value, Param, Field } kind = Kind::None;
  uint64_t value = 0;  // Value: literal, usize constant or natural; Param: earlier parameter index;
                       // Field: earlier field index of the record
};

struct ParamSig {
  std::string name;
  Pos pos;
  const Type* type = nullptr;  // View types carry their extent in `extent`
  ExtentSpec extent;
};

struct ModuleInfo;
struct FnInfo;
struct BodyFacts;  // expr_info.h: locals, expression infos and guard sites of one checked body

struct FieldInfo {
  std::string name;
  Pos pos;
  const Type* type = nullptr;
  std::optional<uint32_t> extent_field;  // Buf field whose extent is an earlier usize field
};
struct LendsInfo {
  uint32_t field = 0;  // the Buf field
  // each bound: a literal (is_field false) or a usize field index
  bool lo_is_field = false, hi_is_field = false;
  uint64_t lo = 0, hi = 0;
};
struct RecordInfo {
  std::string name;
  std::string qualified;  // "geo.Point" (root: "Point")
  const ModuleInfo* module = nullptr;
  const ast::Item* decl = nullptr;
  bool is_pub = false, is_linear = false, packed = false;
  uint64_t align = 0;  // 0: natural
  std::vector<FieldInfo> fields;  // filled through add_field, which keeps field_names_ in step
  std::optional<LendsInfo> lends;
  Kind kind = Kind::Copy;  // computed after all fields are known
  bool is_byte_builder() const;  // lends a Buf[u8] field from 0 to a usize field (§15.4)
  // The index of the first field named `name`, in constant time.
  std::optional<uint32_t> field_index(const std::string& name) const;
  void add_field(FieldInfo f);
  void clear_fields();

 private:
  std::unordered_map<std::string, uint32_t> field_names_;  // field name -> index of its first field
};
struct VariantInfo {
  std::string name;
  Pos pos;
  const Type* payload = nullptr;  // nullptr: no payload; may contain Param types for generic sums
};
struct SumInfo {
  std::string name;
  std::string qualified;
  const ModuleInfo* module = nullptr;
  const ast::Item* decl = nullptr;  // nullptr for std.core sums
  bool is_pub = false;
  uint32_t type_params = 0;  // Option: 1, Result: 2, user sums: 0
  std::vector<VariantInfo> variants;  // filled through add_variant, which keeps variant_names_ in step
  // The index of the first variant named `name`, in constant time.
  std::optional<uint32_t> variant_index(const std::string& name) const;
  void add_variant(VariantInfo v);
  void clear_variants();

 private:
  std::unordered_map<std::string, uint32_t> variant_names_;  // variant name -> index of its first variant
};

// A constant's exact value (§11).
struct ConstValue {
  Scalar type = Scalar::U64;
  uint64_t bits = 0;     // integers: two's complement in 64 bits; bool: 0/1
  double f = 0;          // floats (an f32 value is held exactly in the double)
};
struct ConstInfo {
  std::string name;
  const ModuleInfo* module = nullptr;
  const ast::Item* decl = nullptr;
  bool is_pub = false;
  const Type* type = nullptr;
  std::optional<ConstValue> value;  // empty when refused
};

enum class Ceiling : uint8_t { None, Pure, Effects };

// Where a call argument is rooted, for renaming read:/write: labels at a call (§13.3).
struct ArgRoot {
  enum class Kind : uint8_t {
    Param,  // the caller's borrow parameter `param` (a by-value parameter counts as Local)
    Local,  // the caller's own local or by-value parameter
    Temp,   // a temporary, a literal or a string literal: the callee's labels vanish
  } kind = Kind::Temp;
  uint32_t param = 0;  // caller's parameter index when kind == Param
};

// One call site in a checked body (filled by the body checker into FnInfo::calls).
struct CallEdge {
  FnInfo* callee = nullptr;          // direct call (function, instance, family member); nullptr: indirect
  const Type* fn_type = nullptr;     // indirect call: the function type called through
  std::vector<ArgRoot> roots;        // one per callee parameter, in parameter order (omitted extents: Temp)
  Pos pos;                           // the callee's name token (for an indirect call, the value's name)
  bool in_collector = false;         // inside a collector's `where` or `yield` expression (§8.16)
};

// A declared function named where a value is expected (§10.9): its address is taken.
struct FnValueUse {
  FnInfo* fn = nullptr;
  Pos pos;  // the name token
};

// A function, a template instance, a family member or a test block.
struct FnInfo {
  std::string name;       // "scale[4]", "gain_2", "main", test name
  std::string qualified;  // "geo.scale[4]"
  const ModuleInfo* module = nullptr;
  ast::Item* decl = nullptr;  // for instances: the cloned item with naturals bound
  // The qualified name, or the bare name where none was set: how tools name the function.
  std::string full_name() const { return qualified.empty() ? name : qualified; }
  bool is_pub = false, is_test = false;
  bool is_template = false;              // has natural parameters and is not itself an instance
  FnInfo* template_of = nullptr;         // for an instance: its template
  std::vector<std::pair<std::string, uint64_t>> naturals;  // an instance's natural values, in order
  std::vector<FnInfo*> instances;        // for a template: the instances that exist, in value order
  std::vector<ParamSig> params;
  const Type* result = nullptr;          // Void type for none
  Ceiling ceiling = Ceiling::None;
  EffectRow ceiling_row;                 // admitted labels when ceiling == Effects (pure expanded)
  bool ceiling_has_pure = false;
  // implementations (§17)
  FnInfo* implements = nullptr;          // reference, for an implementation
  std::vector<FnInfo*> implementations;  // for a reference
  FnInfo* planned = nullptr;             // for a reference: the implementation its plan selects (§17.3)
  // rows: own labels from the body; row: least fixed point over the call graph
  EffectRow own_row;
  EffectRow row;
  bool body_refused = false;             // a refusal in the body: row unknown (§2.1 of tools.md)
  bool body_checked = false;
  std::shared_ptr<BodyFacts> body;       // filled by the body checker
  // Filled by the body checker: every call site and every use of a function as a value, in source order.
  std::vector<CallEdge> calls;
  std::vector<FnValueUse> value_uses;
  // Filled by the declaration phase.
  bool in_dependency = false;            // declared in a dependency's sources
  Pos name_pos;                          // the name in its declaration (the template's, for an instance)
  std::vector<std::string> family_names; // "gain_2": family members naming this instance
  std::map<std::vector<uint64_t>, FnInfo*> instance_index;  // template: natural values -> instance
  // Filled by phase 5 (effects_*.cpp).
  EffectRow body_row;                    // fixed point without implementations joined in (§17.2)
  bool row_unknown = false;              // the body, or one it reaches, was refused (tools.md §2.1)
  uint8_t rounds = 0;                    // float rounding with callees: bit 0 f32, bit 1 f64 (§17.2)
};

struct ModuleInfo {
  std::string path;  // "" for the root namespace, "net.http"
  // Items by name (one item per name per module).
  struct Entry {
    enum class Kind : uint8_t { Fn, Record, Sum, Const, Family } kind;
    void* ptr = nullptr;  // FnInfo*, RecordInfo*, SumInfo*, ConstInfo*
    bool is_pub = false;
    Pos pos;
  };
  std::map<std::string, Entry> items;
  std::map<std::string, const ModuleInfo*> aliases;  // import aliases
  std::map<std::string, std::pair<const ModuleInfo*, std::string>> imported;  // listed names
};

// A place where a guard may fail: its trap kind, the token a trap report names, and whether the
// checker proved it cannot fail (§16.3), for the lowering.
struct GuardSite {
  TrapKind kind;
  Pos pos;
  bool proven_safe = false;
};

// Everything known about the program after checking.
struct Program {
  TypeTable types;
  std::deque<ModuleInfo> modules;  // modules[0] is the root namespace
  std::deque<RecordInfo> records;
  std::deque<SumInfo> sums;
  std::deque<ConstInfo> consts;
  std::deque<FnInfo> fns;          // every function, instance, family member and test, source order
  std::map<const ast::Item*, FnInfo*> fn_of_item;
  const SumInfo* option = nullptr;  // std.core
  const SumInfo* result = nullptr;
  FnInfo* main = nullptr;
  ModuleInfo* module(const std::string& path);  // find; nullptr when absent
  // Filled by the declaration phase.
  std::map<std::string, ModuleInfo*> module_index;  // path -> module ("" root, "std.core")
  // Functions whose bodies phase 4 checks, in the order of §0.4: source order, each template replaced by
  // its instances in increasing value order (templates themselves are not listed).
  std::vector<FnInfo*> body_order;
  // Where instances are named (calls, values, plans, families, tune lists): for the rules of §17.5.
  struct InstanceUse {
    enum class Via : uint8_t { Body, Family, Plan, Tune } via = Via::Body;
    FnInfo* instance = nullptr;
    FnInfo* user = nullptr;  // the function or test whose body names it; nullptr for items
    Pos pos;
  };
  std::vector<InstanceUse> instance_uses;
  // Plan items (§17.3) with the module each sits in; judged by the whole-program rules.
  struct PlanRef {
    const ast::Item* item = nullptr;
    const ModuleInfo* module = nullptr;
  };
  std::vector<PlanRef> plans;
  bool kinds_ready = false;  // record/sum kinds are computed (E-LINEAR-STORAGE can be judged)
};

}  // namespace cairn::check
