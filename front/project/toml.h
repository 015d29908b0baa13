// A strict reader for the TOML subset manifests use: tables, strings, arrays of strings, comments.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::project {

// A value: a string or an array of strings (anything else is refused by the reader).
struct TomlValue {
  enum class Kind : uint8_t { String, Array } kind = Kind::String;
  std::string str;                  // String
  std::vector<std::string> items;   // Array
  std::vector<uint32_t> item_lines; // the line of each array element
  uint32_t line = 0, col = 0;       // where the value starts
};

struct TomlEntry {
  std::string key;
  uint32_t line = 0, col = 0;  // where the key starts
  TomlValue value;
};

struct TomlTable {
  std::string name;  // "" for the keys before the first header
  uint32_t line = 0;
  std::vector<TomlEntry> entries;  // in the order written
};

struct TomlDoc {
  std::vector<TomlTable> tables;  // tables[0] is the root table ""; then headers in the order written
};

struct TomlError {
  uint32_t line = 0, col = 0;
  std::string message;  // one sentence, ends with '.'
};

// Reads `text`. Returns false and fills `err` on the first construct outside the subset: a key
// written twice, a table written twice, numbers, booleans, dates, inline tables, arrays of tables,
// dotted keys, multi-line strings, nested arrays, control characters or invalid UTF-8.
bool parse_toml(std::string_view text, TomlDoc& out, TomlError& err);

}  // namespace cairn::project
