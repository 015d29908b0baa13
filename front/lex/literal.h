// Literal text to values: integers (§1.4, with range detection) and escape decoding of strings and chars.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace cairn::lex {

// Value of a decimal or `0x` hex integer token. Returns false when it exceeds 2^64 - 1.
bool int_literal_value(std::string_view text, uint64_t& value);

// The bytes a string or char literal body denotes (the text between the quotes, already validated by
// the lexer). Unknown escapes are not expected here; they decode as the escaped character.
std::string unescape_literal(std::string_view body);

// Checks one escape starting at body[i] == '\\'. Returns its length in bytes (2 or 4), or 0 if unknown.
size_t escape_length(std::string_view body, size_t i);

}  // namespace cairn::lex
