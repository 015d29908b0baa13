// The packaged templates' files. Each is small, uses only Stage 1 features, and carries test blocks.
#include "front/project/templates.h"

#include <cctype>

namespace cairn::project {

namespace {

const char* kDefaultManifest = R"(# {{name}}: a CAIRN program. `cairn run`, `cairn test`, `cairn check`.
[project]
name = "{{name}}"
sources = ["src/main.cairn"]

[build]
kind = "exe"
)";

const char* kDefaultMain = R"(// {{name}}: sums the squares of 1..n and prints them; the test blocks run with `cairn test`.

// The sum of k * k for k in 1..=n (checked arithmetic: an overflow traps).
fn sum_of_squares(n:usize) -> u64 {
  let mut s:u64 = 0;
  for k in 1..n + 1 {
    s += u64(k) * u64(k);
  }
  return s;
}

test sums_small_ranges {
  assert_eq(sum_of_squares(0), 0);
  assert_eq(sum_of_squares(3), 14);
}

test matches_the_closed_form {
  let n:u64 = 100;
  assert_eq(sum_of_squares(100), n * (n + 1) * (2 * n + 1) / 6);
}

fn main() -> i32 {
  println("sum of squares 1..10 = ", sum_of_squares(10));
  return 0;
}
)";

const char* kCliManifest = R"(# {{name}}: a command-line program whose logic lives in a module of its own.
[project]
name = "{{name}}"
sources = ["src/checks.cairn", "src/main.cairn"]

[build]
kind = "exe"
)";

const char* kCliChecks = R"(// Module app.checks of {{name}}: the program's logic, kept apart from main so tests reach it.
module app.checks;

// Whether `year` is a leap year in the Gregorian calendar.
pub fn is_leap(year:u32) -> bool {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

// How many leap years lie in [from, to).
pub fn leap_years(from:u32, to:u32) -> u32 {
  let mut count:u32 = 0;
  let mut y:u32 = from;
  while y < to {
    if is_leap(y) {
      count += 1;
    }
    y += 1;
  }
  return count;
}

test leap_rules {
  assert(is_leap(2024));
  assert(!is_leap(1900));
  assert(is_leap(2000));
}

test counts_a_century {
  assert_eq(leap_years(2000, 2100), 25);
}
)";

const char* kCliMain = R"(// {{name}}: prints the leap years of this century; its exit status says whether the count is the expected one.
import app.checks as ch;

fn main() -> i32 {
  let n:u32 = ch.leap_years(2000, 2100);
  println("leap years 2000..2100: ", n);
  if n != 25 {
    return 1;
  }
  return 0;
}
)";

const char* kLibManifest = R"(# {{name}}: a CAIRN library. `cairn check`, `cairn test`, `cairn build --kind library`.
[project]
name = "{{name}}"
sources = ["src/lib.cairn"]

[build]
kind = "library"
)";

const char* kLibSource = R"(// Module lib: fixed-point helpers in Q16.16 (a u32 holding value * 65536).
module lib;

// Q16.16 from a whole number (traps when it does not fit).
pub fn from_int(x:u32) -> u32 {
  return x * 65536;
}

// The product of two Q16.16 values, rounded down (traps when it does not fit).
pub fn mul(a:u32, b:u32) -> u32 {
  return u32(u64(a) * u64(b) / 65536);
}

// The sum of a view of Q16.16 values, wrapping.
pub fn total(n:usize, xs:ro<u32>[n]) -> u32 {
  let mut s:u32 = 0;
  for x in xs {
    s = add_wrap(s, x);
  }
  return s;
}

test whole_numbers_multiply {
  assert_eq(mul(from_int(3), from_int(4)), from_int(12));
}

test halves {
  let half:u32 = 32768;
  assert_eq(mul(half, half), 16384);
}
)";

std::string substitute(std::string text, const std::string& name) {
  for (size_t at = text.find("{{name}}"); at != std::string::npos; at = text.find("{{name}}", at + name.size()))
    text.replace(at, 8, name);
  return text;
}

}  // namespace

const std::vector<ProjectTemplate>& project_templates() {
  static const std::vector<ProjectTemplate> all = {
      {"default", "an executable with a function, its test blocks and main", true},
      {"cli", "an executable whose logic lives in a module, with test blocks and an exit status", true},
      {"lib", "a library of public functions with test blocks", true},
      {"service", "not packaged here: a service needs threads and I/O beyond Stage 1", false},
      {"parallel", "not packaged here: parallel regions are Stage 2", false},
  };
  return all;
}

std::vector<TemplateFile> template_files(std::string_view name, const std::string& project) {
  std::vector<std::pair<std::string, const char*>> files;
  if (name == "default") files = {{"cairn.toml", kDefaultManifest}, {"src/main.cairn", kDefaultMain}};
  else if (name == "cli") files = {{"cairn.toml", kCliManifest}, {"src/checks.cairn", kCliChecks}, {"src/main.cairn", kCliMain}};
  else if (name == "lib") files = {{"cairn.toml", kLibManifest}, {"src/lib.cairn", kLibSource}};
  // Every project ignores what `cairn build` writes (build/), so that a first commit does not take binaries in.
  if (!files.empty()) files.push_back({".gitignore", "build/\n"});
  std::vector<TemplateFile> out;
  for (const auto& [path, text] : files) out.push_back({path, substitute(text, project)});
  return out;
}

std::string project_name_for(const std::string& directory) {
  std::string last = directory;
  while (last.size() > 1 && last.back() == '/') last.pop_back();
  if (size_t slash = last.rfind('/'); slash != std::string::npos) last = last.substr(slash + 1);
  std::string name;
  for (char c : last) name += std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ? c : '_';
  if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0]))) name = "p" + name;
  if (name.size() > 64) name.resize(64);
  return name;
}

}  // namespace cairn::project
