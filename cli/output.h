// Output format selection (tools.md §1.2) and printing of records, refusals and usage errors.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "front/diag/report.h"

namespace cairn::cli {

enum class Format { Human, Json, Sarif };  // Sarif: only where a command admits it (check, diff)

struct Output {
  Format format = Format::Human;
  bool chosen = false;  // chosen by --format or CAIRN_FORMAT (rules 1-2), not by the terminal
  bool tty = false;     // standard output is a terminal
  bool colour = false;  // human output at a terminal and NO_COLOR empty
};

// Chooses the format: --format, then CAIRN_FORMAT, then the terminal. False with `error` when
// CAIRN_FORMAT holds another non-empty value (a usage error, rendered by rule 3).
bool choose_output(const std::optional<std::string>& flag, Output& out, std::string& error);

// The best output for reporting a usage error: a valid --format in the raw words, else the rules.
Output output_for_usage(const std::vector<std::string>& argv);

// Where cairn's own words go. Stdout: every command but run. StderrUnlessRecord: cairn run, whose standard output
// is the program's own; a record asked with --format json or CAIRN_FORMAT still goes to standard output.
enum class Words { Stdout, StderrUnlessRecord };

// Prints a refusal (human or cairn.diagnostic/2) on standard output; returns 1 or 2.
int print_refusal(const Output& out, const diag::Refusal& r);
// As print_refusal, where `words` says (a human refusal on standard error for StderrUnlessRecord).
int report_refusal(const Output& out, const diag::Refusal& r, Words words);
// A usage error: E-PROJECT-OR-ENVIRONMENT, status unknown, exit 2.
int usage_error(const Output& out, const std::string& message, Words words = Words::Stdout);
// Prints a record as §1.2 says.
void print_record(const Output& out, const nlohmann::ordered_json& record);
// Prints text as it is.
void print_text(const std::string& text);

}  // namespace cairn::cli
