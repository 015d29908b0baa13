// Line indexing of source files.
#include "front/source/source.h"

namespace cairn {

void SourceFile::index_lines() {
  line_starts.clear();
  line_starts.push_back(0);
  for (uint32_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') line_starts.push_back(i + 1);
}

std::string_view SourceFile::line_text(uint32_t line) const {
  if (line == 0 || line > line_starts.size()) return {};
  uint32_t begin = line_starts[line - 1];
  uint32_t end = line < line_starts.size() ? line_starts[line] : static_cast<uint32_t>(text.size());
  while (end > begin && (text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
  return std::string_view(text).substr(begin, end - begin);
}

uint32_t SourceSet::add(std::string display_name, std::string text, std::string fs_path) {
  SourceFile f;
  f.display_name = std::move(display_name);
  f.fs_path = std::move(fs_path);
  f.text = std::move(text);
  f.index_lines();
  files_.push_back(std::move(f));
  return static_cast<uint32_t>(files_.size() - 1);
}

uint64_t SourceSet::total_bytes() const {
  uint64_t n = 0;
  for (const auto& f : files_) n += f.text.size();
  return n;
}

uint32_t code_point_column(std::string_view line, uint32_t byte_column) {
  if (byte_column == 0) return 0;
  uint32_t column = 1;
  size_t i = 0, end = byte_column - 1;
  while (i < end) {
    if (i >= line.size()) {
      column += static_cast<uint32_t>(end - i);
      break;
    }
    unsigned char c = static_cast<unsigned char>(line[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    bool whole = i + len <= line.size();
    for (size_t k = 1; whole && k < len; ++k) whole = (static_cast<unsigned char>(line[i + k]) & 0xC0) == 0x80;
    i += whole ? len : 1;
    ++column;
  }
  return column;
}

}  // namespace cairn
