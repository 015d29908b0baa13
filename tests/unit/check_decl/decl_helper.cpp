// Test helper: parse one source text and run the checker over it.
#include "decl_helper.h"

#include <gtest/gtest.h>

namespace cairn::testing {

std::vector<std::string> Checked::refusals() const {
  std::vector<std::string> out;
  for (const Diagnostic& d : sink.ordered())
    out.push_back(std::string(code_name(d.code)) + " " + std::to_string(d.pos.line));
  return out;
}

check::FnInfo* Checked::fn(const std::string& qualified) {
  for (check::FnInfo& f : result.program->fns)
    if (f.qualified == qualified) return &f;
  return nullptr;
}

std::unique_ptr<Checked> check_files(const std::vector<std::string>& texts, const check::CheckOptions& options) {
  auto c = std::make_unique<Checked>();
  for (size_t i = 0; i < texts.size(); ++i) {
    uint32_t id = c->sources.add("t" + std::to_string(i) + ".cairn", texts[i]);
    c->files.push_back(parse_file(c->sources, id, *c->arena, c->sink));
  }
  EXPECT_TRUE(c->sink.empty()) << c->sink.all()[0].message;
  c->result = check::check_program(c->files, *c->arena, c->sources, options, c->sink);
  return c;
}

std::unique_ptr<Checked> check_text(const std::string& text, bool library) {
  check::CheckOptions o;
  o.is_library = library;
  return check_files({text}, o);
}

}  // namespace cairn::testing
