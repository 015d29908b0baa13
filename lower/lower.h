// The lowering: core IR to one C++20 translation unit that includes the runtime headers (runtime/cairn_rt.h).
// One entry function for the phase. Deterministic and canonical: the same function lowers to the same text
// whatever its position in the file or the names of its locals (tools.md §4.2 builds on it).
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "front/source/source.h"
#include "lower/c_header.h"
#include "semantics/ir.h"

namespace cairn::lower {

enum class Kind : uint8_t {
  Exe,      // `main` of the program becomes the C++ main (exit status as the spec says)
  Library,  // every public function with C linkage entry wrappers (entry checks of view parameters)
  Tests,    // every test block; main takes `--cairn-list` (prints one qualified name per line, source order)
            // and `--cairn-run NAME` (runs that block; exit 0 when it passes)
  Call,     // the call harness (runtime/rt_call.h): main takes `--cairn-call NAME`, reads the arguments on
            // stdin, makes one call and writes its outcome to CAIRN_CALL_FD (tools.md §5.4)
};

struct Options {
  Kind kind = Kind::Exe;
  bool keep_guards = false;  // write every guard, even those the checker proved unable to fail
  bool line_directives = false;  // --debug: #line directives pointing at the .cairn source
  // Kind::Exe for a freestanding target (language.md §14.7): the entry is `extern "C" int cf_main()`, which the
  // target's start-up code calls and whose result it carries out as the exit status.
  bool board_entry = false;
  // Kind::Call only: when not empty, emit just these functions (qualified names) and everything they call, so a
  // harness that replays a few functions of a large program compiles in a fraction of the time (cairn diff).
  std::set<std::string> only;
  // Kind::Library only: when not empty, the project's name, and the library gets the checked C entries of the
  // header NAME.h (c_header.h), which Lowered::header holds.
  std::string c_header;
};

// One function's emission, as tools.md §4.2 compares it.
struct Function {
  std::string name;                  // the CAIRN qualified name (module.fn)
  std::string symbol;                // its C++ symbol in `cpp`
  std::string text;                  // its definition exactly as it appears in `cpp`
  std::vector<std::string> depends;  // C++ symbols of the functions, types and tables `text` names, sorted
  uint32_t emitted_guards = 0;       // guard calls written
  uint32_t elided_guards = 0;        // guards left out because the checker proved them safe
};

// Where a line of the C++ came from, for a compiler that refuses generated code (`refused_at`).
struct LineOrigin {
  uint32_t cpp_line = 0;  // 1-based line in `cpp`
  Pos pos;                // the source position it lowers
};

struct Lowered {
  std::string cpp;                  // the whole translation unit
  std::vector<Function> functions;  // in Module::fns order
  // The definition of every struct and guard-site table `cpp` holds, by C++ symbol (what a Function's
  // `depends` names besides functions), for the canonical emission of tools.md §4.2.
  std::map<std::string, std::string> definitions;
  std::vector<LineOrigin> lines;    // sorted by cpp_line; a line without entry belongs to the previous one
  CHeader header;                   // Options::c_header: the header (its `text` empty otherwise)
};

// Lowers a checked program's core IR; `sources` names the files trap reports and #line directives cite
// (their display names, as the interpreter's trap reports do).
Lowered lower_program(const ir::Module& m, const SourceSet& sources, const Options& options);

}  // namespace cairn::lower
