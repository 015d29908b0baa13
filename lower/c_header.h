// The C header of a library (`cairn build --kind library --header`, tools.md §2.5): NAME.h declares the checked C
// entry cf_NAME of every public function whose types can cross, with ct_ structs whose layouts it asserts, and
// names an interface hash only the matching library defines. One entry function; the same program and library
// name give byte-identical text.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "front/source/source.h"
#include "semantics/ir.h"

namespace cairn::lower {

struct CHeader {
  std::string file;         // "stats.h"
  std::string text;         // the header
  // Appended to the library's C++ after every function: the header's include, the layout assertions of the
  // library's side, the definition of the interface symbol, and every cf_ entry.
  std::string library_cpp;
  std::string hash;         // the interface hash: 16 hex digits of the SHA-256 of the declarations
  std::vector<std::string> entries;                          // cf_ names, source order
  std::vector<std::pair<std::string, std::string>> left_out;  // public functions that cannot cross, and why
};

// `symbols` are the functions' C++ symbols by Module::fns index; `library` is the project's name.
CHeader c_header(const ir::Module& m, const SourceSet& sources, const std::vector<std::string>& symbols,
                 const std::string& library);

}  // namespace cairn::lower
