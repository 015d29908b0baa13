// The regressions file `cairn.regressions/1` (tools.md §5.8): strict reading against a function's parameters,
// and keeping a failing case by one atomic, deterministic rewrite.
#include "validate/regressions.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "base/atomic_file.h"
#include "core/value_json.h"

namespace cairn::validate {

namespace {

using json = nlohmann::json;
using check::TypeKind;

constexpr size_t kMaxRegressionsBytes = 16'000'000;
constexpr uint64_t kMaxOffset = uint64_t{1} << 20;  // elements before a view; a larger one is a corrupted file

// The scalar type of a feedable parameter (a scalar, or a view of scalars), or "" and why it is not feedable.
bool feedable(const check::ParamSig& p, check::Scalar& scalar, bool& is_view, std::string& why) {
  const check::Type* t = p.type;
  if (t && t->kind == TypeKind::Scalar) {
    scalar = t->scalar;
    is_view = false;
    return true;
  }
  if (t && t->kind == TypeKind::View && t->elem && t->elem->kind == TypeKind::Scalar) {
    scalar = t->elem->scalar;
    is_view = true;
    return true;
  }
  why = "the parameter " + p.name + " is " + (t ? check::type_name(t) : std::string("untyped")) +
        ", which validation cannot feed (only scalars and views of scalars)";
  return false;
}

// The length a view parameter must have, when the case fixes it (its extent parameter, or a static extent).
bool extent_fits(const check::FnInfo& fn, size_t i, const std::vector<sem::ArgValue>& args, std::string& why) {
  const check::ExtentSpec& e = fn.params[i].extent;
  uint64_t n = args[i].elems.size(), want = n;
  if (e.kind == check::ExtentSpec::Kind::Param && e.value < args.size() && !args[e.value].is_view)
    want = args[e.value].bits;
  else if (e.kind == check::ExtentSpec::Kind::Value)
    want = e.value;
  if (n == want) return true;
  why = "the view " + fn.params[i].name + " has " + std::to_string(n) + " elements where its extent is " +
        std::to_string(want);
  return false;
}

// A reader's complaint, cut to a readable length (it may quote a whole array).
// Cut at a character boundary, so the message stays UTF-8.
std::string cut(std::string s) {
  if (s.size() <= 160) return s;
  size_t n = 157;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n) + "...";
}

bool read_arg(const check::ParamSig& p, const json& v, sem::ArgValue& a, std::string& why) {
  check::Scalar s{};
  bool view = false;
  if (!feedable(p, s, view, why)) return false;
  a = sem::ArgValue{};
  a.is_view = view;
  std::string e;
  if (!view) {
    if (sem::scalar_from_json(s, v, &a.bits, &e)) return true;
    why = p.name + ": " + cut(e);
    return false;
  }
  if (!v.is_array()) {
    why = p.name + ": expected an array (a view), got " + cut(v.dump(-1, ' ', false, json::error_handler_t::replace));
    return false;
  }
  a.elems.resize(v.size());
  for (size_t k = 0; k < v.size(); ++k)
    if (!sem::scalar_from_json(s, v[k], &a.elems[k], &e)) {
      why = p.name + "[" + std::to_string(k) + "]: " + cut(e);
      return false;
    }
  return true;
}

// Offsets as the file writes them: {VIEW: N} for every view placed N > 0 elements past its allocation.
bool read_offsets(const check::FnInfo& fn, const json& j, std::vector<uint64_t>& out, std::string& why) {
  if (!j.is_object()) {
    why = "offsets must be an object of view parameters";
    return false;
  }
  out.assign(fn.params.size(), 0);
  for (const auto& [name, v] : j.items()) {
    size_t i = 0;
    while (i < fn.params.size() && fn.params[i].name != name) ++i;
    if (i == fn.params.size() || !fn.params[i].type || fn.params[i].type->kind != TypeKind::View) {
      why = "offsets names " + name + ", which is no view parameter";
      return false;
    }
    if (!v.is_number_unsigned() || v.get<uint64_t>() > kMaxOffset) {
      why = "offsets." + name + " must be an integer in 0.." + std::to_string(kMaxOffset);
      return false;
    }
    out[i] = v.get<uint64_t>();
  }
  return true;
}

// Empty when every offset is 0, so a case compares by what it places.
std::vector<uint64_t> normal_offsets(const std::vector<uint64_t>& offsets) {
  for (uint64_t o : offsets)
    if (o != 0) return offsets;
  return {};
}

bool same_args(const sem::ArgValue& a, const sem::ArgValue& b) {
  return a.is_view == b.is_view && (a.is_view ? a.elems == b.elems : a.bits == b.bits);
}

bool same_case(const Case& a, const Case& b) {
  if (a.args.size() != b.args.size() || normal_offsets(a.offsets) != normal_offsets(b.offsets)) return false;
  for (size_t i = 0; i < a.args.size(); ++i)
    if (!same_args(a.args[i], b.args[i])) return false;
  return true;
}

bool only_keys(const json& j, std::initializer_list<const char*> keys, std::string& unknown) {
  for (const auto& [k, v] : j.items()) {
    bool known = false;
    for (const char* want : keys) known = known || k == want;
    if (!known) {
      unknown = k;
      return false;
    }
  }
  return true;
}

bool read_case(const check::FnInfo& fn, const json& j, Case& out, std::string& why) {
  std::string unknown;
  if (!j.is_object()) return why = "is not an object", false;
  if (!only_keys(j, {"args", "offsets", "why"}, unknown)) return why = "has an unknown key \"" + unknown + "\"", false;
  if (!j.contains("args") || !j.contains("why")) return why = "needs args and why", false;
  if (!j["why"].is_string()) return why = "why must be a string", false;
  out = Case{};
  out.why = j["why"].get<std::string>();
  if (!args_from_json(fn, j["args"], out, why)) return why = "args: " + why, false;
  if (j.contains("offsets") && !read_offsets(fn, j["offsets"], out.offsets, why)) return false;
  out.offsets = normal_offsets(out.offsets);
  return true;
}

// The top level: exactly schema, reference, policy and cases.
bool read_document(const json& doc, const check::FnInfo& fn, const std::string& file, Regressions& out,
                   PolicyError& error) {
  auto refuse = [&](const std::string& what) {
    error = {Code::Validation, "The regressions file " + file + " " + what + "."};
    return false;
  };
  std::string unknown;
  if (!doc.is_object()) return refuse("is not a JSON object");
  if (!only_keys(doc, {"schema", "reference", "policy", "cases"}, unknown))
    return refuse("has an unknown key \"" + unknown + "\"");
  for (const char* k : {"schema", "reference", "policy", "cases"})
    if (!doc.contains(k)) return refuse(std::string("has no ") + k);
  if (doc["schema"] != "cairn.regressions/1") return refuse("is not cairn.regressions/1");
  if (!doc["reference"].is_string()) return refuse("has a reference that is not a string");
  if (!doc["cases"].is_array()) return refuse("has cases that are not an array");
  if (!policy_from_json(doc["policy"], file, error)) return false;  // the pinned policy's own refusal and code
  out = Regressions{};
  out.reference = doc["reference"].get<std::string>();
  out.policy = doc["policy"];
  for (size_t i = 0; i < doc["cases"].size(); ++i) {
    Case c;
    std::string why;
    if (!read_case(fn, doc["cases"][i], c, why))
      return refuse("has a case, cases[" + std::to_string(i) + "], that " + why);
    out.cases.push_back(std::move(c));
  }
  return true;
}

// Reads FILE into its document and cases; `exists` false (and true returned) when there is no file.
bool load(const std::string& file, const check::FnInfo& fn, json& doc, Regressions& out, bool& exists,
          PolicyError& error) {
  std::error_code ec;
  exists = std::filesystem::exists(file, ec);
  out = Regressions{};
  out.policy = json::object();
  if (!exists && !ec) return true;
  std::string bytes, why;
  if (ec || !read_file(file, bytes)) {
    error = {Code::Validation, "The regressions file " + file + " cannot be read."};
    return false;
  }
  if (bytes.size() > kMaxRegressionsBytes) {
    error = {Code::Validation, "The regressions file " + file + " has more than 16,000,000 bytes."};
    return false;
  }
  if (!parse_json_strict(bytes, doc, why)) {
    error = {Code::Validation, "The regressions file " + file + " is not strict JSON: " + why + "."};
    return false;
  }
  return read_document(doc, fn, file, out, error);
}

// An exclusive advisory lock (flock) on the directory that holds a regressions file, held from its reading to the
// rename of its new version: two validations keeping cases in one file take turns, and the second reads what the
// first wrote. The directory, not a lock file beside it, so that nothing is left in the project.
class DirLock {
 public:
  explicit DirLock(const std::filesystem::path& dir) {
    fd_ = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd_ < 0) errno_ = errno;
    while (fd_ >= 0 && ::flock(fd_, LOCK_EX) != 0) {
      if (errno == EINTR) continue;
      errno_ = errno;
      ::close(fd_);
      fd_ = -1;
    }
  }
  DirLock(const DirLock&) = delete;
  DirLock& operator=(const DirLock&) = delete;
  ~DirLock() {
    if (fd_ < 0) return;
    ::flock(fd_, LOCK_UN);
    ::close(fd_);
  }
  bool held() const { return fd_ >= 0; }
  std::string why() const { return std::strerror(errno_); }

