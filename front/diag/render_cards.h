// Rule cards for `cairn rules`: their text generated from cards.def and codes.def, and selection by words.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "front/diag/diagnostic.h"
#include "front/source/source.h"

namespace cairn::diag {

std::vector<Card> all_cards();
bool card_is_tool(Card c);
std::string_view card_summary(Card c);
std::vector<std::string> card_words(Card c);
std::vector<Code> card_codes(Card c);  // in codes.def order
// "The base card: types, names ...\n  E-TYPE-MISMATCH  a type, ...\n" (each code with its rule line).
std::string card_text(Card c);

// The cards a program's words select: the base cards (language cards without words) and every card
// (language or tool, such as limits) one of whose words appears in the sources outside comments and
// string literals. In cards.def order.
std::vector<Card> cards_for_sources(const SourceSet& sources);

// The cairn.rules/1 record.
nlohmann::ordered_json rules_json(const std::vector<Card>& cards);
// Human form: each card's text; with `list`, one line per card with its kind, codes and words.
std::string rules_human(const std::vector<Card>& cards, bool list);

}  // namespace cairn::diag
