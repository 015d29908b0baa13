// `cairn rules CODE | CARD | PATH | --list`: rule cards as text or the cairn.rules/1 record.
#include <sys/stat.h>

#include "cli/args.h"
#include "cli/open_command.h"
#include "cli/command.h"
#include "cli/output.h"
#include "front/diag/render_cards.h"
#include "front/driver/driver.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"list", "", false, "", "every card with its codes and selecting words"},
    {"format", "human|json", true, "human at a terminal, json otherwise", "the output form"},
};

int print_cards(const Output& out, const std::vector<Card>& cards, bool list) {
  if (out.format == Format::Json) print_record(out, diag::rules_json(cards));
  else print_text(diag::rules_human(cards, list));
  return 0;
}

bool path_exists(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0;
}
}  // namespace

int cmd_rules(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  bool list = args.has("list");
  if (list && !args.operands.empty()) return usage_error(out, "cairn rules takes a word or --list, not both.");
  if (list) return print_cards(out, diag::all_cards(), true);
  if (args.operands.size() != 1)
    return usage_error(out, "cairn rules takes one word: a code, a card or a path (or --list).");
  const std::string& word = args.operands[0];

  if (std::optional<Code> code = code_from_name(word)) return print_cards(out, {code_card(*code)}, false);
  if (std::optional<Card> card = card_from_name(word)) return print_cards(out, {*card}, false);
  if (word.rfind("E-", 0) != 0 && path_exists(word)) {
    driver::CheckRun run = driver::run(word, driver::Stop::AfterLoad);
    if (run.refusal) return print_refusal(out, *run.refusal);
    return print_cards(out, diag::cards_for_sources(run.sources), false);
  }
  std::string what = word.rfind("E-", 0) == 0 ? word + " is no code a rule card states."
                                              : "\"" + word + "\" is no code, card or path.";
  return print_refusal(out, diag::tool_refusal(Code::Rule, what));
}

}  // namespace cairn::cli