 private:
  int fd_ = -1;
  int errno_ = 0;
};

json case_json(const check::FnInfo& fn, const Case& c) {
  json j;
  j["args"] = json(args_json(fn, c));
  json offsets = json::object();
  for (size_t i = 0; i < c.offsets.size() && i < fn.params.size(); ++i)
    if (c.offsets[i] != 0) offsets[fn.params[i].name] = c.offsets[i];
  if (!offsets.empty()) j["offsets"] = offsets;
  j["why"] = c.why;
  return j;
}

bool keep_case_here(const std::string& file, const check::FnInfo& fn, const std::string& reference,
                    const Policy& pinned, const Case& c, bool& kept, std::string& error) {
  // The case as it will be written must read back as itself: the same checks as a file's cases get.
  std::string why;
  Case back;
  if (c.args.size() != fn.params.size() || (!c.offsets.empty() && c.offsets.size() != fn.params.size()))
    why = std::to_string(c.args.size()) + " arguments and " + std::to_string(c.offsets.size()) + " offsets for " +
          std::to_string(fn.params.size()) + " parameters";
  else if (read_case(fn, case_json(fn, c), back, why) && !same_case(back, c))
    why = "an argument or offset is not as its type writes it";
  if (!why.empty()) {
    error = "The case to keep does not fit " + fn.name + ": " + why + ".";
    return false;
  }
  std::filesystem::path parent = std::filesystem::path(file).parent_path();
  std::error_code ec;
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  DirLock lock(parent);
  if (!lock.held()) {
    error = "Cannot write the regressions file " + file + ": its directory cannot be locked (" + lock.why() + ").";
    return false;
  }
  json doc;
  Regressions held;
  bool exists = false;
  PolicyError pe;
  if (!load(file, fn, doc, held, exists, pe)) return error = pe.message, false;
  if (testing::keep_case_loaded) testing::keep_case_loaded();
  if (exists && held.reference != reference) {
    error = "The regressions file " + file + " holds cases of " + held.reference + ", not of " + reference + ".";
    return false;
  }
  for (const Case& h : held.cases)
    if (same_case(h, back)) return true;
  if (!exists)
    doc = json{{"schema", "cairn.regressions/1"}, {"reference", reference}, {"policy", json(policy_json(pinned))},
               {"cases", json::array()}};
  doc["cases"].push_back(case_json(fn, c));
  std::string bytes = doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
  if (!write_file_atomic(file, bytes, error)) return false;
  kept = true;
  return true;
}

}  // namespace

