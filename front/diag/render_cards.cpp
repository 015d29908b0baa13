// Generating rule-card text and records, and selecting cards by the words of a program.
#include "front/diag/render_cards.h"

#include <algorithm>
#include <set>

namespace cairn::diag {

namespace {

struct CardRow {
  std::string_view name;
  bool tool;
  std::string_view summary;
  std::string_view words;
};
constexpr bool language = false;
constexpr bool tool = true;
constexpr CardRow kCards[] = {
#define CARD(ident, name, kind, summary, words) {name, kind, summary, words},
#include "front/diag/cards.def"
#undef CARD
};

bool ident_start(unsigned char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool ident_char(unsigned char c) { return ident_start(c) || (c >= '0' && c <= '9'); }

// The identifiers of a source outside `//` comments, string and char literals.
void collect_words(std::string_view s, std::set<std::string>& out) {
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (c == '"' || c == '\'') {
      char quote = s[i++];
      while (i < s.size() && s[i] != quote && s[i] != '\n') i += s[i] == '\\' ? 2 : 1;
      ++i;
    } else if (ident_start(c)) {
      size_t start = i;
      while (i < s.size() && ident_char(static_cast<unsigned char>(s[i]))) ++i;
      out.insert(std::string(s.substr(start, i - start)));
    } else if (c >= '0' && c <= '9') {
      while (i < s.size() && ident_char(static_cast<unsigned char>(s[i]))) ++i;
    } else {
      ++i;
    }
  }
}

}  // namespace

std::vector<Card> all_cards() {
  std::vector<Card> out;
  for (size_t i = 0; i < std::size(kCards); ++i) out.push_back(static_cast<Card>(i));
  return out;
}

bool card_is_tool(Card c) { return kCards[static_cast<int>(c)].tool; }
std::string_view card_summary(Card c) { return kCards[static_cast<int>(c)].summary; }

std::vector<std::string> card_words(Card c) {
  std::vector<std::string> out;
  std::string_view w = kCards[static_cast<int>(c)].words;
  size_t i = 0;
  while (i < w.size()) {
    size_t sp = w.find(' ', i);
    if (sp == std::string_view::npos) sp = w.size();
    if (sp > i) out.emplace_back(w.substr(i, sp - i));
    i = sp + 1;
  }
  return out;
}

std::vector<Code> card_codes(Card c) {
  std::vector<Code> out;
  for (int i = 0; i < kCodeCount; ++i)
    if (code_card(static_cast<Code>(i)) == c) out.push_back(static_cast<Code>(i));
  return out;
}

std::string card_text(Card c) {
  std::string out = "The " + std::string(card_name(c)) + " card (" + (card_is_tool(c) ? "tool" : "language") +
                    "): " + std::string(card_summary(c)) + ".\n";
  std::vector<Code> codes = card_codes(c);
  if (codes.empty()) return out + "  No code belongs to this card yet.\n";
  size_t width = 0;
  for (Code code : codes) width = std::max(width, code_name(code).size());
  for (Code code : codes) {
    std::string name(code_name(code));
    out += "  " + name + std::string(width - name.size() + 2, ' ') + std::string(code_rule_text(code)) + "\n";
  }
  return out;
}

std::vector<Card> cards_for_sources(const SourceSet& sources) {
  std::set<std::string> words;
  for (uint32_t i = 0; i < sources.size(); ++i) collect_words(sources.file(i).text, words);
  std::vector<Card> out;
  for (Card c : all_cards()) {
    std::vector<std::string> cw = card_words(c);
    if (cw.empty() && card_is_tool(c)) continue;  // tool cards without words are never selected
    bool selected = cw.empty() || std::any_of(cw.begin(), cw.end(), [&](const std::string& w) { return words.count(w) > 0; });
    if (selected) out.push_back(c);
  }
  return out;
}

nlohmann::ordered_json rules_json(const std::vector<Card>& cards) {
  nlohmann::ordered_json j;
  j["protocol"] = "cairn.rules/1";
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (Card c : cards) {
    nlohmann::ordered_json card;
    card["name"] = std::string(card_name(c));
    card["kind"] = card_is_tool(c) ? "tool" : "language";
    nlohmann::ordered_json codes = nlohmann::ordered_json::array();
    for (Code code : card_codes(c)) codes.push_back(std::string(code_name(code)));
    card["codes"] = std::move(codes);
    card["words"] = card_words(c);
    card["text"] = card_text(c);
    list.push_back(std::move(card));
  }
  j["cards"] = std::move(list);
  return j;
}

std::string rules_human(const std::vector<Card>& cards, bool list) {
  std::string out;
  if (!list) {
    for (size_t i = 0; i < cards.size(); ++i) out += (i ? "\n" : "") + card_text(cards[i]);
    return out;
  }
  for (Card c : cards) {
    std::string name(card_name(c));
    out += name + std::string(name.size() < 16 ? 16 - name.size() : 1, ' ') + (card_is_tool(c) ? "tool    " : "language") +
           "  " + std::string(card_summary(c)) + "\n";
    std::string codes;
    for (Code code : card_codes(c)) codes += (codes.empty() ? "" : " ") + std::string(code_name(code));
    out += "                codes: " + (codes.empty() ? std::string("-") : codes) + "\n";
    std::string words;
    for (const std::string& w : card_words(c)) words += (words.empty() ? "" : " ") + w;
    out += "                words: " + (words.empty() ? std::string(card_is_tool(c) ? "-" : "(base card)") : words) + "\n";
  }
  return out;
}

}  // namespace cairn::diag
