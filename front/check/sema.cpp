// Effect rows, trap and label names, small lookups over the program tables.
#include "front/check/sema.h"

#include <algorithm>

namespace cairn::check {

const char* effect_label(Effect e) {
  static constexpr const char* kLabels[] = {
#define EFFECT(k, label, pure_ok) label,
#include "front/check/effects.def"
#undef EFFECT
  };
  return kLabels[static_cast<int>(e)];
}

namespace {
bool insert_sorted(std::vector<uint32_t>& v, uint32_t x) {
  auto it = std::lower_bound(v.begin(), v.end(), x);
  if (it != v.end() && *it == x) return false;
  v.insert(it, x);
  return true;
}
}  // namespace

void EffectRow::add_read(uint32_t param) { insert_sorted(reads, param); }
void EffectRow::add_write(uint32_t param) { insert_sorted(writes, param); }

bool EffectRow::join(const EffectRow& other) {
  bool grew = (fixed | other.fixed) != fixed;
  fixed |= other.fixed;
  for (uint32_t r : other.reads) grew |= insert_sorted(reads, r);
  for (uint32_t w : other.writes) grew |= insert_sorted(writes, w);
  return grew;
}

std::vector<std::string> row_labels(const EffectRow& row, const std::vector<std::string>& param_names) {
  std::vector<std::string> out;
#define EFFECT(k, label, pure_ok) \
  if (row.has(Effect::k)) out.push_back(label);
#include "front/check/effects.def"
#undef EFFECT
  for (uint32_t r : row.reads)
    out.push_back("read:" + (r < param_names.size() ? param_names[r] : std::to_string(r)));
  for (uint32_t w : row.writes)
    out.push_back("write:" + (w < param_names.size() ? param_names[w] : std::to_string(w)));
  std::sort(out.begin(), out.end());
  return out;
}

bool RecordInfo::is_byte_builder() const {
  if (!lends || lends->lo_is_field || lends->lo != 0 || !lends->hi_is_field) return false;
  const Type* t = fields[lends->field].type;
  return t->kind == TypeKind::Buf && t->elem->kind == TypeKind::Scalar && t->elem->scalar == Scalar::U8;
}

std::optional<uint32_t> RecordInfo::field_index(const std::string& n) const {
  auto it = field_names_.find(n);
  if (it == field_names_.end()) return std::nullopt;
  return it->second;
}

void RecordInfo::add_field(FieldInfo f) {
  field_names_.try_emplace(f.name, static_cast<uint32_t>(fields.size()));  // a later duplicate keeps the first
  fields.push_back(std::move(f));
}

void RecordInfo::clear_fields() {
  fields.clear();
  field_names_.clear();
}

std::optional<uint32_t> SumInfo::variant_index(const std::string& n) const {
  auto it = variant_names_.find(n);
  if (it == variant_names_.end()) return std::nullopt;
  return it->second;
}

void SumInfo::add_variant(VariantInfo v) {
  variant_names_.try_emplace(v.name, static_cast<uint32_t>(variants.size()));  // a later duplicate keeps the first
  variants.push_back(std::move(v));
}

void SumInfo::clear_variants() {
  variants.clear();
  variant_names_.clear();
}

ModuleInfo* Program::module(const std::string& path) {
  auto it = module_index.find(path);
  if (it != module_index.end()) return it->second;
  for (auto& m : modules)
    if (m.path == path) return &m;
  return nullptr;
}

}  // namespace cairn::check
