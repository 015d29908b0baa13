// Building the refusal record from the checker's diagnostics and from environment failures.
#include "front/diag/report.h"

#include <algorithm>

namespace cairn::diag {

Located locate(const Diagnostic& d, const SourceSet& sources) {
  Located l;
  l.code = d.code;
  l.message = d.message;
  l.help = d.help;
  if (d.pos.valid() && d.pos.file < sources.size()) {
    const SourceFile& f = sources.file(d.pos.file);
    l.has_pos = true;
    l.file = f.display_name;
    l.line = d.pos.line;
    l.column = d.pos.col;
    l.source_line = std::string(f.line_text(d.pos.line));
    l.fs_path = f.fs_path;
  }
  return l;
}

Refusal refusal_from(const std::vector<Diagnostic>& ordered, const SourceSet& sources, uint32_t not_judged,
                     std::optional<std::string> further_stopped) {
  Refusal r;
  r.not_judged = not_judged;
  r.further_stopped = std::move(further_stopped);
  if (ordered.empty()) {
    r.first = Located{Code::Internal, "The check refused the program without a diagnostic.", false, "", 0, 0, {}, "", ""};
    return r;
  }
  r.first = locate(ordered[0], sources);
  r.environment = ordered[0].code == Code::ProjectOrEnvironment;
  std::vector<const Diagnostic*> rest;
  for (size_t i = 1; i < ordered.size(); ++i) {
    const Diagnostic& d = ordered[i];
    if (d.code == ordered[0].code && d.pos == ordered[0].pos) continue;
    rest.push_back(&d);
  }
  std::stable_sort(rest.begin(), rest.end(), [](const Diagnostic* a, const Diagnostic* b) { return a->pos < b->pos; });
  for (const Diagnostic* d : rest) {
    if (r.further.size() < kMaxFurther) r.further.push_back(locate(*d, sources));
    else ++r.further_omitted;
  }
  return r;
}

Refusal environment_failure(std::string message, std::string file, uint32_t line, uint32_t column,
                            std::string source_line) {
  Refusal r;
  r.environment = true;
  r.first.code = Code::ProjectOrEnvironment;
  r.first.message = std::move(message);
  if (!file.empty()) {
    r.first.has_pos = line > 0;
    r.first.file = std::move(file);
    r.first.line = line;
    r.first.column = line > 0 ? std::max<uint32_t>(column, 1) : 0;
    r.first.source_line = std::move(source_line);
  }
  return r;
}

Refusal source_limit_refusal(std::string message, std::string file) {
  Refusal r;
  r.first = Located{Code::SourceLimit, std::move(message), true, std::move(file), 1, 1, {}, "", ""};
  r.further_stopped = "E-SOURCE-LIMIT";
  return r;
}

Refusal tool_refusal(Code code, std::string message) {
  Refusal r;
  r.first.code = code;
  r.first.message = std::move(message);
  return r;
}

}  // namespace cairn::diag
