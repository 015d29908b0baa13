// Stage 2 names: lookups in stage2_names.def.
#include "front/check/stage2_names.h"

namespace cairn::check {

namespace {
struct Stage2Name {
  std::string_view name;
  Stage2Use use;
  const char* feature;
};
constexpr Stage2Name kNames[] = {
#define STAGE2_NAME(name, use, feature) {name, Stage2Use::use, feature},
#include "front/check/stage2_names.def"
#undef STAGE2_NAME
};
}  // namespace

const char* stage2_feature(std::string_view name, Stage2Use use) {
  for (const Stage2Name& n : kNames)
    if (n.use == use && n.name == name) return n.feature;
  return nullptr;
}

std::string stage2_refusal(std::string_view feature, std::string_view detail) {
  std::string s(feature);
  s += " is a Stage 2 feature and is not supported yet";
  if (!detail.empty()) s += " (" + std::string(detail) + ")";
  return s + ".";
}

}  // namespace cairn::check
