// Stage 2 names (stage2_names.def): the feature a name needs, and the refusal's text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cairn::check {

enum class Stage2Use : uint8_t { Type, Builtin, CoreItem };

// The Stage 2 feature that name, written in that use, needs; nullptr when it is no Stage 2 name there.
const char* stage2_feature(std::string_view name, Stage2Use use);
// "FEATURE is a Stage 2 feature and is not supported yet." with an optional parenthesised detail.
std::string stage2_refusal(std::string_view feature, std::string_view detail = {});

}  // namespace cairn::check
