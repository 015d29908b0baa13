// Diagnostics as data: a code from codes.def, a message, a position, an optional repair hint.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "front/source/source.h"

namespace cairn {

enum class Code : uint16_t {
#define DIAG(ident, code, card, text) ident,
#include "front/diag/codes.def"
#undef DIAG
};

// The rule cards (language.md §19 and tools.md §2.2); every code belongs to exactly one.
enum class Card : uint8_t {
#define CARD(ident, name, kind, summary, words) ident,
#include "front/diag/cards.def"
#undef CARD
};

std::string_view code_name(Code c);        // "E-TYPE-MISMATCH"
Card code_card(Code c);
std::string_view code_rule_text(Code c);   // the card's line for this code
std::optional<Code> code_from_name(std::string_view name);
std::string_view card_name(Card c);        // "base"
std::optional<Card> card_from_name(std::string_view name);
constexpr int kCodeCount = 0
#define DIAG(ident, code, card, text) +1
#include "front/diag/codes.def"
#undef DIAG
    ;

// The phases of §0.4, in order: the first refusal is the earliest phase, then the earliest position.
enum class Phase : uint8_t { Lex = 1, Parse = 2, Declarations = 3, Bodies = 4, WholeProgram = 5 };

struct Diagnostic {
  Code code;
  std::string message;  // one sentence, ends with '.'
  Pos pos;
  Phase phase = Phase::Bodies;
  std::optional<std::string> help;  // repair hint (= help:), only when stated without guessing
};

// Collects refusals. A phase reports into the sink; the driver decides what is first and what follows.
class DiagSink {
 public:
  void report(Code code, Pos pos, std::string message, Phase phase,
              std::optional<std::string> help = std::nullopt);
  const std::vector<Diagnostic>& all() const { return diags_; }
  bool empty() const { return diags_.empty(); }
  size_t count() const { return diags_.size(); }
  // Sorted by (phase, position), duplicates (same code and position) removed. Deterministic.
  std::vector<Diagnostic> ordered() const;

 private:
  std::vector<Diagnostic> diags_;
};

}  // namespace cairn
