// One checked C entry `cf_NAME` of a library header (`cairn build --header`, tools.md §2.5): whether a public
// function can cross, its C prototype, and its definition in the library, which checks what a foreign caller could
// get wrong before calling the body.
#pragma once
#include <string>
#include <vector>

#include "front/source/source.h"
#include "lower/c_types.h"

namespace cairn::lower {

struct CParam {
  enum class How : uint8_t { Value, View, Borrow } how = How::Value;
  std::string name;
  const check::Type* type = nullptr;  // the parameter's type (a View or a Borrow for those)
  std::string c_decl;                 // "const int64_t *xs"
  std::string length;                 // a view's length in C: the extent parameter's name or a number
};

struct CEntry {
  const check::FnInfo* info = nullptr;
  std::string body;       // the C++ symbol of the function's body
  std::string name;       // "cf_summarize"
  std::vector<CParam> params;
  std::string result;     // the C result type ("void" for none)
  std::string prototype;  // "ct_Summary cf_summarize(size_t n, const int64_t *xs)"
};

// The C name of a function: cf_ and its qualified name with dots as underscores ("cf_geo_area"), an instance's
// natural arguments after underscores ("cf_scale_4" for scale[4]).
std::string c_entry_name(const check::FnInfo& fn);

// Fills `e` for `fn`, or returns why it cannot cross ("its parameter b is an owner (Buf[i64]), ...").
std::string plan_entry(const check::FnInfo& fn, const std::string& body, CTypes& types, CEntry& e);

// The header's comment and declaration of the entry: doc comment, CAIRN signature, views, effect row.
std::string entry_declaration(const CEntry& e);

// The library's definition of the entry: `extern "C"`, the entry checks, the call of the body.
std::string entry_definition(const CEntry& e, const SourceSet& sources, CTypes& types);

}  // namespace cairn::lower
