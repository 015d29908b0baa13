// Command-line flags: `--flag VALUE` and `--flag=VALUE`, checked against a command's flag table.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::cli {

struct FlagSpec {
  std::string_view name;     // without the leading "--"
  std::string_view value;    // "" for a switch; "a|b|c" for choices; else a placeholder ("PATH", "N")
  bool choices = false;      // value lists the admitted words
  std::string_view fallback; // the default, shown by --help
  std::string_view help;
  bool repeatable = false;   // may be given more than once; its values are Args::all(name), in order
};

struct Args {
  std::vector<std::string> operands;
  std::map<std::string, std::string> flags;  // switches map to ""; a repeatable flag maps to its last value
  std::map<std::string, std::vector<std::string>> repeated;  // every value of each repeatable flag, in order
  bool help = false;
  bool has(const std::string& f) const { return flags.count(f) > 0; }
  std::optional<std::string> get(const std::string& f) const;
  std::vector<std::string> all(const std::string& f) const;
};

// `cairn completions` reads each command's flag table through its own parser: while capture is on, parse_args
// throws FlagsCaptured holding the table it was given instead of parsing (nothing of the command runs).
struct FlagsCaptured {
  std::vector<FlagSpec> flags;
};
void set_flag_capture(bool on);

// Parses `argv` (the words after the command). False with `error` for an unknown flag, a missing
// or refused value, a flag given twice that is not repeatable. `--help` sets help; `--` ends the flags.
bool parse_args(const std::vector<std::string>& argv, std::span<const FlagSpec> specs, Args& out, std::string& error);

// `cairn COMMAND --help`: synopsis, summary and every flag with its choices and default.
std::string help_text(std::string_view synopsis, std::string_view summary, std::span<const FlagSpec> specs);

// The value of --format in raw words, if any (to render a usage error in the asked format).
std::optional<std::string> raw_format(const std::vector<std::string>& argv);

// A --timeout value: a decimal number of seconds > 0 and at most 1e9 ("2", "0.5"); false otherwise.
bool parse_seconds(const std::string& s, double& out);

// A --timeout of cairn run or cairn test: as parse_seconds, or 0 ("0", "0.0") for no time limit.
bool parse_timeout(const std::string& s, double& out);

// A whole number: decimal digits only, from `lo` to `hi` (--seed, --count, --jobs, --timeout-ms, ...).
bool parse_whole(const std::string& s, uint64_t lo, uint64_t hi, uint64_t& out);
bool parse_whole(const std::string& s, unsigned lo, unsigned hi, unsigned& out);
// --shard I/N: 1 <= I <= N <= 1,000,000.
bool parse_shard(const std::string& s, unsigned& index, unsigned& count);
// --jobs N: a whole number from 1 to 1024.
bool parse_jobs(const std::string& s, unsigned& out);

}  // namespace cairn::cli
