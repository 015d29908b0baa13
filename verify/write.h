// Keeping a query's SMT-LIB text on disk: --queries DIR, or a disputed query in the temporary directory.
#pragma once
#include <optional>
#include <string>

namespace cairn::smt {

// Writes `text` atomically to DIR/SHA256.smt2 (DIR created when missing), or without DIR to
// $TMPDIR/cairn-SHA256[0..8).smt2 (/tmp without TMPDIR). `file` names what was written; false with `error`.
bool keep_query(const std::optional<std::string>& dir, const std::string& sha256, const std::string& text,
                std::string& file, std::string& error);

}  // namespace cairn::smt
