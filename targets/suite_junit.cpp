// JUnit XML for `cairn test --junit FILE`: one suite for the blocks, one per contract or regression file.
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "base/atomic_file.h"
#include "targets/suite_report.h"
#include "targets/process.h"

namespace cairn::targets {

namespace {

bool xml_char(uint32_t c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) ||
         (c >= 0x10000 && c <= 0x10FFFF);
}

void hex_byte(std::string& out, unsigned char b) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02X", b);
  out += buf;
}

std::string seconds3(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s < 0 ? 0.0 : s);
  return buf;
}

std::string attr(const char* name, const std::string& v) { return std::string(" ") + name + "=\"" + xml_escape(v) + "\""; }

}  // namespace

std::string xml_escape(const std::string& s) {
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
      hex_byte(out, b);
      ++i;
      continue;
    }
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\n': out += "&#10;"; break;
      case '\r': out += "&#13;"; break;
      case '\t': out += "&#9;"; break;
      default: out.append(s, i, len);
    }
    i += len;
  }
  return out;
}

bool write_junit(const std::string& path, const std::vector<BlockOutcome>& blocks, const std::vector<FileOutcome>& files,
                 const std::string* build_failure, std::string& error) {
  std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"cairn test\">\n";
  if (build_failure) {
    x += "  <testsuite" + attr("name", "test blocks") + attr("tests", "1") + attr("failures", "0") + attr("errors", "1") +
         attr("time", "0.000") + ">\n";
    x += "    <testcase" + attr("classname", "build") + attr("name", "build") + attr("time", "0.000") + ">\n";
    x += "      <error" + attr("message", *build_failure) + attr("type", "build") + "/>\n";
    x += "    </testcase>\n  </testsuite>\n";
  } else {
    size_t failures = 0;
    double total = 0;
    for (const BlockOutcome& b : blocks) failures += b.passed ? 0 : 1, total += b.seconds;
    x += "  <testsuite" + attr("name", "test blocks") + attr("tests", std::to_string(blocks.size())) +
         attr("failures", std::to_string(failures)) + attr("errors", "0") + attr("time", seconds3(total)) + ">\n";
    for (const BlockOutcome& b : blocks) {
      x += "    <testcase" + attr("classname", b.module.empty() ? "root" : b.module) + attr("name", b.name) +
           attr("time", seconds3(b.seconds)) + ">\n";
      if (!b.passed) x += "      <failure" + attr("message", b.reason) + attr("type", b.type) + "/>\n";
      // A stream cut at the capture limit says so at its end.
      const std::string cut = "\n[cairn: cut at " + std::to_string(kCaptureLimit >> 20) + " MiB]\n";
      if (!b.out.empty()) x += "      <system-out>" + xml_escape(b.out + (b.out_truncated ? cut : "")) + "</system-out>\n";
      if (!b.err.empty()) x += "      <system-err>" + xml_escape(b.err + (b.err_truncated ? cut : "")) + "</system-err>\n";
      x += "    </testcase>\n";
    }
    x += "  </testsuite>\n";
  }
  for (const FileOutcome& f : files) {
    bool failed = f.status == "failed", unknown = f.status == "unknown";
    x += "  <testsuite" + attr("name", f.file) + attr("tests", "1") + attr("failures", failed ? "1" : "0") +
         attr("errors", unknown ? "1" : "0") + attr("time", seconds3(f.seconds)) + ">\n";
    x += "    <testcase" + attr("classname", f.file) + attr("name", f.regression ? "regressions" : f.symbol) +
         attr("time", seconds3(f.seconds)) + ">\n";
    if (failed) x += "      <failure" + attr("message", f.reason) + attr("type", f.type) + "/>\n";
    if (unknown) x += "      <error" + attr("message", f.reason) + attr("type", "unknown") + "/>\n";
    x += "    </testcase>\n  </testsuite>\n";
  }
  x += "</testsuites>\n";

  if (!write_file_atomic(path, x, error)) return false;
  return true;
}

}  // namespace cairn::targets
