// The diagnostic code table accessors and the sink that orders refusals.
#include "front/diag/diagnostic.h"

#include <algorithm>

namespace cairn {

namespace {
struct CodeRow {
  std::string_view name;
  Card card;
  std::string_view text;
};
constexpr CodeRow kCodes[] = {
#define DIAG(ident, code, card, text) {code, Card::card, text},
#include "front/diag/codes.def"
#undef DIAG
};
constexpr std::string_view kCardNames[] = {
#define CARD(ident, name, kind, summary, words) name,
#include "front/diag/cards.def"
#undef CARD
};
}  // namespace

std::string_view code_name(Code c) { return kCodes[static_cast<int>(c)].name; }
Card code_card(Code c) { return kCodes[static_cast<int>(c)].card; }
std::string_view code_rule_text(Code c) { return kCodes[static_cast<int>(c)].text; }

std::optional<Code> code_from_name(std::string_view name) {
  for (int i = 0; i < kCodeCount; ++i)
    if (kCodes[i].name == name) return static_cast<Code>(i);
  return std::nullopt;
}

std::string_view card_name(Card c) { return kCardNames[static_cast<int>(c)]; }

std::optional<Card> card_from_name(std::string_view name) {
  for (size_t i = 0; i < std::size(kCardNames); ++i)
    if (kCardNames[i] == name) return static_cast<Card>(i);
  return std::nullopt;
}

void DiagSink::report(Code code, Pos pos, std::string message, Phase phase,
                      std::optional<std::string> help) {
  diags_.push_back(Diagnostic{code, std::move(message), pos, phase, std::move(help)});
}

std::vector<Diagnostic> DiagSink::ordered() const {
  std::vector<Diagnostic> out = diags_;
  std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.phase != b.phase) return a.phase < b.phase;
    return a.pos < b.pos;
  });
  out.erase(std::unique(out.begin(), out.end(),
                        [](const Diagnostic& a, const Diagnostic& b) {
                          return a.code == b.code && a.pos == b.pos;
                        }),
            out.end());
  return out;
}

}  // namespace cairn
