// Source files, their text and 1-based line/column positions.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cairn {

// A position in the program: file index into SourceSet, 1-based line and byte column.
// file == kNoFile means "no position" (an environment failure, a whole-program rule without a place).
struct Pos {
  static constexpr uint32_t kNoFile = 0xFFFFFFFFu;
  uint32_t file = kNoFile;
  uint32_t line = 0;
  uint32_t col = 0;
  bool valid() const { return file != kNoFile; }
  friend bool operator==(const Pos&, const Pos&) = default;
  // Order of §0.4: files in manifest order, then line, then column.
  friend bool operator<(const Pos& a, const Pos& b) {
    if (a.file != b.file) return a.file < b.file;
    if (a.line != b.line) return a.line < b.line;
    return a.col < b.col;
  }
};

// One source file: the name diagnostics print (as the manifest lists it, or as the tool was given it)
// and its bytes (a leading byte-order mark is kept in `text`; the lexer skips it).
struct SourceFile {
  std::string display_name;
  std::string text;
  std::string fs_path;                // the path it was read from ("" : not read from a file)
  std::vector<uint32_t> line_starts;  // byte offset of each line's first byte; filled by index_lines()
  void index_lines();
  std::string_view line_text(uint32_t line) const;  // without its line end; empty if out of range
};

// All sources of one program, dependencies first, in manifest order.
class SourceSet {
 public:
  uint32_t add(std::string display_name, std::string text, std::string fs_path = {});
  const SourceFile& file(uint32_t id) const { return files_[id]; }
  // Gives file `id` another display name (a tool that checked a scratch copy shows the name it stands for).
  void rename(uint32_t id, std::string display_name) { files_[id].display_name = std::move(display_name); }
  uint32_t size() const { return static_cast<uint32_t>(files_.size()); }
  uint64_t total_bytes() const;

 private:
  std::vector<SourceFile> files_;
};

// The 1-based column, in Unicode code points, of the byte column BYTE_COLUMN of LINE (UTF-8). A byte column past
// the line's end counts one per byte beyond it; a malformed sequence counts one per byte.
uint32_t code_point_column(std::string_view line, uint32_t byte_column);

}  // namespace cairn
