// How results reach standard output: format choice, colour, compact or indented records.
#include "cli/output.h"

#include "cli/version.h"
#include "core/closed_set.h"
#include "base/repo_path.h"
#include "front/diag/sarif.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace cairn::cli {

namespace {

bool no_color() {
  const char* v = std::getenv("NO_COLOR");
  return v && *v;
}

}  // namespace

bool choose_output(const std::optional<std::string>& flag, Output& out, std::string& error) {
  out.tty = isatty(STDOUT_FILENO) == 1;
  const char* env = std::getenv("CAIRN_FORMAT");
  if (flag) {
    out.format = *flag == "json" ? Format::Json : *flag == "sarif" ? Format::Sarif : Format::Human;
    out.chosen = true;
  } else if (env && *env) {
    std::string v = env;
    if (v != "human" && v != "json") {
      out.format = out.tty ? Format::Human : Format::Json;
      out.colour = out.tty && out.format == Format::Human && !no_color();
      error = "CAIRN_FORMAT is \"" + v + "\"; it takes human or json.";
      return false;
    }
    out.format = v == "json" ? Format::Json : Format::Human;
    out.chosen = true;
  } else {
    out.format = out.tty ? Format::Human : Format::Json;
  }
  out.colour = out.tty && out.format == Format::Human && !no_color();
  return true;
}

Output output_for_usage(const std::vector<std::string>& argv) {
  Output out;
  std::string ignored;
  std::optional<std::string> f;
  for (size_t i = 0; i < argv.size(); ++i) {
    std::string v;
    if (argv[i] == "--format" && i + 1 < argv.size()) v = argv[i + 1];
    else if (argv[i].rfind("--format=", 0) == 0) v = argv[i].substr(9);
    if (v == "human" || v == "json") f = v;
  }
  choose_output(f, out, ignored);
  return out;
}

void print_text(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

void print_record(const Output& out, const nlohmann::ordered_json& record) {
  print_text(diag::record_text(record, out.tty));
}

int print_refusal(const Output& out, const diag::Refusal& r) {
  if (out.format == Format::Sarif) {
    std::vector<diag::SarifRule> rules;
    std::vector<diag::SarifResult> results;
    const std::string root = report_root();
    diag::sarif_from_refusal(r, root, rules, results);
    print_record(out, diag::sarif_log(cairn_version(), rules, results, root));
  } else if (out.format == Format::Json) print_record(out, diag::refusal_json(r));
  else print_text(diag::render_human(r, out.colour));
  return r.environment ? 2 : 1;
}

int report_refusal(const Output& out, const diag::Refusal& r, Words words) {
  switch (words) {
    case Words::Stdout: return print_refusal(out, r);
    case Words::StderrUnlessRecord: {
      if (out.chosen && out.format == Format::Json) return print_refusal(out, r);
      std::string text = diag::render_human(r, isatty(STDERR_FILENO) == 1 && !no_color());
      std::fwrite(text.data(), 1, text.size(), stderr);
      std::fflush(stderr);
      return r.environment ? 2 : 1;
    }
  }
  outside_closed_set("cli::Words");
}

int usage_error(const Output& out, const std::string& message, Words words) {
  return report_refusal(out, diag::environment_failure(message), words);
}

}  // namespace cairn::cli
