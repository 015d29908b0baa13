// The program generator's entry: program I of seed S, assembled from helpers, data features, storage features,
// main's statements and checksum folds, and now and then an intended trap after the last print.
#include "fuzz/gen/generate.h"

#include "fuzz/gen/body.h"
#include "fuzz/gen/context.h"
#include "fuzz/gen/expr.h"
#include "fuzz/gen/items_fn.h"
#include "fuzz/gen/items_owner.h"
#include "fuzz/gen/items_record.h"
#include "fuzz/gen/items_sum.h"
#include "fuzz/gen/items_try.h"
#include "fuzz/gen/items_view.h"
#include "fuzz/gen/stmt.h"
#include "fuzz/gen/traps.h"

namespace cairn::fuzz {

std::string_view construct_name(Construct c) {
  switch (c) {
#define C(Id, name) \
  case Construct::Id: return name;
#include "fuzz/gen/constructs.def"
#undef C
  }
  return "?";
}

std::vector<Construct> all_constructs() {
  return {
#define C(Id, name) Construct::Id,
#include "fuzz/gen/constructs.def"
#undef C
  };
}

uint64_t program_seed(uint64_t seed, uint64_t index) {
  uint64_t state = seed;
  uint64_t out = 0;
  for (uint64_t i = 0; i <= index; ++i) out = splitmix64(state);
  return out;
}

namespace {

using Feature = void (*)(Ctx&);

// Every helper is called at least once, so every template instance named exists and every body runs.
void call_every_helper(Ctx& c) {
  std::vector<Helper> hs = c.helpers;
  for (const Helper& h : hs) {
    std::string text = h.name + "(";
    for (size_t i = 0; i < h.params.size(); ++i)
      text += (i ? ", " : "") + int_in(c, h.params[i], h.params_iv[i], 1).text;
    c.out->line(fold_stmt("ck", text + ")", h.ret));
  }
  if (!hs.empty()) c.use(Construct::Calls);
}

void write_main(Ctx& c, Code& body, bool trap) {
  c.out = &body;
  c.in_main = true;
  c.early_return_ok = false;
  c.push();
  body.open("fn main() -> i32");
  body.line("let mut ck:u64 = " + std::to_string(c.rng.next() % 1000000007) + ";");
  int locals = 2 + static_cast<int>(c.rng.below(3));
  for (int i = 0; i < locals; ++i) declare_local(c, random_int_type(c), c.rng.chance(50), 2);
  std::vector<Feature> features = {feature_record, feature_tag_enum, feature_payload_sum, feature_try,
                                   feature_views, feature_owners};
  int chosen = 0;
  for (Feature f : features) {
    if (!c.rng.chance(32)) continue;
    ++chosen;
    statements(c, 1 + static_cast<int>(c.rng.below(2)), 2);
    f(c);
    print_state(c);
  }
  statements(c, (chosen < 2 ? 5 : 2) + static_cast<int>(c.rng.below(3)), 2);
  call_every_helper(c);
  print_state(c);
  body.line("println(\"ck \", ck);");
  c.use(Construct::Println);
  if (trap) emit_intended_trap(c);
  // Exit statuses stay below 128 or wrap to 206..255 (a negative value), never 134, which a trap reports.
  uint64_t exit_form = c.rng.below(10);
  if (exit_form < 5) {
    body.line("return i32(ck % " + std::to_string(c.rng.range(2, 120)) + ");");
    c.use(Construct::Conversions);
  } else if (exit_form < 7) {
    body.line("return i32(ck % 100) - 50;");
    c.use(Construct::Conversions);
  } else {
    body.line("return 0;");
  }
  c.use(Construct::ExitStatus);
  body.close();
  c.pop();
}

}  // namespace

Generated generate(uint64_t seed, uint64_t index) {
  Ctx c(program_seed(seed, index));
  bool trap = c.rng.below(10) == 0;
  emit_fold_helpers(c);
  int constants = static_cast<int>(c.rng.below(3));
  for (int i = 0; i < constants; ++i) emit_constant(c);
  int helpers = static_cast<int>(c.rng.below(3));
  for (int i = 0; i < helpers; ++i) emit_helper(c);
  if (c.rng.chance(40)) emit_recursion(c);
  if (c.rng.chance(35)) emit_template(c);
  Code body;
  write_main(c, body, trap);
  Generated g;
  g.text = "// cairn fuzz program: seed " + std::to_string(seed) + " index " + std::to_string(index) + "\n";
  if (c.need_std_core) g.text += "import std.core (Option, Result);\n";
  for (const std::string& item : c.items) g.text += item;
  g.text += body.text();
  g.constructs.assign(c.used.begin(), c.used.end());
  g.intended_trap = trap;
  return g;
}

}  // namespace cairn::fuzz
