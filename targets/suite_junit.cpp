// JUnit XML for `cairn test --junit FILE` (docs/commands.md, "cairn test"), written with pugixml: one suite for the
// blocks, one per contract or regression file; or, when no test ran (the program does not check, a tests file is
// wrong, the test executable did not build), one suite with one <error> case saying why.
//
// The conventions Jenkins' JUnit plugin and GitLab's test reports read: `tests`, `failures`, `errors`, `skipped`,
// `time` and `timestamp` on <testsuites> and on every <testsuite>; `classname` dotted like module.function (CI
// splits it at dots into packages and classes, so no `/` or `.json` in it); `file` and `line` on each <testcase>.
// A wrong result (an assert, a guard, a wrong return, a trap, a timeout, a crash of the test) is a <failure>; an
// invalid contract, a harness that could not start, an unknown regressions file and a refusal are an <error>.
#include <cstdio>
#include <ctime>
#include <sstream>

#include <pugixml.hpp>

#include "base/atomic_file.h"
#include "targets/process.h"
#include "targets/suite_report.h"

namespace cairn::targets {

namespace {

bool xml_char(uint32_t c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) ||
         (c >= 0x10000 && c <= 0x10FFFF);
}

std::string seconds3(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s < 0 ? 0.0 : s);
  return buf;
}

struct Case {
  std::string classname, name, file;
  uint32_t line = 0;
  double seconds = 0;
  std::string verdict;  // "", "failure" or "error"
  std::string message, type, out, err;
};

struct Suite {
  std::string name;
  std::vector<Case> cases;
};

std::string dotted(const std::string& module) { return module.empty() ? "root" : module; }

// A contract's or regressions file's classname: the function under test, module-qualified ("root.average").
std::string function_class(const std::string& symbol) {
  if (symbol.empty()) return "root";
  return symbol.find('.') == std::string::npos ? "root." + symbol : symbol;
}

std::string short_name(const std::string& qualified) {
  size_t dot = qualified.rfind('.');
  return dot == std::string::npos ? qualified : qualified.substr(dot + 1);
}

Case block_case(const BlockOutcome& b) {
  Case c;
  c.classname = dotted(b.module);
  c.name = short_name(b.name);
  c.file = b.file;
  c.line = b.line;
  c.seconds = b.seconds;
  if (!b.passed) {
    c.verdict = b.type == "harness" ? "error" : "failure";
    c.message = b.reason;
    c.type = b.type;
  }
  // A stream cut at the capture limit says so at its end.
  const std::string cut = "\n[cairn: cut at " + std::to_string(kCaptureLimit >> 20) + " MiB]\n";
  c.out = b.out.empty() ? "" : b.out + (b.out_truncated ? cut : "");
  c.err = b.err.empty() ? "" : b.err + (b.err_truncated ? cut : "");
  return c;
}

Case file_case(const FileOutcome& f) {
  Case c;
  c.classname = function_class(f.symbol);
  c.name = f.file;
  c.file = f.file;
  c.line = 1;
  c.seconds = f.seconds;
  if (f.status == "unknown" || f.type == "invalid-contract") {
    c.verdict = "error";
    c.type = f.status == "unknown" ? "unknown" : f.type;
    c.message = f.reason;
  } else if (f.status == "failed") {
    c.verdict = "failure";
    c.type = f.type;
    c.message = f.reason;
  }
  return c;
}

std::string utc_timestamp() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  return buf;
}

struct Counts {
  size_t tests = 0, failures = 0, errors = 0;
  double seconds = 0;
};

Counts count(const std::vector<Case>& cases) {
  Counts n;
  for (const Case& c : cases) {
    ++n.tests;
    n.failures += c.verdict == "failure";
    n.errors += c.verdict == "error";
    n.seconds += c.seconds;
  }
  return n;
}

void set_counts(pugi::xml_node node, const Counts& n, const std::string& timestamp) {
  node.append_attribute("tests") = std::to_string(n.tests).c_str();
  node.append_attribute("failures") = std::to_string(n.failures).c_str();
  node.append_attribute("errors") = std::to_string(n.errors).c_str();
  node.append_attribute("skipped") = "0";
  node.append_attribute("time") = seconds3(n.seconds).c_str();
  node.append_attribute("timestamp") = timestamp.c_str();
}

