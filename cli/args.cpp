// Parsing flags against a command's table, and the --help text generated from that table.
#include "cli/args.h"

#include <cerrno>
#include <cstdlib>

namespace cairn::cli {

std::optional<std::string> Args::get(const std::string& f) const {
  auto it = flags.find(f);
  if (it == flags.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> Args::all(const std::string& f) const {
  auto it = repeated.find(f);
  return it == repeated.end() ? std::vector<std::string>{} : it->second;
}

namespace {

bool in_choices(std::string_view choices, std::string_view v) {
  size_t i = 0;
  while (i <= choices.size()) {
    size_t bar = choices.find('|', i);
    if (bar == std::string_view::npos) bar = choices.size();
    if (choices.substr(i, bar - i) == v) return true;
    i = bar + 1;
  }
  return false;
}

const FlagSpec* find_spec(std::span<const FlagSpec> specs, std::string_view name) {
  for (const FlagSpec& s : specs)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace

namespace {
bool capture_flags = false;
}  // namespace

void set_flag_capture(bool on) { capture_flags = on; }

bool parse_args(const std::vector<std::string>& argv, std::span<const FlagSpec> specs, Args& out, std::string& error) {
  if (capture_flags) throw FlagsCaptured{std::vector<FlagSpec>(specs.begin(), specs.end())};
  bool flags_done = false;
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& w = argv[i];
    if (flags_done || w.size() < 2 || w.compare(0, 2, "--") != 0) {
      out.operands.push_back(w);
      continue;
    }
    if (w == "--") {
      flags_done = true;
      continue;
    }
    if (w == "--help") {
      out.help = true;
      continue;
    }
    size_t eq = w.find('=');
    std::string name = w.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    const FlagSpec* spec = find_spec(specs, name);
    if (!spec) {
      error = "Unknown flag --" + name + ".";
      return false;
    }
    if (out.flags.count(name) && !spec->repeatable) {
      error = "The flag --" + name + " is given twice.";
      return false;
    }
    std::string value;
    if (spec->value.empty()) {
      if (eq != std::string::npos) {
        error = "The flag --" + name + " takes no value.";
        return false;
      }
    } else if (eq != std::string::npos) {
      value = w.substr(eq + 1);
    } else if (i + 1 < argv.size()) {
      value = argv[++i];
    } else {
      error = "The flag --" + name + " needs a value (" + std::string(spec->value) + ").";
      return false;
    }
    if (spec->choices && !in_choices(spec->value, value)) {
      error = "The flag --" + name + " takes " + std::string(spec->value) + ", not \"" + value + "\".";
      return false;
    }
    out.flags[name] = value;
    if (spec->repeatable) out.repeated[name].push_back(value);
  }
  return true;
}

std::string help_text(std::string_view synopsis, std::string_view summary, std::span<const FlagSpec> specs) {
  std::string sentence(summary);
  if (!sentence.empty() && sentence[0] >= 'a' && sentence[0] <= 'z') sentence[0] = static_cast<char>(sentence[0] - 'a' + 'A');
  std::string out = "usage: " + std::string(synopsis) + "\n\n" + sentence + ".\n";
  if (!specs.empty()) out += "\nflags:\n";
  for (const FlagSpec& s : specs) {
    std::string head = "  --" + std::string(s.name) + (s.value.empty() ? "" : " " + std::string(s.value));
    if (head.size() < 34) head.append(34 - head.size(), ' ');
    else head += "  ";
    out += head + std::string(s.help);
    if (s.repeatable) out += " (repeatable)";
    if (!s.fallback.empty()) out += " (default: " + std::string(s.fallback) + ")";
    out += "\n";
  }
  out += "  --help                          prints this text\n";
  return out;
}

std::optional<std::string> raw_format(const std::vector<std::string>& argv) {
  for (size_t i = 0; i < argv.size(); ++i) {
    if (argv[i] == "--format" && i + 1 < argv.size()) return argv[i + 1];
    if (argv[i].rfind("--format=", 0) == 0) return argv[i].substr(9);
  }
  return std::nullopt;
}

bool parse_seconds(const std::string& s, double& out) {
  if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789.") != std::string::npos ||
      s.find_first_of("0123456789") == std::string::npos || s.find('.') != s.rfind('.'))
    return false;
  out = std::strtod(s.c_str(), nullptr);
  return out > 0 && out <= 1e9;
}

bool parse_timeout(const std::string& s, double& out) {
  if (!s.empty() && s.find_first_not_of("0.") == std::string::npos && s.find('0') != std::string::npos &&
      s.find('.') == s.rfind('.') && s.size() <= 20) {
    out = 0;
    return true;
  }
  return parse_seconds(s, out);
}

bool parse_whole(const std::string& s, uint64_t lo, uint64_t hi, uint64_t& out) {
  if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos) return false;
  errno = 0;
  unsigned long long v = std::strtoull(s.c_str(), nullptr, 10);
  if (errno == ERANGE || v < lo || v > hi) return false;
  out = v;
  return true;
}

bool parse_whole(const std::string& s, unsigned lo, unsigned hi, unsigned& out) {
  uint64_t v = 0;
  if (!parse_whole(s, uint64_t{lo}, uint64_t{hi}, v)) return false;
  out = static_cast<unsigned>(v);
  return true;
}

bool parse_shard(const std::string& s, unsigned& index, unsigned& count) {
  size_t slash = s.find('/');
  unsigned i = 0, n = 0;
  if (slash == std::string::npos || !parse_whole(s.substr(0, slash), 1u, 1000000u, i) ||
      !parse_whole(s.substr(slash + 1), 1u, 1000000u, n) || i > n)
    return false;
  index = i;
  count = n;
  return true;
}

bool parse_jobs(const std::string& s, unsigned& out) { return parse_whole(s, 1u, 1024u, out); }

}  // namespace cairn::cli
