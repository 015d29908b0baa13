// Helpers of the scaling tests: generated programs and a check that lists every refusal in full.
#include "scale_support.h"

#include <memory>

#include "front/check/check.h"
#include "front/parse/parse.h"

namespace cairn::test {

std::vector<std::string> check_refusals(const std::string& text) {
  SourceSet sources;
  ast::Arena arena;
  DiagSink sink;
  std::vector<ast::File> files;
  uint32_t id = sources.add("t.cairn", text);
  files.push_back(parse_file(sources, id, arena, sink));
  if (sink.empty()) check::check_program(files, arena, sources, check::CheckOptions{}, sink);
  std::vector<std::string> out;
  for (const Diagnostic& d : sink.ordered())
    out.push_back(std::string(code_name(d.code)) + " " + std::to_string(d.pos.line) + ":" +
                  std::to_string(d.pos.col) + " " + d.message);
  return out;
}

namespace {
std::string variant_list(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += " V" + std::to_string(i) + ";";
  return s;
}
}  // namespace

std::string enum_program(int n, const std::string& extra_variants) {
  return "enum Big {" + variant_list(n) + extra_variants + " }\n" +
         "fn main() -> i32 {\n  let e:Big = V" + std::to_string(n - 1) + ";\n  if e == V0 {\n    return 1;\n  }\n" +
         "  return 0;\n}\n";
}

std::string record_program(int n, const std::string& extra_fields) {
  std::string s = "struct Wide {";
  for (int i = 0; i < n; ++i) s += " f" + std::to_string(i) + ":u8;";
  return s + extra_fields + " }\nfn last(w:ro<Wide>) -> u8 = w.f" + std::to_string(n - 1) + ";\n" +
         "fn main() -> i32 {\n  return 0;\n}\n";
}

std::string params_program(int n, const std::string& extra_params, int extra_args) {
  std::string ps, args;
  for (int i = 0; i < n; ++i) {
    ps += (i ? ", p" : "p") + std::to_string(i) + ":u8";
    args += i ? ", 0" : "0";
  }
  for (int i = 0; i < extra_args; ++i) args += ", 0";
  return "fn many(" + ps + extra_params + ") -> u8 = p" + std::to_string(n - 1) + ";\n" +
         "fn main() -> i32 {\n  let x = many(" + args + ");\n  return i32(x);\n}\n";
}

std::string match_program(int n, const std::string& extra_arms) {
  std::string s = "enum Big {" + variant_list(n) + " }\nfn pick(e:Big) -> u32 {\n  match e {\n";
  for (int i = 0; i < n; ++i) s += "    V" + std::to_string(i) + " => return " + std::to_string(i) + ";\n";
  return s + extra_arms + "  }\n}\nfn main() -> i32 {\n  return i32(pick(V" + std::to_string(n - 1) + "));\n}\n";
}

std::string unpack_program(int n, int repeat) {
  std::string fields, args, binders;
  for (int i = 0; i < n; ++i) {
    fields += " f" + std::to_string(i) + ":u8;";
    args += i ? ", 0" : "0";
    binders += (i ? ", b" : "b") + std::to_string(i == n - 1 && repeat >= 0 ? repeat : i);
  }
  return "struct Wide {" + fields + " }\nfn main() -> i32 {\n  let w = Wide(" + args + ");\n  let Wide(" + binders +
         ") = w;\n  return i32(b0);\n}\n";
}

}  // namespace cairn::test