bool write_suites(const std::string& path, const std::vector<Suite>& suites, std::string& error) {
  std::string timestamp = utc_timestamp();
  pugi::xml_document doc;
  pugi::xml_node decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version") = "1.0";
  decl.append_attribute("encoding") = "UTF-8";
  pugi::xml_node root = doc.append_child("testsuites");
  root.append_attribute("name") = "cairn test";
  std::vector<Case> all;
  for (const Suite& s : suites) all.insert(all.end(), s.cases.begin(), s.cases.end());
  set_counts(root, count(all), timestamp);
  for (const Suite& s : suites) {
    pugi::xml_node suite = root.append_child("testsuite");
    suite.append_attribute("name") = xml_text(s.name).c_str();
    set_counts(suite, count(s.cases), timestamp);
    for (const Case& c : s.cases) {
      pugi::xml_node tc = suite.append_child("testcase");
      tc.append_attribute("classname") = xml_text(c.classname).c_str();
      tc.append_attribute("name") = xml_text(c.name).c_str();
      if (!c.file.empty()) tc.append_attribute("file") = xml_text(c.file).c_str();
      if (c.line) tc.append_attribute("line") = std::to_string(c.line).c_str();
      tc.append_attribute("time") = seconds3(c.seconds).c_str();
      if (!c.verdict.empty()) {
        pugi::xml_node v = tc.append_child(c.verdict.c_str());
        v.append_attribute("message") = xml_text(c.message).c_str();
        v.append_attribute("type") = xml_text(c.type).c_str();
      }
      if (!c.out.empty()) tc.append_child("system-out").text() = xml_text(c.out).c_str();
      if (!c.err.empty()) tc.append_child("system-err").text() = xml_text(c.err).c_str();
    }
  }
  std::ostringstream text;
  doc.save(text, "  ", pugi::format_default, pugi::encoding_utf8);
  return write_file_atomic(path, text.str(), error);
}

}  // namespace

std::string xml_text(const std::string& s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    uint32_t c = 0;
    size_t len = 0;
    if (b < 0x80) c = b, len = 1;
    else if ((b & 0xE0) == 0xC0) c = b & 0x1F, len = 2;
    else if ((b & 0xF0) == 0xE0) c = b & 0x0F, len = 3;
    else if ((b & 0xF8) == 0xF0) c = b & 0x07, len = 4;
    bool ok = len > 0 && i + len <= s.size();
    for (size_t k = 1; ok && k < len; ++k) {
      unsigned char cb = static_cast<unsigned char>(s[i + k]);
      if ((cb & 0xC0) != 0x80) ok = false;
      else c = (c << 6) | (cb & 0x3F);
    }
    static const uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (ok && (c < kMin[len] || (c >= 0xD800 && c <= 0xDFFF))) ok = false;  // overlong or surrogate
    if (!ok || !xml_char(c)) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", b);
      out += buf;
      ++i;
      continue;
    }
    out.append(s, i, len);
    i += len;
  }
  return out;
}

bool write_junit(const std::string& path, const std::vector<BlockOutcome>& blocks, const std::vector<FileOutcome>& files,
                 const std::string* build_failure, std::string& error) {
  std::vector<Suite> suites;
  if (build_failure) {
    Case c;
    c.classname = "build";
    c.name = "build";
    c.verdict = "error";
    c.message = *build_failure;
    c.type = "build";
    suites.push_back({"test blocks", {c}});
  } else {
    Suite s{"test blocks", {}};
    for (const BlockOutcome& b : blocks) s.cases.push_back(block_case(b));
    suites.push_back(s);
  }
  for (const FileOutcome& f : files) suites.push_back({f.file, {file_case(f)}});
  return write_suites(path, suites, error);
}

bool write_junit_refusal(const std::string& path, const std::string& type, const std::string& message,
                         const std::string& file, uint32_t line, std::string& error) {
  Case c;
  c.classname = type;
  c.name = type;
  c.file = file;
  c.line = line;
  c.verdict = "error";
  c.message = message;
  c.type = type;
  return write_suites(path, {{"cairn test", {c}}}, error);
}

}  // namespace cairn::targets
