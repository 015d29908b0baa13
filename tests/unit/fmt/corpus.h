// The formatter tests' corpus: every .cairn file git tracks in the repository and every conformance program,
// and a whitespace-only perturbation of a source text (tests/unit/fmt).
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cairn::testing {

// Repository-relative .cairn paths from `git ls-files` (sorted), then the shared conformance programs.
std::vector<std::filesystem::path> fmt_corpus();
std::string read_bytes(const std::filesystem::path& p);

// `text` with its whitespace changed and nothing else: spaces and tabs added between tokens on a line,
// indentation scrambled, trailing blanks added, line breaks added between tokens where the layout rules do
// not look at them (never inside a block written on one line, never before a comment that follows a token),
// and runs of blank lines lengthened. Deterministic in `seed`. Returns `text` itself when it does not lex.
std::string perturb_whitespace(const std::string& text, uint32_t seed);

// `text` with its line breaks moved too, which the layout does read: breaks added anywhere (inside one-line
// blocks, before a comment after a token), lines joined where no comment ends them (so a comment on its own
// line moves to the end of the line above). Only the tokens and comments are sure to stay the same.
std::string perturb_layout(const std::string& text, uint32_t seed);

}  // namespace cairn::testing
