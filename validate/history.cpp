// History lines: built from the validation record, digested, appended under DIR/.records.lock by rewriting
// records.jsonl whole (temporary file, flush, rename), so a reader never sees half a line.
#include "validate/history.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>

#include "base/atomic_file.h"
#include "base/sha256.h"

namespace cairn::validate {

namespace {

using Json = nlohmann::ordered_json;

std::string utc_now() {
  std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string why_of(const Json& r) {
  const std::string status = r.value("status", "");
  std::string impl = r.value("implementation", ""), ref = r.value("reference", "");
  if (status == "rejected") {
    std::string msg = r.contains("diagnostic") ? r["diagnostic"].value("message", "") : "";
    return "E-VALIDATION: rejected: the program does not check" + (msg.empty() ? "" : ": " + msg);
  }
  if (status == "failed") return "E-VALIDATION: failed: " + impl + " disagrees with " + ref;
  return "E-VALIDATION: unknown: " + r.value("reason", std::string("the validation decided nothing"));
}

// A JSON value's canonical text for the digest: keys sorted at every level.
std::string canonical(const Json& j) { return nlohmann::json::parse(j.dump()).dump(); }

}  // namespace

Json history_line(const Json& r) {
  const std::string status = r.value("status", "");
  bool rejected = status == "rejected";
  Json line;
  line["protocol"] = "cairn.history/1";
  line["kind"] = status == "passed" ? "validation" : "failure";
  std::string ref = r.value("reference", ""), impl = r.value("implementation", "");
  line["function"] = rejected || ref.empty() ? Json(nullptr) : Json(ref);
  line["candidate"] = rejected || ref.empty() ? Json(nullptr) : Json("plan " + ref + " use " + impl + ";");
  line["variant"] = impl;
  line["identity"] = r.contains("identity") ? r["identity"] : Json::object();
  Json detail = Json::object();
  if (status == "passed") {
    detail["evidence"] = r.value("evidence", "finite-tested");
    if (r.contains("finite")) detail["finite"] = {{"status", r["finite"].value("status", "")}, {"cases", r["finite"].value("cases", 0)},
                                                  {"implementation_ran", r["finite"].value("implementation_ran", 0)}};
    if (r.contains("smt")) {
      detail["smt"] = {{"status", r["smt"].value("status", "")}, {"where", r["smt"].value("where", "")}};
      if (r["smt"].contains("replay")) detail["replay"] = r["smt"]["replay"].value("status", "");
    }
    if (r.contains("agreement")) detail["agreement_sha256"] = r["agreement"].value("sha256", "");
    if (r.contains("compiler")) detail["compiler_version"] = r["compiler"].value("version", "");
    if (r.contains("policy")) detail["policy"] = r["policy"];
  } else {
    detail["stage"] = rejected ? "check" : "validation";
    detail["why"] = why_of(r);
    if (r.contains("finite") && r["finite"].contains("failed")) detail["inputs"] = r["finite"]["failed"]["inputs"];
    else if (r.contains("smt") && r["smt"].contains("replay") && r["smt"]["replay"].contains("inputs"))
      detail["inputs"] = r["smt"]["replay"]["inputs"];
  }
  line["detail"] = detail;
  return line;
}

bool append_history(const std::string& dir, Json line, std::string& id, std::string& error) {
  line.erase("id");
  line.erase("at");
  // Past the line limit the least needed parts go first: the shrunk inputs, then the policy (kept as a digest).
  auto fits = [&] { return line.dump().size() + 64 <= kHistoryLineMax; };
  if (!fits() && line["detail"].contains("inputs")) line["detail"]["inputs"] = "omitted: the line would pass 64,000 bytes";
  if (!fits() && line["detail"].contains("policy")) line["detail"]["policy"] = {{"sha256", sha256_hex(canonical(line["detail"]["policy"]))}};
  if (!fits()) {
    error = "The history line would pass 64,000 bytes.";
    return false;
  }
  id = sha256_hex(canonical(line)).substr(0, 16);
  line["id"] = id;
  line["at"] = utc_now();
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    error = "Cannot create the history directory " + dir + ": " + ec.message() + ".";
    return false;
  }
  std::string lock_path = dir + "/.records.lock", file = dir + "/records.jsonl";
  int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0 || ::flock(fd, LOCK_EX) != 0) {
    if (fd >= 0) ::close(fd);
    error = "Cannot lock the history " + file + ".";
    return false;
  }
  struct Unlock {
    int fd;
    ~Unlock() {
      ::flock(fd, LOCK_UN);
      ::close(fd);
    }
  } unlock{fd};
  std::string text;
  if (std::filesystem::exists(file, ec) && !read_file(file, text)) {
    error = "Cannot read the history " + file + ".";
    return false;
  }
  // Never twice the same line: a line with this id already there (the digest covers everything but `at`).
  if (text.find("\"id\":\"" + id + "\"") != std::string::npos) return true;
  if (!text.empty() && text.back() != '\n') text += '\n';
  text += line.dump() + "\n";
  return write_file_atomic(file, text, error);
}

}  // namespace cairn::validate
