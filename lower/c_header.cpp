// c_header: the header's text (prelude, interface hash, ct_ types, entries, what was left out) and the library's
// side of it (layout assertions, the interface symbol, the checked entries).
#include "lower/c_header.h"

#include <algorithm>
#include <set>

#include "front/driver/check_record.h"
#include "base/sha256.h"
#include "lower/c_entry.h"
#include "front/driver/library_exports.h"

namespace cairn::lower {

namespace {

// The project's name as a C identifier: letters, digits, underscores.
std::string identifier(const std::string& name) {
  std::string out;
  for (unsigned char c : name)
    out += ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) ? static_cast<char>(c) : '_';
  if (out.empty() || (out[0] >= '0' && out[0] <= '9')) out = "_" + out;
  return out;
}

std::string upper(std::string s) {
  for (char& c : s)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return s;
}

std::string prelude(const std::string& file, const std::string& library, const std::string& id) {
  std::string g = "CAIRN_HEADER_" + upper(id) + "_H";
  return "/* " + file + ": the C interface of lib" + library + ".so, written by `cairn build --kind library --header`\n"
         " * from the checked CAIRN project " + library + ". Do not edit it: build the library again.\n"
         " * Each cf_ entry checks what a caller could get wrong (a view that is null but not empty, misaligned or\n"
         " * past the address space; a written view overlapping another; a tag naming no variant; a bool byte\n"
         " * other than 0 or 1) and aborts as a failed guard does. It cannot check that a pointer reaches live\n"
         " * storage of the stated length.\n"
         " * Usable from C11 and C++17.\n */\n"
         "#ifndef " + g + "\n#define " + g + "\n\n"
         "#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n\n"
         "#ifndef CAIRN_STATIC_ASSERT\n#ifdef __cplusplus\n#define CAIRN_STATIC_ASSERT(c, m) static_assert(c, m)\n"
         "#define CAIRN_ALIGNOF(t) alignof(t)\n#else\n#define CAIRN_STATIC_ASSERT(c, m) _Static_assert(c, m)\n"
         "#define CAIRN_ALIGNOF(t) _Alignof(t)\n#endif\n#endif\n\n"
         "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
         "CAIRN_STATIC_ASSERT(sizeof(size_t) == 8 && sizeof(void *) == 8, \"" + file + " needs a 64-bit target\");\n"
         "CAIRN_STATIC_ASSERT(sizeof(bool) == 1, \"" + file + ": bool is one byte\");\n"
         "CAIRN_STATIC_ASSERT(sizeof(float) == 4 && sizeof(double) == 8, \"" + file + ": IEEE binary32 and binary64\");\n\n";
}

std::string hash_block(const std::string& library, const std::string& symbol) {
  // A constructor holds the reference: .init_array is kept by --gc-sections and LTO, where an unused variable is not.
  return "/* The interface hash: only the lib" + library + ".so built with this header defines " + symbol + ",\n"
         " * so a program built against another version of the interface fails to link. */\n"
         "extern const char " + symbol + ";\n"
         "__attribute__((constructor, used)) static void cairn_" + identifier(library) + "_iface(void) {\n"
         "  const volatile char *iface = &" + symbol + ";\n"
         "  (void)*iface;\n"
         "}\n\n";
}

std::string left_out_block(const std::vector<std::pair<std::string, std::string>>& left_out) {
  std::string s = "/* What cannot cross into C. Owners (Buf), linear values, function values, arrays by value and\n"
                  " * records or sums holding them have no C form; a template crosses as its instances.\n"
                  " * Tests and main are not part of the interface.\n";
  if (left_out.empty()) return s + " * Every function of this library crosses.\n */\n";
  s += " * Left out:\n";
  for (const auto& [name, why] : left_out) s += " *   " + name + ": " + why + ".\n";
  return s + " */\n";
}

}  // namespace

CHeader c_header(const ir::Module& m, const SourceSet& sources, const std::vector<std::string>& symbols,
                 const std::string& library) {
  CHeader h;
  h.file = library + ".h";
  const check::Program& program = *m.program;
  CTypes types(program);
  std::vector<CEntry> entries;
  std::vector<std::pair<Pos, std::pair<std::string, std::string>>> out;
  std::set<std::string> names;
  for (uint32_t i = 0; i < m.fns.size(); ++i) {
    const check::FnInfo& fn = *m.fns[i].info;
    if (!driver::library_exports(fn, program) || symbols[i].empty()) continue;
    CEntry e;
    std::string why = plan_entry(fn, symbols[i], types, e);
    if (why.empty() && !names.insert(e.name).second) why = "its C name " + e.name + " is another entry's";
    if (!why.empty()) {
      out.push_back({fn.name_pos, {driver::signature_text(fn), why}});
      continue;
    }
    entries.push_back(std::move(e));
  }
  for (const check::FnInfo& fn : program.fns) {
    if (!fn.is_template || !fn.instances.empty() || fn.in_dependency || fn.is_test) continue;
    std::string nats;
    if (fn.decl)
      for (const ast::NatParam& n : fn.decl->nat_params) nats += (nats.empty() ? "" : ", ") + n.name.name + ":nat";
    out.push_back({fn.name_pos, {"fn " + fn.full_name() + "[" + nats + "]", "a template with no instance: it exports nothing"}});
  }
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [pos, item] : out) h.left_out.push_back(item);

  std::string interface = types.interface_text(), declarations;
  for (const CEntry& e : entries) {
    interface += driver::signature_text(*e.info) + "\n" + e.prototype + ";\n";
    declarations += entry_declaration(e) + "\n";
    h.entries.push_back(e.name);
  }
  h.hash = sha256_hex(interface).substr(0, 16);
  std::string id = identifier(library);
  std::string symbol = "cairn_" + id + "_iface_" + h.hash;

  h.text = prelude(h.file, library, id) + hash_block(library, symbol) + types.definitions() + declarations;
  h.text += "#ifdef __cplusplus\n}\n#endif\n\n" + left_out_block(h.left_out) + "\n#endif\n";

  h.library_cpp = "// The C entries of " + h.file + " (cairn build --header): the header's layouts held to the library's\n"
                  "// own structs, the interface symbol, and each entry's checks before the body.\n";
  h.library_cpp += "#include \"" + h.file + "\"\n\n" + types.library_asserts() + types.conversions();
  h.library_cpp += "extern \"C\" const char " + symbol + " = 1;\n\n";
  for (const CEntry& e : entries) h.library_cpp += entry_definition(e, sources, types) + "\n";
  return h;
}

}  // namespace cairn::lower