namespace testing {
void (*keep_case_loaded)() = nullptr;
}

bool read_regressions(const std::string& file, const check::FnInfo& fn, Regressions& out, PolicyError& error) {
  try {
    json doc;
    bool exists = false;
    return load(file, fn, doc, out, exists, error);
  } catch (const std::exception& e) {
    error = {Code::Validation, "The regressions file " + file + " could not be read: " + e.what() + "."};
    return false;
  }
}

bool keep_case(const std::string& file, const check::FnInfo& fn, const std::string& reference, const Policy& pinned,
               const Case& c, bool& kept, std::string& error) {
  kept = false;
  try {
    return keep_case_here(file, fn, reference, pinned, c, kept, error);
  } catch (const std::exception& e) {
    error = "The regressions file " + file + " could not be written: " + e.what() + ".";
    return false;
  }
}

nlohmann::ordered_json args_json(const check::FnInfo& fn, const Case& c) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (size_t i = 0; i < fn.params.size() && i < c.args.size(); ++i) {
    const check::ParamSig& p = fn.params[i];
    const check::Type* t = p.type;
    if (!t) continue;
    check::Scalar s = check::Scalar::U64;
    if (t->kind == TypeKind::Scalar) s = t->scalar;
    else if (t->elem && t->elem->kind == TypeKind::Scalar) s = t->elem->scalar;
    if (!c.args[i].is_view) {
      j[p.name] = nlohmann::ordered_json(sem::scalar_to_json(s, c.args[i].bits));
      continue;
    }
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (uint64_t e : c.args[i].elems) a.push_back(nlohmann::ordered_json(sem::scalar_to_json(s, e)));
    j[p.name] = std::move(a);
  }
  return j;
}

bool args_from_json(const check::FnInfo& fn, const nlohmann::json& args, Case& out, std::string& error) {
  if (!args.is_object()) return error = "expected an object of the parameters", false;
  for (const auto& [name, v] : args.items()) {
    bool known = false;
    for (const check::ParamSig& p : fn.params) known = known || p.name == name;
    if (!known) return error = fn.name + " has no parameter " + name, false;
  }
  std::vector<sem::ArgValue> read(fn.params.size());
  for (size_t i = 0; i < fn.params.size(); ++i) {
    const check::ParamSig& p = fn.params[i];
    if (!args.contains(p.name)) {
      check::Scalar s{};
      bool view = false;
      if (!feedable(p, s, view, error)) return false;
      return error = "the parameter " + p.name + " has no value", false;
    }
    if (!read_arg(p, args[p.name], read[i], error)) return false;
  }
  for (size_t i = 0; i < fn.params.size(); ++i)
    if (read[i].is_view && !extent_fits(fn, i, read, error)) return false;
  out.args = std::move(read);
  return true;
}

}  // namespace cairn::validate
